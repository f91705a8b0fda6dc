"""The hub's retained public pages as the venue's screens read them (docs/hub.md, docs/web.md):
`hub/public/players` (every player's next seat, the standings as the public may see them) and
`hub/public/rounds/{n}` (round n's decided games, each with its players by seat).

The hub writes them (hub/players.py); these models are the screens' side of the contract. A
hub may add fields (`extra="ignore"`), but what a screen draws is checked here: a page that
does not read is refused whole in words (`read_players`, `read_round`), and the screen keeps
what it had.
"""

from __future__ import annotations

import json
from typing import Annotated, Final, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bus.errors import PayloadError, describe_validation_error
from bus.nicknames import MAX_NAME_LENGTH
from engine.viewmodels import MAX_SEATS, Seat

MAX_PAGE_BYTES: Final = 128 * 1024  # the broker's packet limit (deploy/mosquitto)
Player = Annotated[str, Field(min_length=1, max_length=MAX_NAME_LENGTH)]
TableId = Annotated[str, Field(min_length=1, max_length=40)]


class _Page(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class NextSeat(_Page):
    """Where a player sits in the round he plays now, or plays next."""

    round: int = Field(ge=1)
    table: TableId
    seat: Seat


class PlayerEntry(_Page):
    player: Player
    next: NextSeat | None = None  # None: every game of the seating is played


class StandingsRow(_Page):
    """One row of the standings as a phone or a venue screen shows it."""

    place: int = Field(ge=1)
    player: Player
    total: float
    games: int | None = None
    wins: int | None = None
    lot: bool = False  # equal through the whole tie-break chain: the lot decides
    tie_break: str | None = None  # the tie-break that placed it on equal points


class StandingsAsOf(_Page):
    as_of_round: int | None = None
    hidden: bool = False


class PlayersPage(_Page):
    """`hub/public/players`."""

    tournament: str | None = None
    name: str | None = None  # the tournament's name for people ("Autumn Cup 2026")
    players: tuple[PlayerEntry, ...] = ()
    standings: tuple[StandingsRow, ...] | None = None  # None: none yet, or hidden
    standings_as_of: StandingsAsOf | None = None


class RoundGame(_Page):
    table: TableId
    game_id: str
    players: tuple[Player, ...] | None = Field(default=None, max_length=MAX_SEATS)


class RoundPage(_Page):
    """`hub/public/rounds/{n}`: the round's decided games."""

    round: int = Field(ge=0)
    games: tuple[RoundGame, ...] = ()


_P = TypeVar("_P", bound=_Page)


def _read(model: type[_P], raw: bytes, what: str) -> _P:
    if len(raw) > MAX_PAGE_BYTES:
        raise PayloadError(f"{what}: {len(raw)} bytes, more than a page may have")
    try:
        return model.model_validate(json.loads(raw))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise PayloadError(f"{what}: not JSON text") from None
    except ValidationError as exc:
        raise PayloadError(f"{what}: {describe_validation_error(exc)}") from None


def read_players(raw: bytes) -> PlayersPage:
    """The hub's `public/players`; PayloadError in words when it does not read."""
    return _read(PlayersPage, raw, "the hub's players page")


def read_round(raw: bytes) -> RoundPage:
    """One `public/rounds/{n}`; PayloadError in words when it does not read."""
    return _read(RoundPage, raw, "the hub's round page")
