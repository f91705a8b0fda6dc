"""The broker ACL (deploy/mosquitto/acl.conf) on a real mosquitto: who reads and writes what.

"Never arrives" is shown with a marker: the forbidden message is published (and, from
another client, acknowledged) first; the broker routes in that order, so a subscriber that
gets the marker with nothing before it will never get the forbidden message.
"""

from __future__ import annotations

import pytest

from bus import topics
from bus.broker import MosquittoProcess
from bus.client import BusClient, LinkDown, Presence
from bus.payloads import Command, Event, Heartbeat, Protocol, Reply
from bus.testing import (
    ACL_OTHER_TABLE,
    ACL_OTHER_TABLE_USER,
    ACL_TABLE,
    ACL_TABLE_USER,
    ACL_TOURNAMENT,
    SAMPLE_TIME,
    connected_client,
    next_message,
    next_of,
    received_until,
    sample_reveal,
    sample_snapshot,
    sample_stream,
)

TOPIC = {kind: topics.table_topic(ACL_TOURNAMENT, ACL_TABLE, kind)
         for kind in topics.TABLE_KINDS if kind != "cmd"}
CMD_UNDO = topics.command_topic(ACL_TOURNAMENT, ACL_TABLE, "undo")
CMD_PING = topics.command_topic(ACL_TOURNAMENT, ACL_TABLE, "ping")
OTHER_PUBLIC = topics.table_topic(ACL_TOURNAMENT, ACL_OTHER_TABLE, "public")


def table_client(broker: MosquittoProcess) -> BusClient:
    """Table cup/3 logged in with its own account, announcing itself, reading its commands."""
    presence = Presence(TOPIC["status"], "acl-test")
    return connected_client(
        broker.config(ACL_TABLE_USER), ACL_TABLE_USER,
        topics.table_filter("cmd", ACL_TOURNAMENT, ACL_TABLE), presence=presence,
    )


def publish_everything(table: BusClient, hub: BusClient, marker: bytes) -> None:
    """Every kind a table sends (retained ones first), a hub command, then a public marker."""
    for kind in ("public", "audience", "judge"):
        table.publish(TOPIC[kind], sample_snapshot(kind)).wait_for_publish()
    table.publish(TOPIC["protocol"], Protocol(
        game_id="g1", header={"format": "mafia-game-log", "version": 1, "rules": "cml"},
        actions=[{"action": "roles", "don": 2, "mafia": [5, 8], "sheriff": 1}], result={},
        reveal=sample_reveal(),
    )).wait_for_publish()
    hub.publish(CMD_UNDO, Command(name="undo", request_id="r1")).wait_for_publish()
    next_message(table, CMD_UNDO)  # routed by the broker before anything that follows
    table.publish(TOPIC["events"], Event(
        seq=1, game_id="g1", action={"action": "shoot", "target": 7}, accepted=True,
        at=SAMPLE_TIME,
    ))
    table.publish(TOPIC["reply"], Reply(request_id="r1", name="undo", ok=True))
    table.publish(TOPIC["heartbeat"], Heartbeat(seq=1, bdseq=0, sent_at=SAMPLE_TIME, uptime_s=1))
    table.publish(TOPIC["judge"], sample_snapshot("judge", seq=13))
    table.publish(TOPIC["audience"], sample_snapshot("audience", seq=13))
    table.publish(TOPIC["stream"], sample_stream())
    table.publish(TOPIC["public"], marker)


@pytest.mark.parametrize(
    ("screen", "allowed"),
    [
        ("scoreboard", {"public", "status", "heartbeat", "protocol"}),
        ("venue", {"public", "audience", "status", "heartbeat", "protocol"}),
    ],
)
def test_screens_subscribed_to_everything_get_only_their_class(
    acl_broker: MosquittoProcess, screen: str, allowed: set[str]
) -> None:
    table = table_client(acl_broker)
    hub = connected_client(acl_broker.config("hub"), "hub")
    table.publish(TOPIC["judge"], sample_snapshot("judge")).wait_for_publish()  # retained
    watcher = connected_client(acl_broker.config(screen), screen, "#")
    marker = f"marker-{screen}".encode()
    publish_everything(table, hub, marker)
    seen = received_until(watcher, TOPIC["public"], marker)
    kinds = {topics.parse(item.topic).kind for item in seen}
    assert kinds <= allowed
    assert {"public", "status", "protocol", "heartbeat"} <= kinds
    assert not kinds & {"judge", "events", "cmd", "reply", "stream"}
    for client in (watcher, hub, table):
        client.close()


