"""Whole games across the venue bridge: a real table service on the venue's ACL broker, the
bridge to a real outside broker over TLS, and a watcher subscribed to `#` there (an account
that may read everything: what the outside broker holds, not only what a follower may read).

- It receives only the public set (public snapshots, statuses, the bridge's state), and
  exactly the public and status messages the venue's `scoreboard` account received, in the
  same order: the outside learns nothing the table's own screen does not, so no role, shot,
  check or night count (a night action publishes nothing a screen receives:
  tests/device/test_secrecy.py).
- An outage of the venue's link is queued and delivered in order once the link is back;
  past the queue's limit, the retained state catches up all the same.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bus import topics
from bus.broker import MosquittoProcess
from bus.client import BusClient, Received
from bus.outside import OutsideBroker, add_bridge
from bus.testing import (
    ACL_TABLE,
    ACL_TABLE_USER,
    ACL_TOURNAMENT,
    acl_broker,
    connected_client,
    raw_publish,
    received_until,
)
from device.config import TableSettings
from device.table.service import TableService
from device.testing import watch_to_last_public
from engine.classic.log import action_to_dict
from engine.classic.playout import Mix, random_game
from engine.log import header
from engine.vocab import InfoClass
from tests.bus.relay import Relay
from tests.bus.test_bridge import MARKER, QUICK, WATCHER, bridge_up, crosses
from tests.device.test_secrecy import ROLE_WORDS, SECRET_KEYS

T = ACL_TOURNAMENT
PUBLIC = topics.table_topic(T, ACL_TABLE, "public")
GAMES = 50


def start_table(venue: MosquittoProcess, journal: Path) -> TableService:
    url = venue.config(ACL_TABLE_USER).url(with_password=True)
    table = TableService(TableSettings(journal=journal, tournament=T, table=ACL_TABLE,
                                       broker={"url": url})).start()
    assert table.bus is not None and table.bus.wait_ready(60)
    return table


def play(table: TableService, first: int, games: int) -> None:
    rules = ("cml", "fiim", "fiim-2015", "judge-guide")
    for n in range(first, first + games):
        table.new_game(header(rules[n % 4], game=n))
        for action in random_game(rules[n % 4], n, Mix(undo=0.03, foul=0.03)).entered:
            assert table.submit_line(action_to_dict(action))[0]


def public_and_status(seen: list[Received]) -> list[tuple[str, bytes]]:
    return [(m.topic, m.payload) for m in seen
            if m.topic.endswith(("/public", "/status")) and "/hub/" not in m.topic]


def last_public(table: TableService) -> tuple[str | None, int]:
    return table.game_id, table.screen_seqs.seq[InfoClass.PUBLIC]


@pytest.mark.slow
def test_whole_games_cross_the_bridge_without_a_secret(tmp_path: Path) -> None:
    with OutsideBroker([T], users={WATCHER: secrets.token_urlsafe(8)}) as outside:
        venue = add_bridge(acl_broker(), outside.bridge(T), QUICK)
        with venue:
            watcher = connected_client(outside.config(WATCHER), "watcher", "#")
            bridge_up(watcher)
            screen = connected_client(venue.config("scoreboard"), "screen", "#")
            table = start_table(venue, tmp_path / "j.sqlite")
            play(table, 0, GAMES)
            game, seq = last_public(table)
            outside_saw = watch_to_last_public(watcher, PUBLIC, game, seq)
            screen_saw = watch_to_last_public(screen, PUBLIC, game, seq)
            table.close()
            for client in (watcher, screen):
                client.close()
    kinds = {m.topic.rsplit("/", 1)[-1] for m in outside_saw}
    assert kinds <= {"public", "status", "bridge"}, kinds
    assert public_and_status(outside_saw) == public_and_status(screen_saw)
    checked = 0
    for m in outside_saw:
        if m.topic != PUBLIC or not m.payload:
            continue
        text = json.dumps(json.loads(m.payload)["view"])
        assert not [k for k in SECRET_KEYS if f'"{k}"' in text], text
        assert not [w for w in ROLE_WORDS if w in text], text
        checked += 1
    assert checked > GAMES * 40  # every public snapshot of every game was inspected


@pytest.fixture
def cut_pair(tmp_path: Path) -> Iterator[tuple[MosquittoProcess, OutsideBroker, Relay, BusClient]]:
    """The venue (a queue of 30 messages a client) bridged through a relay that can be cut,
    and a watcher on the outside broker's `#`."""
    with OutsideBroker([T], users={WATCHER: secrets.token_urlsafe(8)}) as outside:
        bridge = outside.bridge(T)
        with Relay(bridge.outside.host, bridge.outside.port) as relay:
            venue = acl_broker()
            with venue.config_path.open("a") as config:
                config.write("max_queued_messages 30\n")
            add_bridge(venue, type(bridge)(bridge.outside.model_copy(
                update={"port": relay.port}), T), QUICK)
            with venue:
                watcher = connected_client(outside.config(WATCHER), "watcher", "#")
                bridge_up(watcher)
                yield venue, outside, relay, watcher
                watcher.close()


