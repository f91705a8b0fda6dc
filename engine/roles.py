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


# -- the club game (004 §1-3) ------------------------------------------------------------------


class Side(StrEnum):
    """The three sides of the club game (004 §1): each wins alone."""

    CITY = "city"
    MAFIA = "mafia"
    MANIAC = "maniac"


class ClubRole(StrEnum):
    """A card of the club game (004 §1-3); the putana is of the city (club R2)."""

    CITIZEN = "citizen"
    MAFIA = "mafia"
    DON = "don"
    MANIAC = "maniac"
    DOCTOR = "doctor"
    COMMISSAR = "commissar"
    KAMIKAZE = "kamikaze"
    SAPPER = "sapper"
    PUTANA = "putana"

    @property
    def side(self) -> Side:
        return CLUB_SIDES[self]


CLUB_SIDES: Final = {role: Side.MAFIA if role in (ClubRole.MAFIA, ClubRole.DON)
                     else Side.MANIAC if role is ClubRole.MANIAC else Side.CITY
                     for role in ClubRole}
