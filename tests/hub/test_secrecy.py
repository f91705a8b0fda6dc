"""A game is secret until it is decided, in every copy the hub keeps (issue 24, item 1): an
undo of the end takes it out of the standings, the aggregate (its winner, `wins_by_role`),
the players' pages, the head judge's state and the round pages at once; a restarted hub does
not bring it back, not even for a second; a stale retained protocol does not either; a
decision on it is refused by key; decided again, it comes back. Real hub, real table, real
broker: every message on `hub/#` is recorded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.payloads import DecisionRefusal, DecisionRequest, encode
from bus.testing import connected_client, next_of, raw_publish
from bus.topics import decide_topic, judge_reply_topic, table_topic
from device.testing import running_table
from hub.registry import Liveness
from hub.remote import RemoteDesk
from hub.service import HubService
from hub.store import Store
from tests.hub.helpers import (
    HEARTBEAT_S,
    HubWatcher,
    T,
    actions_of,
    deciding_index,
    hub_settings,
    own_protocol,
    play,
    roles_in,
    running_hub,
    stored,
    wait_for,
)
from tests.hub.test_decisions import finished_protocol

SEED = 2
GAME = "r1-t1"


def shows_the_game(pages: dict[str, Any]) -> bool:
    """True if any hub page counts or reveals game r1-t1."""
    aggregate = pages.get("public/aggregate") or {}
    return bool(aggregate.get("games") or aggregate.get("standings")
                or any(t.get("winner") for t in aggregate.get("tables", []))
                or (pages.get("public/rounds/1") or {}).get("games")
                or (pages.get("public/players") or {}).get("rounds")
                or (pages.get("public/players") or {}).get("standings")
                or (pages.get("judge/rounds/1") or {}).get("protocols")
                or (pages.get("judge/state") or {}).get("standings")
                or roles_in(json.dumps(pages)))


def gone(pages: dict[str, Any]) -> bool:
    return all(k in pages for k in ("public/aggregate", "public/players", "public/rounds/1",
                                    "judge/state", "judge/rounds/1")) and not shows_the_game(
        pages)


def counted(pages: dict[str, Any]) -> bool:
    aggregate = pages.get("public/aggregate") or {}
    return bool([g["game_id"] for g in aggregate.get("games", [])] == [GAME]
                and aggregate.get("standings")
                and (pages.get("public/rounds/1") or {}).get("games"))


def test_an_undo_of_the_end_takes_the_game_out_of_everything_the_hub_shows(
        private_broker: MosquittoProcess, tmp_path: Path) -> None:
    config = private_broker.config()
    settings = hub_settings(tmp_path, private_broker.url, 1)
    actions = actions_of(SEED)
    undos = len(actions) - deciding_index(SEED)  # back to just before the deciding action
    watcher = HubWatcher(config)
    judge = connected_client(config, "judge", judge_reply_topic(T))
    try:
        with running_table(tmp_path / "t1.sqlite", private_broker.url, tournament=T,
                           table="1", heartbeat_s=HEARTBEAT_S) as table:
            with running_hub(settings) as hub:
                wait_for("the table online",
                         lambda: hub.registry.tables["1"].state is Liveness.ONLINE)
                hub.start_round(1)
                wait_for("the round's game", lambda: table.game_id == GAME
                         and len(table.names) == 10)
                play(table, actions)
                wait_for("the protocol at the hub",
                         lambda: stored(hub).protocol("1", GAME) == own_protocol(table))
                pages = watcher.until("the decided game on every page", counted)
                assert pages["public/aggregate"]["standings"]["standings"][0]["wins_by_role"]
                protocol = own_protocol(table)

                play(table, [{"action": "undo"}] * undos)
                assert table.table_game.state.winner is None
                watcher.until("the game gone from every page at once", gone)
                assert stored(hub).protocols() == []
                # decisions on the running game are refused, by key (the page words them)
                judge.publish(decide_topic(T, "head-judge-anna"), DecisionRequest(
                    request_id="page:1", kind="change_result", table="1", game_id=GAME,
                    who="Anna", why="seen on the video", args={"winner": "draw"}))
                reply = next_of(judge, Received)
                assert json.loads(reply.payload)["reason"]["key"] == (
                    DecisionRefusal.NOT_DECIDED.value)
                assert stored(hub).decisions() == []

                # an old retained protocol of that game (a table that did not clear it) is
                # stored but does not count: the table's snapshot says the game runs
                raw_publish(config, [(table_topic(T, "1", "protocol"),
                                      encode_protocol(protocol), True),
                                     (table_topic(T, "1", "heartbeat"), b"marker", False)])
                wait_for("the marker behind it", lambda: any(
                    "heartbeat" in topic for topic, _ in stored(hub).quarantined()))
                assert stored(hub).protocols() == []
                watcher.drain()
                assert not shows_the_game(watcher.latest)

            # the hub restarts while the game runs: nothing of it comes back, live or retained
            restarted = HubService(settings, connect=False)
            assert restarted.aggregate()["games"] == []
            assert restarted.standings() is None
            restarted.close()
            watcher.drain()
            mark = len(watcher.seen)
            with running_hub(settings) as hub:
                watcher.until("the restarted hub's pages", lambda p: len(watcher.seen) > mark
                              and any(n == "judge/state" for n, _ in watcher.seen[mark:]))
                after = watcher.seen[mark:]
                assert not any(roles_in(text) for _, text in after), after
                late = HubWatcher(config, "late")  # what a phone connecting now gets
                try:
                    retained = late.until("the retained pages", gone)
                    assert not shows_the_game(retained)
                finally:
                    late.close()

                # decided again: it counts again everywhere
                play(table, actions[len(actions) - undos:])
                wait_for("the protocol again",
                         lambda: stored(hub).protocol("1", GAME) == own_protocol(table))
                watcher.until("the game back on every page", counted)
    finally:
        judge.close()
        watcher.close()


def encode_protocol(protocol: dict[str, Any]) -> bytes:
    return json.dumps(protocol, ensure_ascii=False).encode()


def test_a_decision_on_a_game_back_in_play_is_refused_by_key(tmp_path: Path) -> None:
    store = Store(tmp_path / "hub.sqlite")
    store.add_protocol("1", "g1", finished_protocol(3, "1"), "now")
    assert store.withdraw("1", "g1", "later")
    request = encode(DecisionRequest(request_id="p:1", kind="order_replay", table="1",
                                     game_id="g1", who="Anna", why="the table was noisy"))
    reply = RemoteDesk(store, ("1",), lambda: "now").decide(request, "head-judge")
    assert reply is not None and not reply.ok and reply.reason is not None
    assert reply.reason.key is DecisionRefusal.NOT_DECIDED
    assert reply.reason.params == {"game": "g1", "table": "1"}
    assert "took it back into play" in (reply.error or "")
    assert store.reinstate("1", "g1")  # decided again: the same request is now taken
    again = RemoteDesk(store, ("1",), lambda: "now").decide(
        request.replace(b"p:1", b"p:2"), "head-judge")
    assert again is not None and again.ok


def test_an_undone_game_outside_the_seating_leaves_its_round_page_too(
        private_broker: MosquittoProcess, tmp_path: Path) -> None:
    """Found by tests/test_secrecy_restarts.py on the merge: a hub without a seating (or a
    game opened at the table, its round from its header) republished only the rounds with a
    decided game, so the round page of a game taken back by an undo kept its roles,
    retained, for every phone connecting later."""
    from engine.log import header

    config = private_broker.config()
    settings = hub_settings(tmp_path, private_broker.url, 1).model_copy(
        update={"seating": None, "tables": ["1"]})
    actions = actions_of(SEED)
    undos = len(actions) - deciding_index(SEED)
    watcher = HubWatcher(config)
    try:
        with running_table(tmp_path / "t1.sqlite", private_broker.url, tournament=T,
                           table="1", heartbeat_s=HEARTBEAT_S) as table, \
                running_hub(settings) as hub:
            wait_for("the table online",
                     lambda: hub.registry.tables["1"].state is Liveness.ONLINE)
            table.new_game(header("cml", game=5, players=[f"P{n}" for n in range(1, 11)]),
                           "evening-5")
            play(table, actions)
            watcher.until("the decided game on its round page", lambda p: bool(
                (p.get("public/rounds/5") or {}).get("games")
                and (p.get("judge/rounds/5") or {}).get("protocols")))
            play(table, [{"action": "undo"}] * undos)
            pages = watcher.until("the round pages emptied", lambda p: not (
                (p.get("public/rounds/5") or {}).get("games")
                or (p.get("judge/rounds/5") or {}).get("protocols")))
            assert not roles_in(json.dumps(pages))
            late = HubWatcher(config, "late")  # what a phone connecting now gets
            try:
                retained = late.until("the retained round pages", lambda p: all(
                    n in p for n in ("public/rounds/5", "judge/rounds/5")))
                assert not roles_in(json.dumps(retained))
            finally:
                late.close()
    finally:
        watcher.close()
