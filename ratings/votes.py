"""Vote counts inferred for a day the record keeps no votes of (feature 'v' absent).

The record still says who left by the vote that day (deaths of type "day"). The plan gives
each round counts that lead there under the engine's rules: one leaver takes every vote from
his line on (so the result is known once he is counted, as a removal recorded after his line
needs); several leavers tie in every round until the lift question, which lifts them;
nobody leaving is cml's day-1 majority that stays (000 I.6.18.5) or a tie that ends without
a lift. The engine decides each round; where the plan cannot lead to the record's outcome,
the comparison after the playback refuses the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.ruleset import Ruleset
from engine.state import GameState


@dataclass
class VotePlan:
    leaving: frozenset[int]
    rules: Ruleset
    rounds: dict[int, dict[int, int]] = field(default_factory=dict)  # round -> seat -> votes

    def count(self, s: GameState, candidate: int) -> int:
        voting, day = s.voting, s.day
        assert voting is not None and day is not None
        k = len(day.rounds)
        if k not in self.rounds or not voting.entered:
            self.rounds[k] = self._vector(s)
        return self.rounds[k].get(candidate, 0)

    def _vector(self, s: GameState) -> dict[int, int]:
        voting, day = s.voting, s.day
        assert voting is not None and day is not None
        candidates = voting.candidates[len(voting.entered):]
        n = voting.votes_left()
        if len(self.leaving) == 1:
            (x,) = self.leaving
            if x in candidates:
                return {c: (n if c == x else 0) for c in candidates}
            return dict.fromkeys(candidates, 0)
        if self.leaving:
            return _tie(candidates, [c for c in candidates if c in self.leaving], n)
        day1 = day.number == 1
        if day1 and self.rules.day.day1_majority_stays and len(candidates) >= 2 and n >= 3:
            # 000 I.6.18.5: the leader stays unless he voted for himself; n - 1 of n is not
            # every vote, so not his own as far as the counts tell (docs/rules.md, row 3)
            return {c: (n - 1 if i == 0 else 1 if i == len(candidates) - 1 else 0)
                    for i, c in enumerate(candidates)}
        for t in range(len(candidates), 1, -1):
            no_revote = day1 and t in self.rules.day.day1_no_revote_tie_sizes
            vector = _tie(candidates, list(candidates[:t]), n)
            if vector and (no_revote or n % t == 0):  # a revote of the tied must tie again
                return vector
        return dict.fromkeys(candidates, 0)


def _tie(candidates: tuple[int, ...], tied: list[int], n: int) -> dict[int, int]:
    """Counts giving `tied` the same largest number and the others fewer, every vote given."""
    others = [c for c in candidates if c not in tied]
    if not tied:
        return {}
    for q in range(n // len(tied), 0, -1):
        rest = n - q * len(tied)
        if rest > (q - 1) * len(others) or (rest and not others):
            continue
        vector = dict.fromkeys(tied, q)
        for i, c in enumerate(others):
            vector[c] = rest // len(others) + (1 if i < rest % len(others) else 0)
        return vector
    return {}


def plan_counts(leaving: frozenset[int], rules: Ruleset) -> VotePlan:
    return VotePlan(leaving, rules)
