"""Does a topic's timing tell when the secret things happened? (issue 24, item 5)

The attack this answers: a screen account that reads the table's heartbeat saw its
intervals stretch after every judge's input (2.002-2.006 s idle, 2.04-2.25 s after one) and
told 57 of 63 night actions from them. The detector is that attack made statistical: cut
the time into the gaps between consecutive messages an account receives, mark each gap that
holds a secret moment (a night action), and ask whether the marked gaps differ from the
others. Two features, each by the Mann-Whitney U test (no assumption on the noise, ties
handled, normal approximation):

- the gap's length: a message held back by a night action makes its gap longer, an extra
  message after one makes it shorter;
- the number of messages in fixed windows with and without a secret moment: publishes that
  come with night actions raise it.

`detect(...).detected` is a detection above chance: a p-value under `alpha` (Bonferroni over
the two features). `alpha` is small (1e-3 by default): a test that fails one run in a
thousand by chance alone is not a flaky test, and the leak this was written for gives p
below 1e-12. `held_back(...)` makes the leaky twin of a series (each message after a secret
moment held back a little, as the old heartbeat was), so a test can show, on its own data,
that the detector would have seen the leak: a check that cannot fail proves nothing.

Pure (times in, verdict out); tests collect the times from a real broker.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

ALPHA = 1e-3


@dataclass(frozen=True)
class Detection:
    """What the detector found: each feature's p-value and how many samples it compared."""

    p_gap: float
    p_count: float
    gaps_with: int
    gaps_without: int
    alpha: float = ALPHA

    @property
    def detected(self) -> bool:
        return min(self.p_gap, self.p_count) < self.alpha / 2

    def __str__(self) -> str:
        return (f"gap length p={self.p_gap:.3g}, messages per window p={self.p_count:.3g} "
                f"({self.gaps_with} gaps with a secret moment, {self.gaps_without} without; "
                f"detected above chance: {self.detected})")


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sided p-value that `a` and `b` come from the same distribution (1.0 if either is
    too small to say anything)."""
    n1, n2 = len(a), len(b)
    if n1 < 3 or n2 < 3:
        return 1.0
    values = sorted([(x, 0) for x in a] + [(x, 1) for x in b])
    ranks = [0.0] * len(values)
    ties = 0.0
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1][0] == values[i][0]:
            j += 1
        rank = (i + j) / 2 + 1
        for k in range(i, j + 1):
            ranks[k] = rank
        t = j - i + 1
        ties += t ** 3 - t
        i = j + 1
    r1 = sum(r for r, (_, group) in zip(ranks, values, strict=True) if group == 0)
    u = r1 - n1 * (n1 + 1) / 2
    n = n1 + n2
    mean = n1 * n2 / 2
    var = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)))
    if var <= 0:
        return 1.0
    z = (abs(u - mean) - 0.5) / var ** 0.5  # continuity correction
    return min(1.0, 2 * (1 - NormalDist().cdf(max(z, 0.0))))


def detect(messages: Sequence[float], secrets: Sequence[float], *, window: float,
           alpha: float = ALPHA) -> Detection:
    """Whether the times `messages` arrived at tell the times `secrets` happened (seconds
    on one clock). `window`: the length of the windows messages are counted in (about the
    topic's period)."""
    times = sorted(messages)
    moments = sorted(secrets)
    with_secret: list[float] = []
    without: list[float] = []
    for start, end in itertools.pairwise(times):
        first = bisect.bisect_right(moments, start)
        (with_secret if first < len(moments) and moments[first] <= end else without).append(
            end - start)
    counts_with: list[float] = []
    counts_without: list[float] = []
    if times:
        edge = times[0]
        while edge + window <= times[-1]:
            n = bisect.bisect_left(times, edge + window) - bisect.bisect_left(times, edge)
            first = bisect.bisect_left(moments, edge)
            secret = first < len(moments) and moments[first] < edge + window
            (counts_with if secret else counts_without).append(float(n))
            edge += window
    return Detection(mann_whitney(with_secret, without),
                     mann_whitney(counts_with, counts_without),
                     len(with_secret), len(without), alpha)


def held_back(messages: Sequence[float], secrets: Sequence[float], *, low: float, high: float,
              seed: int = 0) -> list[float]:
    """The leaky twin of `messages`: each message that follows a secret moment (since the
    message before it) arrives `low`-`high` seconds later, as the old heartbeat did."""
    rng = random.Random(seed)
    times = sorted(messages)
    moments = sorted(secrets)
    out = times[:1]
    for start, end in itertools.pairwise(times):
        first = bisect.bisect_right(moments, start)
        late = first < len(moments) and moments[first] <= end
        out.append(end + (rng.uniform(low, high) if late else 0.0))
    return out
