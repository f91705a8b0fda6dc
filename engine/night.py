"""The night's actions: the shot, the don's and the sheriff's checks, the best move
(000 I.7, 003 4.5 and 9.6, 001 4.5 and 8.3, 002 "Ночь N")."""

from __future__ import annotations

from engine import actions as act
from engine import events as ev
from engine.checks import at_table, night_after_shot, seat_number, started
from engine.errors import IllegalAction
from engine.flow import Tx
from engine.roles import BLACK_ROLES, Role
from engine.ruleset import Ruleset
from engine.state import DAY, NIGHT, GameState


def shoot(tx: Tx, a: act.Shoot) -> None:
    s = tx.state
    started(s)
    if s.phase != NIGHT:
        raise IllegalAction(f"the mafia shoots at night; it is day {s.number}")
    if s.number == 0:
        raise IllegalAction("there is no shooting in the zero night")
    night = s.night
    assert night is not None
    if night.shot_done:
        raise IllegalAction("the mafia has already shot tonight")
    if a.shots is None:
        if a.target is not None:
            at_table(s, a.target)
        tx.emit(ev.Shot(a.target, None))
        return
    blacks = s.black_at_table()
    given = [seat for seat, _ in a.shots]
    for seat in given:
        seat_number(seat, "shooter")
        if seat not in blacks:
            raise IllegalAction(f"seat {seat} is not a black player at the table")
        if given.count(seat) > 1:
            raise IllegalAction(f"two shots from seat {seat}")
    for seat in blacks:
        if seat not in given:
            raise IllegalAction(f"the shot of black seat {seat} is missing (null = no shot)")
    targets = {target for _, target in a.shots}
    for target in targets:
        if target is not None:
            seat_number(target, "target")
    # 000 I.7.3.1-2, 003 4.5.4-5: a kill only when every black shot the same player.
    (only,) = targets if len(targets) == 1 else (None,)
    kill = only if only is not None and only in s.at_table else None
    tx.emit(ev.Shot(kill, tuple(sorted(a.shots))))


def _check(tx: Tx, seat: int, checker: Role, title: str) -> None:
    """The don's or the sheriff's check: once a night, after the shot, while he is at the
    table, never of himself (000 I.7.5-7.7, 003 4.5.6-4.5.8)."""
    s = tx.state
    night_after_shot(s, f"{title}'s check")
    own = s.seat_of(checker)
    if own not in s.at_table:
        raise IllegalAction(f"the {title} is out: there is no {title}'s check")
    assert s.night is not None
    done = s.night.don_check if checker is Role.DON else s.night.sheriff_check
    if done is not None:
        raise IllegalAction(f"the {title} has already checked tonight (one check a night)")
    seat_number(seat)
    if seat == own:
        raise IllegalAction(f"the {title} cannot check himself")


def don_check(tx: Tx, a: act.DonCheck) -> None:
    _check(tx, a.seat, Role.DON, "don")
    tx.emit(ev.DonChecked(a.seat))


def sheriff_check(tx: Tx, a: act.SheriffCheck) -> None:
    _check(tx, a.seat, Role.SHERIFF, "sheriff")
    tx.emit(ev.SheriffChecked(a.seat))


def best_move_victim(s: GameState, rules: Ruleset) -> int | None:
    """The seat entitled to the best move tonight, if any (000 I.7.8, 003 9.6, 001 8.3)."""
    night = s.night
    if s.phase != NIGHT or night is None or s.number != rules.best_move.night:
        return None
    if night.shot is None or s.best_move is not None:
        return None
    if night.shot not in s.at_table:
        return None  # removed by discipline before the morning: he leaves by that (000 I.8.1)
    limit = rules.best_move.max_day1_vote_removals
    if limit >= 0 and _day1_removals(s, rules) > limit:
        return None
    return night.shot


def _day1_removals(s: GameState, rules: Ruleset) -> int:
    """Day 1's removals that count against the best move: by vote (000 I.7.8) or by any
    cause (002 "стол покинул не более одного игрока")."""
    causes = rules.best_move.day1_removal_causes
    return sum(1 for r in s.removed if r.phase == DAY and r.number == 1 and r.cause in causes)


def best_move(tx: Tx, a: act.BestMove) -> None:
    s, rules = tx.state, tx.rules
    night_after_shot(s, "best move")
    if s.best_move is not None:
        raise IllegalAction("the best move is already recorded")
    victim = best_move_victim(s, rules)
    if victim is None:
        raise IllegalAction(_no_best_move_reason(s, rules))
    n = len(a.seats)
    if not 1 <= n <= rules.best_move.max_seats:
        raise IllegalAction(f"the best move names 1 to {rules.best_move.max_seats} seats, not {n}")
    for seat in a.seats:
        seat_number(seat)
        if a.seats.count(seat) > 1:
            raise IllegalAction(f"seat {seat} is named twice in the best move")
        if seat == victim:
            raise IllegalAction(f"seat {victim} cannot name himself in the best move")
    found = sum(1 for seat in a.seats if s.role(seat) in BLACK_ROLES)
    tx.emit(ev.BestMoveMade(victim, a.seats, found))


def _no_best_move_reason(s: GameState, rules: Ruleset) -> str:
    night = s.night
    assert night is not None
    if s.number != rules.best_move.night:
        return f"the best move is made only in night {rules.best_move.night}"
    if night.shot is None:
        return "nobody was killed tonight: there is no best move"
    if night.shot not in s.at_table:
        return (f"seat {night.shot} was removed by discipline after the shot: he leaves by "
                "that removal, without a best move (000 I.8.1, 003 6.5)")
    limit = rules.best_move.max_day1_vote_removals
    if rules.best_move.day1_removal_causes == ("vote", "lift"):
        return (f"no best move: day 1's vote removed more than {limit} player "
                "(000 I.7.8)")
    return (f"no best move: more than {limit} player left the table on day 1 "
            "(002 «стол покинул не более одного игрока»)")