def test_the_hub_reads_every_class(acl_broker: MosquittoProcess) -> None:
    table = table_client(acl_broker)
    hub = connected_client(acl_broker.config("hub"), "hub", "mafia/v1/#")
    publish_everything(table, hub, b"marker-hub")
    seen = received_until(hub, TOPIC["public"], b"marker-hub")
    kinds = {topics.parse(item.topic).kind for item in seen}
    assert {"public", "audience", "judge", "events", "cmd", "reply", "status", "heartbeat",
            "protocol", "stream"} <= kinds
    hub.close()
    table.close()


@pytest.mark.parametrize("intruder", ["scoreboard", "venue", ACL_OTHER_TABLE_USER])
def test_only_the_hub_can_command_a_table(acl_broker: MosquittoProcess, intruder: str) -> None:
    table = table_client(acl_broker)
    stranger = connected_client(acl_broker.config(intruder), intruder)
    hub = connected_client(acl_broker.config("hub"), "hub")
    forged = Command(name="undo", request_id="forged")
    stranger.publish(CMD_UNDO, forged).wait_for_publish()
    ping = Command(name="ping", request_id="from-hub")
    hub.publish(CMD_PING, ping).wait_for_publish()
    seen = received_until(table, CMD_PING, ping.model_dump_json().encode())
    assert seen == []
    for client in (hub, stranger, table):
        client.close()


def test_a_table_cannot_write_another_tables_topics(acl_broker: MosquittoProcess) -> None:
    hub = connected_client(acl_broker.config("hub"), "hub", "mafia/v1/#")
    other = connected_client(acl_broker.config(ACL_OTHER_TABLE_USER), ACL_OTHER_TABLE_USER)
    for kind in ("public", "judge", "status", "events"):
        other.publish(TOPIC[kind], b"forged", qos=1, retain=False).wait_for_publish()
    other.publish(OTHER_PUBLIC, b"marker-other", qos=1, retain=False)
    seen = received_until(hub, OTHER_PUBLIC, b"marker-other")
    assert not [item for item in seen if item.payload == b"forged"]
    hub.close()
    other.close()


def test_a_table_cannot_read_another_tables_commands(acl_broker: MosquittoProcess) -> None:
    other_cmd = topics.command_topic(ACL_TOURNAMENT, ACL_OTHER_TABLE, "ping")
    other = connected_client(
        acl_broker.config(ACL_OTHER_TABLE_USER), ACL_OTHER_TABLE_USER,
        topics.table_filter("cmd", ACL_TOURNAMENT),
    )
    hub = connected_client(acl_broker.config("hub"), "hub")
    hub.publish(CMD_UNDO, Command(name="undo", request_id="for-3")).wait_for_publish()
    marker = Command(name="ping", request_id="for-4")
    hub.publish(other_cmd, marker)
    assert received_until(other, other_cmd, marker.model_dump_json().encode()) == []
    hub.close()
    other.close()


@pytest.mark.parametrize("who", ["anonymous", "wrong password", "unknown user"])
def test_strangers_cannot_connect(acl_broker: MosquittoProcess, who: str) -> None:
    config = {
        "anonymous": acl_broker.config(),
        "wrong password": acl_broker.config().as_user("hub", "guess"),
        "unknown user": acl_broker.config().as_user("mallory", "guess"),
    }[who]
    client = BusClient(config, name="stranger").start()
    refusal = next_of(client, LinkDown)
    assert refusal.reason.startswith("the broker refused the connection")
    assert not client.connected
    client.close()
