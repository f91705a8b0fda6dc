"""What the table service's engine thread takes from its one queue, besides bus messages
(`Received`, `LinkUp`, `LinkDown`) and key events (`KeyEvent`)."""

from __future__ import annotations

import queue
from dataclasses import dataclass
from typing import Any

from bus.payloads import Command


@dataclass(frozen=True)
class Submit:
    """An action line from the local console or a test; the answer goes to `reply`."""

    line: dict[str, Any]
    reply: queue.Queue[tuple[bool, str]] | None = None


@dataclass(frozen=True)
class LocalCommand:
    """A command typed at the table itself (same names and arguments as the hub's)."""

    command: Command
    reply: queue.Queue[tuple[bool, str]] | None = None


@dataclass(frozen=True)
class TimerKey:
    """Pause/resume (toggle) or restart the running countdown."""

    restart: bool = False


@dataclass(frozen=True)
class NewGame:
    """Open a new game at this table (the previous one stays in the journal's archive)."""

    header: dict[str, Any]
    game_id: str | None = None
    names: list[str] | None = None


class Stop:
    """Ask the engine thread to finish."""
