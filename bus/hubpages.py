"""The hub's retained pages (docs/hub.md, docs/mqtt.md), one versioned model each: the hub
builds every page through its model before it publishes it (hub/pages.py), the venue's
screen reads `hub/public/players` and `hub/public/rounds/{n}` through the same models
(`read_players`, `read_round`), and `mafiakit schema` prints their JSON Schema
(`PAGE_MODELS`, keyed by the topic under `mafia/v1/{tournament}/`) for the browser pages
and third parties.

The rows they are made of are in bus/hubrows.py. Closed, like every payload of the bus
(`extra="forbid"`): a field the hub has not declared is refused before it goes out, so a
page can never carry more than its schema says (a role on a public page, a parameter of an
alert). `schema_version` is 1 for every page; a
page without it (a hub from before this file) reads as version 1.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Final, Literal, TypeVar

from pydantic import Field, JsonValue, ValidationError

from bus.errors import PayloadError, describe_validation_error
from bus.hubrows import (
    ClubGameCard,
    ClubGameRow,
    EveningRating,
    GameRow,
    JudgeAlert,
    JudgeTableRow,
    LibraryStandings,
    OpenProtest,
    Part,
    Player,
    Points,
    PublicAlert,
    StandingsAsOf,
    StandingsRow,
    TableId,
    TableRow,
)
from engine.viewmodels import MAX_SEATS, Seat

__all__ = [  # with the rows the screens read (bus/hubrows.py)
    "MAX_PAGE_BYTES", "PAGE_MODELS", "PAGE_VERSION", "AggregatePage", "ClubPage", "Decision",
    "HubPage", "JudgeClubPage", "JudgeProtocol", "JudgeRoundPage", "JudgeStatePage",
    "NextSeat", "PlayerEntry", "PlayersPage", "RoundGame", "RoundPage", "StandingsAsOf",
    "StandingsRow", "build_page", "page_model", "page_schemas", "read_aggregate", "read_page",
    "read_players", "read_round",
]
MAX_PAGE_BYTES: Final = 128 * 1024  # the broker's packet limit (deploy/mosquitto)
PAGE_VERSION: Final = 1


class HubPage(Part):
    """What every retained page of the hub has."""

    schema_version: Literal[1] = PAGE_VERSION


# -- the pages ---------------------------------------------------------------------------------

class _Aggregate(HubPage):
    tournament: str
    name: str | None = None  # the tournament's name for people ("Autumn Cup 2026")
    as_of: str
    games: tuple[GameRow, ...] = ()
    club_games: tuple[ClubGameRow, ...] = ()  # the latest club evening's (hub/club.py)
    standings_as_of: StandingsAsOf = StandingsAsOf()


class AggregatePage(_Aggregate):
    """`hub/public/aggregate`: the wall's view of the tournament (public data only)."""

    tables: tuple[TableRow, ...] = ()
    alerts: tuple[PublicAlert, ...] = ()
    standings: LibraryStandings | None = None  # None: none yet, or hidden


class Decision(Part):
    """A head judge's decision as recorded (who, when, why: 000 III.15-16)."""

    id: int
    at: str
    who: str
    why: str
    kind: str
    table: TableId
    game_id: str
    args: dict[str, JsonValue] = Field(default_factory=dict)


class JudgeStatePage(_Aggregate):
    """`hub/judge/state`: the head judge's page (tables with their clocks, alerts with their
    parameters, decisions, open protests, the club evening)."""

    tables: tuple[JudgeTableRow, ...] = ()
    alerts: tuple[JudgeAlert, ...] = ()
    standings: tuple[StandingsRow, ...] | None = None  # shown to him even when hidden
    decisions: tuple[Decision, ...] = ()
    protests: tuple[OpenProtest, ...] = ()
    rounds: tuple[int, ...] = ()  # the rounds with a decided game (`judge/rounds/{n}`)
    club_evening: EveningRating | None = None
    club_dates: tuple[str, ...] = ()  # every evening stored (`judge/club/{date}`)


class ExtraPoints(Part):
    seat: Seat
    points: Points
    approved_by: str


class JudgeProtocol(Part):
    """A decided game of a round with its players and roles (the head judge's only)."""

    table: TableId
    game_id: str
    round: int | None = None
    players: tuple[Player, ...] | None = Field(default=None, max_length=MAX_SEATS)
    roles: dict[str, str] | None = None
    termination: str | None = None
    table_winner: str | None = None
    winner: str | None = None
    counts: bool = True
    extra_points: tuple[ExtraPoints, ...] = ()
    removed: tuple[dict[str, JsonValue], ...] = ()


