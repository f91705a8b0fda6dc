"""Seats, roles and teams: the vocabulary every other engine module speaks."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Role(StrEnum):
    """A dealt card (000 I.1.1: 6 citizens + sheriff are red; 2 mafia + don are black)."""

    CITIZEN = "citizen"
    SHERIFF = "sheriff"
    MAFIA = "mafia"
    DON = "don"

    @property
    def team(self) -> Team:
        return Team.BLACK if self in BLACK_ROLES else Team.RED


class Team(StrEnum):
    RED = "red"
    BLACK = "black"

    @property
    def other(self) -> Team:
        return Team.BLACK if self is Team.RED else Team.RED


def is_seat(value: object) -> bool:
    """True for an int seat number 1..10 (bool is not a seat, although it is an int)."""
    return type(value) is int and 1 <= value <= 10


# The black team's cards (000 I.1.1), for the hot path where `role.team` would cost a call.
BLACK_ROLES: Final = frozenset({Role.MAFIA, Role.DON})
