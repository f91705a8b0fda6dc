"""When the hub publishes its retained pages, so that their timing tells nothing of a night.

A page that went out whenever a message came in would go out after every shot and check (a
player's phone saw one extra aggregate per night action, issue 24). So:

- the pages are looked at on a fixed monotonic grid (`Grid`: multiples of the period, never
  moved by what arrives), and a page goes out only when what it says changed (`Sent`), its
  `as_of` stamp aside; a night action changes nothing a page says, so it sends nothing;
  what the clocks alone change (a protest window counting down) is looked at on every grid
  instant (hub/pages.py `_clock_moved`), never only when a message makes the pages dirty;
- nothing goes out before the broker's retained state is in (`RetainedSync`): after a
  (re)connection the hub sends itself a marker and waits for it. MQTT keeps one client's
  order, so the retained snapshots and protocols of every table, queued by the broker when
  the hub subscribed, arrive before the marker, and a game the table took back into play is
  never republished from the hub's memory, not even for a second.
"""

from __future__ import annotations

import json
import logging
import math
import secrets
from collections.abc import Mapping

log = logging.getLogger("mafiakit.hub")
SYNC_GUARD_S = 15.0  # a marker that never comes back (an ACL without hub/sync): go on anyway
UNSTAMPED = ("as_of",)  # what a page may change without being sent again


class Grid:
    """The instants k * period of a monotonic clock: `due(now)` is True once per instant
    passed, whatever happened in between."""

    def __init__(self, period: float, floor: float) -> None:
        self.period = max(period, floor)
        self._next = 0.0

    @property
    def next(self) -> float:
        """The next instant (0 before the first)."""
        return self._next

    def due(self, now: float) -> bool:
        if now < self._next:
            return False
        self._next = (math.floor(now / self.period) + 1) * self.period
        return True


class Sent:
    """The pages as last published: a page is due only when its content changed."""

    def __init__(self) -> None:
        self._last: dict[str, str] = {}

    def changed(self, name: str, page: Mapping[str, object]) -> str | None:
        """What the page says, if it says something new (the hub then builds it through its
        model, bus/hubpages.py, and `mark`s it once sent); else None."""
        content = json.dumps({k: v for k, v in page.items() if k not in UNSTAMPED},
                             ensure_ascii=False, sort_keys=True)
        return None if self._last.get(name) == content else content

    def mark(self, name: str, content: str) -> None:
        """`name` went out saying `content`."""
        self._last[name] = content

    def forget(self) -> None:
        """Send every page again (a new connection: the broker may have lost them)."""
        self._last.clear()


class RetainedSync:
    """The marker the hub sends itself after each connection, and whether it came back."""

    def __init__(self) -> None:
        self.token: str | None = "not connected yet"
        self.since: float | None = None
        self._warned = False

    def begin(self, bdseq: int, now: float) -> bytes:
        """A new connection: the marker to publish (the retained state comes before it)."""
        self.token, self.since, self._warned = f"{bdseq}-{secrets.token_hex(8)}", now, False
        return self.token.encode()

    def arrived(self, raw: bytes) -> bool:
        """True if `raw` is this connection's marker: the retained state is in."""
        if self.token is None or raw != self.token.encode():
            return False
        self.token = None
        return True

    def done(self, now: float) -> bool:
        """True once the marker came back (or never will: see SYNC_GUARD_S)."""
        if self.token is None:
            return True
        if self.since is None or now - self.since < SYNC_GUARD_S:
            return False
        if not self._warned:
            self._warned = True
            log.warning("hub: its marker on hub/sync never came back in %g s (may the hub "
                        "account read and write hub/#?); publishing without it", SYNC_GUARD_S)
        return True
