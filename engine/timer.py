"""The timer that applies right now, as data: what is timed and for how long.

The engine has no clock: each variant says *what* is timed and for how long (the classic
game: `engine.classic.timer`; the club game: `engine.club.timer`); the device starts,
pauses and publishes the countdown.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.values import compare_by_class


class Timer(NamedTuple):
    kind: str
    seconds: float
    script: tuple[tuple[str, float], ...] = ()  # sub-steps run in order (the zero night)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind, "seconds": self.seconds}
        if self.script:
            out["script"] = [{"kind": k, "seconds": sec} for k, sec in self.script]
        return out


compare_by_class(Timer)
