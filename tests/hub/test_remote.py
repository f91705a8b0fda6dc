"""The head judge's decisions over MQTT (hub/remote.py) and the players' public page
(hub/players.py), on the hub's real store: taken as the CLI takes them, refused with the
reason, never recorded twice; no role of an undecided game in the players' data."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from bus.payloads import DECISION_KINDS, DecisionReply, DecisionRequest, encode
from hub import cli
from hub.decisions import DecisionKind, effective_games
from hub.players import players_state
from hub.remote import RemoteDesk, judge_state
from hub.seating import TournamentPlan, generate
from hub.store import Store
from tests.hub.test_decisions import finished_protocol

AT = "2026-11-30T23:30:00+00:00"


def request(n: int = 1, **changes: Any) -> bytes:
    fields: dict[str, Any] = {"request_id": f"page-1:{n}", "kind": "change_result",
                              "table": "1", "game_id": "g1", "who": "Head judge Petrova",
                              "why": "seen on the video", "args": {"winner": "draw"}}
    fields.update(changes)
    return encode(DecisionRequest(**fields))


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "hub.sqlite")
    store.add_protocol("1", "g1", finished_protocol(3, "1"), "now")
    return store


def desk(store: Store) -> RemoteDesk:
    return RemoteDesk(store, ("1", "2"), lambda: AT)


def test_the_contract_names_the_hubs_decision_kinds() -> None:
    assert set(DECISION_KINDS) == {kind.value for kind in DecisionKind}


def test_a_decision_is_recorded_exactly_as_the_cli_records_it(
        store: Store, tmp_path: Path) -> None:
    reply = desk(store).decide(request(why="  seen on the video  "))
    assert reply == DecisionReply(request_id="page-1:1", ok=True, decision_id=1)
    [recorded] = store.decisions()
    assert recorded[:2] == (1, AT)
    (tmp_path / "hub.toml").write_text(
        f'tournament = "cup"\ntables = ["1"]\ndatabase = "{tmp_path / "cli.sqlite"}"\n')
    assert cli.decide(argparse.Namespace(
        config=tmp_path / "hub.toml", table="1", game="g1", kind="change_result",
        who="Head judge Petrova", why="seen on the video", arg=["winner=draw"])) == 0
    by_cli = Store(tmp_path / "cli.sqlite")
    [(_, cli_at, *cli_rest)] = by_cli.decisions()
    assert tuple(cli_rest) == recorded[2:]
    assert cli_at[10] == AT[10] == "T" and cli_at.endswith("+00:00")  # both ISO, UTC
    [game] = effective_games(store.protocols(), store.decisions(), {})
    assert game["winner"] == "draw" and game["decisions"][0]["who"] == "Head judge Petrova"


def test_a_repeated_request_is_answered_again_and_recorded_once(
        store: Store, tmp_path: Path) -> None:
    first = desk(store).decide(request())
    assert desk(store).decide(request()) == first
    refused = desk(store).decide(request(2, table="9"))
    assert desk(store).decide(request(2, table="9")) == refused
    store.close()
    again = Store(tmp_path / "hub.sqlite")  # a restarted hub remembers its answers
    assert desk(again).decide(request()) == first
    assert len(again.decisions()) == 1


REFUSALS = [
    ({"table": "9"}, "table 9 is not a table of this tournament"),
    ({"table": "2"}, "game g1 at table 2 has no protocol at the hub yet"),
    ({"args": {"winner": "blue"}}, "winner red, black or draw"),
    ({"kind": "protest_accepted", "args": {}}, "game g1 at table 1 has no open protest"),
    ({"kind": "extra_points", "args": {"seat": 11, "points": 0.3}}, "seat"),
    ({"kind": "extra_points", "args": {"seat": 4, "points": 0.25}},
     "points are given in tenths"),
]


@pytest.mark.parametrize(("changes", "reason"), REFUSALS)
def test_a_refused_decision_is_answered_with_the_reason_and_nothing_is_recorded(
        store: Store, changes: dict[str, Any], reason: str) -> None:
    reply = desk(store).decide(request(**changes))
    assert reply is not None and not reply.ok and reply.decision_id is None
    assert reason in (reply.error or "")
    assert store.decisions() == []


def test_a_result_the_game_already_has_is_refused(store: Store) -> None:
    winner = store.protocol("1", "g1")["result"]["winner"]  # type: ignore[index]
    reply = desk(store).decide(request(args={"winner": winner}))
    assert reply is not None and reply.error == (
        f"game g1 at table 1 already counts as a {winner} win")
    assert desk(store).decide(request(2)) == DecisionReply(
        request_id="page-1:2", ok=True, decision_id=1)
    again = desk(store).decide(request(3))
    assert again is not None and again.error == "game g1 at table 1 already counts as a draw"


def test_a_protest_is_filed_then_ruled_on_once(store: Store) -> None:
    d = desk(store)
    filed = d.decide(request(1, kind="protest_filed", args={"seat": 4}))
    ruled = d.decide(request(2, kind="protest_rejected", args={}))
    twice = d.decide(request(3, kind="protest_accepted", args={}))
    assert filed is not None and filed.ok and ruled is not None and ruled.ok
    assert twice is not None and "no open protest" in (twice.error or "")


def test_broken_requests(store: Store) -> None:
    d = desk(store)
    wrong_version = json.loads(request())
    wrong_version["schema_version"] = 2
    reply = d.decide(json.dumps(wrong_version).encode())
    assert reply is not None and reply.request_id == "page-1:1"
    assert "unsupported schema_version 2" in (reply.error or "")
    assert d.decide(b"not json") is None  # nothing to answer: the hub quarantines it
    assert d.decide(b'{"request_id": "a b"}') is None
    assert store.decisions() == []


def test_the_judge_state_has_every_decision_and_protocol(store: Store) -> None:
    desk(store).decide(request(1, kind="protest_filed", args={"seat": 4}))
    state = judge_state({"tournament": "cup", "tables": []}, store)
    assert state["tournament"] == "cup"
    assert [(d["who"], d["why"], d["kind"], d["at"]) for d in state["decisions"]] == [
        ("Head judge Petrova", "seen on the video", "protest_filed", AT)]
    assert state["protests"] == [{"table": "1", "game_id": "g1", "seat": 4, "state": "open",
                                  "id": 1}]
    [protocol] = state["protocols"]
    assert protocol["roles"] == store.protocol("1", "g1")["reveal"]["roles"]  # type: ignore[index]


def test_the_players_page_shows_the_next_seat_and_roles_of_decided_games_only(
        tmp_path: Path) -> None:
    names = tuple(f"P{i}" for i in range(10))
    seating = generate(TournamentPlan(players=names, tables=("1",), rounds=2), seed=1,
                       effort=0.1)
    store = Store(tmp_path / "hub.sqlite")
    protocol = finished_protocol(3, "1")
    protocol["header"]["players"] = list(seating.rounds[0].games[0].seats)
    store.add_protocol("1", "r1-t1", protocol, "now")
    games = effective_games(store.protocols(), store.decisions(), {("1", "r1-t1"): 1})
    aggregate = {"tournament": "cup", "standings": {"games": 1}}
    state = players_state(seating, games, store.protocols(), [], undecided=(),
                          aggregate=aggregate)
    by_name = {p["player"]: p for p in state["players"]}
    roles = protocol["reveal"]["roles"]
    for seat, name in enumerate(seating.rounds[0].games[0].seats, start=1):
        [game] = by_name[name]["games"]
        assert (game["seat"], game["role"], game["round"]) == (seat, roles[str(seat)], 1)
        assert isinstance(game["points"], float)
        next_seat = seating.rounds[1].games[0].seats.index(name) + 1
        assert by_name[name]["next"] == {"round": 2, "table": "1", "seat": next_seat}
    assert state["standings"] == {"games": 1}
    # the table went back into the game (an undo after the decision): no role, and the
    # player still sits there
    running = players_state(seating, games, store.protocols(), [],
                            undecided={("1", "r1-t1")}, aggregate=aggregate)
    assert all(p["games"] == [] for p in running["players"])
    assert all(p["next"]["round"] == 1 for p in running["players"])
    assert not any(f'"{role}"' in json.dumps(running) for role in ("don", "sheriff", "mafia"))


def test_a_players_points_follow_a_changed_result(tmp_path: Path) -> None:
    """000 III.16: the game counts with the head judge's result, on the players' page too."""
    store = Store(tmp_path / "hub.sqlite")
    protocol = finished_protocol(3, "1")
    store.add_protocol("1", "g1", protocol, "now")
    winner = protocol["result"]["winner"]
    aggregate: dict[str, Any] = {"tournament": "cup"}

    def points() -> dict[str, float]:
        games = effective_games(store.protocols(), store.decisions(), {})
        state = players_state(None, games, store.protocols(), store.decisions(), undecided=(),
                              aggregate=aggregate)
        return {p["player"]: p["games"][0]["points"] for p in state["players"]}

    before = points()
    desk(store).decide(request(args={"winner": "black" if winner == "red" else "red"}))
    after = points()
    roles = protocol["reveal"]["roles"]
    for seat in range(1, 11):
        name = f"P{seat - 1}"
        won_before = (roles[str(seat)] in ("mafia", "don")) == (winner == "black")
        assert (after[name] < before[name]) if won_before else (after[name] > before[name])
