"""The head judge's decisions: auditable entries (who, when, why) that change how a game
counts, never the table's journal or protocol (000 III.15-16: the head judge rules on
protests, may change a result or order a replay; 000 II.3.7: a result changed to the
opposite after the game; 002: extra points above a table judge's limit need the head
judge's approval).

Decisions are appended, never edited: a mistaken one is undone by a later one (a result
changed back, extra points of 0 withdraw them). What a decision does to the points is
computed by the scoring library on the game as it counts (hub/standings.py), never here.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import NotRequired, TypedDict, TypeGuard

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_validator

from bus.payloads import DecisionRefusal, Person, Reason
from engine.classic.scoring.game import SeatScoreLine
from engine.viewmodels import MAX_SEATS
from hub.store import DecisionRow, Decisions, Json, ProtocolRow, StoredProtocol


class DecisionKind(StrEnum):
    CHANGE_RESULT = "change_result"  # args: winner (red | black | draw)
    ORDER_REPLAY = "order_replay"  # the game does not count; the table plays it again
    PROTEST_FILED = "protest_filed"  # args: seat (who wrote it in the protocol)
    PROTEST_ACCEPTED = "protest_accepted"  # args: remedy (Remedy) and the remedy's args
    PROTEST_REJECTED = "protest_rejected"
    EXTRA_POINTS = "extra_points"  # args: seat, points (approved above the judge's limit)


class Remedy(StrEnum):
    """What an accepted protest changes (000 III.15.2-4 and the appendix on protests: a
    replay, the result changed to the opposite, a penalty imposed after the fact)."""

    NONE = "none"
    CHANGE_RESULT = "change_result"  # args: winner
    ORDER_REPLAY = "order_replay"
    EXTRA_POINTS = "extra_points"  # args: seat, points
    PENALTY = "penalty"  # args: seat, points (negative), clause (optional)


# The clause each kind of decision rests on, carried into games.json next to the figures.
CLAUSES: dict[str, str] = {
    DecisionKind.CHANGE_RESULT: "000 III.16, 000 II.3.7",
    DecisionKind.ORDER_REPLAY: "000 III.16",
    DecisionKind.PROTEST_FILED: "000 III.15.1",
    DecisionKind.PROTEST_ACCEPTED: "000 III.15.2-4",
    DecisionKind.PROTEST_REJECTED: "000 III.15.2-4",
    DecisionKind.EXTRA_POINTS: "002 \"по согласованию с главным судьёй\"",
}
PENALTY_CLAUSE = "000 III.15, \"Протест по дисциплинарным правилам\""
WINNERS = ("red", "black", "draw")


class ProtestState(TypedDict):
    """A protest written in the protocol and where it stands: open, accepted, rejected."""

    seat: JsonValue
    state: str
    id: int


class PointsGiven(TypedDict):
    """Extra points (002) or a penalty (000 III.15) approved by the head judge, for a seat."""

    seat: int
    points: int | float
    approved_by: str


class PenaltyGiven(PointsGiven):
    clause: str


class GameBook(TypedDict):
    """A decided game as it counts (`effective_games`): the table's result, the decisions
    taken on it; `games_as_they_count` (hub/standings.py) adds its points."""

    table: str
    game_id: str
    round: int | None
    players: JsonValue
    table_winner: str | None
    winner: str | None
    counts: bool
    extra_points: list[PointsGiven]
    penalties: list[PenaltyGiven]
    protests: list[ProtestState]
    decisions: list[Json]
    score: NotRequired[dict[str, SeatScoreLine] | None]
    not_applied: NotRequired[list[str]]
    left_out: NotRequired[str]


MAX_POINTS = 100  # no league gives or takes more in one game; 1e400 reads as infinity


def points_ok(value: object) -> TypeGuard[int | float]:
    """A number of points a decision can carry: finite and of a sane size."""
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value) and abs(value) <= MAX_POINTS)


def _seat_ok(value: object) -> TypeGuard[int]:
    """A seat of some table (1-15, 004 §1); the game's own count is checked where the game is
    known (hub/club.py `club_refusal`)."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_SEATS


class ArgsError(ValueError):
    """What a decision's `args` lack, in the head judge's words and by key (for his page)."""

    def __init__(self, key: DecisionRefusal, text: str, **params: str) -> None:
        super().__init__(text)
        self.key, self.params = key, params


def check_args(kind: DecisionKind | Remedy, args: Json) -> None:
    """Raise ArgsError, in the head judge's words, when `args` lack what `kind` needs."""
    what = kind.value.replace("_", " ")
    if kind in (DecisionKind.CHANGE_RESULT, Remedy.CHANGE_RESULT) and (
            args.get("winner") not in WINNERS):
        raise ArgsError(DecisionRefusal.NEEDS_WINNER,
                        "a changed result needs winner red, black or draw")
    if kind in (DecisionKind.EXTRA_POINTS, DecisionKind.PROTEST_FILED, Remedy.EXTRA_POINTS,
                Remedy.PENALTY) and not _seat_ok(args.get("seat")):
        raise ArgsError(DecisionRefusal.NEEDS_SEAT, f"{what} needs the seat (1-{MAX_SEATS})",
                        kind=kind.value)
    if kind in (DecisionKind.EXTRA_POINTS, Remedy.EXTRA_POINTS) and not points_ok(
            args.get("points")):
        raise ArgsError(DecisionRefusal.NEEDS_POINTS, "extra points need the number of points")
    if kind is Remedy.PENALTY:
        points = args.get("points")
        if not points_ok(points) or points >= 0:
            raise ArgsError(DecisionRefusal.PENALTY_NEGATIVE,
                            "a penalty needs negative points, e.g. points=-0.5")
        clause = args.get("clause")
        if clause is not None and (not isinstance(clause, str) or not clause.strip()):
            raise ArgsError(DecisionRefusal.PENALTY_CLAUSE,
                            "a penalty's clause is text, e.g. clause=\"000 II.2.13\"")


