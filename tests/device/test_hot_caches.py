"""The table's hot-path caches (kept for a Pi's budget, docs/benchmarks.md "On a Pi's budget")
never show a stale thing: the LED chain's frames and the views of each game state."""

from __future__ import annotations

import pytest

from device.hardware.electrical import Bom, ChainPower, bom
from device.hardware.leds import LedChain, chain_frame
from device.hardware.pins import PinMap, make_factory
from device.table import viewcache
from engine.classic.game import Game
from engine.classic.playout import random_game
from engine.club.game import ClubGame
from engine.club.playout import random_club_game
from engine.errors import IllegalAction
from engine.log import JsonObject
from engine.variant import GameVariant
from engine.vocab import InfoClass
from firmware_sim.board import MockBoard


def _pixels(frame: list[int], count: int) -> tuple[tuple[int, int, int], ...]:
    leds = frame[4:4 + 4 * count]
    return tuple((leds[i + 3], leds[i + 2], leds[i + 1]) for i in range(0, len(leds), 4))


def test_a_frame_shown_again_is_sent_again_and_a_new_supply_is_heeded() -> None:
    factory = make_factory("mock")
    board = MockBoard(PinMap(seats=15), factory)
    chain = LedChain(15, pin_factory=factory)
    try:
        full = [1.0] * 15
        chain.write(full)
        first = board.chain.pixels
        chain.write([0.0] * 15)
        chain.write(full)  # the kept frame
        assert board.chain.pixels == first
        assert board.chain.frames == 3  # every write reached the chain
        parts = bom()
        one_end = Bom.model_validate({**parts.model_dump(), "cable": {
            **parts.cable.model_dump(), "far_end_feed": False}})
        chain.power = ChainPower(15, one_end)  # a longer drop: full white dimmed further
        chain.write(full)
        assert board.chain.pixels == _pixels(chain_frame(full, power=chain.power), 15)
        assert board.chain.pixels != first
    finally:
        chain.close()


def _check(game: GameVariant) -> None:
    for info_class in InfoClass:
        assert viewcache.view_of(game, info_class) == game.view(info_class)


@pytest.mark.parametrize("club", [False, True])
def test_the_views_follow_every_action_and_undo(club: bool) -> None:
    """Views asked at every step, an undo and a different action after it, two games
    played side by side: each view equals one made afresh."""
    played = random_club_game(11, 3).game if club else random_game("cml", 3).game
    assert played is not None
    games: list[GameVariant] = [
        ClubGame(played.settings) if isinstance(played, ClubGame) else Game("cml")
        for _ in range(2)]
    lines: list[JsonObject] = [dict(line) for line in played.lines()]
    assert len(lines) > 20
    for i, line in enumerate(lines):
        for game in games:
            _check(game)
            game.play_line(line)
            _check(game)
        if i % 5 == 4 and i + 1 < len(lines):
            game = games[0]
            game.pop()
            _check(game)
            try:
                game.play_line(lines[i + 1])
            except IllegalAction:  # not legal here: the undo alone is checked
                pass
            else:
                _check(game)
                game.pop()
            game.play_line(line)
            _check(game)
