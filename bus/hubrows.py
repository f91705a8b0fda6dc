"""The rows the hub's retained pages are made of (bus/hubpages.py): tables, alerts, games,
protests, club games and evenings, the standings. Closed and immutable, like every model of
the bus: a field not declared here never reaches a page.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from bus.nicknames import MAX_NAME_LENGTH
from engine.viewmodels import Seat

Player = Annotated[str, Field(min_length=1, max_length=MAX_NAME_LENGTH)]
TableId = Annotated[str, Field(min_length=1, max_length=40)]
Points = int | float  # as the scoring library and the club's result write them
Params = dict[str, str | int | float | None]  # an alert's words, for the page's language


class Part(BaseModel):
    """A row of a page: closed, immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# -- the tables and alerts ---------------------------------------------------------------------

class TableRow(Part):
    """A table as the wall sees it: liveness (hub/registry.py `Liveness`), game and phase."""

    table: TableId
    state: str
    game_id: str | None = None
    phase: str | None = None
    winner: str | None = None


class JudgeTableRow(TableRow):
    """A table as the head judge sees it: with its public seq, a gap in what the hub has of
    it, and the running game's time on the hub's clock and the table's (docs/clock.md)."""

    seq: int | None = None
    gap: bool = False
    in_game_s: float | None = None
    uptime_s: float | None = None


class PublicAlert(Part):
    """An alert on the wall: its kind, table and English words (hub/alerts.py)."""

    kind: str
    table: str
    text: str


class JudgeAlert(PublicAlert):
    params: Params = {}


class GameRow(Part):
    """A decided tournament game as it counts (hub/decisions.py)."""

    table: TableId
    game_id: str
    round: int | None = None
    winner: str | None = None
    counts: bool = True


class Protest(Part):
    seat: Seat
    state: str  # open, accepted, rejected
    id: int


class OpenProtest(Protest):
    table: TableId
    game_id: str


class ClubGameRow(Part):
    """A decided club game (hub/club.py `club_games`): seats, result, points (004 §8)."""

    table: TableId
    game_id: str
    game: int | None = None
    date: str | None = None
    seats: int | None = None
    players: tuple[Player, ...] | None = None
    winner: str | None = None
    termination: str | None = None
    rating: dict[str, JsonValue] | None = None
    points: dict[str, Points | None] = {}
    immunity_next: tuple[Seat, ...] = ()
    counts: bool = True
    protests: tuple[Protest, ...] = ()


class ClubGameCard(ClubGameRow):
    """A club game on the head judge's evening page: with its cards and nights."""

    roles: dict[str, str] | None = None
    nights: tuple[dict[str, JsonValue], ...] = ()


class EveningRow(Part):
    place: int = Field(ge=1)
    place_to: int = Field(ge=1)
    player: Player
    games: int
    wins: int
    points: Points
    rated_points: Points
    extras: Points
    penalties: Points


class EveningRating(Part):
    """A club evening's rating (004 §8), or `error` in the host's words."""

    date: str | None = None
    players: tuple[EveningRow, ...] = ()
    error: str | None = None


# -- the standings -----------------------------------------------------------------------------

class StandingsAsOf(Part):
    as_of_round: int | None = None
    hidden: bool = False


class LibraryRow(Part):
    """One row of the scoring library's table (engine/classic/scoring/standings.py
    `Row.as_dict`)."""

    place: int = Field(ge=1)
    player: Player
    total: Points
    base: Points
    extras: Points
    penalties: Points
    ci: Points
    compensation: Points
    games: int
    wins: int
    wins_by_role: dict[str, int]
    first_night_deaths: int
    extras_don_sheriff: Points
    lot: bool = False


class LibraryStandings(Part):
    """The scoring library's whole table, as `mafiakit standings` prints it."""

    rules: str
    games: int
    tie_breaks: tuple[str, ...] = ()
    standings: tuple[LibraryRow, ...] = ()


class StandingsRow(Part):
    """One row of the standings as a phone or a venue screen shows it."""

    place: int = Field(ge=1)
    player: Player
    total: Points
    games: int | None = None
    wins: int | None = None
    lot: bool = False  # equal through the whole tie-break chain: the lot decides
    tie_break: str | None = None  # the tie-break that placed it on equal points
