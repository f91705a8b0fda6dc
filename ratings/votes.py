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
from itertools import combinations

from engine.classic.ruleset import Ruleset
from engine.classic.state import GameState
from ratings.timeline import GameTime


@dataclass
class VotePlan:
    leaving: frozenset[int]
    rules: Ruleset
    removals: list[tuple[int, GameTime]] = field(default_factory=list)
    """(seat, time) of the day's removals dated after a candidate's votes: the kit's export
    dates a removal so only once the result was known (a cancelling one at the round's
    start), so the plan makes the result known by then."""
    revotes: int = 0
    """The last voting round the record dates a line in: the rounds before it tie."""
    tomorrow_nominated: bool = False
    """The record has nominations the next day: tomorrow's vote was not cancelled."""
    rounds: dict[int, dict[int, int]] = field(default_factory=dict)  # round -> seat -> votes

    stays: dict[int, int] = field(default_factory=dict)  # round -> the leader who stays

    def count(self, s: GameState, candidate: int) -> int:
        voting, day = s.voting, s.day
        assert voting is not None and day is not None
        k = len(day.rounds)
        if k not in self.rounds or not voting.entered:
            self.stays.pop(k, None)
            self.rounds[k] = self._vector(s)
        leader = self.stays.get(k)
        counted = {cand: n for cand, n, _ in voting.entered}
        if (leader is not None and leader in counted and candidate != voting.candidates[-1]
                and not any(n for cand, n in counted.items() if cand != leader)):
            # cml's day-1 leader who stays: one vote, on a line of its own, for another
            # candidate, so the counts never give him every vote (not his own, row 3)
            return min(1, voting.votes_left())
        return self.rounds[k].get(candidate, 0)

    def _stays(self, s: GameState, candidates: tuple[int, ...], leader: int, n: int
               ) -> dict[int, int]:
        day = s.day
        assert day is not None
        self.stays[len(day.rounds)] = leader
        return {c: (n - 1 if c == leader else 0) for c in candidates}

    def _vector(self, s: GameState) -> dict[int, int]:
        voting, day = s.voting, s.day
        assert voting is not None and day is not None
        candidates = voting.candidates[len(voting.entered):]
        n = voting.votes_left()
        if len(day.rounds) < self.revotes:  # the record dates a line in a later revote
            return self._no_leaver(s, candidates, n, repeat=False)
        if len(self.leaving) == 1:
            (x,) = self.leaving
            if x in candidates:
                return {c: (n if c == x else 0) for c in candidates}
            return dict.fromkeys(candidates, 0)
        if self.leaving:
            return _tie(candidates, [c for c in candidates if c in self.leaving], n)
        k = len(day.rounds)
        self.removals.sort(key=lambda st: (
            st[1].get("votingRound", 0), _position(candidates, st[1].get("nominee")),
            st[1].get("order", 0)))  # the first removal of the round first
        for seat, t in self.removals:  # nobody left by the vote: the removed leader had
            if t.get("votingRound", 0) == k and seat in candidates:  # the votes, then left
                counted = candidates[:candidates.index(t["nominee"]) + 1] \
                    if t["nominee"] in candidates else ()
                if seat in counted:
                    return self._removed_leader(s, candidates, seat, n)
        day1 = day.number == 1
        if day1 and self.rules.day.day1_majority_stays and len(candidates) >= 2 and n >= 3:
            # 000 I.6.18.5: the leader stays unless he voted for himself (`count`)
            return self._stays(s, candidates, candidates[0], n)
        for _, t in self.removals:  # a result known by then that nobody left by: the
            if t.get("votingRound", 0) == k and t["nominee"] in candidates:  # game ended
                first = candidates[0]  # there (a removal decided it), inside the round
                return {c: (n if c == first else 0) for c in candidates}
        return self._no_leaver(s, candidates, n)

    def _removed_leader(self, s: GameState, candidates: tuple[int, ...], seat: int,
                        n: int) -> dict[int, int]:
        """The removed player led: every vote his, except on cml's day 1, where the leader
        stays unless he voted for himself (000 I.6.18.5): n - 1 and one vote elsewhere, so
        the counts never make it his own (he stays: tomorrow's vote is cancelled), unless
        the record nominates tomorrow (the vote was held: he was leaving, by his own vote)."""
        day = s.day
        assert day is not None
        stays_rule = day.number == 1 and self.rules.day.day1_majority_stays
        if not stays_rule or n < 3 or self.tomorrow_nominated:
            return {c: (n if c == seat else 0) for c in candidates}
        return self._stays(s, candidates, seat, n)

    def _no_leaver(self, s: GameState, candidates: tuple[int, ...], n: int,
                   repeat: bool = True) -> dict[int, int]:
        """A tie, the largest the votes allow. With `repeat`, one that ends the day without
        anybody leaving (a day-1 tie of 5 or 10 in cml, or one whose revote ties again:
        every vote in it to the tied); without, one that leads to a revote, of the players
        the record has leaving by the vote among others."""
        day = s.day
        assert day is not None
        day1 = day.number == 1
        for t in range(len(candidates), 1, -1):
            no_revote = day1 and t in self.rules.day.day1_no_revote_tie_sizes
            if not repeat and (no_revote or (day.rounds and t == len(candidates))):
                continue  # a tie that ends the day, or the same tie again (the lift)
            for tied in combinations(candidates, t):
                if not repeat and not self.leaving <= set(tied):
                    continue
                vector = _tie(candidates, list(tied), n)
                if vector and (not repeat or no_revote or n % t == 0):
                    return vector
        return dict.fromkeys(candidates, 0)


def _position(candidates: tuple[int, ...], seat: object) -> int:
    return candidates.index(seat) if isinstance(seat, int) and seat in candidates else 99


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


def plan_counts(leaving: frozenset[int], rules: Ruleset,
                removals: list[tuple[int, GameTime]], revotes: int,
                tomorrow_nominated: bool) -> VotePlan:
    return VotePlan(leaving, rules, removals, revotes, tomorrow_nominated)
