"""The pad benchmark's path works end to end (its numbers belong to `mafiakit bench pad`)."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from device.feedback import seat_pattern
from device.hardware import TableHardware
from device.pins import PinMap
from firmware_sim.board import MockBoard
from mafiakit.bench.pad import DAY_VIEW, feedback_consumer, measure


def test_every_press_reaches_its_seat_led() -> None:
    pin_map, factory = PinMap(), MockFactory()
    board = MockBoard(pin_map, factory)
    table = TableHardware(pin_map, factory)
    try:
        table.show(seat_pattern(DAY_VIEW, None))
        consumer = feedback_consumer(table, DAY_VIEW)
        latencies = measure(table, board, 20, consumer)
    finally:
        table.close()
    assert len(latencies) == 20
    assert all(ms > 0 for ms in latencies)


def test_at_night_the_same_path_lights_no_seat() -> None:
    pin_map, factory = PinMap(), MockFactory()
    night = DAY_VIEW.model_copy(update={"phase": "night", "step": "night", "speaker": None})
    board = MockBoard(pin_map, factory)
    table = TableHardware(pin_map, factory)
    try:
        with pytest.raises(RuntimeError, match="the LED of seat 1 did not change"):
            measure(table, board, 1, feedback_consumer(table, night))
    finally:
        table.close()
