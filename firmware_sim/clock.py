"""A clock that moves only when told: deterministic tests and virtual-time key-script replays."""

from __future__ import annotations


class ManualClock:
    """Callable like `time.monotonic`, but its time changes only through `advance` / `set`."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        """Move forward by `seconds` (never back); returns the new time."""
        if seconds < 0:
            raise ValueError(f"time cannot run backwards ({seconds} s)")
        self.now += seconds
        return self.now

    def set(self, t: float) -> float:
        """Jump to `t` if it is later than now; returns the new time."""
        self.now = max(self.now, t)
        return self.now
