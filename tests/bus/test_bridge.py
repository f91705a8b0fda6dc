"""The venue bridge (bus/bridge.py, deploy/mosquitto/bridge.conf) against two real mosquitto
processes: the venue's, with the kit's ACL, and an outside one with the outside ACL, joined
over TLS. Only the public set crosses; a follower writes nothing; the bridge's account may
write its own tournament's public set only; an outage is queued and caught up.

"Never arrives" is proven with a marker (bus/testing.py): MQTT keeps one publisher's order,
and the bridge is one subscriber at the venue and one publisher outside.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from bus import topics
from bus.bridge import (
    FOLLOWER,
    TEMPLATE,
    Bridge,
    bridge_account,
    public_set,
    render_outside_acl,
    section_topics,
)
from bus.broker import MosquittoProcess
from bus.client import BusClient, Received
from bus.outside import OutsideBroker, add_bridge
from bus.testing import (
    ACL_TABLE,
    ACL_TABLE_USER,
    ACL_TOURNAMENT,
    acl_broker,
    connected_client,
    next_of,
    raw_publish,
    received_until,
)

T = ACL_TOURNAMENT
WATCHER = "watcher"  # an outside account that may read everything: what the broker holds
MARKER = topics.hub_topic(T, "public/club")  # crosses the bridge
# tests: a quick reconnect, and the outside notices a dead link within seconds
QUICK = TEMPLATE.read_text().replace("restart_timeout 2 30", "restart_timeout 1") \
    .replace("keepalive_interval 20", "keepalive_interval 5")


def bridge_up(watcher: BusClient, up: bytes = b"1") -> None:
    next_of(watcher, Received, lambda m: m.topic == topics.bridge_topic(T) and m.payload == up)


@pytest.fixture
def pair() -> Iterator[tuple[MosquittoProcess, OutsideBroker, BusClient]]:
    """The venue (kit ACL) bridged to the outside broker; a watcher on the outside's `#`."""
    with OutsideBroker([T], users={WATCHER: secrets.token_urlsafe(8)}) as outside:
        venue = add_bridge(acl_broker(), outside.bridge(T), QUICK)
        with venue:
            watcher = connected_client(outside.config(WATCHER), "watcher", "#")
            bridge_up(watcher)
            yield venue, outside, watcher
            watcher.close()


def every_kind(venue: MosquittoProcess) -> list[tuple[str, str]]:
    """(account, topic) of every topic the venue carries, each written by its own account."""
    out = [(ACL_TABLE_USER, topics.table_topic(T, ACL_TABLE, kind))
           for kind in topics.TABLE_KINDS if kind != "cmd"]
    out += [("hub", topics.command_topic(T, ACL_TABLE, "undo")),
            ("hub", topics.hub_topic(T, "status")),
            ("hub", topics.hub_topic(T, "public/aggregate")),
            ("hub", topics.players_topic(T)),
            ("hub", topics.hub_topic(T, "public/rounds/1")),
            ("hub", topics.hub_topic(T, "public/tables")),
            ("hub", topics.judge_state_topic(T)),
            ("hub", topics.hub_topic(T, "judge/rounds/1")),
            ("hub", topics.judge_reply_topic(T)),
            ("head-judge", topics.decide_topic(T))]
    return out


PUBLIC_KINDS = {"public", "status"}


def crosses(topic: str) -> bool:
    """What the public set says about one concrete topic of tournament T."""
    if topic.endswith("/bridge"):
        return True
    ref = topics.parse(topic)
    if ref.kind == "hub":
        name = ref.name or ""
        return name in ("status", "public/players", "public/club") or (
            name.startswith("public/rounds/") and name.count("/") == 2)
    return ref.kind in PUBLIC_KINDS


