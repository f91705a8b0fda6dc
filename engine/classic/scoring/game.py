"""One game's points: `score_game(state, rules)` -> a `SeatScore` per seat, every figure
with the clause that gave it (docs/scoring.md, "How each figure is computed")."""

from typing import NamedTuple, TypedDict

from engine.classic.ruleset import Ruleset
from engine.classic.scoring.options import hundredths
from engine.classic.state import GameState
from engine.roles import Role, Team
from engine.values import compare_by_class


class Reason(NamedTuple):
    points: int  # hundredths
    clause: str


class SeatScore(NamedTuple):
    """Points of one seat in one game, in exact hundredths."""

    base: int = 0
    best_move: int = 0
    extra: int = 0
    mechanical: int = 0
    penalties: int = 0
    reasons: tuple[Reason, ...] = ()

    @property
    def total(self) -> int:
        return self.base + self.best_move + self.extra + self.mechanical + self.penalties

    @property
    def extras(self) -> int:
        """The "дополнительные баллы" of the tie-breaks: best move + extra + mechanical."""
        return self.best_move + self.extra + self.mechanical


def team_of(s: GameState, seat: int) -> Team:
    return s.role(seat).team


def first_night_kill(s: GameState) -> int | None:
    """The seat killed in night 1 (the first night after the zero night), if any."""
    nights = s.nights if s.night is None else (*s.nights, s.night)
    return next((n.shot for n in nights if n.number == 1 and n.shot is not None), None)


def first_killed(s: GameState) -> int | None:
    """The earliest night kill of the game (fiim 003 11 "Первый убитый")."""
    return next((r.seat for r in s.removed if r.cause == "kill"), None)


def best_move_points(s: GameState, rules: Ruleset) -> tuple[int, int, str]:
    """(seat, points, clause) of the best move; points 0 when nothing is due."""
    bm = s.best_move
    if bm is None or s.winner is None:
        return 0, 0, ""
    o = rules.scoring.best_move
    role = s.role(bm.seat)
    if role.team is not Team.RED or (s.winner == "draw" and not o.at_draw):
        return bm.seat, 0, ""
    sheriff = role is Role.SHERIFF
    table = {2: o.sheriff_two if sheriff else o.citizen_two,
             3: o.sheriff_three if sheriff else o.citizen_three}
    points = hundredths(table.get(bm.black_found, 0.0))
    return bm.seat, points, (o.sheriff_clause if sheriff else o.clause)


def extra_counts(s: GameState, rules: Ruleset, seat: int) -> bool:
    """Whether the seat's extra points count (and so count toward the limits): under
    "larger" (000 III.11, 002) only when they exceed his best move."""
    entry = s.sheet.extra_of(seat)
    if entry is None:
        return False
    if rules.scoring.extra.versus_best_move == "both":
        return True
    bm_seat, bm, _ = best_move_points(s, rules)
    return not (bm_seat == seat and bm >= entry.points)


def _penalty_auto(s: GameState, rules: Ruleset, seat: int) -> Reason | None:
    """The one automatic penalty of a seat: team loss, disqualification or fourth foul."""
    p = rules.scoring.penalties
    kinds = [kind for st, kind in s.late_disqualifications if st == seat]
    disq = [r for r in s.removed if r.cause == "disqualified"]
    late_team_loss = any(kind == "team_loss" for _, kind in s.late_disqualifications)
    if (disq and disq[-1].seat == seat and s.termination == "team_loss"
            and not late_team_loss):
        kinds.append("team_loss")
    elif any(r.seat == seat for r in disq):
        kinds.append("removal")
    if "team_loss" in kinds:
        return Reason(hundredths(p.team_loss), p.team_loss_clause)
    if kinds and p.disqualification:
        return Reason(hundredths(p.disqualification), p.disqualification_clause)
    if p.fourth_foul and s.fouls[seat - 1] >= rules.fouls.removal_at:
        return Reason(hundredths(p.fourth_foul), p.fourth_foul_clause)
    return None


