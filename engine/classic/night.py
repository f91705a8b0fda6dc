"""The night's actions: the shot, the don's and the sheriff's checks, the best move
(000 I.7, 003 4.5 and 9.6, 001 4.5 and 8.3, 002 "Ночь N")."""

from __future__ import annotations

from typing import Final, NamedTuple

from engine import actions as act
from engine.classic import events as ev
from engine.classic.checks import at_table, night_after_shot, seat_number, started
from engine.classic.flow import Tx
from engine.classic.ruleset import Ruleset
from engine.classic.state import DAY, NIGHT, GameState
from engine.errors import IllegalAction
from engine.refusals import R, Refusal
from engine.roles import BLACK_ROLES, Role
from engine.values import compare_by_class


def shoot(tx: Tx, a: act.Shoot) -> None:
    s = tx.state
    started(s)
    if s.phase != NIGHT:
        raise IllegalAction(R.SHOOT_AT_NIGHT, number=s.number)
    if s.number == 0:
        raise IllegalAction(R.NO_ZERO_NIGHT_SHOT)
    night = s.night
    assert night is not None
    if night.shot_done:
        raise IllegalAction(R.ALREADY_SHOT)
    if a.shots is None:
        if a.target is not None:
            at_table(s, a.target)
        tx.emit(ev.Shot(a.target, None))
        return
    blacks = s.black_at_table()
    given = [seat for seat, _ in a.shots]
    for seat in given:
        seat_number(seat, R.W_SHOOTER)
        if seat not in blacks:
            raise IllegalAction(R.NOT_BLACK, seat=seat)
        if given.count(seat) > 1:
            raise IllegalAction(R.TWO_SHOTS, seat=seat)
    for seat in blacks:
        if seat not in given:
            raise IllegalAction(R.SHOT_MISSING, seat=seat)
    targets = {target for _, target in a.shots}
    for target in targets:
        if target is not None:
            seat_number(target, R.W_TARGET)
    # 000 I.7.3.1-2, 003 4.5.4-5: a kill only when every black shot the same player.
    (only,) = targets if len(targets) == 1 else (None,)
    kill = only if only is not None and only in s.at_table else None
    tx.emit(ev.Shot(kill, tuple(sorted(a.shots))))


class _CheckWords(NamedTuple):
    what: Refusal
    out: Refusal
    checked: Refusal
    self_check: Refusal


compare_by_class(_CheckWords)


_CHECK_WORDS: Final = {
    Role.DON: _CheckWords(R.W_DON_CHECK, R.DON_OUT, R.DON_CHECKED, R.DON_SELF),
    Role.SHERIFF: _CheckWords(R.W_SHERIFF_CHECK, R.SHERIFF_OUT, R.SHERIFF_CHECKED, R.SHERIFF_SELF),
}


def _check(tx: Tx, seat: int, checker: Role) -> None:
    """The don's or the sheriff's check: once a night, after the shot, while he is at the
    table, never of himself (000 I.7.5-7.7, 003 4.5.6-4.5.8)."""
    s = tx.state
    keys = _CHECK_WORDS[checker]
    night_after_shot(s, keys.what)
    own = s.seat_of(checker)
    if own not in s.at_table:
        raise IllegalAction(keys.out)
    assert s.night is not None
    done = s.night.don_check if checker is Role.DON else s.night.sheriff_check
    if done is not None:
        raise IllegalAction(keys.checked)
    seat_number(seat)
    if seat == own:
        raise IllegalAction(keys.self_check)


def don_check(tx: Tx, a: act.DonCheck) -> None:
    _check(tx, a.seat, Role.DON)
    tx.emit(ev.DonChecked(a.seat))


def sheriff_check(tx: Tx, a: act.SheriffCheck) -> None:
    _check(tx, a.seat, Role.SHERIFF)
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
    night_after_shot(s, R.W_BEST_MOVE)
    if s.best_move is not None:
        raise IllegalAction(R.BEST_MOVE_RECORDED)
    victim = best_move_victim(s, rules)
    if victim is None:
        raise _no_best_move(s, rules)
    n = len(a.seats)
    if not 1 <= n <= rules.best_move.max_seats:
        raise IllegalAction(R.BEST_MOVE_SIZE, max=rules.best_move.max_seats, n=n)
    for seat in a.seats:
        seat_number(seat)
        if a.seats.count(seat) > 1:
            raise IllegalAction(R.NAMED_TWICE, seat=seat)
        if seat == victim:
            raise IllegalAction(R.BEST_MOVE_SELF, seat=victim)
    found = sum(1 for seat in a.seats if s.role(seat) in BLACK_ROLES)
    tx.emit(ev.BestMoveMade(victim, a.seats, found))


def _no_best_move(s: GameState, rules: Ruleset) -> IllegalAction:
    night = s.night
    assert night is not None
    if s.number != rules.best_move.night:
        return IllegalAction(R.BEST_MOVE_NIGHT, night=rules.best_move.night)
    if night.shot is None:
        return IllegalAction(R.NOBODY_KILLED)
    if night.shot not in s.at_table:
        return IllegalAction(R.REMOVED_AFTER_SHOT, seat=night.shot)  # 000 I.8.1, 003 6.5
    limit = rules.best_move.max_day1_vote_removals
    if rules.best_move.day1_removal_causes == ("vote", "lift"):
        return IllegalAction(R.NO_BEST_MOVE_VOTE, limit=limit)  # 000 I.7.8
    return IllegalAction(R.NO_BEST_MOVE_LEFT, limit=limit)  # 002
