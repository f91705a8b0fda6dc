"""Broker down for 30 s mid-game: the game goes on, nothing is lost, screens converge."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.testing import connected_client, next_of
from bus.topics import table_topic
from device.testing import running_table, submit
from engine.classic.log import action_to_dict
from engine.classic.playout import random_game
from engine.vocab import InfoClass
from tests.classic import classic_game

OUTAGE_S = 30.0


@pytest.mark.slow
def test_broker_outage_mid_game(tmp_path: Path, spawn_broker: type[MosquittoProcess]) -> None:
    lines = [action_to_dict(a) for a in random_game("fiim", 77).entered]
    half = len(lines) // 2
    with spawn_broker() as broker, \
            running_table(tmp_path / "j.sqlite", broker.url, tournament="cup", table="5",
                          rules="fiim") as table:
        protocol = table_topic("cup", "5", "protocol")
        screen = connected_client(broker.config(), "screen", table_topic("cup", "5", "public"),
                                  protocol)
        for line in lines[:half]:
            assert submit(table, line) == (True, "")
        broker.stop()
        down_at = time.monotonic()
        for line in lines[half:]:  # the judge goes on while the broker is away
            assert submit(table, line) == (True, "")
        assert table.table_game.state.finished
        time.sleep(max(0.0, OUTAGE_S - (time.monotonic() - down_at)))
        broker.start()
        back_at = time.monotonic()
        final = len(lines)
        public_seq = table.screen_seqs.seq[InfoClass.PUBLIC]
        item = next_of(screen, Received, lambda i: i.topic != protocol
                       and json.loads(i.payload)["seq"] == public_seq)
        converged_s = time.monotonic() - back_at
        snapshot = json.loads(item.payload)
        assert snapshot["view"]["phase"] == "finished"
        # decided: the result and the roles reach the screen on the retained protocol
        shown = next_of(screen, Received, lambda i: i.topic == protocol)
        reveal = json.loads(shown.payload)["reveal"]
        assert reveal["winner"] == classic_game(table).state.winner and len(reveal["roles"]) == 10
        saved = table.journal.current()
        assert saved is not None and len(saved.lines) == final  # nothing lost
        print(f"\noutage {OUTAGE_S:.0f} s: screen converged {converged_s:.2f} s after the "
              "broker returned")
        screen.close()
