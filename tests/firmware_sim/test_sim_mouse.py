"""A whole game played with the mouse on the simulator window, as a new user would: clicks
on the drawn pad keys press the mock pins of the real table service; night music plays at
night and stops in the morning (dummy audio driver)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest

from bus.broker import MosquittoProcess
from engine.classic.protocol import result
from engine.classic.replay import replay
from firmware_sim.fromlog import log_presses
from firmware_sim.table import SimTable
from firmware_sim.window import SimWindow
from tests.classic import classic_game

GAME = Path(__file__).resolve().parents[2] / "examples" / "cml-quiet-draw.jsonl"
GUARD = 30.0


def click(window: SimWindow, key: str, hold: bool = False) -> None:
    """Press and release a key with the mouse, where the window draws it."""
    spot = window._key_rects[key].center
    assert window.key_at(spot) == key
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=spot))
    time.sleep(1.0 if hold else 0.06)
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=spot))
    time.sleep(0.06)


def wait_for(condition, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + GUARD
    while not condition():
        assert time.monotonic() < deadline, f"waited in vain for {what}"
        time.sleep(0.01)


def test_a_whole_game_with_the_mouse_and_music_at_night(
        broker: MosquittoProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # a sound device that plays into nothing
    lines = GAME.read_text(encoding="utf-8").splitlines()
    head, original = replay(lines)
    sim = SimTable.start(tournament="mouse", table="1", broker_url=broker.url,
                         journal=tmp_path / "t.sqlite", rules=head["rules"])
    try:
        assert sim.wait_connected(GUARD)
        sim.run_in_background()
        service, music = sim.service, sim.hardware.music
        assert music is not None and music.available  # the mixer runs on the dummy driver
        window = SimWindow(sim.hardware, sim.board, status=service.summary)
        night_music: list[bool] = []
        for key, hold in log_presses(lines):
            before = len(classic_game(service).actions)
            click(window, key, hold)
            if key == "NEXT":
                wait_for(lambda b=before: len(service.table_game.actions) != b or service.pad_text,
                         f"NEXT after action {before}")
            state = classic_game(service).state
            if state.phase == "night" and state.number > 0:
                wait_for(lambda: music.playing, "night music")
                night_music.append(True)
            window.render_to_surface()
        wait_for(lambda: classic_game(service).state.finished, "the end of the game")
        game = classic_game(service)
        assert result(game.state, head["rules"]) == result(original.state, head["rules"])
        assert night_music  # it played in every night the judge clicked through
        wait_for(lambda: not music.playing or classic_game(service).state.phase != "night",
                 "the music to stop")
        assert json.loads(json.dumps(service.summary())) == "game over: draw"
    finally:
        sim.close()
