"""`mafiakit hub round 2` while a table still plays round 1 (issue 24, item 3, the hub's side):
the CLI names the tables still playing in one line, the hub does not send the new game over
the running one but alerts the head judge, and sends it once the game is decided."""

from __future__ import annotations

from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from device.testing import running_table
from hub.registry import Liveness
from tests.hub.helpers import (
    HEARTBEAT_S,
    HubWatcher,
    T,
    actions_of,
    deciding_index,
    hub_settings,
    play,
    running_hub,
    stored,
    wait_for,
)


def test_round_two_waits_for_the_game_of_round_one(
        private_broker: MosquittoProcess, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    from mafiakit.cli import main

    settings = hub_settings(tmp_path, private_broker.url, 1, rounds=2)
    config = tmp_path / "hub.toml"
    config.write_text(f'tournament = "{T}"\nseating = "seating.csv"\n', encoding="utf-8")
    watcher = HubWatcher(private_broker.config(), filters=("judge/state",))
    try:
        with running_hub(settings) as hub, running_table(
                tmp_path / "t1.sqlite", private_broker.url, tournament=T, table="1",
                heartbeat_s=HEARTBEAT_S) as table:
            wait_for("the table online",
                     lambda: hub.registry.tables["1"].state is Liveness.ONLINE)
            assert main(["hub", "round", "1", "--config", str(config)]) == 0
            assert capsys.readouterr().out.strip() == (
                "round 1: queued r1-t1 (the running hub sends them)")
            wait_for("round 1 open", lambda: table.game_id == "r1-t1" and len(table.names) == 10)
            actions = actions_of(4)
            play(table, actions[:25])  # the game runs: day or night, nobody has won
            wait_for("the hub has its events",
                     lambda: len(stored(hub).events("1", "r1-t1")) == table.seq)
            assert main(["hub", "round", "2", "--config", str(config)]) == 0
            line = capsys.readouterr().out.strip()
            assert "\n" not in line
            assert line == (
                "round 2: queued r2-t1 (the running hub sends them); table 1 still plays "
                "r1-t1: it gets its round-2 game only once that one is decided (an alert "
                "on the head judge's page until then)")
            state = watcher.until("the head judge's alert", lambda p: any(
                a["kind"] == "round_waits" for a in p.get("judge/state", {}).get("alerts", [])))
            [alert] = [a for a in state["judge/state"]["alerts"] if a["kind"] == "round_waits"]
            assert alert["params"] == {"game": "r1-t1", "next": "r2-t1"}
            # the table keeps its game: more actions go on, nothing is abandoned
            play(table, actions[25:30])
            assert table.game_id == "r1-t1"
            assert [r.request_id for r in stored(hub).pending_commands()] == [
                "r2-t1-new_game", "r2-t1-roster"]
            # decided, and the last farewell speech heard (the hub does not cut it short)
            deciding = deciding_index(4)
            play(table, actions[30:deciding + 1])
            wait_for("the hub sees the decision", lambda: stored(hub).protocol(
                "1", "r1-t1") is not None)
            assert hub.registry.tables["1"].speaking and table.game_id == "r1-t1"
            play(table, actions[deciding + 1:])
            wait_for("round 2 open", lambda: table.game_id == "r2-t1")
            watcher.until("the alert gone", lambda p: not any(
                a["kind"] == "round_waits" for a in p.get("judge/state", {}).get("alerts", [])))
            assert stored(hub).protocol("1", "r1-t1") is not None
    finally:
        watcher.close()
