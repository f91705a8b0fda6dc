"""On a real broker: the head judge's decision moves the standings the hub publishes; the
table's journal and its retained protocol stay as the table judge left them (000 III.16)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.testing import connected_client
from bus.topics import hub_topic, table_topic
from device.testing import running_table
from hub.registry import Liveness
from tests.hub.helpers import (
    HEARTBEAT_S,
    T,
    actions_of,
    hub_settings,
    own_protocol,
    play,
    running_hub,
    stored,
    wait_for,
)


def test_a_changed_result_moves_the_published_standings_not_the_table(
        private_broker: MosquittoProcess, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    from mafiakit.cli import main

    settings = hub_settings(tmp_path, private_broker.url, 1)
    config = tmp_path / "hub.toml"
    config.write_text(f'tournament = "{T}"\nseating = "seating.csv"\n', encoding="utf-8")
    with running_hub(settings) as hub, running_table(
            tmp_path / "t1.sqlite", private_broker.url, tournament=T, table="1",
            heartbeat_s=HEARTBEAT_S) as table:
        wait_for("the table online", lambda: hub.registry.tables["1"].state is Liveness.ONLINE)
        hub.start_round(1)
        wait_for("the round's game open", lambda: table.game_id == "r1-t1"
                 and len(table.names) == 10)
        play(table, actions_of(1))
        wait_for("the protocol stored", lambda: stored(hub).protocol("1", "r1-t1")
                 == own_protocol(table))
        journal = table.journal.load("r1-t1")
        protocol = own_protocol(table)
        winner = protocol["result"]["winner"]
        wall = connected_client(private_broker.config(), "wall",
                                hub_topic(T, "public/aggregate"),
                                table_topic(T, "1", "protocol"))
        latest: dict[str, Any] = {}

        def aggregate_where(check: Any) -> dict[str, Any]:
            def seen() -> bool:
                item = wall.inbox.get(timeout=30)
                if isinstance(item, Received):
                    latest[item.topic] = json.loads(item.payload)
                got = latest.get(hub_topic(T, "public/aggregate"))
                return got is not None and bool(check(got))
            wait_for("the aggregate", seen)
            out: dict[str, Any] = latest[hub_topic(T, "public/aggregate")]
            return out

        before = aggregate_where(lambda a: a["standings"] is not None)
        other = "black" if winner == "red" else "red"
        assert main(["hub", "decide", "--config", str(config), "--table", "1", "--game",
                     "r1-t1", "--kind", "change_result", "--who", "Head judge", "--why",
                     "a non-game advantage seen on the video", "--arg",
                     f"winner={other}"]) == 0
        assert "decision 1 recorded" in capsys.readouterr().out
        after = aggregate_where(lambda a: a["games"] and a["games"][0]["winner"] == other)
        wins = {r["player"]: r["wins"] for r in after["standings"]["standings"]}
        was = {r["player"]: r["wins"] for r in before["standings"]["standings"]}
        assert wins == {p: 1 - w for p, w in was.items()}  # every player's win moved
        assert after["standings_as_of"] == {"as_of_round": 1, "hidden": False}
        # the table's record is untouched: journal, own protocol, the retained one
        assert table.journal.load("r1-t1") == journal
        assert own_protocol(table) == protocol
        assert latest[table_topic(T, "1", "protocol")] == protocol
        assert stored(hub).protocol("1", "r1-t1") == protocol
        # a decision the rules refuse is not recorded, and the head judge reads why
        assert main(["hub", "decide", "--config", str(config), "--table", "1", "--game",
                     "r1-t1", "--kind", "extra_points", "--who", "Head judge", "--why",
                     "too generous", "--arg", "seat=1", "--arg", "points=3.5"]) == 2
        assert "not recorded" in capsys.readouterr().err
        assert len(stored(hub).decisions()) == 1
        wall.close()
