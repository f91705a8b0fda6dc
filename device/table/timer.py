"""The speech / night countdown as a pure value: time is passed in, nothing ticks by itself.

The table service keeps one `Countdown`, replaces it on every call (it is immutable) and asks
`poll(now)` for the warnings to sound; the LEDs and the screens read `remaining(now)`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

WARN_AT = 10.0  # seconds left when the "10 seconds" warning sounds (000 I.6.7: "10 секунд")

TimerEventKind = Literal["warning", "time_up"]


@dataclass(frozen=True)
class TimerEvent:
    """A moment the judge and the players must hear: 10 seconds left, or time is up."""

    kind: TimerEventKind
    timer: str  # the countdown's kind, e.g. "speech"
    t: float  # when it happened (clock seconds)


class TimerError(ValueError):
    """A timer command that makes no sense now (e.g. pause while paused)."""


@dataclass(frozen=True)
class Countdown:
    """`seconds` of `kind`, started at `started`; `paused_at` is set while paused."""

    kind: str
    seconds: float
    started: float
    paused_at: float | None = None
    warned: bool = False
    timed_out: bool = False

    @classmethod
    def start(cls, kind: str, seconds: float, now: float) -> Countdown:
        """A fresh running countdown."""
        if seconds <= 0:
            raise TimerError(f"a {kind} timer needs a positive length, got {seconds} s")
        return cls(kind, float(seconds), now, warned=seconds <= WARN_AT)

    @property
    def running(self) -> bool:
        """True unless paused."""
        return self.paused_at is None

    def elapsed(self, now: float) -> float:
        """Seconds counted so far (a pause stops the count)."""
        end = now if self.paused_at is None else self.paused_at
        return max(0.0, end - self.started)

    def remaining(self, now: float) -> float:
        """Seconds left, never below zero."""
        return max(0.0, self.seconds - self.elapsed(now))

    def pause(self, now: float) -> Countdown:
        """Stop the count (e.g. the judge stops the speech to give a foul)."""
        if self.paused_at is not None:
            raise TimerError(f"the {self.kind} timer is already paused")
        return replace(self, paused_at=now)

    def resume(self, now: float) -> Countdown:
        """Continue the count from where it was paused."""
        if self.paused_at is None:
            raise TimerError(f"the {self.kind} timer is already running")
        return replace(self, started=self.started + (now - self.paused_at), paused_at=None)

    def toggle(self, now: float) -> Countdown:
        """Pause if running, resume if paused (the TIMER key)."""
        return self.pause(now) if self.paused_at is None else self.resume(now)

    def restart(self, now: float) -> Countdown:
        """The same timer from the beginning, running (TIMER held)."""
        return Countdown.start(self.kind, self.seconds, now)

    def poll(self, now: float) -> tuple[Countdown, tuple[TimerEvent, ...]]:
        """The warnings that fell due by `now`, each reported once, with the updated countdown.

        Each event carries the moment it fell due (pauses shift `started`, so the end of the
        count is always `started + seconds`), so a late poll still reports the right time.
        """
        end = self.started + self.seconds
        left = self.remaining(now)
        events: list[TimerEvent] = []
        state = self
        if not state.warned and left <= WARN_AT:
            events.append(TimerEvent("warning", self.kind, min(now, end - WARN_AT)))
            state = replace(state, warned=True)
        if not state.timed_out and left <= 0:
            events.append(TimerEvent("time_up", self.kind, min(now, end)))
            state = replace(state, timed_out=True)
        return state, tuple(events)
