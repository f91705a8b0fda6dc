"""Checks shared by the rules of the day and of the night: each raises IllegalAction with a
reason the judge understands."""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.roles import is_seat
from engine.state import NIGHT, GameState


def seat_number(value: int, what: str = "seat") -> int:
    if not is_seat(value):
        raise IllegalAction(f"{what} {value!r} is not a seat number 1-10")
    return value


def at_table(s: GameState, seat: int) -> int:
    seat_number(seat)
    if seat not in s.at_table:
        raise IllegalAction(f"seat {seat} is not at the table")
    return seat


def started(s: GameState) -> None:
    if s.roles is None:
        raise IllegalAction("the cards are not dealt yet: the roles line comes first")
    if not s.started:
        raise IllegalAction("the game has not started: «Наступает ночь» (start) comes first")


def night_after_shot(s: GameState, what: str) -> None:
    started(s)
    if s.phase != NIGHT:
        raise IllegalAction(f"{what} happens at night; it is day {s.number}")
    if s.number == 0:
        raise IllegalAction(f"there is no {what} in the zero night")
    night = s.night
    assert night is not None
    if not night.shot_done:
        raise IllegalAction(f"the mafia's shot comes before the {what}")