def seqs(seen: list[Received]) -> list[tuple[str, int]]:
    return [(d["game_id"], d["seq"]) for d in (json.loads(m.payload) for m in seen
                                              if m.topic == PUBLIC and m.payload)]


def retained(broker: MosquittoProcess, account: str, marker_from: MosquittoProcess
             ) -> dict[str, bytes]:
    """Topic -> payload of everything `account` finds retained on `broker` now."""
    late = connected_client(broker.config(account), "late", "#")
    raw_publish(marker_from.config("hub"), [(MARKER, b"now", False)])
    held = {m.topic: m.payload for m in received_until(late, MARKER, b"now")}
    late.close()
    return held


def test_a_short_outage_is_queued_and_every_snapshot_arrives_in_order(
        cut_pair: tuple[MosquittoProcess, OutsideBroker, Relay, BusClient],
        tmp_path: Path) -> None:
    venue, _, relay, watcher = cut_pair
    table = start_table(venue, tmp_path / "j.sqlite")
    table.new_game(header("cml", game=1))
    actions = random_game("cml", 1).entered
    for action in actions[:10]:
        assert table.submit_line(action_to_dict(action))[0]
    before = watch_to_last_public(watcher, PUBLIC, *last_public(table))
    relay.cut()
    bridge_up(watcher, b"0")  # followers are told the venue's link is down
    first_missed = last_public(table)[1] + 1
    for action in actions[10:25]:  # fewer snapshots than the queue holds
        assert table.submit_line(action_to_dict(action))[0]
    assert last_public(table)[1] > first_missed + 3
    time.sleep(1)
    relay.restore()
    after = watch_to_last_public(watcher, PUBLIC, *last_public(table))
    table.close()
    game = table.game_id
    got = [s for g, s in seqs(before + after) if g == game]
    assert sorted(set(got)) == list(range(got[0], last_public(table)[1] + 1))  # none lost
    live = [s for g, s in seqs(after) if g == game]
    assert live == sorted(live)  # in order


def test_a_long_outage_overflows_the_queue_and_the_retained_state_catches_up(
        cut_pair: tuple[MosquittoProcess, OutsideBroker, Relay, BusClient],
        tmp_path: Path) -> None:
    venue, outside, relay, watcher = cut_pair
    table = start_table(venue, tmp_path / "j.sqlite")
    table.new_game(header("cml", game=2))
    watch_to_last_public(watcher, PUBLIC, *last_public(table))
    relay.cut()
    bridge_up(watcher, b"0")
    sent = 0
    for action in random_game("cml", 2).entered:  # a whole game: far more than 30 snapshots
        before = last_public(table)
        assert table.submit_line(action_to_dict(action))[0]
        sent += last_public(table) != before
    table.new_game(header("cml", game=3))  # and the next game opens at the table
    for action in random_game("cml", 3).entered[:5]:
        assert table.submit_line(action_to_dict(action))[0]
    raw_publish(venue.config("hub"), [(topics.players_topic(T), b'{"v": 2}', True)])
    relay.restore()
    caught_up = watch_to_last_public(watcher, PUBLIC, *last_public(table))
    assert len(seqs(caught_up)) < sent  # the queue did overflow: snapshots were dropped
    outside_now = retained(outside, WATCHER, venue)
    venue_now = retained(venue, "hub", venue)
    table.close()
    crossing = {t: p for t, p in venue_now.items() if t.startswith(f"mafia/v1/{T}/")
                and crosses(t) and t != topics.bridge_topic(T)}
    assert crossing[PUBLIC] and crossing[topics.players_topic(T)]
    assert {t: p for t, p in outside_now.items() if t != topics.bridge_topic(T)} == crossing
