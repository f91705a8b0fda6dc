"""A third variant, test-only, in one small file: "toy", the club game at exactly seven
seats whose header carries no `seats` (its own header). It proves the variant protocol
(engine/variant.py): `register` is the one line that teaches the kit a game, and the table
service, replay and the screens then play it without a change to device/, hub/ or
scoreboard/ (tests/variants/test_toy.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.club.game import ClubGame
from engine.club.log import header as club_header
from engine.club.log import parse_header
from engine.club.setup import Settings
from engine.variant import Variant

RULES = "toy"
SEATS = 7


class ToyGame(ClubGame):
    """The club game's rules at seven seats; its header says `"rules": "toy"`."""

    __slots__ = ()

    @property
    def rules_id(self) -> str:
        return RULES


def _settings(header: Mapping[str, Any]) -> Settings:
    return parse_header({**header, "rules": "club", "seats": SEATS})


def _admit(header: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    return _settings(header).seats, dict(header)


def _default(rules: str, tournament: str, table: str, seats: int | None,
             date: str) -> dict[str, Any]:
    del tournament, seats
    head = dict(club_header(Settings(seats=SEATS, date=date), table=table, game=1))
    del head["seats"]
    return {**head, "rules": rules}


TOY = Variant(RULES, lambda header: ToyGame(_settings(header)), _admit, _default,
              evening=True)
