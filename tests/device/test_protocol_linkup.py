"""The retained protocol follows the journal at every link-up (issue 24, item 1).

An undo of the game's end clears the retained protocol (an empty retained payload). Two ways
the broker kept the reveal anyway, both found by the attack of issue 24: the undo was
journaled while the broker was away and the table restarted before it came back (the clear
waited in the old process's memory), or the broker died before its autosave and came back
with the protocol of the decided game. In both the overlay showed every role of a running
game. The table now sets the retained protocol from its journal at every link-up: a game
that is not decided gets an empty payload, and the last decided game's protocol (public since
its decision) is put back for a hub that was away.
"""

from __future__ import annotations

import json
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.testing import (
    ACL_OVERLAY_USER,
    ACL_TABLE,
    ACL_TABLE_USER,
    ACL_TOURNAMENT,
    acl_broker,
    connected_client,
    next_of,
    received_until,
)
from bus.topics import table_topic
from device.table.service import TableService
from device.testing import running_table, submit
from engine.classic.log import action_to_dict
from engine.classic.playout import Mix, random_game
from engine.log import LogLine, header
from tests.classic import classic_game

PROTOCOL = table_topic(ACL_TOURNAMENT, ACL_TABLE, "protocol")
HEARTBEAT = table_topic(ACL_TOURNAMENT, ACL_TABLE, "heartbeat")
JUDGE = table_topic(ACL_TOURNAMENT, ACL_TABLE, "judge")
SCREENS = ("scoreboard", "venue", "head-judge", ACL_OVERLAY_USER)


@pytest.fixture
def persistent() -> Iterator[MosquittoProcess]:
    """The ACL broker with persistence on: retained messages survive its restarts."""
    with acl_broker(persistence=True) as broker:
        yield broker


def decided_lines(seed: int) -> list[LogLine]:
    return [action_to_dict(a) for a in random_game("cml", seed, Mix(undo=0.0)).entered]


def settled(table: TableService, broker: MosquittoProcess) -> None:
    """The engine thread handled everything queued so far (a link-up included) and the
    broker holds everything it published: a refusal with a fresh word in it comes back on
    the judge topic, after whatever the table sent before it."""
    hub = connected_client(broker.config("hub"), "settle", JUDGE)
    word = f"marker-{secrets.token_hex(6)}"
    try:
        ok, why = submit(table, {"action": word})
        assert not ok and word in why
        next_of(hub, Received, lambda i: i.topic == JUDGE and word in i.payload.decode())
    finally:
        hub.close()


def protocols_seen(table: TableService, broker: MosquittoProcess) -> dict[str, list[str]]:
    """account -> the game ids of every non-empty protocol it receives when it subscribes to
    `#` now (retained, or live before the table's marker)."""
    clients = {user: connected_client(broker.config(user), f"late-{user}", "#")
               for user in SCREENS}
    marker = f"marker-{secrets.token_hex(6)}".encode()
    assert table.bus is not None
    table.bus.publish(HEARTBEAT, marker, qos=1, retain=False)  # after all the table sent
    seen: dict[str, list[str]] = {}
    for user, client in clients.items():
        got = received_until(client, HEARTBEAT, marker)
        client.close()
        seen[user] = [json.loads(m.payload)["game_id"] for m in got
                      if m.topic == PROTOCOL and m.payload]
    return seen


def table_url(broker: MosquittoProcess) -> str:
    return broker.config(ACL_TABLE_USER).url(with_password=True)


def test_an_undo_while_the_broker_was_away_is_cleared_after_a_table_restart(
        persistent: MosquittoProcess, tmp_path: Path) -> None:
    """Game 1 decided, game 2 decided; the broker goes away; the judge undoes game 2's end;
    the table restarts before the broker is back (the clear it queued is lost with the
    process). Back on line, no screen account may get game 2's protocol; game 1's stays."""
    journal = tmp_path / "j.sqlite"
    where = {"tournament": ACL_TOURNAMENT, "table": ACL_TABLE}
    with running_table(journal, table_url(persistent), **where) as table:
        for line in decided_lines(5):
            assert submit(table, line) == (True, "")
        first = table.game_id  # the table's own game, opened by its first line
        table.new_game(header("cml", game=2))
        second = table.game_id
        for line in decided_lines(6):
            assert submit(table, line) == (True, "")
        settled(table, persistent)
        assert all(games == [second] for games in protocols_seen(table, persistent).values())
        persistent.stop()  # a clean stop: it saves the decided game's protocol
        while classic_game(table).state.finished:
            assert submit(table, {"action": "undo"}) == (True, "")
    persistent.start()
    with running_table(journal, table_url(persistent), **where) as table:
        assert table.game_id == second and not classic_game(table).state.finished
        settled(table, persistent)
        seen = protocols_seen(table, persistent)
    assert seen == {user: [first] for user in SCREENS}, seen


def test_a_broker_back_from_an_old_autosave_loses_the_stale_protocol(
        persistent: MosquittoProcess, tmp_path: Path) -> None:
    """The broker saved the decided game's protocol, the judge undid the end (cleared live),
    then the broker died before its next autosave: it comes back with the reveal of a game
    that is running again. The table's link-up must clear it."""
    with running_table(tmp_path / "j.sqlite", table_url(persistent), tournament=ACL_TOURNAMENT,
                       table=ACL_TABLE) as table:
        for line in decided_lines(7):
            assert submit(table, line) == (True, "")
        settled(table, persistent)
        persistent.stop()  # saves the database with the protocol
        saved = tmp_path / "autosave.db"
        shutil.copyfile(persistent.database, saved)
        persistent.start()
        assert table.bus is not None and table.bus.wait_ready(60)
        while classic_game(table).state.finished:
            assert submit(table, {"action": "undo"}) == (True, "")
        settled(table, persistent)
        assert protocols_seen(table, persistent) == {user: [] for user in SCREENS}
        persistent.kill()  # before its autosave: the file on disk is the old one
        shutil.copyfile(saved, persistent.database)
        persistent.start()
        assert table.bus.wait_ready(60)
        settled(table, persistent)
        seen = protocols_seen(table, persistent)
        assert not classic_game(table).state.finished
    assert seen == {user: [] for user in SCREENS}, seen
