"""TableHardware on mock pins: key events, press and error signals, buzzer, music, the thread."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from gpiozero import DigitalOutputDevice
from gpiozero.pins.mock import MockFactory

from device.hardware.kit import TableHardware
from device.hardware.leds import DIM_LEVEL, FRAME, Pattern, level_byte
from device.hardware.music import MusicSettings, NightMusic
from device.hardware.pad import KeyEvent
from device.hardware.pins import LED_CLOCK, LED_DATA, PinMap
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock

Drain = Callable[[TableHardware], list[tuple[str, str]]]
BUZZER_MAP = PinMap()  # the buzzer is on GPIO 20 through a transistor
DIM = level_byte(DIM_LEVEL) / 255  # what the chain shows for DIM_LEVEL (8 bits)


@pytest.fixture
def buzzing(
    factory: MockFactory, clock: ManualClock, board: MockBoard
) -> Iterator[TableHardware]:
    table = TableHardware(BUZZER_MAP, factory, clock, background=False)
    yield table
    table.close()


def buzzer_value(factory: MockFactory) -> float:
    return float(factory.pin(20).state)


def test_a_press_comes_out_of_events_after_the_settle_time(
    hardware: TableHardware, board: MockBoard, clock: ManualClock, events: Drain
) -> None:
    board.press("7")
    due = hardware.poll()
    assert due == pytest.approx(clock() + hardware.pad.timing.settle)
    clock.set(due or 0.0)
    hardware.poll()
    assert events(hardware) == [("7", "press")]


def test_signal_ok_flashes_the_seat_then_restores_it(
    hardware: TableHardware, board: MockBoard, clock: ManualClock
) -> None:
    hardware.show([Pattern.DIM] * 10)
    hardware.signal_ok(3)
    assert board.led_values()[2] == 1.0
    assert hardware.poll() == pytest.approx(clock() + FRAME)
    clock.advance(0.5)
    assert hardware.poll() is None
    assert board.led_values() == (DIM,) * 10


def test_signal_ok_without_a_seat_lights_nothing(
    hardware: TableHardware, board: MockBoard
) -> None:
    hardware.show([Pattern.OFF] * 10)
    hardware.signal_ok(None)
    assert board.led_values() == (0.0,) * 10


def test_signal_error_flashes_every_seat_twice(
    hardware: TableHardware, board: MockBoard, clock: ManualClock
) -> None:
    hardware.show([Pattern.STEADY, *[Pattern.DIM] * 9])
    hardware.signal_error()
    clock.advance(0.05)  # sample mid-step
    seen = []
    for _ in range(5):
        hardware.poll()
        seen.append(set(board.led_values()))
        clock.advance(0.1)
    assert seen == [{1.0}, {0.0}, {1.0}, {0.0}, {1.0, DIM}]


def test_the_buzzer_clicks_for_ok_and_beeps_twice_for_an_error(
    buzzing: TableHardware, factory: MockFactory, clock: ManualClock
) -> None:
    buzzing.signal_ok(None)
    assert buzzer_value(factory) == 1.0
    clock.advance(0.05)
    buzzing.poll()
    assert buzzer_value(factory) == 0.0
    buzzing.signal_error()
    clock.advance(0.025)  # sample in the middle of each 50 ms, away from the step edges
    heard = []
    for _ in range(9):
        buzzing.poll()
        heard.append(buzzer_value(factory))
        clock.advance(0.05)
    assert heard == [1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0]


def test_an_error_also_sounds_the_low_tone(
    pin_map: PinMap, factory: MockFactory, clock: ManualClock, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    music = NightMusic(MusicSettings(cache_dir=tmp_path))
    table = TableHardware(pin_map, factory, clock, music=music, background=False)
    try:
        table.signal_error()
        assert pygame.mixer.Channel(0).get_busy()
    finally:
        table.close()
    assert not music.available  # the hardware owns the music and closed it


def test_close_releases_every_pin_including_the_buzzer(
    factory: MockFactory, clock: ManualClock
) -> None:
    table = TableHardware(BUZZER_MAP, factory, clock, background=False)
    table.close()
    table.close()  # twice is harmless
    for pin in (20, LED_DATA, LED_CLOCK, BUZZER_MAP.next):
        DigitalOutputDevice(pin, pin_factory=factory).close()  # free again


def test_the_background_thread_debounces_and_signals_on_its_own(
    pin_map: PinMap, factory: MockFactory, board: MockBoard
) -> None:
    table = TableHardware(pin_map, factory)  # real clock, own thread
    try:
        table.show([Pattern.DIM] * 10)
        for _ in range(3):  # a bouncing press
            board.press("5")
            board.release("5")
        board.press("5")
        event = table.events.get(timeout=10)  # a safety net against a hang, not a speed limit
        assert (event.key, event.kind) == ("5", "press")
        table.signal_ok(5)
        assert board.led_values()[4] == 1.0
        board.release("5")
        event = table.events.get(timeout=10)
        assert (event.key, event.kind) == ("5", "release")
        while board.led_values()[4] != DIM:  # the thread ends the flash by itself
            time.sleep(0.01)
        assert table.events.empty()
    finally:
        table.close()


def test_key_events_can_go_straight_to_the_consumers_own_queue(
    pin_map: PinMap, factory: MockFactory, clock: ManualClock, board: MockBoard
) -> None:
    """The table service takes the keys on its own inbox (one queue for all it handles):
    the waiting ones first, then each as it comes, none left in `events`."""
    inbox: queue.Queue[object] = queue.Queue()
    inbox.put("an item of the service's own")
    table = TableHardware(pin_map, factory, clock, background=False)
    try:
        board.press("NEXT")
        clock.advance(0.01)
        table.poll()  # a key before the consumer asked: it waits in `events`
        table.send_keys_to(inbox.put)
        board.release("NEXT")
        clock.advance(0.2)  # past the chatter window after the press
        table.poll()
        assert inbox.get_nowait() == "an item of the service's own"
        got = [inbox.get_nowait(), inbox.get_nowait()]
        assert all(isinstance(event, KeyEvent) for event in got)
        assert [(e.key, e.kind) for e in got if isinstance(e, KeyEvent)] == [
            ("NEXT", "press"), ("NEXT", "release")]
        assert inbox.empty() and table.events.empty()
    finally:
        table.close()
