"""Does the timing of what a screen account receives tell when secret things happened?

The test that found issue 24's timing leaks, written once for every account's topics (the
hub's public pages, a table's heartbeat ...). Three lists of instants on one monotonic clock:

- `messages`: when the account received something (any topic it can read);
- `marks`: when a secret input was entered (a shot, a check);
- `controls`: instants drawn at random from the same stretches of the game (the same nights),
  so that everything public about those stretches is alike for marks and controls.

Two figures per instant, because a leak shows in one or the other:

- the wait until the next message: a message sent because of an input comes right after it
  (the hub's extra aggregate after a night action), whatever else the account receives;
- the gap between the messages around it: a message an input delays lengthens its gap (the
  table's heartbeat: 2.002-2.006 s idle, 2.04-2.25 s after an input).

Choosing the controls is the caller's part: instants alike in everything public. For pages
that change at public moments (the hub's), draw them from the same stretches as the marks
(the same nights): marks and controls then fall into long gaps alike. For a periodic stream
(a heartbeat) with inputs so dense that most periods hold one, a control in such a period is
no control: draw them from stretches without input (a pause the test makes), which a steady
period does not bias.

For each figure the Mann-Whitney U test compares the marks with the controls, threshold free:
its AUC is the chance that a mark's figure is the larger (ties count half; 0.5 is chance, 0
or 1 a perfect detector), `p` the two-sided chance of so uneven a split if the messages
ignored the marks. A leak is a `p` under alpha/2 on either figure, with an AUC at least
`margin` from chance. The attacker's way of putting it (issue 24: "57 of 63 inputs detected
with 3 false alarms in 35") is `best_split`: the hits and false alarms of the best threshold.

    verdict = detect(messages, marks, controls)
    assert not verdict.leaks(), verdict

Small on purpose (no SciPy in the kit): the normal approximation with the tie correction,
fine from a dozen instants each.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Figure:
    """One figure compared: marks against controls."""

    name: str
    marks: int
    controls: int
    auc: float  # P(a mark's figure > a control's), ties half: 0.5 is chance
    p: float  # two-sided
    hits: int  # the best threshold: marks it flags
    false_alarms: int  # ... and controls it flags

    def __str__(self) -> str:
        return (f"{self.name}: AUC {self.auc:.2f}, p {self.p:.2g} ({self.marks} marks, "
                f"{self.controls} controls; best threshold flags {self.hits} marks, "
                f"{self.false_alarms} controls)")


@dataclass(frozen=True)
class Verdict:
    wait: Figure  # until the next message
    gap: Figure  # around the instant

    def leaks(self, alpha: float = 0.001, margin: float = 0.15) -> bool:
        """True if the marks stand out on either figure: significant, not negligible."""
        return any(f.p < alpha / 2 and abs(f.auc - 0.5) > margin for f in (self.wait, self.gap))

    def __str__(self) -> str:
        return f"{self.wait}; {self.gap}"


def wait_after(messages: Sequence[float], instant: float) -> float | None:
    """How long after `instant` the next message came (sorted `messages`); None: none did."""
    after = bisect.bisect_right(messages, instant)
    return None if after == len(messages) else messages[after] - instant


def gap_around(messages: Sequence[float], instant: float) -> float | None:
    """The length of the gap between the messages before and after `instant` (sorted
    `messages`); None outside the first and last message."""
    after = bisect.bisect_right(messages, instant)
    if after == 0 or after == len(messages):
        return None
    return messages[after] - messages[after - 1]


def controls_in(stretches: Sequence[tuple[float, float]], per_stretch: int,
                rng: random.Random) -> list[float]:
    """`per_stretch` instants drawn uniformly from each (start, end) stretch."""
    return [rng.uniform(start, end) for start, end in stretches for _ in range(per_stretch)]


def detect(messages: Sequence[float], marks: Sequence[float],
           controls: Sequence[float]) -> Verdict:
    """Compare the marks with the controls on both figures."""
    ordered = sorted(messages)
    return Verdict(
        _figure("wait", [wait_after(ordered, m) for m in marks],
                [wait_after(ordered, c) for c in controls]),
        _figure("gap", [gap_around(ordered, m) for m in marks],
                [gap_around(ordered, c) for c in controls]))


def _figure(name: str, marks: Sequence[float | None], controls: Sequence[float | None]
            ) -> Figure:
    xs = [x for x in marks if x is not None]
    ys = [y for y in controls if y is not None]
    if not xs or not ys:
        return Figure(name, len(xs), len(ys), 0.5, 1.0, 0, 0)  # nothing to compare
    auc, p = mann_whitney(xs, ys)
    hits, alarms = best_split(xs, ys)
    return Figure(name, len(xs), len(ys), auc, p, hits, alarms)


def mann_whitney(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """(AUC, two-sided p) of the Mann-Whitney U test, normal approximation, ties corrected."""
    n1, n2 = len(xs), len(ys)
    pooled = sorted([(x, 0) for x in xs] + [(y, 1) for y in ys])
    ranks = [0.0] * len(pooled)
    ties = 0.0
    i = 0
    while i < len(pooled):
        j = i
        while j + 1 < len(pooled) and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[k] = (i + j) / 2 + 1
        t = j - i + 1
        ties += t ** 3 - t
        i = j + 1
    u = sum(r for r, (_, group) in zip(ranks, pooled, strict=True) if group == 0) - (
        n1 * (n1 + 1) / 2)
    n = n1 + n2
    variance = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)))
    if variance <= 0:
        return 0.5, 1.0  # every gap alike: nothing tells the marks apart
    z = (abs(u - n1 * n2 / 2) - 0.5) / math.sqrt(variance)
    return u / (n1 * n2), min(1.0, math.erfc(max(z, 0.0) / math.sqrt(2)))


def best_split(xs: Sequence[float], ys: Sequence[float]) -> tuple[int, int]:
    """The attacker's detector: the threshold on the gap (flagging gaps above it, or below
    it) that best separates marks from controls; its (hits, false alarms)."""
    best = (0, 0, 0.0)
    for cut in sorted(set(xs) | set(ys)):
        for above in (True, False):
            hits = sum(1 for x in xs if (x >= cut) == above)
            alarms = sum(1 for y in ys if (y >= cut) == above)
            score = hits / len(xs) - alarms / len(ys)
            if score > best[2]:
                best = (hits, alarms, score)
    return best[0], best[1]
