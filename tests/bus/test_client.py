"""BusClient against a real mosquitto: delivery policy, presence, reconnects and the will."""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from bus import topics
from bus.broker import MosquittoProcess
from bus.client import (
    MAX_PACKET_BYTES,
    BusClient,
    LinkDown,
    LinkUp,
    Presence,
    Received,
    _no_nagle,
)
from bus.config import BrokerConfig
from bus.messages import decode_message
from bus.payloads import MAX_PAYLOAD_BYTES, Event, PayloadError, Status, decode, encode
from bus.testing import (
    GUARD_S,
    SAMPLE_TIME,
    connected_client,
    next_message,
    next_of,
    received_until,
    sample_snapshot,
    sample_stream,
)

NOWHERE = BrokerConfig(port=1)  # for clients that are never started
T = "clienttest"  # tournament id of this file, so the shared broker's topics do not mix


def status_of(item: Received) -> Status:
    status = decode("status", item.payload)
    assert isinstance(status, Status)
    return status


def test_a_snapshot_travels_as_a_model(broker: MosquittoProcess) -> None:
    topic = topics.table_topic(T, "1", "public")
    reader = connected_client(broker.config(), "reader", topics.table_filter("public", T))
    writer = connected_client(broker.config(), "writer")
    snapshot = sample_snapshot("public", tournament=T, table="1")
    writer.publish(topic, snapshot).wait_for_publish()
    item = next_message(reader, topic)
    assert decode_message(item.topic, item.payload) == (topics.parse(topic), snapshot)
    assert item.qos == 1
    reader.close()
    writer.close()


def test_snapshots_are_retained_and_events_are_not(broker: MosquittoProcess) -> None:
    public = topics.table_topic(T, "2", "public")
    events = topics.table_topic(T, "2", "events")
    writer = connected_client(broker.config(), "writer")
    event = Event(seq=1, game_id="g1", action={"action": "start"}, accepted=True, at=SAMPLE_TIME)
    writer.publish(public, sample_snapshot("public", tournament=T, table="2")).wait_for_publish()
    writer.publish(events, event).wait_for_publish()
    late = connected_client(broker.config(), "late", public, events)
    marker = Event(seq=2, game_id="g1", action={"action": "day"}, accepted=True, at=SAMPLE_TIME)
    writer.publish(events, marker)
    seen = received_until(late, events, encode(marker))
    assert [(item.topic, item.retain) for item in seen] == [(public, True)]
    late.close()
    writer.close()


def test_publish_refuses_what_the_tree_forbids(broker: MosquittoProcess) -> None:
    client = BusClient(broker.config(), name="strict")
    with pytest.raises(topics.TopicError, match="commands are never retained"):
        client.publish(topics.command_topic(T, "1", "undo"), b"{}", retain=True)
    with pytest.raises(topics.TopicError, match="is not a mafiakit topic"):
        client.publish("bench/ping", b"x")


@pytest.mark.parametrize(
    ("topic", "message"),
    [
        (topics.table_topic("cup", "3", "public"), "the judge snapshot of table cup/3 on"),
        (topics.table_topic("cup", "4", "judge"), "the judge snapshot of table cup/3 on"),
        ("bench/judge", "the judge snapshot of table cup/3 on bench/judge"),
    ],
)
def test_a_snapshot_is_published_only_on_its_own_topic(topic: str, message: str) -> None:
    client = BusClient(NOWHERE, name="strict")
    with pytest.raises(PayloadError, match=message):
        client.publish(topic, sample_snapshot("judge"), qos=1, retain=True)


@pytest.mark.parametrize(
    "topic",
    [topics.table_topic("cup", "3", "public"), topics.table_topic("cup", "3", "judge"),
     topics.table_topic("cup", "4", "stream"), "bench/stream"],
)
def test_the_delayed_stream_is_published_only_on_its_own_tables_stream_topic(
    topic: str,
) -> None:
    """The stream class carries roles: on any other topic a screen's account could read it."""
    client = BusClient(NOWHERE, name="strict")
    with pytest.raises(PayloadError, match="refusing to publish the stream snapshot of table "
                                           "cup/3 on"):
        client.publish(topic, sample_stream(), qos=1, retain=True)


def test_foreign_topics_need_an_explicit_policy(broker: MosquittoProcess) -> None:
    client = connected_client(broker.config(), "bench", "bench/echo")
    client.publish("bench/echo", b"ping", qos=1, retain=False)
    assert next_message(client, "bench/echo").payload == b"ping"
    client.close()


