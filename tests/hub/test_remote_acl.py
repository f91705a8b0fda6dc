"""The `head-judge` and `player` accounts on the production ACL (deploy/mosquitto/acl.conf),
on a real mosquitto: each reads and writes exactly what the contract says (docs/web.md),
everything else tried and refused by the broker. "Never arrives" is shown with a marker, as
in tests/bus/test_acl.py."""

from __future__ import annotations

from bus import topics
from bus.broker import MosquittoProcess
from bus.client import BusClient, Received
from bus.payloads import DecisionReply, DecisionRequest
from bus.testing import ACL_TABLE, ACL_TOURNAMENT, connected_client, received_until
from tests.bus.test_acl import CMD_UNDO, TOPIC, publish_everything, table_client

T = ACL_TOURNAMENT
HUB_RETAINED = {topics.judge_state_topic(T): b'{"state": 1}',
                topics.hub_topic(T, "judge/rounds/1"): b'{"round": 1, "protocols": []}',
                topics.players_topic(T): b'{"players": []}',
                topics.hub_topic(T, "public/rounds/1"): b'{"round": 1, "games": []}',
                topics.hub_topic(T, "public/aggregate"): b'{"tables": []}'}


def decision(n: int) -> DecisionRequest:
    return DecisionRequest(request_id=f"acl-{n}", kind="order_replay", table=ACL_TABLE,
                           game_id="g1", who="Head judge", why="the cards were seen")


def hub_with_its_topics(broker: MosquittoProcess) -> BusClient:
    hub = connected_client(broker.config("hub"), "hub", "mafia/v1/#")
    for topic, raw in HUB_RETAINED.items():
        hub.publish(topic, raw).wait_for_publish()
    return hub


def kinds(seen: list[Received]) -> set[str]:
    out = set()
    for item in seen:
        ref = topics.parse(item.topic)
        out.add(f"hub/{ref.name}" if ref.kind == "hub" else ref.kind)
    return out


def test_the_head_judge_reads_the_hub_and_every_tables_public_side(
        private_acl_broker: MosquittoProcess) -> None:
    broker = private_acl_broker
    table, hub = table_client(broker), hub_with_its_topics(broker)
    judge = connected_client(broker.config("head-judge"), "head-judge", "#")
    hub.publish(topics.judge_reply_topic(T), DecisionReply(
        request_id="acl-0", ok=False, error="no")).wait_for_publish()
    publish_everything(table, hub, b"marker-judge")
    seen = received_until(judge, TOPIC["public"], b"marker-judge")
    assert kinds(seen) == {"hub/judge/state", "hub/judge/rounds/1", "hub/public/players",
                           "hub/public/rounds/1", "hub/public/aggregate", "hub/judge/reply",
                           "public", "status", "heartbeat", "protocol"}
    for client in (judge, hub, table):
        client.close()


def test_the_head_judge_writes_only_decisions(private_acl_broker: MosquittoProcess) -> None:
    broker = private_acl_broker
    hub = hub_with_its_topics(broker)
    table = table_client(broker)
    judge = connected_client(broker.config("head-judge"), "head-judge")
    forged = b'{"forged": true}'
    for topic in (CMD_UNDO, TOPIC["public"], topics.judge_state_topic(T),
                  topics.players_topic(T), topics.judge_reply_topic(T)):
        judge.publish(topic, forged, qos=1, retain=False).wait_for_publish()
    judge.publish(topics.decide_topic(T), decision(1)).wait_for_publish()
    seen = received_until(hub, topics.decide_topic(T), decision(1).model_dump_json().encode())
    assert not [item for item in seen if item.payload == forged]
    for client in (judge, hub, table):
        client.close()


def test_a_head_judge_writes_only_the_decide_topic_of_his_own_account(
        private_acl_broker: MosquittoProcess) -> None:
    """docs/web.md "Who decided": `head-judge-anna` may not decide as `head-judge-boris` or as
    the shared account (tried, never arrives), so the hub can record the topic's account."""
    broker = private_acl_broker
    hub = hub_with_its_topics(broker)
    anna = connected_client(broker.config("head-judge-anna"), "head-judge-anna")
    shared = connected_client(broker.config("head-judge"), "head-judge")
    for other in ("head-judge-boris", topics.HEAD_JUDGE, "hub"):
        anna.publish(topics.decide_topic(T, other), decision(4)).wait_for_publish()
    shared.publish(topics.decide_topic(T, "head-judge-anna"), decision(5)).wait_for_publish()
    anna.publish(topics.decide_topic(T, "head-judge-anna"), decision(6)).wait_for_publish()
    own = topics.decide_topic(T, "head-judge-anna")
    seen = received_until(hub, own, decision(6).model_dump_json().encode())
    forged = {decision(n).model_dump_json().encode() for n in (4, 5)}
    assert not [item for item in seen if item.payload in forged]
    for client in (anna, shared, hub):
        client.close()


def test_a_personal_head_judge_reads_what_the_shared_account_reads(
        private_acl_broker: MosquittoProcess) -> None:
    broker = private_acl_broker
    table, hub = table_client(broker), hub_with_its_topics(broker)
    boris = connected_client(broker.config("head-judge-boris"), "head-judge-boris", "#")
    publish_everything(table, hub, b"marker-boris")
    seen = received_until(boris, TOPIC["public"], b"marker-boris")
    assert kinds(seen) == {"hub/judge/state", "hub/judge/rounds/1", "hub/public/players",
                           "hub/public/rounds/1", "hub/public/aggregate",
                           "public", "status", "heartbeat", "protocol"}
    for client in (boris, hub, table):
        client.close()


def test_a_player_reads_only_the_hubs_public_topics_and_writes_nothing(
        private_acl_broker: MosquittoProcess) -> None:
    broker = private_acl_broker
    table, hub = table_client(broker), hub_with_its_topics(broker)
    player = connected_client(broker.config("player"), "player", "#")
    hub.publish(topics.judge_reply_topic(T), DecisionReply(
        request_id="acl-0", ok=False, error="no")).wait_for_publish()
    publish_everything(table, hub, b"marker-player")
    hub.publish(topics.players_topic(T), b'{"players": ["marker"]}').wait_for_publish()
    seen = received_until(player, topics.players_topic(T), b'{"players": ["marker"]}')
    assert kinds(seen) == {"hub/public/players", "hub/public/rounds/1", "hub/public/aggregate"}
    # a player's decision request and forged public data never reach the hub
    player.publish(topics.decide_topic(T), decision(2)).wait_for_publish()
    player.publish(topics.players_topic(T), b"{}", qos=1, retain=False).wait_for_publish()
    judge = connected_client(broker.config("head-judge"), "head-judge")
    judge.publish(topics.decide_topic(T), decision(3)).wait_for_publish()
    seen = received_until(hub, topics.decide_topic(T), decision(3).model_dump_json().encode())
    assert not [item for item in seen if item.payload in (
        b"{}", decision(2).model_dump_json().encode())]
    for client in (player, judge, hub, table):
        client.close()
