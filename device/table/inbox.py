"""Everything the table service's engine thread takes from its one queue: a closed union,
handled by one `match` (a kind without a handler is a type error, not a runtime surprise)."""

from __future__ import annotations

import queue
from collections.abc import Mapping
from dataclasses import dataclass

from bus.client import LinkDown, LinkUp, Received
from bus.payloads import Command
from device.hardware.pad import KeyEvent


@dataclass(frozen=True)
class Submit:
    """An action line from the local console or a test; the answer goes to `reply`."""

    line: Mapping[str, object]
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

    header: Mapping[str, object]
    game_id: str | None = None
    names: list[str] | None = None


@dataclass(frozen=True)
class ConfirmNewGame:
    """The console judge's `confirm`: open the new game that waits (device/table/newgame.py)."""

    reply: queue.Queue[tuple[bool, str]] | None = None


@dataclass(frozen=True)
class Stop:
    """Ask the engine thread to finish."""


# From the bus client: Received, LinkUp, LinkDown; from the pad: KeyEvent.
InboxItem = (Submit | LocalCommand | TimerKey | NewGame | ConfirmNewGame | Stop | Received
             | LinkUp | LinkDown | KeyEvent)
