"""The limits of the judge's extra points, checked on the state after an `extra` line.

An entry that breaks one is refused with the limit and its clause named, never clipped
(docs/scoring.md, "extra: limits"). All sums are exact hundredths.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.roles import Team
from engine.ruleset import Ruleset
from engine.scoring.game import extra_counts
from engine.scoring.options import hundredths
from engine.state import GameState


def pts(h: int) -> str:
    """30 -> "0.3", 120 -> "1.2", 25 -> "0.25"."""
    text = f"{h / 100:.2f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def _refuse(reason: str, clause: str) -> IllegalAction:
    return IllegalAction(f"extra points: {reason}" + (f" ({clause})" if clause else ""))


def check_entry(s: GameState, rules: Ruleset, seat: int, points: int,
                approved_by: str | None) -> None:
    """Raise IllegalAction naming the violated limit if `s` (the state after the entry of
    `points` for `seat`) breaks one; 0 (a withdrawal) always passes."""
    if points == 0:
        return
    o = rules.scoring.extra
    if points < 0:
        raise _refuse("they cannot be negative; enter a penalty line instead", "")
    if points % 10:
        raise _refuse(f"{pts(points)} is not a multiple of 0.1 (every seed names them in "
                      "tenths)", "")
    team = s.role(seat).team
    if s.winner == "draw":
        if not o.at_draw:
            raise _refuse("none are given at a draw", o.draw_clause)
        low, high, who = o.draw_min, o.draw_max, "at a draw"
    elif s.winner == team.value:
        low, high, who = o.winner_min, o.winner_max, "to a winner"
    else:
        low, high, who = o.loser_min, o.loser_max, "to a loser"
    if not hundredths(low) <= points <= hundredths(high):
        raise _refuse(f"{pts(points)} for seat {seat} is outside {pts(hundredths(low))}-"
                      f"{pts(hundredths(high))} {who}", o.range_clause)
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
        raise _refuse(f"the {team.value} team would hold {pts(sum(mates.values()))}, above "
                      f"its {pts(cap)}", o.team_clause)
    sole, one_more = hundredths(o.sole_at), hundredths(o.one_more_at)
    for st, p in sorted(mates.items()):
        others = [x for x in mates if x != st]
        if sole and p == sole and others:
            raise _refuse(f"seat {st} has {pts(p)}, so no other {team.value} player may get "
                          "any", o.sole_clause)
        if one_more and p == one_more and others:
            if len(others) > 1:
                raise _refuse(f"seat {st} has {pts(p)}, so only one more {team.value} player "
                              f"may get extra points, not {len(others)}", o.one_more_clause)
            low, high = hundredths(o.one_more_min), hundredths(o.one_more_max)
            if not low <= mates[others[0]] <= high:
                raise _refuse(f"seat {st} has {pts(p)}, so the one more {team.value} player "
                              f"gets {pts(low)}-{pts(high)}, not {pts(mates[others[0]])}",
                              o.one_more_clause)


def _game_limits(rules: Ruleset, counted: dict[int, int], seat: int, points: int,
                 approved_by: str | None) -> None:
    o = rules.scoring.extra
    total = sum(counted.values())
    if o.max_players and len(counted) > o.max_players:
        raise _refuse(f"at most {o.max_players} players get them in a game; seat {seat} "
                      f"would be number {len(counted)}", o.players_clause)
    cap = hundredths(o.game_max)
    if cap and total > cap:
        raise _refuse(f"the game's extra points would total {pts(total)}, above {pts(cap)}",
                      o.game_clause)
    if approved_by is not None:
        return
    needs: list[str] = []
    if o.approval_from and points >= hundredths(o.approval_from):
        needs.append(f"{pts(points)} is at least {pts(hundredths(o.approval_from))}")
    if o.approval_players and len(counted) >= o.approval_players:
        needs.append(f"{len(counted)} players would hold them")
    if o.approval_total_over and total > hundredths(o.approval_total_over):
        needs.append(f"the game's total would be {pts(total)}, above "
                     f"{pts(hundredths(o.approval_total_over))}")
    if needs:
        raise _refuse("; ".join(needs) + ": this needs the head judge's approval "
                      "(add approved_by)", o.approval_clause)