def test_client_ids_are_unique_and_named() -> None:
    first = BusClient(NOWHERE, name="table-cup-3")
    second = BusClient(NOWHERE, name="table-cup-3")
    assert first.client_id.startswith("table-cup-3-")
    assert first.client_id != second.client_id


@pytest.mark.parametrize("name", ["", "table cup", "a/b", "x" * 41, "hub\n"])
def test_bad_client_names_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match="client name"):
        BusClient(NOWHERE, name=name)


def test_items_go_to_a_shared_queue(broker: MosquittoProcess) -> None:
    shared: queue.Queue[object] = queue.Queue()
    shared.put("pad press")
    client = BusClient(broker.config(), name="shared", inbox=shared)
    client.start()
    assert client.wait_ready(GUARD_S)
    assert shared.get(timeout=GUARD_S) == "pad press"
    assert isinstance(shared.get(timeout=GUARD_S), LinkUp)
    client.close()


def test_flush_returns_once_the_network_thread_wrote_everything(broker: MosquittoProcess) -> None:
    events = topics.table_topic(T, "4", "events")
    reader = connected_client(broker.config(), "reader", events)
    writer = connected_client(broker.config(), "writer")
    sent = [Event(seq=n, game_id="g4", action={"action": "day"}, accepted=True, at=SAMPLE_TIME)
            for n in range(1, 41)]
    for event in sent:
        writer.publish(events, event)
    assert writer.flush(GUARD_S)
    got = [decode("event", next_message(reader, events).payload) for _ in sent]
    assert got == sent
    reader.close()
    writer.close()


def test_flush_says_false_while_offline() -> None:
    never_started = BusClient(NOWHERE, name="offline")
    assert never_started.flush() is False


def test_the_kits_sockets_send_each_packet_at_once(broker: MosquittoProcess) -> None:
    """Nagle's algorithm held a snapshot written right after another for the broker's delayed
    ACK (40 ms); the socket hook turns it off."""
    cfg = broker.config()
    with socket.create_connection((cfg.host, cfg.port)) as sock:
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 0
        _no_nagle(None, None, sock)  # type: ignore[arg-type]
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0


def test_close_says_offline_for_the_same_connection(broker: MosquittoProcess) -> None:
    topic = topics.table_topic(T, "5", "status")
    table = connected_client(broker.config(), "table", presence=Presence(topic, "test"))
    bdseq = table.bdseq
    table.close()
    watcher = connected_client(broker.config(), "watcher", topic)
    retained = next_message(watcher, topic)
    status = status_of(retained)
    assert retained.retain
    assert (status.state, status.bdseq, status.software_version) == ("offline", bdseq, "test")
    assert status.booted_at == table.booted_at
    watcher.close()


