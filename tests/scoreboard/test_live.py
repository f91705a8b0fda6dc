"""The screen's MQTT side against a real mosquitto: snapshots, liveness, the last will."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from bus.broker import MosquittoProcess
from bus.client import BusClient
from bus.payloads import Event, Heartbeat
from bus.testing import GUARD_S, connected_client
from bus.topics import table_topic
from scoreboard.feed import FeedStore
from scoreboard.live import LiveFeed, subscriptions
from scoreboard.testing import bus_snapshot

TOURNAMENT = "cup"

CHILD = """
import sys
from bus.client import BusClient, Presence
from bus.config import BrokerConfig
from bus.topics import table_topic
url, tournament, table = sys.argv[1:4]
client = BusClient(BrokerConfig.from_url(url), name="table",
                   presence=Presence(table_topic(tournament, table, "status"), "test"))
client.start()
assert client.wait_ready(30)
print("ready", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def table_client(private_broker: MosquittoProcess) -> Iterator[BusClient]:
    client = connected_client(private_broker.config(), "table-pub")
    yield client
    client.close()


def live_feed(private_broker: MosquittoProcess, store: FeedStore, table: str | None,
              view_class: str = "public") -> LiveFeed:
    live = LiveFeed(private_broker.config(), store, tournament=TOURNAMENT, table=table,
                    view_class=view_class).start()
    assert live.client.wait_ready(GUARD_S)
    return live


def pump_until(live: LiveFeed, done: Callable[[], bool]) -> None:
    """Apply messages until `done()`; the guard only stops a hang, it is not a speed check."""
    for _ in range(int(GUARD_S / 0.2)):
        if done():
            return
        live.pump(0.2)
    raise AssertionError("the expected state never arrived")


def test_subscriptions_per_screen() -> None:
    assert subscriptions("cup", "3", "public") == [
        "mafia/v1/cup/tables/3/public", "mafia/v1/cup/tables/3/status",
        "mafia/v1/cup/tables/3/heartbeat", "mafia/v1/cup/tables/3/protocol"]
    assert subscriptions("cup", None, "public")[0] == "mafia/v1/cup/tables/+/public"
    assert subscriptions("cup", "3", "judge")[-1] == "mafia/v1/cup/tables/3/events"
    with pytest.raises(ValueError, match="view class 'secret'"):
        subscriptions("cup", "3", "secret")


def test_a_retained_snapshot_reaches_a_screen_that_starts_later(
    private_broker: MosquittoProcess, table_client: BusClient
) -> None:
    table_client.publish(table_topic(TOURNAMENT, "11", "public"),
                         bus_snapshot("vote", TOURNAMENT, "11")).wait_for_publish(GUARD_S)
    store = FeedStore()
    live = live_feed(private_broker, store, "11")
    try:
        pump_until(live, lambda: store.feed("11", 0).view is not None)
        feed = store.feed("11", 0)
        assert feed.view is not None and feed.view.step == "vote"
        assert feed.names[8] == "Шторм"
        assert feed.status == "unknown"  # retained news proves nothing about the table now
        table_client.publish(table_topic(TOURNAMENT, "11", "heartbeat"), Heartbeat(
            seq=1, bdseq=0, sent_at=bus_snapshot("vote", TOURNAMENT, "11").sent_at,
            uptime_s=5))
        pump_until(live, lambda: store.feed("11", live.clock()).status == "online")
    finally:
        live.close()


def test_the_last_will_turns_the_table_offline_at_once(private_broker: MosquittoProcess) -> None:
    store = FeedStore()
    live = live_feed(private_broker, store, "12")
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, private_broker.url, TOURNAMENT, "12"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        pump_until(live, lambda: store.feed("12", live.clock()).status == "online")
        child.kill()  # no clean stop: the broker publishes the will
        child.wait()
        pump_until(live, lambda: store.feed("12", live.clock()).status == "offline")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        live.close()


def test_garbage_on_a_table_topic_changes_nothing(
    private_broker: MosquittoProcess, table_client: BusClient
) -> None:
    store = FeedStore()
    live = live_feed(private_broker, store, "13")
    try:
        topic = table_topic(TOURNAMENT, "13", "public")
        table_client.publish(topic, bus_snapshot("speech", TOURNAMENT, "13"))
        pump_until(live, lambda: store.feed("13", 0).view is not None)
        before = store.feed("13", 0)
        table_client.publish(topic, b"not json at all", qos=1, retain=False)
        pump_until(live, lambda: bool(store.problems))
        assert "not JSON" in store.problems[-1]
        assert store.feed("13", 0) == before
    finally:
        live.close()


def test_the_judge_screen_hears_refused_actions(
    private_broker: MosquittoProcess, table_client: BusClient
) -> None:
    store = FeedStore()
    live = live_feed(private_broker, store, "14", view_class="judge")
    try:
        table_client.publish(table_topic(TOURNAMENT, "14", "judge"),
                             bus_snapshot("judge_day", TOURNAMENT, "14"))
        pump_until(live, lambda: store.feed("14", 0).view is not None)
        shown = "seat 4 is already nominated today"  # the judge view's (samples.JUDGE_INPUT)
        assert store.feed("14", 0).last_error == shown
        event = Event(seq=3, game_id="g1", action={"action": "votes", "seat": 4, "count": 3},
                      accepted=False, reason="the vote has not started yet",
                      at=bus_snapshot("vote", TOURNAMENT, "14").sent_at)
        table_client.publish(table_topic(TOURNAMENT, "14", "events"), event)
        pump_until(live, lambda: store.feed("14", 0).last_error != shown)
        assert store.feed("14", 0).last_error == "the vote has not started yet"
    finally:
        live.close()


def test_a_wall_screen_hears_every_table(
    private_broker: MosquittoProcess, table_client: BusClient
) -> None:
    store = FeedStore()
    live = live_feed(private_broker, store, None)
    try:
        for table in ("21", "22"):
            table_client.publish(table_topic(TOURNAMENT, table, "public"),
                                 bus_snapshot("speech", TOURNAMENT, table))
        pump_until(live, lambda: {"21", "22"} <= set(store.tables()))
    finally:
        live.close()
