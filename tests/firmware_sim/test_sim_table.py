"""`mafiakit sim`'s assembly: the real table service on mock pins, keys pressed in real time."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.testing import connected_client, next_of
from bus.topics import table_topic
from firmware_sim.table import SimTable
from firmware_sim.window import SimWindow
from tests.classic import classic_game

GUARD = 30.0


def tap(sim: SimTable, key: str) -> None:
    sim.board.press(key)
    time.sleep(0.05)
    sim.board.release(key)
    time.sleep(0.05)


def test_keys_on_the_simulated_pad_play_the_real_table(broker: MosquittoProcess,
                                                       tmp_path: Path) -> None:
    sim = SimTable.start(tournament="simt", table="2", broker_url=broker.url,
                         journal=tmp_path / "t.sqlite", music=False)
    try:
        assert sim.wait_connected(GUARD)
        sim.run_in_background()
        screen = connected_client(broker.config(), "screen", table_topic("simt", "2", "public"))
        for key in ("10", "2", "6", "4", "NEXT", "NEXT", "NEXT"):  # roles, start, day
            tap(sim, key)
        item = next_of(screen, Received, lambda i:
                       json.loads(i.payload)["view"]["step"] == "speech")
        public = json.loads(item.payload)["view"]
        assert public["speaker"] == 1 and "roles" not in public  # no field for it at all
        deadline = time.monotonic() + GUARD
        while sim.board.led_values()[0] != 1.0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert sim.board.led_values()[0] == 1.0  # the speaker's LED is on
        assert classic_game(sim.service).state.roles is not None
        assert classic_game(sim.service).state.role(10).value == "don"
        window = SimWindow(sim.hardware, sim.board, status=lambda: sim.service.pad_text)
        surface = window.render_to_surface()
        assert isinstance(surface, pygame.Surface)
        screen.close()
    finally:
        sim.close()