class Decision(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: DecisionKind
    table: str = Field(min_length=1, max_length=40)
    game_id: str = Field(min_length=1, max_length=64)
    who: Person
    why: Reason
    args: Json = Field(default_factory=dict)

    @model_validator(mode="after")
    def _args(self) -> Decision:
        check_args(self.kind, self.args)
        if self.kind is DecisionKind.PROTEST_ACCEPTED:
            remedy = self.args.get("remedy", Remedy.NONE.value)
            if not isinstance(remedy, str) or remedy not in {r.value for r in Remedy}:
                raise ArgsError(DecisionRefusal.UNKNOWN_REMEDY,
                                "an accepted protest's remedy is one of "
                                + ", ".join(r.value for r in Remedy))
            check_args(Remedy(remedy), self.args)
        return self

    def effect(self) -> str:
        """What the decision does to the count: its kind, or an accepted protest's remedy."""
        return effect_of(self.kind, self.args)


def effect_of(kind: str, args: Json) -> str:
    if kind == DecisionKind.PROTEST_ACCEPTED:
        return str(args.get("remedy", Remedy.NONE.value))
    return kind


def effective_games(protocols: Iterable[ProtocolRow], decisions: Decisions,
                    rounds: Mapping[tuple[str, str], int]) -> list[GameBook]:
    """Every finished game as it counts: the table's result, then the decisions in order.

    Only the bookkeeping (who decided what, which protests are open); the points of the game
    as it counts come from hub/standings.py through the scoring library."""
    out: dict[tuple[str, str], GameBook] = {}
    for table, game_id, protocol in protocols:
        result = protocol.get("result", {})
        winner = result.get("winner")
        winner = winner if isinstance(winner, str) else None  # red, black, draw or none yet
        out[(table, game_id)] = {
            "table": table, "game_id": game_id,
            "round": rounds.get((table, game_id), round_of(protocol)),
            "players": protocol.get("header", {}).get("players"),
            "table_winner": winner, "winner": winner,
            "counts": True, "extra_points": [], "penalties": [], "protests": [],
            "decisions": [],
        }
    for d in decisions:
        game = out.get((d.table, d.game_id))
        if game is None:
            continue  # a decision about a game whose protocol is not in yet: applied later
        game["decisions"].append({"id": d.id, "at": d.at, "who": d.who, "why": d.why,
                                  "kind": d.kind, "clause": CLAUSES.get(d.kind, ""), **d.args})
        effect = effect_of(d.kind, d.args)
        if effect == DecisionKind.CHANGE_RESULT:
            game["winner"] = str(d.args["winner"])
        elif effect == DecisionKind.ORDER_REPLAY:
            game["counts"] = False
        elif effect == DecisionKind.EXTRA_POINTS:
            game["extra_points"].append({**seat_points(d), "approved_by": d.who})
        elif effect == Remedy.PENALTY:
            clause = d.args.get("clause")
            game["penalties"].append({**seat_points(d), "clause": (
                clause if isinstance(clause, str) and clause else PENALTY_CLAUSE),
                "approved_by": d.who})
        if d.kind == DecisionKind.PROTEST_FILED:
            game["protests"].append({"seat": d.args["seat"], "state": "open", "id": d.id})
        elif d.kind in (DecisionKind.PROTEST_ACCEPTED, DecisionKind.PROTEST_REJECTED):
            for protest in game["protests"]:
                if protest["state"] == "open":
                    protest["state"] = d.kind.removeprefix("protest_")
                    break
    return list(out.values())


class SeatPoints(TypedDict):
    seat: int
    points: int | float


def seat_points(d: DecisionRow) -> SeatPoints:
    """The seat and points of a stored decision that gives or takes points (`check_args`
    checked them when it was taken: anything else is a damaged store)."""
    seat, points = d.args.get("seat"), d.args.get("points")
    if not _seat_ok(seat) or not points_ok(points):
        raise ValueError(f"decision {d.id} in the hub's store has no seat and points: "
                         f"{json.dumps(d.args)[:80]}")
    return {"seat": seat, "points": points}


def round_of(protocol: StoredProtocol) -> int | None:
    """The round a protocol's game belongs to: its header's `game` number (hub/outbox.py
    writes the round there when it sends the game)."""
    number = protocol.get("header", {}).get("game")
    return number if isinstance(number, int) and not isinstance(number, bool) else None
