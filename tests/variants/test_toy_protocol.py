"""A decided game of the third, test-only variant (tests/variants/toy.py) is published and
stored like any other (issue 27 item 1): the table builds its one `Protocol` (bus/payloads.py,
the reveal typed by its variant), the real broker carries it, and the hub checks it by
replaying it and keeps it in its one table of games, nothing in bus/, device/ or hub/
knowing the toy exists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.payloads import ClubReveal, Protocol, decode
from bus.testing import connected_client, next_of
from bus.topics import table_topic
from device.table.inbox import NewGame
from device.testing import running_table, submit
from engine.replay import replay_game
from hub.registry import Liveness
from hub.store import Store
from tests.hub.helpers import HEARTBEAT_S, T, hub_settings, running_hub, stored, wait_for
from tests.variants.test_toy import seven
from tests.variants.toy import RULES


@pytest.mark.usefixtures("toy")  # registered for this test only
def test_a_decided_toy_game_is_published_and_stored_by_the_hub(
        private_broker: MosquittoProcess, tmp_path: Path) -> None:
    header, lines = seven()  # the seven-seat club example as a toy game (table 1)
    _, replica = replay_game([json.dumps(header), *(json.dumps(x) for x in lines)])
    assert replica.state.finished
    settings = hub_settings(tmp_path, private_broker.url, 1)
    watcher = connected_client(private_broker.config(), "watcher",
                               table_topic(T, "1", "protocol"))
    with running_hub(settings) as hub, running_table(
            tmp_path / "t1.sqlite", private_broker.url, tournament=T, table="1",
            heartbeat_s=HEARTBEAT_S) as table:
        wait_for("the table online", lambda: hub.registry.tables["1"].state is Liveness.ONLINE)
        table.inbox.put(NewGame(header=dict(header), game_id="toy-1"))
        wait_for("the toy game open", lambda: table.game_id == "toy-1")
        for line in lines:
            assert submit(table, dict(line)) == (True, ""), line
        item = next_of(watcher, Received, lambda i: bool(i.payload) and len(
            json.loads(i.payload)["actions"]) == len(replica.actions))
        wait_for("the toy protocol stored",
                 lambda: stored(hub).club_protocol("1", "toy-1") is not None)
    watcher.close()
    published = decode("protocol", item.payload)
    assert isinstance(published, Protocol) and published.header["rules"] == RULES
    assert isinstance(published.reveal, ClubReveal)  # the toy plays the club's rules
    assert published.result == json.loads(json.dumps(replica.result()))
    assert published.reveal.winner.value == replica.state.winner
    store = Store(settings.database)
    try:
        assert store.quarantined() == []  # its events and its protocol were all taken
        kept = store.club_protocol("1", "toy-1")
        assert kept is not None and Protocol.model_validate(kept) == published
        # one table of games: a toy game adds up in an evening (its variant says so), never
        # in the tournament's standings
        assert [(t, g) for t, g, _, _ in store.club_protocols()] == [("1", "toy-1")]
        assert store.protocols() == []
    finally:
        store.close()
