"""The countdown the screen shows, computed from the table's timer and the screen's own clock.

The table sends the seconds a timer has left when it sends a snapshot (docs/clock.md), not a
tick every second; the screen counts on from the moment it received it, on its own clock, so
its clock may be minutes off the table's and it still shows the table's second.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from scoreboard.view import TimerSpec

URGENT_SECONDS: Final = 10.0  # the last seconds flash red
FLASH_PERIOD: Final = 0.5  # red for half a second, plain for half a second


@dataclass(frozen=True)
class Clock:
    """The time left on a timer at one moment."""

    remaining: float
    paused: bool
    started: bool
    length: float = 60.0  # the timer's full length: short windows (a vote) never flash

    @property
    def text(self) -> str:
        """mm:ss, rounded up: a fresh 60 s speech shows 01:00, the last second 00:01."""
        whole = max(0, math.ceil(self.remaining - 1e-9))
        return f"{whole // 60:02d}:{whole % 60:02d}"

    @property
    def urgent(self) -> bool:
        """The last ten seconds of a running timer longer than ten seconds, and time up."""
        running = self.started and not self.paused and self.length > URGENT_SECONDS
        return running and self.remaining <= URGENT_SECONDS

    @property
    def expired(self) -> bool:
        """Time is up: the judge has not ended the speech yet."""
        return self.started and self.remaining <= 0

    @property
    def flash(self) -> bool:
        """Whether this moment is in the red half of the flash (steady red at time up)."""
        if not self.urgent:
            return False
        if self.expired:
            return True
        return int(self.remaining / FLASH_PERIOD) % 2 == 0


def clock(timer: TimerSpec, now: float) -> Clock:
    """The time left on `timer` at `now`, on the same clock as the timer's `as_of`."""
    if timer.paused:
        left = timer.seconds if timer.remaining is None else timer.remaining
        return Clock(left, paused=True, started=timer.remaining is not None,
                     length=timer.seconds)
    if timer.remaining is None or timer.as_of is None:  # not started: the table counts none
        left = timer.seconds if timer.remaining is None else timer.remaining
        return Clock(left, paused=False, started=False, length=timer.seconds)
    counted = max(0.0, now - timer.as_of)  # never more than the table sent
    left = max(0.0, timer.remaining - counted)
    return Clock(left, paused=False, started=True, length=timer.seconds)
