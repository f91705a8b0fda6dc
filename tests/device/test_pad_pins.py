"""The pad on gpiozero mock pins: MockPin edges in, clean events out, with a hand-moved clock."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from gpiozero import DigitalInputDevice
from gpiozero.pins.mock import MockFactory

from device.hardware.kit import TableHardware
from device.hardware.pins import PinMap
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock

Drain = Callable[[TableHardware], list[tuple[str, str]]]
MS = 0.001


def bounce(
    board: MockBoard, clock: ManualClock, key: str, *, low: bool, edges: int, span: float
) -> None:
    """Drive `edges` alternating edges over `span` seconds, ending at the wanted level."""
    pin = board.key_pin(key)
    for i in range(edges):
        goes_low = low if (edges - 1 - i) % 2 == 0 else not low
        (pin.drive_low if goes_low else pin.drive_high)()
        if i < edges - 1:
            clock.advance(span / (edges - 1))


def test_five_edges_in_three_ms_are_exactly_one_press(
    hardware: TableHardware, board: MockBoard, clock: ManualClock, events: Drain
) -> None:
    bounce(board, clock, "4", low=True, edges=5, span=3 * MS)
    hardware.poll()
    assert events(hardware) == []  # not stable yet: the last edge was just now
    clock.advance(5 * MS)
    hardware.poll()
    clock.advance(100 * MS)
    bounce(board, clock, "4", low=False, edges=5, span=3 * MS)
    clock.advance(50 * MS)
    hardware.poll()
    assert events(hardware) == [("4", "press"), ("4", "release")]


def test_a_held_key_gives_one_hold_and_no_repeats(
    hardware: TableHardware, board: MockBoard, clock: ManualClock, events: Drain
) -> None:
    board.press("FOUL")
    for _ in range(50):  # five seconds held, polled every 100 ms
        clock.advance(0.1)
        hardware.poll()
    board.release("FOUL")
    clock.advance(0.1)
    hardware.poll()
    assert events(hardware) == [("FOUL", "press"), ("FOUL", "hold"), ("FOUL", "release")]


def test_event_times_come_from_the_injected_clock(
    hardware: TableHardware, board: MockBoard, clock: ManualClock
) -> None:
    start = clock()
    board.press("NEXT")
    clock.advance(1.0)
    hardware.poll()
    press, hold = hardware.events.get_nowait(), hardware.events.get_nowait()
    assert press.t == pytest.approx(start + hardware.pad.timing.settle)
    assert hold.t == pytest.approx(press.t + hardware.pad.timing.hold)


def test_many_keys_bouncing_together_each_give_one_press(
    hardware: TableHardware, board: MockBoard, clock: ManualClock, events: Drain
) -> None:
    for key in ("1", "2", "VOTE"):
        bounce(board, clock, key, low=True, edges=7, span=2 * MS)
    clock.advance(30 * MS)
    hardware.poll()
    assert sorted(events(hardware)) == [("1", "press"), ("2", "press"), ("VOTE", "press")]


def test_close_releases_every_pin(
    pin_map: PinMap, factory: MockFactory, clock: ManualClock
) -> None:
    TableHardware(pin_map, factory, clock, background=False).close()
    again = DigitalInputDevice(pin_map.next, pin_factory=factory)  # would raise if still reserved
    assert again.pin is not None
    again.close()


def test_a_clash_with_another_device_is_reported_and_leaves_nothing_reserved(
    pin_map: PinMap, factory: MockFactory, clock: ManualClock
) -> None:
    squatter = DigitalInputDevice(pin_map.buzzer, pin_factory=factory)
    with pytest.raises(Exception, match="GPIO20"):
        TableHardware(pin_map, factory, clock, background=False)
    squatter.close()
    TableHardware(pin_map, factory, clock, background=False).close()
