"""The head judge's decisions: auditable entries (who, when, why) that change how a game
counts, never the table's journal or protocol (000 III.15-16: the head judge rules on
protests, may change a result or order a replay; 002: extra points above a table judge's
limit need the head judge's approval).

Decisions are appended, never edited: a mistaken one is undone by a later one.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator


class DecisionKind(StrEnum):
    CHANGE_RESULT = "change_result"  # args: winner (red | black | draw)
    ORDER_REPLAY = "order_replay"  # the game does not count; the table plays it again
    PROTEST_FILED = "protest_filed"  # args: seat (who wrote it in the protocol)
    PROTEST_ACCEPTED = "protest_accepted"
    PROTEST_REJECTED = "protest_rejected"
    EXTRA_POINTS = "extra_points"  # args: seat, points (approved above the judge's limit)


WINNERS = ("red", "black", "draw")


class Decision(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: DecisionKind
    table: str = Field(min_length=1, max_length=40)
    game_id: str = Field(min_length=1, max_length=64)
    who: str = Field(min_length=1, max_length=80)
    why: str = Field(min_length=3, max_length=2000)
    args: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _args(self) -> Decision:
        if self.kind is DecisionKind.CHANGE_RESULT and self.args.get("winner") not in WINNERS:
            raise ValueError("a changed result needs winner red, black or draw")
        if self.kind in (DecisionKind.EXTRA_POINTS, DecisionKind.PROTEST_FILED):
            seat = self.args.get("seat")
            if not isinstance(seat, int) or not 1 <= seat <= 10:
                raise ValueError(f"{self.kind.value} needs the seat (1-10)")
        if self.kind is DecisionKind.EXTRA_POINTS and not isinstance(
                self.args.get("points"), int | float):
            raise ValueError("extra points need the number of points")
        return self


def effective_games(protocols: list[tuple[str, str, dict[str, Any]]],
                    decisions: list[tuple[int, str, str, str, str, str, str, dict[str, Any]]],
                    rounds: dict[tuple[str, str], int]) -> list[dict[str, Any]]:
    """Every finished game as it counts: the table's result, then the decisions in order."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for table, game_id, protocol in protocols:
        result = protocol.get("result", {})
        out[(table, game_id)] = {
            "table": table, "game_id": game_id, "round": rounds.get((table, game_id)),
            "players": protocol.get("header", {}).get("players"),
            "table_winner": result.get("winner"), "winner": result.get("winner"),
            "counts": True, "extra_points": [], "protests": [], "decisions": [],
        }
    for number, at, who, why, kind, table, game_id, args in decisions:
        game = out.get((table, game_id))
        if game is None:
            continue  # a decision about a game whose protocol is not in yet: applied later
        game["decisions"].append({"id": number, "at": at, "who": who, "why": why,
                                  "kind": kind, **args})
        if kind == DecisionKind.CHANGE_RESULT:
            game["winner"] = args["winner"]
        elif kind == DecisionKind.ORDER_REPLAY:
            game["counts"] = False
        elif kind == DecisionKind.EXTRA_POINTS:
            game["extra_points"].append({"seat": args["seat"], "points": args["points"]})
        elif kind == DecisionKind.PROTEST_FILED:
            game["protests"].append({"seat": args["seat"], "state": "open", "id": number})
        elif kind in (DecisionKind.PROTEST_ACCEPTED, DecisionKind.PROTEST_REJECTED):
            for protest in game["protests"]:
                if protest["state"] == "open":
                    protest["state"] = kind.removeprefix("protest_")
                    break
    return list(out.values())
