"""Checks shared by the rules of the day and of the night: each raises IllegalAction with a
reason the judge understands."""

from __future__ import annotations

from engine.classic.state import NIGHT, GameState
from engine.errors import IllegalAction
from engine.refusals import R, Refusal, phrase
from engine.roles import is_seat


def seat_number(value: int, what: Refusal = R.W_SEAT) -> int:
    if not is_seat(value):
        raise IllegalAction(R.NOT_A_SEAT, what=phrase(what), value=repr(value))
    return value


def at_table(s: GameState, seat: int) -> int:
    if type(seat) is not int or seat not in s.at_table:  # `True in {1}`: the type first
        seat_number(seat)
        raise IllegalAction(R.NOT_AT_TABLE, seat=seat)
    return seat


def started(s: GameState) -> None:
    if s.roles is None:
        raise IllegalAction(R.NOT_DEALT)
    if not s.started:
        raise IllegalAction(R.NOT_STARTED)


def night_after_shot(s: GameState, what: Refusal) -> None:
    started(s)
    if s.phase != NIGHT:
        raise IllegalAction(R.AT_NIGHT_ONLY, what=phrase(what), number=s.number)
    if s.number == 0:
        raise IllegalAction(R.NONE_IN_ZERO_NIGHT, what=phrase(what))
    night = s.night
    assert night is not None
    if not night.shot_done:
        raise IllegalAction(R.SHOT_FIRST, what=phrase(what))
