"""The limits of the judge's extra points, checked on the state after an `extra` line.

An entry that breaks one is refused with the limit and its clause named, never clipped
(docs/scoring.md, "extra: limits"). All sums are exact hundredths.
"""

from __future__ import annotations

from engine.classic.ruleset import Ruleset
from engine.classic.scoring.game import extra_counts
from engine.classic.scoring.options import hundredths
from engine.classic.state import GameState
from engine.errors import IllegalAction
from engine.refusals import Param, Phrase, R, Refusal, phrase, word
from engine.roles import Team


def pts(h: int) -> str:
    """30 -> "0.3", 120 -> "1.2", 25 -> "0.25"."""
    text = f"{h / 100:.2f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def _refuse(reason: Refusal, clause: str, **params: Param) -> IllegalAction:
    why = phrase(reason, **params)
    if clause:
        return IllegalAction(R.EXTRA_CLAUSE, reason=why, clause=clause)
    return IllegalAction(R.EXTRA, reason=why)


def check_entry(s: GameState, rules: Ruleset, seat: int, points: int,
                approved_by: str | None) -> None:
    """Raise IllegalAction naming the violated limit if `s` (the state after the entry of
    `points` for `seat`) breaks one; 0 (a withdrawal) always passes."""
    if points == 0:
        return
    o = rules.scoring.extra
    if points < 0:
        raise _refuse(R.EXTRA_NEGATIVE, "")
    if points % 10:
        raise _refuse(R.EXTRA_TENTHS, "", points=pts(points))
    team = s.role(seat).team
    if s.winner == "draw":
        if not o.at_draw:
            raise _refuse(R.EXTRA_NONE_AT_DRAW, o.draw_clause)
        low, high, who = o.draw_min, o.draw_max, R.W_AT_DRAW
    elif s.winner == team.value:
        low, high, who = o.winner_min, o.winner_max, R.W_TO_WINNER
    else:
        low, high, who = o.loser_min, o.loser_max, R.W_TO_LOSER
    if not hundredths(low) <= points <= hundredths(high):
        raise _refuse(R.EXTRA_RANGE, o.range_clause, points=pts(points), seat=seat,
                      low=pts(hundredths(low)), high=pts(hundredths(high)), who=phrase(who))
    counted = {st: e.points for st, e in ((e.seat, e) for e in s.sheet.extras)
               if extra_counts(s, rules, st)}
    if seat not in counted:
        return  # a best move at least as large counts instead: no other limit applies
    _team_limits(s, rules, counted, team)
    _game_limits(rules, counted, seat, points, approved_by)


def _team_limits(s: GameState, rules: Ruleset, counted: dict[int, int], team: Team) -> None:
    o = rules.scoring.extra
    mates = {st: p for st, p in counted.items() if s.role(st).team is team}
    cap = hundredths(o.team_max_red if team is Team.RED else o.team_max_black)
    if cap and sum(mates.values()) > cap:
        raise _refuse(R.EXTRA_TEAM_CAP, o.team_clause, team=word(team.value),
                      total=pts(sum(mates.values())), cap=pts(cap))
    sole, one_more = hundredths(o.sole_at), hundredths(o.one_more_at)
    for st, p in sorted(mates.items()):
        others = [x for x in mates if x != st]
        if sole and p == sole and others:
            raise _refuse(R.EXTRA_SOLE, o.sole_clause, seat=st, points=pts(p),
                          team=word(team.value))
        if one_more and p == one_more and others:
            if len(others) > 1:
                raise _refuse(R.EXTRA_ONE_MORE, o.one_more_clause, seat=st, points=pts(p),
                              team=word(team.value), n=len(others))
            low, high = hundredths(o.one_more_min), hundredths(o.one_more_max)
            if not low <= mates[others[0]] <= high:
                raise _refuse(R.EXTRA_ONE_MORE_RANGE, o.one_more_clause, seat=st,
                              points=pts(p), team=word(team.value), low=pts(low),
                              high=pts(high), other=pts(mates[others[0]]))


def _game_limits(rules: Ruleset, counted: dict[int, int], seat: int, points: int,
                 approved_by: str | None) -> None:
    o = rules.scoring.extra
    total = sum(counted.values())
    if o.max_players and len(counted) > o.max_players:
        raise _refuse(R.EXTRA_MAX_PLAYERS, o.players_clause, max=o.max_players, seat=seat,
                      n=len(counted))
    cap = hundredths(o.game_max)
    if cap and total > cap:
        raise _refuse(R.EXTRA_GAME_CAP, o.game_clause, total=pts(total), cap=pts(cap))
    if approved_by is not None:
        return
    needs: list[Phrase] = []
    if o.approval_from and points >= hundredths(o.approval_from):
        needs.append(phrase(R.NEED_POINTS, points=pts(points),
                            limit=pts(hundredths(o.approval_from))))
    if o.approval_players and len(counted) >= o.approval_players:
        needs.append(phrase(R.NEED_PLAYERS, n=len(counted)))
    if o.approval_total_over and total > hundredths(o.approval_total_over):
        needs.append(phrase(R.NEED_TOTAL, total=pts(total),
                            limit=pts(hundredths(o.approval_total_over))))
    if needs:
        raise _refuse(R.EXTRA_APPROVAL, o.approval_clause, needs=tuple(needs))
