"""The pad benchmark's path works end to end (its numbers belong to `mafiakit bench pad`)."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from device.hardware.kit import TableHardware
from device.hardware.pad import KeyEvent
from device.hardware.pins import PinMap
from device.table.feedback import seat_pattern
from firmware_sim.board import MockBoard
from mafiakit.bench.pad import (
    CLUB_DAY_VIEW,
    CLUB_SEATS,
    DAY_VIEW,
    club_through_the_table,
    feedback_consumer,
    measure,
)


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


def test_the_club_pad_presses_reach_seats_11_to_15() -> None:
    pin_map, factory = PinMap(seats=CLUB_SEATS), MockFactory()
    board = MockBoard(pin_map, factory)
    table = TableHardware(pin_map, factory)
    lit: list[int] = []
    try:
        table.show(seat_pattern(CLUB_DAY_VIEW, None))
        flash = feedback_consumer(table, CLUB_DAY_VIEW)

        def consume(event: KeyEvent) -> None:
            flash(event)
            if event.kind == "press":
                lit.append(int(event.key))

        latencies = measure(table, board, 15, consume, CLUB_SEATS)
    finally:
        table.close()
    assert len(latencies) == 15
    assert lit == list(range(1, 16))  # seats 11-15 keyed on their own keys


def test_club_nominations_through_the_table_name_every_seat() -> None:
    """Fifteen nominations in the club grammar (NOMINATE, by, whom; 004 §6): each one
    recorded by the rules and its nominee's LED changed, seats 11-15 among the nominees."""
    latencies = club_through_the_table(15)
    assert len(latencies) == 15
    assert all(ms > 0 for ms in latencies)
