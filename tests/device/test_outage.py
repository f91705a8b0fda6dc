"""Broker down for 30 s mid-game: the game goes on, nothing is lost, screens converge."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.testing import connected_client, next_item
from bus.topics import table_topic
from device.testing import running_table, submit
from engine.log import action_to_dict
from engine.playout import random_game

OUTAGE_S = 30.0


@pytest.mark.slow
def test_broker_outage_mid_game(tmp_path: Path, spawn_broker: type[MosquittoProcess]) -> None:
    lines = [action_to_dict(a) for a in random_game("fiim", 77).entered]
    half = len(lines) // 2
    with spawn_broker() as broker, \
            running_table(tmp_path / "j.sqlite", broker.url, tournament="cup", table="5",
                          rules="fiim") as table:
        screen = connected_client(broker.config(), "screen", table_topic("cup", "5", "public"))
        for line in lines[:half]:
            assert submit(table, line) == (True, "")
        broker.stop()
        down_at = time.monotonic()
        for line in lines[half:]:  # the judge goes on while the broker is away
            assert submit(table, line) == (True, "")
        assert table.game.state.finished
        time.sleep(max(0.0, OUTAGE_S - (time.monotonic() - down_at)))
        broker.start()
        back_at = time.monotonic()
        final = len(lines)
        item = next_item(screen, lambda i: isinstance(i, Received)
                         and json.loads(i.payload)["seq"] == final)
        converged_s = time.monotonic() - back_at
        snapshot = json.loads(item.payload)
        assert snapshot["view"]["winner"] == table.game.state.winner
        assert snapshot["view"]["roles"] is not None  # decided: everything is public
        saved = table.journal.current()
        assert saved is not None and len(saved.lines) == final  # nothing lost
        print(f"\noutage {OUTAGE_S:.0f} s: screen converged {converged_s:.2f} s after the "
              "broker returned")
        screen.close()
