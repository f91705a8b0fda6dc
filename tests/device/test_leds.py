"""Seat LEDs on a chain over mock SPI: exact frames at chosen clock times."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import DigitalOutputDevice
from gpiozero.pins.mock import MockFactory

from device.hardware.leds import (
    BLINK_PERIOD,
    DIM_LEVEL,
    ERROR_FLASH,
    FRAME,
    OK_FLASH,
    PULSE_PERIOD,
    ChainError,
    Pattern,
    SeatLeds,
    Step,
    chain_frame,
    level_byte,
    pattern_level,
    signal_step,
)
from device.hardware.mockspi import MockSpidev, MockTableFactory
from device.hardware.pins import PinMap
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock

P = Pattern
DIM = level_byte(DIM_LEVEL) / 255  # what the chain shows for DIM_LEVEL (8 bits)


@pytest.fixture
def leds(
    pin_map: PinMap, factory: MockFactory, clock: ManualClock, board: MockBoard
) -> Iterator[SeatLeds]:
    seat_leds = SeatLeds(pin_map.seats, factory, clock)
    yield seat_leds
    seat_leds.close()


@pytest.mark.parametrize(
    ("pattern", "elapsed", "level"),
    [
        (P.OFF, 3.0, 0.0),
        (P.DIM, 3.0, DIM_LEVEL),
        (P.STEADY, 3.0, 1.0),
        (P.FAST_BLINK, 0.0, 1.0),
        (P.FAST_BLINK, BLINK_PERIOD * 0.75, 0.0),
        (P.FAST_BLINK, BLINK_PERIOD * 1.25, 1.0),
        (P.SLOW_PULSE, 0.0, 0.125),  # dim, rounded to 1/32
        (P.SLOW_PULSE, PULSE_PERIOD / 2, 1.0),
        (P.SLOW_PULSE, PULSE_PERIOD, 0.125),
    ],
)
def test_pattern_levels(pattern: Pattern, elapsed: float, level: float) -> None:
    assert pattern_level(pattern, elapsed) == pytest.approx(level)


def test_signal_steps_follow_each_other_then_end() -> None:
    signal = (Step(0.1, 1.0), Step(0.2, 0.0))
    assert signal_step(signal, 0.05) == Step(0.1, 1.0)
    assert signal_step(signal, 0.15) == Step(0.2, 0.0)
    assert signal_step(signal, 0.31) is None
    assert signal_step(signal, -0.01) is None


def test_show_writes_the_pins(leds: SeatLeds, board: MockBoard) -> None:
    leds.show([P.STEADY, P.DIM, P.OFF, *[P.DIM] * 7])
    assert board.led_values() == (1.0, DIM, 0.0, *[DIM] * 7)
    assert tuple(map(level_byte, leds.values())) == board.led_bytes()


def test_a_blinking_seat_follows_the_clock(
    leds: SeatLeds, board: MockBoard, clock: ManualClock
) -> None:
    leds.show([P.FAST_BLINK, *[P.OFF] * 9])
    assert board.led_values()[0] == 1.0
    clock.advance(BLINK_PERIOD / 4)  # then sample mid-phase, away from the edges
    seen = []
    for _ in range(4):
        leds.render()
        seen.append(board.led_values()[0])
        clock.advance(BLINK_PERIOD / 2)
    assert seen == [1.0, 0.0, 1.0, 0.0]


def test_an_unchanged_pattern_keeps_its_rhythm(
    leds: SeatLeds, board: MockBoard, clock: ManualClock
) -> None:
    pulses = [P.SLOW_PULSE, *[P.DIM] * 9]
    leds.show(pulses)
    clock.advance(PULSE_PERIOD / 2)
    leds.show(pulses)  # the same view again: the pulse must not restart
    assert board.led_values()[0] == 1.0


def test_render_asks_to_run_again_only_while_something_moves(
    leds: SeatLeds, clock: ManualClock
) -> None:
    leds.show([P.DIM] * 10)
    assert leds.render() is None
    leds.show([P.SLOW_PULSE, *[P.DIM] * 9])
    assert leds.render() == pytest.approx(clock() + FRAME)


def test_press_flash_flips_the_seat_then_restores_it(
    leds: SeatLeds, board: MockBoard, clock: ManualClock
) -> None:
    leds.show([P.STEADY, P.DIM, *[P.DIM] * 8])
    leds.signal([1, 2], OK_FLASH)
    assert board.led_values()[:3] == (0.0, 1.0, DIM)  # bright goes dark, dim goes bright
    clock.advance(0.2)
    assert leds.render() is None
    assert board.led_values()[:3] == (1.0, DIM, DIM)


def test_error_flash_is_two_flashes_on_every_seat(
    leds: SeatLeds, board: MockBoard, clock: ManualClock
) -> None:
    leds.show([P.DIM] * 10)
    leds.signal(range(1, 11), ERROR_FLASH)
    clock.advance(0.05)  # sample mid-step
    seen = []
    for _ in range(5):
        leds.render()
        seen.append(set(board.led_values()))
        clock.advance(0.1)
    assert seen == [{1.0}, {0.0}, {1.0}, {0.0}, {DIM}]


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda leds: leds.show([P.DIM] * 11), "11 seat patterns for 10 seat LEDs"),
        (lambda leds: leds.signal([2, 11], OK_FLASH), "there is no seat 11"),
        (lambda leds: leds.show([P.STEADY, "bright", *[P.OFF] * 8]), "'bright' is not a valid"),
    ],
)
def test_bad_calls_are_refused_and_change_nothing(
    leds: SeatLeds, board: MockBoard, clock: ManualClock, call: object, words: str
) -> None:
    leds.show([P.DIM] * 10)
    with pytest.raises(ValueError, match=words):
        call(leds)  # type: ignore[operator]
    assert board.led_values() == (DIM,) * 10
    clock.advance(0.05)
    leds.render()
    assert board.led_values() == (DIM,) * 10


def test_a_chain_has_one_to_fifteen_seat_leds(factory: MockFactory, clock: ManualClock) -> None:
    with pytest.raises(ValueError, match="a chain of 1 to 15 seat LEDs, got 16"):
        SeatLeds(16, factory, clock)


def test_fewer_patterns_than_leds_leave_the_last_seats_dark(
    factory: MockFactory, clock: ManualClock
) -> None:
    """A ten-seat game on the fifteen-seat club table: seats 11-15 stay off."""
    club = PinMap(seats=15)
    board = MockBoard(club, factory)
    leds = SeatLeds(15, factory, clock)
    try:
        leds.show([P.STEADY] * 10)
        assert board.led_bytes() == (255,) * 10 + (0,) * 5
    finally:
        leds.close()
    assert board.led_bytes() == (0,) * 15  # closing darkens the chain


def test_the_frame_is_start_leds_latch_and_end_bits() -> None:
    """APA102: 32 zero bits, 0xE0|31 + blue, green, red per LED; 32 zero bits latch an SK9822;
    then a zero bit per two LEDs."""
    frame = chain_frame([1.0, 0.0, DIM_LEVEL], color=(255, 128, 0))
    dim = level_byte(DIM_LEVEL)
    assert frame == [0, 0, 0, 0,
                     0xFF, 0, 128, 255,
                     0xFF, 0, 0, 0,
                     0xFF, 0, round(128 * dim / 255), dim,
                     0, 0, 0, 0,
                     0]


def test_a_chain_that_powered_up_lit_is_dark_once_the_table_starts(
    factory: MockFactory, clock: ManualClock
) -> None:
    board = MockBoard(PinMap(), factory)
    board.chain.pixels = ((255, 255, 255),) * 10  # some clones power up lit
    leds = SeatLeds(10, factory, clock)
    try:
        assert board.led_bytes() == (0,) * 10
        assert board.chain.frames == 1
    finally:
        leds.close()


class _NoSpidev(MockSpidev):
    """The SPI block's device node as on a Pi without SPI0 switched on."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # the pins reserved, then the open fails (lgpio's)
        raise FileNotFoundError(2, "No such file or directory", "/dev/spidev0.0")


