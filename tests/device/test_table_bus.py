"""The table service against a real mosquitto: snapshots, commands, bad input, the ACL."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.payloads import Command, Reply, Snapshot, decode, encode
from bus.testing import (
    ACL_TABLE,
    ACL_TABLE_USER,
    ACL_TOURNAMENT,
    connected_client,
    next_message,
    next_of,
    raw_publish,
)
from bus.topics import command_topic, table_base, table_topic
from device.testing import running_table, submit
from engine.classic.views import view
from engine.viewmodels import JudgeView, PublicView
from engine.vocab import InfoClass
from tests.classic import classic_game

T, N = "cup", "3"


def public_topic() -> str:
    return table_topic(T, N, "public")


def snapshot_with(client, topic: str, seq: int) -> Snapshot:  # type: ignore[no-untyped-def]
    """The next snapshot on `topic` whose seq is `seq` (earlier ones are skipped)."""
    item = next_of(client, Received, lambda i: i.topic == topic
                   and json.loads(i.payload)["seq"] == seq)
    snap = decode(topic.rsplit("/", 1)[1], item.payload)
    assert isinstance(snap, Snapshot)
    return snap


def test_every_accepted_action_updates_the_retained_views(broker: MosquittoProcess,
                                                          tmp_path: Path) -> None:
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N) as table:
        for line in ({"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1},
                     {"action": "start"}, {"action": "day"}):
            assert submit(table, line) == (True, "")
        watcher = connected_client(broker.config(), "watcher", table_base(T, N) + "/#")
        public_seq = table.screen_seqs.seq[InfoClass.PUBLIC]
        snap = snapshot_with(watcher, public_topic(), public_seq)  # the retained one
        game = classic_game(table)
        assert snap.view == view(game.state, game.rules, "public").model_copy(
            update={"timer": snap.view.timer})
        assert snap.view.speaker == 1 and snap.view.timer is not None
        assert snap.view.timer.paused is False and snap.view.timer.remaining is not None
        assert 0 < snap.uptime_s <= table.mono() - table.publisher.booted  # the table's clock
        assert isinstance(snap.view, PublicView)  # no field for roles at all
        judge = snapshot_with(watcher, table_topic(T, N, "judge"), 3)
        assert isinstance(judge.view, JudgeView) and judge.view.roles is not None
        assert judge.view.roles[3] == "don"
        watcher.close()


def test_rejected_action_reaches_the_judge_view_only(broker: MosquittoProcess,
                                                      tmp_path: Path) -> None:
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N) as table:
        watcher = connected_client(broker.config(), "watcher", table_topic(T, N, "judge"))
        ok, why = submit(table, {"action": "day"})
        assert not ok
        snap = next_of(watcher, Received, lambda i:
                       json.loads(i.payload)["view"].get("last_error") == why)
        assert json.loads(snap.payload)["seq"] == 0
        watcher.close()


def command(hub, name: str, **args: object) -> Reply:  # type: ignore[no-untyped-def]
    rid = secrets.token_hex(4)
    hub.publish(command_topic(T, N, name), Command(name=name, request_id=rid, args=args))
    item = next_of(hub, Received, lambda i: i.topic.endswith("/reply")
                   and json.loads(i.payload)["request_id"] == rid)
    reply = decode("reply", item.payload)
    assert isinstance(reply, Reply)
    return reply


def test_hub_commands(broker: MosquittoProcess, tmp_path: Path) -> None:
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N) as table:
        hub = connected_client(broker.config(), "hub", table_topic(T, N, "reply"))
        header = {"format": "mafia-game-log", "version": 1, "rules": "fiim"}
        reply = command(hub, "new_game", header=header, game_id="g-7")
        assert reply.ok and reply.result == {"game_id": "g-7"}
        assert command(hub, "roster", names=[f"P{i}" for i in range(1, 11)]).ok
        assert table.names[0] == "P1" and classic_game(table).rules.id == "fiim"
        reply = command(hub, "action", action={"action": "start"})
        assert not reply.ok and reply.error is not None and "deal the cards first" in reply.error
        reply = command(hub, "action", action={"action": "roles", "don": 1, "mafia": [2, 3],
                                                "sheriff": 4})
        assert reply.ok
        assert command(hub, "undo").ok
        assert classic_game(table).state.roles is None
        pong = command(hub, "ping")
        assert pong.ok and pong.result == {"game_id": "g-7", "actions": 0}
        hub.close()


def test_garbage_on_cmd_never_crashes_the_table(broker: MosquittoProcess, tmp_path: Path) -> None:
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N) as table:
        hub = connected_client(broker.config(), "hub", table_topic(T, N, "reply"))
        topic = command_topic(T, N, "action")
        good = json.loads(encode(Command(name="action", request_id="r1",
                                         args={"action": {"action": "start"}})))
        raw_publish(broker.config(), [(topic, b"x" * 70_000, False)])  # over our client's limit
        for raw in (b"not json", b"\xff\xfe", b"[]",
                    json.dumps({**good, "schema_version": 2}).encode(),
                    json.dumps({**good, "extra": 1}).encode(),
                    json.dumps({**good, "name": "undo"}).encode(),  # topic/name mismatch
                    json.dumps({**good, "args": {"action": "start"}}).encode()):
            hub.publish(topic, raw, qos=1, retain=False)
        assert command(hub, "ping").ok  # still alive, and nothing happened
        assert classic_game(table).actions == ()
        hub.close()


def test_only_the_hub_can_command_a_table(acl_broker: MosquittoProcess, tmp_path: Path) -> None:
    """ACL: a screen account (or another table) cannot command; the hub can."""
    url = acl_broker.config(ACL_TABLE_USER).url(with_password=True)
    with running_table(tmp_path / "j.sqlite", url, tournament=ACL_TOURNAMENT,
                       table=ACL_TABLE) as table:
        topic = command_topic(ACL_TOURNAMENT, ACL_TABLE, "action")
        roles = {"action": "roles", "don": 1, "mafia": [2, 3], "sheriff": 4}
        for user in ("scoreboard", "venue", "table-cup-4"):
            intruder = connected_client(acl_broker.config(user), f"x-{user}")
            intruder.publish(topic, Command(name="action", request_id="r-x", args={
                "action": roles}))
            intruder.close()
        hub = connected_client(acl_broker.config("hub"), "hub",
                               table_topic(ACL_TOURNAMENT, ACL_TABLE, "reply"))
        hub.publish(command_topic(ACL_TOURNAMENT, ACL_TABLE, "ping"),
                    Command(name="ping", request_id="r-ping"))
        reply = next_message(hub, table_topic(ACL_TOURNAMENT, ACL_TABLE, "reply"))
        assert json.loads(reply.payload)["request_id"] == "r-ping"
        assert classic_game(table).actions == ()  # the intruders' roles never arrived
        hub.close()


def test_a_command_delivered_twice_is_applied_once(broker: MosquittoProcess,
                                                   tmp_path: Path) -> None:
    """QoS 1 may deliver a command twice; the same request id gets the same answer."""
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N) as table:
        hub = connected_client(broker.config(), "hub", table_topic(T, N, "reply"))
        for line in ({"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1},
                     {"action": "start"}):
            assert submit(table, line) == (True, "")
        foul = Command(name="action", request_id="same-id",
                       args={"action": {"action": "foul", "seat": 6}})
        for _ in range(2):
            hub.publish(command_topic(T, N, "action"), foul)
        replies = [next_of(hub, Received, lambda i:
                           json.loads(i.payload)["request_id"] == "same-id")
                   for _ in range(2)]
        assert [json.loads(r.payload)["ok"] for r in replies] == [True, True]
        assert classic_game(table).state.fouls[5] == 1
        hub.close()

