"""Seats 11-15 on the pad (docs/pad.md, "Seats 11-15"): the 15-key club pad keys them like any
seat; a 10-key pad refuses a game it could not key in, before the game starts. Through
gpiozero's MockFactory, with the LED chain read off its SPI wires."""

from __future__ import annotations

from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from bus.testing import sample_snapshot
from device.config import TableSettings
from device.hardware.kit import TableHardware
from device.hardware.leds import Pattern, level_byte, pattern_level
from device.hardware.pins import PinMap
from device.table.feedback import seat_pattern
from device.table.keys import Action, PadDecoder, PadError, pad_problem
from device.table.service import TableService
from engine.errors import LogError
from engine.viewmodels import JudgeView, PublicView
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock


@pytest.mark.parametrize("seats", range(3, 16))
def test_a_fifteen_key_pad_keys_every_table_size(seats: int) -> None:
    assert pad_problem(seats, 15) is None
    assert (pad_problem(seats, 10) is None) == (seats <= 10)


def test_the_refusal_says_which_seats_and_what_to_do() -> None:
    assert pad_problem(12, 10) == (
        "this game has 12 seats but the pad has only 10 seat keys: seats 11-12 could not be "
        "keyed in. Play it on the 15-key club pad (deploy/wiring.md), or with fewer players")


def test_a_ten_key_pad_refuses_a_twelve_seat_game_before_it_starts(tmp_path: Path) -> None:
    """Nothing is journaled, the game at the table stays, the LEDs keep showing it."""
    clock = ManualClock()
    factory = MockFactory()
    pins = PinMap()  # the classic pad: ten seat keys, ten LEDs
    board = MockBoard(pins, factory)
    hardware = TableHardware(pins, factory, clock, background=False)
    service = TableService(TableSettings(journal=tmp_path / "t.sqlite"), connect=False,
                           hardware=hardware, mono=clock)
    try:
        before = (service.game_id, service.seq, service.table_game.state)
        leds = board.led_bytes()
        assert leds == (level_byte(pattern_level(Pattern.DIM, 0.0)),) * 10  # the deal
        with pytest.raises(LogError, match="seats 11-12 could not be keyed in"):
            service.new_game({"rules": "club", "seats": 12})
        assert (service.game_id, service.seq, service.table_game.state) == before
        clock.advance(1.0)
        hardware.poll()
        assert board.led_bytes() == leds
    finally:
        service.close()


def judge_at(seats: int) -> JudgeView:
    view = sample_snapshot("judge", seats).view
    assert isinstance(view, JudgeView)
    return view


def keyed(board: MockBoard, hardware: TableHardware, clock: ManualClock,
          decoder: PadDecoder, view: JudgeView, *keys: str) -> list[object]:
    """Press and release each key on the mock pins; the decoder's results, in order."""
    results: list[object] = []
    for key in keys:
        for down in (True, False):
            (board.press if down else board.release)(key)
            clock.advance(0.06)
            hardware.poll()
            while not hardware.events.empty():
                event = hardware.events.get()
                result = decoder.feed(event, view)
                if event.kind == "press":
                    results.append(result)
    return results


def test_the_club_pad_keys_seats_eleven_to_fifteen_and_lights_their_leds() -> None:
    clock = ManualClock()
    factory = MockFactory()
    pins = PinMap(seats=15)
    board = MockBoard(pins, factory)
    hardware = TableHardware(pins, factory, clock, background=False)
    try:
        judge = judge_at(15)
        public = sample_snapshot("public", 15).view
        assert isinstance(public, PublicView)
        hardware.show(seat_pattern(public, 30.0))
        clock.advance(0.01)
        hardware.poll()
        steady, dim = (level_byte(pattern_level(p, 0.0)) for p in (Pattern.STEADY, Pattern.DIM))
        leds = board.led_bytes()
        assert len(leds) == 15 and leds[3] == steady  # seat 4 speaks
        assert leds[2] == 0 and set(leds[10:]) == {dim}  # seat 3 is out; 11-15 at the table
        decoder = PadDecoder()
        results = keyed(board, hardware, clock, decoder, judge, "NOMINATE", "13", "FOUL", "15")
        assert results[1] == Action({"action": "nominate", "seat": 13, "by": 4})
        assert results[3] == Action({"action": "foul", "seat": 15})
        hardware.signal_ok(13)
        clock.advance(0.01)
        hardware.poll()
        assert board.led_bytes()[12] != leds[12]  # seat 13's LED answers its key
    finally:
        hardware.close()


def test_a_head_count_on_the_club_pad_goes_up_to_the_players_at_the_table() -> None:
    """A vote by count (docs/pad.md): the count is a seat key, so 14 voters take key 14."""
    clock = ManualClock()
    factory = MockFactory()
    pins = PinMap(seats=15)
    board = MockBoard(pins, factory)
    hardware = TableHardware(pins, factory, clock, background=False)
    try:
        judge = JudgeView.model_validate({
            **judge_at(15).model_dump(), "step": "vote", "speaker": None,
            "vote": {"round": 1, "candidates": (4, 9), "current": 4, "votes": {},
                     "voters": {}}})
        decoder = PadDecoder()
        too_many = keyed(board, hardware, clock, decoder, judge, "VOTE", "15")
        assert isinstance(too_many[-1], PadError)
        assert "only 14 players are at the table" in too_many[-1].message
    finally:
        hardware.close()