def test_the_template_forwards_exactly_the_public_set_and_only_outwards() -> None:
    bridge = Bridge.from_url("mqtts://bridge-cup:pw@fans.example.org:8883", T)
    section = bridge.section()
    assert section_topics(section) == public_set(T)
    assert set(public_set(T)) == {
        f"mafia/v1/{T}/tables/+/public", f"mafia/v1/{T}/tables/+/status",
        f"mafia/v1/{T}/hub/status", f"mafia/v1/{T}/hub/public/players",
        f"mafia/v1/{T}/hub/public/rounds/+", f"mafia/v1/{T}/hub/public/club"}
    lines = section.splitlines()
    assert "bridge_capath /etc/ssl/certs" in lines  # no CA given: the system's (Let's Encrypt)
    assert {"cleansession false", "local_cleansession false", "notifications true",
            f"notification_topic {topics.bridge_topic(T)}", "remote_username bridge-cup",
            "address fans.example.org:8883"} <= set(lines)
    assert not [line for line in lines if line.startswith("topic ") and " out " not in line]


@pytest.mark.parametrize(("url", "words"), [
    ("mqtt://bridge-cup:pw@fans.example.org:1883", "must use TLS"),
    ("mqtts://fans.example.org:8883", "needs the outside broker's account"),
    ("mqtts://bridge-cup:two%20words@fans.example.org:8883", "one word"),
    ("mqtts://bridge-cup:pw%0Atopic%20%23%20both@fans.example.org:8883", "one word"),
])
def test_a_bridge_that_would_leak_or_break_the_config_is_refused(url: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Bridge.from_url(url, T)
    with pytest.raises(ValueError, match="tournament id"):
        Bridge.from_url("mqtts://bridge-cup:pw@fans.example.org:8883", "cup/#")


def test_only_the_public_set_crosses(
        pair: tuple[MosquittoProcess, OutsideBroker, BusClient]) -> None:
    venue, _, watcher = pair
    sent = every_kind(venue)
    for account, topic in sent:
        raw_publish(venue.config(account), [(topic, json.dumps({"on": topic}).encode(),
                                              topics.delivery(topic).retain)])
    raw_publish(venue.config("hub"), [(MARKER, b"end", False)])
    seen = [m.topic for m in received_until(watcher, MARKER, b"end")]
    assert seen == [topic for _, topic in sent if crosses(topic)]
    assert {topics.parse(t).kind for t in seen} == {"public", "status", "hub"}
    # and what a late follower finds retained outside is the public set too
    late = connected_client(pair[1].config(WATCHER), "late", "#")
    raw_publish(venue.config("hub"), [(MARKER, b"late", False)])
    held = {m.topic for m in received_until(late, MARKER, b"late")}
    late.close()
    assert held == {t for _, t in sent if crosses(t) and topics.delivery(t).retain} | {
        topics.bridge_topic(T)}


def test_the_outside_acl_stops_a_bridge_that_forwards_too_much(tmp_path: Path) -> None:
    """The second lock: a venue whose bridge forwards its whole tree (a hand-edited config)
    still puts only its own tournament's public set on the outside broker."""
    greedy = QUICK.replace("topic mafia/v1/@TOURNAMENT@/hub/public/club out 1",
                           "topic mafia/v1/# out 1")
    with OutsideBroker([T], users={WATCHER: "w"}) as outside:
        venue = add_bridge(acl_broker(), outside.bridge(T), greedy)
        with venue:
            watcher = connected_client(outside.config(WATCHER), "watcher", "#")
            bridge_up(watcher)
            sent = every_kind(venue)
            sent.append(("hub", "mafia/v1/other-cup/hub/public/aggregate"))
            for account, topic in sent:
                raw_publish(venue.config(account), [(topic, b"{}", False)])
            raw_publish(venue.config("hub"), [(MARKER, b"end", False)])
            seen = [m.topic for m in received_until(watcher, MARKER, b"end")]
            watcher.close()
    # (overlapping bridge lines may forward a message twice: QoS 1 is at least once)
    assert set(seen) - {topics.bridge_topic(T)} == {
        topic for _, topic in sent if topic.startswith(f"mafia/v1/{T}/") and crosses(topic)}


def test_a_follower_writes_nothing_over_websockets(
        pair: tuple[MosquittoProcess, OutsideBroker, BusClient]) -> None:
    """The followers' account (password public by design) is refused every write, over
    the WebSockets listener the followers' page uses, retained or not."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    venue, outside, watcher = pair
    forged = [topics.table_topic(T, ACL_TABLE, "public"), topics.table_topic(T, "9", "status"),
              topics.hub_topic(T, "public/aggregate"), topics.bridge_topic(T),
              topics.command_topic(T, ACL_TABLE, "undo"), "mafia/v1/x/hub/public/a", "spam"]
    assert outside.ws_port is not None
    fan = mqtt.Client(CallbackAPIVersion.VERSION2, transport="websockets")
    fan.username_pw_set(FOLLOWER, outside.users[FOLLOWER])
    fan.connect(outside.host, outside.ws_port)
    fan.loop_start()
    try:
        for topic in forged:
            for retain in (False, True):
                fan.publish(topic, b"forged", qos=1, retain=retain).wait_for_publish(30)
    finally:
        fan.disconnect()
        fan.loop_stop()
    raw_publish(venue.config("hub"), [(MARKER, b"end", False)])
    assert [m for m in received_until(watcher, MARKER, b"end") if m.payload == b"forged"] == []
    late = connected_client(outside.config(WATCHER), "late", "#")
    raw_publish(venue.config("hub"), [(MARKER, b"late", False)])
    held = received_until(late, MARKER, b"late")
    late.close()
    assert [m.topic for m in held if m.payload == b"forged"] == []


def test_the_bridge_account_writes_only_its_own_public_set(
        pair: tuple[MosquittoProcess, OutsideBroker, BusClient]) -> None:
    """Logged in by hand with the bridge's password (a stolen venue config), nothing but
    the tournament's public set can be written outside, and nothing can be read."""
    venue, outside, watcher = pair
    config = outside.config(bridge_account(T))
    inside = [topics.table_topic(T, "5", "public"), topics.hub_topic(T, "public/rounds/9")]
    outside_set = [topics.table_topic(T, "5", "judge"), topics.table_topic(T, "5", "protocol"),
                   topics.table_topic("other", "1", "public"), topics.judge_state_topic(T),
                   topics.hub_topic(T, "public/aggregate"),
                   "anything/else"]
    snoop = connected_client(config, "snoop", "#")
    raw_publish(config, [(t, b"by-bridge", False) for t in outside_set + inside])
    raw_publish(venue.config("hub"), [(MARKER, b"end", False)])
    seen = [m.topic for m in received_until(watcher, MARKER, b"end")
            if m.payload == b"by-bridge"]
    assert seen == inside
    raw_publish(venue.config(ACL_TABLE_USER), [(topics.table_topic(T, ACL_TABLE, "public"),
                                                b"{}", True)])
    next_of(watcher, Received, lambda m: m.topic.endswith(f"/{ACL_TABLE}/public"))
    assert [i for i in drain(snoop) if isinstance(i, Received)] == []
    snoop.close()


def drain(client: BusClient) -> list[object]:
    out: list[object] = []
    while not client.inbox.empty():
        out.append(client.inbox.get_nowait())
    return out


def test_render_outside_acl_gives_each_tournament_its_own_bridge() -> None:
    acl = render_outside_acl(["cup", "league-2", "cup"])
    lines = acl.splitlines()
    assert lines.count("user bridge-cup") == 1 and "user bridge-league-2" in lines
    assert "topic write mafia/v1/league-2/tables/+/public" in lines
    follower = lines[lines.index("user follower") + 1:]
    follower = follower[:next(i for i, line in enumerate(follower) if not line.strip())]
    assert all(line.startswith("topic read ") for line in follower)
    with pytest.raises(ValueError):
        render_outside_acl(["a/b"])
