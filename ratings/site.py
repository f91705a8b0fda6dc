"""The site's game JSON, format version 1.3, as pydantic models (docs/mafiaratings.md).

Written from what the site's reader accepts (include/game.php of szotin/mafiaratings: the
fields it reads, their types and ranges, the feature letters, the game times and death
types) and what its client writes (js/game.js). Every export is checked against these
models (`SiteGame.model_validate`); an import reads a game through them, after
`known_fields` has set aside, by name, what the reader does not know.

Seats are 1-10 (`players[0]` sits at seat 1). A "round" is a night and the day after it:
round 0 is the zero night and day 1, round N (N >= 1) is night N and day N + 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_validator

VERSION = "1.3"  # GAME_CURRENT_VERSION of the reader this was written from

SiteSeat = Annotated[int, Field(ge=1, le=10)]
SiteRound = Annotated[int, Field(ge=0)]

# The feature letters in the order the site writes them, and what each says is recorded.
FEATURES: dict[str, str] = {
    "a": "arrangement: the mafia's plan for the nights (arranged)",
    "g": "the don's checks (don)",
    "s": "the sheriff's checks (sheriff)",
    "d": "who left the game (death)",
    "u": "the round each left in (death.round)",
    "t": "how each left (death.type)",
    "c": "when a removal by discipline happened (death.time)",
    "l": "the best move (legacy, as a list of seats)",
    "i": "the best move as one number (legacy)",
    "h": "each black player's shot per night (shooting)",
    "v": "every player's vote in every voting round (voting)",
    "k": "every player's answer to the lift question (the last item of voting)",
    "n": "the nominations (nominating)",
    "w": "fouls (warnings)",
    "r": "when each foul was given (warnings as game times)",
    "o": "colours left on record (record)",
}

# What was happening when something happened: the order of these within a round.
TIMES = ("start", "arrangement", "relaxed sitting", "night start", "shooting", "don",
         "sheriff", "day start", "night kill speaking", "speaking", "voting start", "voting",
         "voting kill all", "day kill speaking", "end")
Time = Literal["start", "arrangement", "relaxed sitting", "night start", "shooting", "don",
               "sheriff", "day start", "night kill speaking", "speaking", "voting start",
               "voting", "voting kill all", "day kill speaking", "end"]
NIGHT_TIMES = frozenset(TIMES[:7])

DeathType = Literal["day", "night", "warnings", "techFouls", "kickOut", "teamKickOut", "giveUp"]
Role = Literal["civ", "maf", "sheriff", "don"]
Winner = Literal["civ", "maf", "tie"]
Title = Literal["bestPlayer", "bestMove", "worstMove"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GameTime(_Model):
    """A moment of the game: the round, what was happening, and who was speaking or being
    voted on; `order` orders what the judge entered at one and the same moment."""

    round: SiteRound
    time: Time
    speaker: SiteSeat | None = None
    nominee: SiteSeat | None = None
    votingRound: Annotated[int, Field(ge=0)] | None = None  # noqa: N815 (the site's name)
    order: Annotated[int, Field(ge=1)] | None = None

    @model_validator(mode="after")
    def _as_the_reader_checks(self) -> GameTime:
        if self.time in ("speaking", "day kill speaking") and self.speaker is None:
            raise ValueError(f"a time {self.time!r} needs the speaker")
        if self.time in ("voting", "voting kill all") and self.votingRound is None:
            raise ValueError(f"a time {self.time!r} needs its votingRound")
        if self.nominee is not None and self.time != "voting":
            raise ValueError("only a time 'voting' names a nominee")
        return self


class Death(_Model):
    round: SiteRound
    type: DeathType
    time: GameTime | None = None


class Record(_Model):
    """Colours a speaker left on record: a seat, negative when left as black."""

    round: SiteRound
    time: Time
    votingRound: Annotated[int, Field(ge=0)] | None = None  # noqa: N815
    record: list[Annotated[int, Field(ge=-10, le=10)]] = Field(min_length=1)

    @model_validator(mode="after")
    def _seats(self) -> Record:
        if 0 in self.record:
            raise ValueError("a colour on record names a seat 1-10 (negative: black)")
        return self


Vote = SiteSeat | None
RoundVotes = SiteSeat | list[SiteSeat | bool] | None


class Player(_Model):
    id: int | None = None
    name: str = ""
    role: Role | None = None
    arranged: SiteRound | None = None
    death: bool | SiteRound | DeathType | Death | None = None
    warnings: Annotated[int, Field(ge=0, le=4)] | list[GameTime] | None = None
    techFouls: Annotated[int, Field(ge=0, le=2)] | list[GameTime] | None = None  # noqa: N815
    don: SiteRound | None = None
    sheriff: SiteRound | None = None
    bonus: float | Title | list[float | Title] | None = None
    comment: str | None = None
    legacy: list[SiteSeat] | SiteSeat | None = None
    voting: list[RoundVotes] | None = None
    nominating: list[Vote] | None = None
    shooting: list[Vote] | None = None
    record: list[Record] | None = None

    @model_validator(mode="after")
    def _sizes(self) -> Player:
        if isinstance(self.warnings, list) and len(self.warnings) > 4:
            raise ValueError("at most 4 warnings: the fourth removes the player")
        if isinstance(self.legacy, list) and not 1 <= len(self.legacy) <= 3:
            raise ValueError("a legacy names one to three seats")
        for votes in self.voting or ():
            if isinstance(votes, list) and any(isinstance(v, bool) for v in votes[:-1]):
                raise ValueError("only the last item of a round's votes answers the lift")
        return self


class Moderator(_Model):
    id: int
    name: str | None = None


class SiteGame(_Model):
    """One finished game as the site's reader takes it."""

    version: str | None = None
    id: int | None = None
    clubId: int  # noqa: N815 (the site's names)
    eventId: int | None = None  # noqa: N815
    tournamentId: int | None = None  # noqa: N815
    tableNum: int | None = None  # noqa: N815
    gameNum: int | None = None  # noqa: N815
    startTime: int | str  # noqa: N815 (seconds since 1970, or ISO 8601)
    endTime: int | str  # noqa: N815
    timezone: str | None = None
    language: Annotated[str, Field(pattern=r"^[a-z]{2}$")] = "ru"
    rules: Annotated[str, Field(pattern=r"^[0-9]{13}$")] | None = None
    features: Annotated[str, Field(pattern=r"^[agsdutclihvknwro]*$")] | None = None
    rating: bool | None = None
    winner: Winner
    moderator: Moderator
    players: list[Player] = Field(min_length=10, max_length=10)

    @model_validator(mode="after")
    def _roles(self) -> SiteGame:
        roles: list[str] = [p.role or "civ" for p in self.players]
        wanted = {"civ": 6, "sheriff": 1, "maf": 2, "don": 1}
        for role, n in wanted.items():
            if roles.count(role) != n:
                raise ValueError(f"the game has {roles.count(role)} {role}: must be {n}")
        return self