def _mechanical(s: GameState, rules: Ruleset, seat: int) -> list[Reason]:
    o = rules.scoring.colour_left
    out: list[Reason] = []
    for c in s.sheet.colour_left:
        if c.seat != seat or s.role(seat).team is Team.BLACK:
            continue  # 000 III.5.2: a self-shot black gets nothing
        if s.role(c.named).team is Team.RED:
            out.append(Reason(hundredths(o.wrong), o.wrong_clause))
        elif s.winner == Team.BLACK.value and c.named in s.at_table:
            out.append(Reason(hundredths(o.right), o.right_clause))
    return out


def score_seat(s: GameState, rules: Ruleset, seat: int) -> SeatScore:
    o = rules.scoring
    reasons: list[Reason] = []
    team = team_of(s, seat)
    base = 0
    if s.winner == team.value:
        base = hundredths(o.win.points)
        reasons.append(Reason(base, o.win.clause_red if team is Team.RED else o.win.clause_black))
    if (o.win.first_killed_bonus and s.winner == Team.BLACK.value and team is Team.RED
            and first_killed(s) == seat):
        bonus = hundredths(o.win.first_killed_bonus)
        base += bonus
        reasons.append(Reason(bonus, o.win.first_killed_clause))
    bm_seat, bm, bm_clause = best_move_points(s, rules)
    bm = bm if bm_seat == seat else 0
    entry = s.sheet.extra_of(seat)
    extra = entry.points if entry is not None else 0
    if bm and extra and o.extra.versus_best_move == "larger":
        if extra > bm:
            bm = 0
        else:
            extra = 0
    if bm:
        reasons.append(Reason(bm, bm_clause))
    if extra:
        reasons.append(Reason(extra, o.extra.range_clause))
    mech = _mechanical(s, rules, seat)
    penalties: list[Reason] = []
    auto = _penalty_auto(s, rules, seat)
    if auto is not None:
        penalties.append(auto)
    for p in s.sheet.penalties:
        if p.seat != seat:
            continue
        prefix = o.penalties.mechanical_prefix
        (mech if prefix and p.clause.startswith(prefix) else penalties).append(
            Reason(p.points, p.clause))
    reasons += mech + penalties
    return SeatScore(base=base, best_move=bm, extra=extra,
                     mechanical=sum(r.points for r in mech),
                     penalties=sum(r.points for r in penalties),
                     reasons=tuple(r for r in reasons if r.points))


def score_game(s: GameState, rules: Ruleset) -> dict[int, SeatScore] | None:
    """Every seat's points once the game is decided; None before (docs/scoring.md)."""
    if s.winner is None or s.roles is None:
        return None
    return {seat: score_seat(s, rules, seat) for seat in range(1, 11)}


def as_points(h: int) -> float:
    """Hundredths -> the JSON figure (two decimals)."""
    return round(h / 100, 2)


class ReasonLine(TypedDict):
    points: float
    clause: str


class SeatScoreLine(TypedDict):
    """One seat's object in the result's `score` (docs/scoring.md), figures in points."""

    base: float
    best_move: float
    extra: float
    mechanical: float
    penalties: float
    total: float
    reasons: list[ReasonLine]


def score_dict(scores: dict[int, SeatScore] | None) -> dict[str, SeatScoreLine] | None:
    """The `score` object of the result (docs/scoring.md)."""
    if scores is None:
        return None
    return {str(seat): {
        "base": as_points(sc.base), "best_move": as_points(sc.best_move),
        "extra": as_points(sc.extra), "mechanical": as_points(sc.mechanical),
        "penalties": as_points(sc.penalties), "total": as_points(sc.total),
        "reasons": [{"points": as_points(r.points), "clause": r.clause} for r in sc.reasons],
    } for seat, sc in scores.items()}

compare_by_class(Reason, SeatScore)