class JudgeRoundPage(HubPage):
    """`hub/judge/rounds/{n}`: round n's decided games with their roles."""

    round: int = Field(ge=0)
    protocols: tuple[JudgeProtocol, ...] = ()


class JudgeClubPage(HubPage):
    """`hub/judge/club/{date}`: one club evening's games with cards and nights, its rating."""

    date: str
    games: tuple[ClubGameCard, ...] = ()
    evening: EveningRating = EveningRating()


class NextSeat(Part):
    """Where a player sits in the round he plays now, or plays next."""

    round: int = Field(ge=1)
    table: TableId
    seat: Seat


class PlayerEntry(Part):
    player: Player
    next: NextSeat | None = None  # None: every game of the seating is played


class PlayersPage(HubPage):
    """`hub/public/players`: every player's next seat, the standings the public may see."""

    tournament: str | None = None
    name: str | None = None
    as_of: str | None = None
    rounds: tuple[int, ...] = ()  # the rounds with a decided game (`public/rounds/{n}`)
    players: tuple[PlayerEntry, ...] = ()
    standings: tuple[StandingsRow, ...] | None = None  # None: none yet, or hidden
    standings_as_of: StandingsAsOf | None = None


class RoundGame(Part):
    """A decided game on a phone: players, roles and points by seat, seat 1 first."""

    table: TableId
    game_id: str
    winner: str | None = None
    counts: bool = True
    players: tuple[Player, ...] | None = Field(default=None, max_length=MAX_SEATS)
    roles: tuple[str | None, ...] = Field(default=(), max_length=MAX_SEATS)
    points: tuple[Points, ...] | None = Field(default=None, max_length=MAX_SEATS)


class RoundPage(HubPage):
    """`hub/public/rounds/{n}`: the round's decided games."""

    round: int = Field(ge=0)
    games: tuple[RoundGame, ...] = ()


class ClubPage(HubPage):
    """`hub/public/club`: tonight's club games and rating, public once decided."""

    date: str | None = None
    games: tuple[ClubGameRow, ...] = ()
    evening: EveningRating | None = None


# topic under mafia/v1/{tournament}/ -> the page's model ({n}: a round, {date}: an evening)
PAGE_MODELS: Final[dict[str, type[HubPage]]] = {
    "hub/public/aggregate": AggregatePage,
    "hub/public/players": PlayersPage,
    "hub/public/rounds/{n}": RoundPage,
    "hub/public/club": ClubPage,
    "hub/judge/state": JudgeStatePage,
    "hub/judge/rounds/{n}": JudgeRoundPage,
    "hub/judge/club/{date}": JudgeClubPage,
}


def page_model(name: str) -> type[HubPage]:
    """The model of the hub's page `name` (its topic after `hub/`: `public/rounds/3`);
    KeyError for a name that is no page."""
    head, _, last = name.rpartition("/")
    if head in ("public/rounds", "judge/rounds") and last.isdigit():
        return PAGE_MODELS[f"hub/{head}/{{n}}"]
    if head == "judge/club" and last:
        return PAGE_MODELS["hub/judge/club/{date}"]
    return PAGE_MODELS[f"hub/{name}"]


def page_schemas() -> dict[str, JsonValue]:
    """Page topic -> JSON Schema, for `mafiakit schema`."""
    return {name: model.model_json_schema() for name, model in PAGE_MODELS.items()}


def build_page(name: str, data: Mapping[str, object]) -> bytes:
    """The bytes of page `name` built through its model (ValidationError when `data` is not
    what the page may say): only the fields `data` gives, and `schema_version`."""
    page = page_model(name).model_validate({**data, "schema_version": PAGE_VERSION})
    return page.model_dump_json(exclude_unset=True).encode()


_P = TypeVar("_P", bound=HubPage)


def read_page(model: type[_P], raw: bytes, what: str) -> _P:
    """One page through its model; PayloadError in words when it does not read."""
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
    return read_page(PlayersPage, raw, "the hub's players page")


def read_round(raw: bytes) -> RoundPage:
    """One `public/rounds/{n}`; PayloadError in words when it does not read."""
    return read_page(RoundPage, raw, "the hub's round page")


def read_aggregate(raw: bytes) -> AggregatePage:
    """The hub's `public/aggregate`; PayloadError in words when it does not read."""
    return read_page(AggregatePage, raw, "the hub's aggregate")