# Top-level and player fields the reader knows but the kit neither writes nor needs.
KNOWN_EXTRA_TOP = frozenset({"hideRoles", "streaming", "obsScene", "time"})


def known_fields(obj: Mapping[str, object]) -> tuple[dict[str, object], list[str]]:
    """`obj` without the fields the models do not name, and the names set aside (the
    importer says each on stderr: never dropped silently)."""
    top = set(SiteGame.model_fields)
    each = set(Player.model_fields)
    dropped = [f"field {key!r}" for key in obj if key not in top]
    kept = {k: v for k, v in obj.items() if k in top}
    players = kept.get("players")
    if isinstance(players, list):
        fixed: list[object] = []
        for number, p in enumerate(players, start=1):
            if isinstance(p, dict):
                dropped += [f"seat {number}'s field {key!r}" for key in p if key not in each]
                fixed.append({k: v for k, v in p.items() if k in each})
            else:
                fixed.append(p)
        kept["players"] = fixed
    return kept, dropped


SCHEMA_FILE = "mafiaratings.schema.json"  # in docs/, written by `write_schema`


def schema() -> dict[str, JsonValue]:
    """The models as a JSON Schema, as docs/mafiaratings.schema.json holds them."""
    out: dict[str, JsonValue] = {"$id": f"docs/{SCHEMA_FILE}", **SiteGame.model_json_schema()}
    out["description"] = ("One finished game in the rating site's game JSON, format 1.3, as "
                          "the kit writes and reads it (docs/mafiaratings.md; written from "
                          "ratings/site.py by ratings.site.write_schema).")
    return out


def write_schema() -> None:
    """Write docs/mafiaratings.schema.json again after the models changed."""
    import json
    from pathlib import Path

    docs = Path(__file__).resolve().parents[1] / "docs"
    (docs / SCHEMA_FILE).write_text(json.dumps(schema(), ensure_ascii=False, indent=1) + "\n",
                                    encoding="utf-8")
