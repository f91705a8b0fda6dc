"""The head judge's decisions change how games count, never the tables' protocols; the export
holds everything (games, decisions, protocols, quarantine)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from engine.classic.log import action_to_dict
from engine.classic.playout import random_game
from engine.classic.replay import replay
from engine.log import header
from hub.decisions import Decision, DecisionKind, effective_games
from hub.export import export
from hub.store import Store


def finished_protocol(seed: int, table: str, rules: str = "cml", game_id: str = "g1",
                      round_number: int | None = None, close: bool = False
                      ) -> dict[str, Any]:
    from device.table.snapshots import protocol

    head = header(rules, table=table, players=[f"P{i}" for i in range(10)],
                  **({} if round_number is None else {"game": round_number}))
    entered = [action_to_dict(a) for a in random_game(rules, seed).entered]
    if close:
        entered.append({"action": "close", "judge": "Table judge"})
    lines = [json.dumps(head), *(json.dumps(a) for a in entered)]
    _, game = replay(lines)
    decoded: dict[str, Any] = json.loads(protocol(game, game_id, head).model_dump_json())
    return decoded


def decide(store: Store, kind: DecisionKind, game_id: str = "g1", **args: object) -> None:
    d = Decision(kind=kind, table="1", game_id=game_id, who="Head judge Petrova",
                 why="seen on the video", args=args)
    store.add_decision("2026-11-30T21:00:00+00:00", who=d.who, why=d.why, kind=d.kind.value,
                       table=d.table, game_id=d.game_id, args=d.args)


def test_decisions_change_the_count_never_the_protocol(tmp_path: Path) -> None:
    store = Store(tmp_path / "hub.sqlite")
    protocol = finished_protocol(3, "1")
    store.add_protocol("1", "g1", protocol, "now")
    winner = protocol["result"]["winner"]
    other = "black" if winner == "red" else "red"
    decide(store, DecisionKind.CHANGE_RESULT, winner=other)
    decide(store, DecisionKind.PROTEST_FILED, seat=4)
    decide(store, DecisionKind.EXTRA_POINTS, seat=2, points=0.5)
    [game] = effective_games(store.protocols(), store.decisions(), {("1", "g1"): 1})
    assert game["table_winner"] == winner and game["winner"] == other
    assert game["protests"] == [{"seat": 4, "state": "open", "id": 2}]
    assert game["extra_points"] == [{"seat": 2, "points": 0.5,
                                     "approved_by": "Head judge Petrova"}]
    assert [d["who"] for d in game["decisions"]] == ["Head judge Petrova"] * 3
    decide(store, DecisionKind.PROTEST_REJECTED)
    decide(store, DecisionKind.ORDER_REPLAY)
    [game] = effective_games(store.protocols(), store.decisions(), {})
    assert game["protests"][0]["state"] == "rejected" and game["counts"] is False
    assert store.protocol("1", "g1") == protocol  # the table's record is untouched
    counts = export(store, tmp_path / "out")
    assert counts == {"protocols": 1, "games": 1, "decisions": 5, "quarantined": 0,
                      "club_protocols": 0}
    # the replayed game does not count in the scoring library's standings
    # (standings.json also says which round they are as of: none here, no round known)
    assert json.loads((tmp_path / "out" / "standings.json").read_text()) == {
        "as_of_round": None, "left_out": ["table 1 game g1: a replay was ordered"]}
    assert json.loads((tmp_path / "out" / "protocols" / "1-g1.json").read_text()) == protocol
    assert "no" in (tmp_path / "out" / "games.csv").read_text().splitlines()[1]
    store.close()


def test_a_decision_without_what_it_needs_is_refused_in_words() -> None:
    with pytest.raises(ValidationError, match="winner red, black or draw"):
        Decision(kind=DecisionKind.CHANGE_RESULT, table="1", game_id="g", who="x",
                 why="because", args={"winner": "blue"})
    with pytest.raises(ValidationError, match="seat"):
        Decision(kind=DecisionKind.EXTRA_POINTS, table="1", game_id="g", who="x",
                 why="because", args={"points": 1})


def test_the_same_event_and_protocol_are_stored_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "hub.sqlite")
    assert store.add_event("1", "g", 1, action={"action": "start"}, at="a", received="b")
    assert not store.add_event("1", "g", 1, action={"action": "start"}, at="a", received="c")
    protocol = finished_protocol(4, "1")
    assert store.add_protocol("1", "g1", protocol, "now")
    assert not store.add_protocol("1", "g1", protocol, "later")
    assert store.event_count() == 1 and len(store.protocols()) == 1
    store.close()
