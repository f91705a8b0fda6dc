"""The moment today's vote result is known, and what a tie leads to.

000 I.8.2 ("после того, как стал известен результат голосования текущего дня"), 003 7.2
("во время голосования, после того, как был определён результат голосования") and 002 ("уже
после того, как результат голосования стал известен") name a moment that can fall inside a
voting round: the first moment the votes already counted fix the outcome, whatever the votes
still to come (each remaining voter votes once, the last candidate takes every vote left).
A removal by discipline before it cancels today's vote; after it today's vote stands
(docs/rules.md, "The moment today's result is known").
"""

from __future__ import annotations

from engine.classic.ruleset import Ruleset
from engine.classic.state import GameState

# What a tie leads to (000 I.6.18, 003 4.4.12-4.4.13, 7.6, 7.10).
NO_REVOTE = "no_revote"  # the day's voting ends: nobody leaves (000 I.6.18.1)
LIFT = "lift"  # the lift question is put
LIFT_NOT_HELD = "lift_not_held"  # the question is not put: nobody leaves, night falls
REVOTE = "revote"  # 30 s speeches and another round
SETTLES_THE_DAY = frozenset({NO_REVOTE, LIFT_NOT_HELD})


def after_tie(s: GameState, rules: Ruleset, candidates: tuple[int, ...],
              leaders: tuple[int, ...], revote: bool) -> str:
    """What follows a round whose top is shared by `leaders`; `revote`: the round was one."""
    day = s.day
    assert day is not None
    if day.number == 1 and len(leaders) in rules.day.day1_no_revote_tie_sizes:
        return NO_REVOTE  # 000 I.6.18.1: no revote of 5 or 10 on day 1
    if revote and (leaders == candidates or rules.lift.after_any_repeated_tie):
        # The same tie again: the lift question (000 I.6.18.4, 003 4.4.13), unless not held;
        # a tie among fewer too where the ruleset reads 001 4.4.13 so.
        return LIFT_NOT_HELD if lift_not_held(s, rules, leaders) else LIFT
    return REVOTE


def lift_not_held(s: GameState, rules: Ruleset, tied: tuple[int, ...]) -> bool:
    at_table = len(s.at_table)
    if rules.lift.not_held_when_all_at_table and len(tied) == at_table:
        return True  # 000 I.8.6, 003 7.10
    if (len(tied), at_table) in rules.lift.not_held_for:
        return True  # 000 I.8.7
    return at_table in rules.lift.not_held_at_table_sizes  # 003 7.6, 001 7.6


def result_known(s: GameState, rules: Ruleset) -> bool:
    """Inside an open round: do the votes already counted settle today's vote?

    They do when the counted leaders can no longer be caught (every vote still to come
    given to one candidate leaves him below them) and their outcome ends the day's voting:
    a single leader (who leaves, or on cml's day 1 stays), or a tie that takes no revote
    and no lift question. A tie that leads to a revote or the lift question settles nothing
    yet. Once a removal left the round standing, its result stays known.
    """
    voting = s.voting
    if voting is None:
        return False
    if voting.gone:
        return True
    if not rules.vote_cancel.result_known_when_fixed or not voting.entered:
        return False
    top = max(n for _, n, _ in voting.entered)
    if voting.votes_left() >= top:  # one candidate still to be counted could reach the top
        return False
    leaders = tuple(cand for cand, n, _ in voting.entered if n == top)
    if len(leaders) == 1:
        return True
    day = s.day
    assert day is not None
    return after_tie(s, rules, voting.candidates, leaders, bool(day.rounds)) in SETTLES_THE_DAY