class _PiWithoutSpi(MockTableFactory):
    def _get_spi_class(self, shared: bool, hardware: bool) -> type:
        return _NoSpidev if hardware and not shared else super()._get_spi_class(shared, hardware)


def test_a_chain_that_would_be_bit_banged_is_refused_in_one_line(clock: ManualClock) -> None:
    """gpiozero falls back to bit-banging when /dev/spidev0.0 will not open; the chain says so
    and gives its pins back (the table stops with that line, it does not flicker along)."""
    factory = _PiWithoutSpi()
    with pytest.raises(ChainError) as refused:
        SeatLeds(10, factory, clock)
    text = str(refused.value)
    assert "\n" not in text
    assert text.startswith("the seat LEDs need SPI0, but /dev/spidev0.0 did not open (")
    assert "No such file or directory" in text and "dtoverlay=spi0-0cs" in text
    for pin in (10, 11, 8):  # the pins are free again
        DigitalOutputDevice(pin, pin_factory=factory).close()
    leds = SeatLeds(10, MockTableFactory(), clock)  # the hardware bus: accepted
    leds.close()


def test_gpiozeros_own_mock_factory_may_still_bit_bang(clock: ManualClock) -> None:
    factory = MockFactory()
    board = MockBoard(PinMap(), factory)
    leds = SeatLeds(10, factory, clock)
    try:
        leds.show([P.STEADY] * 10)
        assert board.led_values() == (1.0,) * 10
    finally:
        leds.close()
