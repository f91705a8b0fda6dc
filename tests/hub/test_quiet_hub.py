"""A hub that stays quiet when all is well (issue 25, item 2): a whole three-table round
asks no table for a rebirth; one event the hub never got asks for exactly one, and the
table's answer fills the hole from its journal. Real tables, a real hub, a real broker; the
rebirths are counted on the wire, as a table receives them."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from bus.broker import MosquittoProcess
from bus.client import BusClient, Received
from bus.config import BrokerConfig
from bus.testing import connected_client
from tests.hub.helpers import (
    T,
    actions_of,
    hub_settings,
    own_protocol,
    play,
    play_all,
    running_hub,
    stored,
    tables_of,
    wait_for,
)

GRACE_S = 1.0  # the hub's rebirth_every_s here: how long a decided game waits for its protocol


def rebirths(listener: BusClient) -> list[dict[str, object]]:
    """The rebirth commands every table was sent so far (their arguments)."""
    out = []
    while not listener.inbox.empty():
        item = listener.inbox.get_nowait()
        if isinstance(item, Received):
            out.append(json.loads(item.payload)["args"])
    return out


def soak(hub_seconds: float) -> None:
    """Let the hub run its timed work for a while (what is measured is what it sends in
    that time, never how long anything took)."""
    time.sleep(hub_seconds)


def test_a_whole_round_asks_for_no_rebirth(private_broker: MosquittoProcess,
                                           tmp_path: Path) -> None:
    settings = hub_settings(tmp_path, private_broker.url, 3, rebirth_every_s=GRACE_S)
    config = BrokerConfig.from_url(private_broker.url)
    listener = connected_client(config, "listener", f"mafia/v1/{T}/tables/+/cmd/rebirth")
    try:
        with running_hub(settings) as hub, tables_of(tmp_path, private_broker.url, 3) as played:
            hub.start_round(1)
            wait_for("every table opened its round-1 game", lambda: all(
                t.game_id == f"r1-t{t.table}" and len(t.names) == 10 for t in played))
            play_all(played, {t.table: actions_of(80 + int(t.table)) for t in played})
            wait_for("every protocol stored", lambda: {
                tb: p for tb, _, p in stored(hub).protocols()} == {
                t.table: own_protocol(t) for t in played})
            soak(4 * GRACE_S)  # before: a rebirth every GRACE_S per table, until the next round
            assert rebirths(listener) == []
            aggregate: dict[str, Any] = hub.aggregate()
            assert not any(row["gap"] for row in aggregate["tables"])
            for t in played:  # and every event is stored, none twice
                assert [seq for seq, _ in stored(hub).events(t.table, t.game_id)] == list(
                    range(1, t.seq + 1))
    finally:
        listener.close()


def test_one_event_the_hub_never_got_asks_for_one_rebirth(private_broker: MosquittoProcess,
                                                          tmp_path: Path) -> None:
    """The hub is down for exactly one action (a night one: events count them, the public
    seq does not); back, it sees the next event skip a seq, asks once, and the table sends
    the missing event again from its journal."""
    settings = hub_settings(tmp_path, private_broker.url, 1, rebirth_every_s=GRACE_S)
    config = BrokerConfig.from_url(private_broker.url)
    listener = connected_client(config, "listener", f"mafia/v1/{T}/tables/+/cmd/rebirth")
    actions = actions_of(7)
    night = next(i for i, a in enumerate(actions) if a["action"] == "shoot" and i > 3)
    try:
        with tables_of(tmp_path, private_broker.url, 1) as (table,):
            with running_hub(settings) as hub:
                hub.start_round(1)
                wait_for("the round-1 game", lambda: table.game_id == "r1-t1")
                play(table, actions[:night])
                wait_for("the hub stored them", lambda: len(
                    stored(hub).events("1", "r1-t1")) == table.seq)
            play(table, [actions[night]])  # the shot: the hub is not there to hear it
            missed = table.seq
            with running_hub(settings) as hub:
                play(table, actions[night + 1:])
                wait_for("every event stored, the missed one too", lambda: [
                    seq for seq, _ in stored(hub).events("1", "r1-t1")] == list(
                    range(1, table.seq + 1)))
                wait_for("the protocol", lambda: stored(hub).protocol("1", "r1-t1") is not None)
                soak(4 * GRACE_S)
                assert rebirths(listener) == [{"game_id": "r1-t1", "since": missed}]
                assert not hub.registry.tables["1"].seqs.gap
    finally:
        listener.close()