def test_a_killed_process_leaves_its_will(broker: MosquittoProcess) -> None:
    topic = topics.table_topic(T, "6", "status")
    watcher = connected_client(broker.config(), "watcher", topic)
    child = subprocess.Popen(
        [sys.executable, "-m", "bus.testing", broker.url, T, "6"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    assert child.stdout is not None
    ready, bdseq, booted_at = child.stdout.readline().split()
    assert ready == "ready"
    online = status_of(next_message(watcher, topic))
    assert (online.state, online.bdseq) == ("online", int(bdseq))
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    lost = status_of(next_message(watcher, topic))
    assert lost.state == "lost"
    assert lost.same_session(online)
    assert lost.booted_at == datetime.fromisoformat(booted_at)
    watcher.close()
    late = connected_client(broker.config(), "late", topic)
    assert status_of(next_message(late, topic)).state == "lost"
    late.close()


@pytest.mark.parametrize("intruder", [b"older-will", b"not json"])
def test_a_stale_death_is_answered_with_a_fresh_birth(
    broker: MosquittoProcess, intruder: bytes
) -> None:
    topic = topics.table_topic(T, "7", "status")
    table = connected_client(broker.config(), "table", presence=Presence(topic, "t", 5))
    assert table.bdseq == 5
    watcher = connected_client(broker.config(), "watcher", topic)
    assert status_of(next_message(watcher, topic)).state == "online"
    if intruder == b"older-will":
        stale = table.status("lost").model_copy(update={"bdseq": 4})
        intruder = encode(stale)
    watcher.publish(topic, intruder, qos=1, retain=True)
    assert next_message(watcher, topic).payload == intruder
    reborn = status_of(next_message(watcher, topic))
    assert (reborn.state, reborn.bdseq) == ("online", 5)
    late = connected_client(broker.config(), "late", topic)
    assert status_of(next_message(late, topic)).state == "online"
    for client in (late, watcher, table):
        client.close()


def test_reconnects_resubscribes_and_is_born_again(spawn_broker: type[MosquittoProcess]) -> None:
    with spawn_broker() as own:
        status = topics.table_topic(T, "8", "status")
        judge = topics.table_topic(T, "8", "judge")
        table = connected_client(own.config(), "table", presence=Presence(status, "t"))
        hub = connected_client(own.config(), "hub", judge, status)
        first_bdseq = table.bdseq
        own.restart(down_for=1.0)
        down = next_of(hub, LinkDown)
        assert "disconnected" in down.reason
        next_of(hub, LinkUp)
        assert hub.wait_ready(GUARD_S) and table.wait_ready(GUARD_S)
        reborn = status_of(
            next_of(hub, Received, lambda i: i.topic == status
                    and status_of(i).state == "online")
        )
        assert reborn.bdseq > first_bdseq
        assert reborn.booted_at == table.booted_at
        snapshot = sample_snapshot("judge", tournament=T, table="8")
        table.publish(judge, snapshot)
        item = next_message(hub, judge)
        assert decode("judge", item.payload) == snapshot
        table.close()
        hub.close()


def test_a_client_started_before_its_broker_connects_when_it_comes(
    spawn_broker: type[MosquittoProcess],
) -> None:
    broker = spawn_broker()
    client = BusClient(broker.config(), name="early").start()
    refusal = next_of(client, LinkDown)
    assert refusal.reason == (f"the broker cannot be reached at 127.0.0.1:{broker.port} "
                              "(Connection refused); retrying") and not refusal.tls
    assert not client.wait_ready(0.2)
    with broker:
        assert client.wait_ready(GUARD_S)
        assert client.connected
        client.close()
    assert not client.connected


def test_retained_state_survives_a_restart_only_with_persistence(
    spawn_broker: type[MosquittoProcess],
) -> None:
    for persistence in (True, False):
        with spawn_broker(persistence=persistence) as own:
            topic = topics.table_topic(T, "9", "public")
            marker_topic = topics.table_topic(T, "9", "events")
            writer = connected_client(own.config(), "writer")
            writer.publish(topic, sample_snapshot("public", tournament=T, table="9"))
            writer.close()
            own.restart()
            reader = connected_client(own.config(), "reader", topic, marker_topic)
            marker = b"marker"
            writer = connected_client(own.config(), "writer")
            writer.publish(marker_topic, marker)
            seen = received_until(reader, marker_topic, marker)
            assert [item.topic for item in seen] == ([topic] if persistence else [])
            reader.close()
            writer.close()



def max_packet_size(config_text: str) -> int:
    sizes = [int(line.split()[1]) for line in config_text.splitlines()
             if line.startswith("max_packet_size ")]
    assert len(sizes) == 1
    return sizes[0]


def test_the_client_never_sends_what_the_broker_refuses(private_broker: MosquittoProcess) -> None:
    """An over-size QoS 1 publish made paho resend it after every reconnect (the broker
    drops the connection each time): it is refused here, before paho sees it, and the
    connection stays up. The broker's limit (production and tests alike) is above ours."""
    shipped = (Path(__file__).resolve().parents[2] / "deploy" / "mosquitto" / "mafiakit.conf")
    assert max_packet_size(shipped.read_text()) == MAX_PACKET_BYTES
    assert max_packet_size(private_broker.config_path.read_text()) == MAX_PACKET_BYTES
    longest = "bench/" + "t" * 200
    client = connected_client(private_broker.config(), "sizer", longest)
    for raw, topic in ((b"x" * (MAX_PAYLOAD_BYTES + 1), longest),
                       (b"x", "bench/" + "t" * MAX_PACKET_BYTES)):
        with pytest.raises(PayloadError, match="too large"):
            client.publish(topic, raw, qos=1, retain=False)
    biggest = b"y" * MAX_PAYLOAD_BYTES  # the largest the client sends: the broker takes it
    client.publish(longest, biggest, qos=1, retain=False)
    assert next_message(client, longest).payload == biggest
    assert client.connected
    client.close()
