"""`mafiakit bench pad`: a key press on a mock pin -> the seat LED pin value changed.

The path is the real one: `MockPin.drive_low()` -> gpiozero callback -> edge queue -> the
hardware thread's debounce (`settle` of stable low) -> `events` -> a consumer thread -> the
press signal on the seat LED. The consumer is a parameter so the lead can measure the full
path through the engine later (`run(args, make_consumer)`, where `make_consumer(hardware)`
returns the callable); the default is the minimal loop of the table service:
`signal_ok(press_feedback_seat(public_view, key))` on a day view.

Presses rotate over the ten seat keys, spaced so each seat's flash is over before its key
comes round again; the key is released as soon as its LED has changed.
"""

from __future__ import annotations

import argparse
import queue
import statistics
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, cast

from gpiozero.pins.mock import MockFactory

from mafiakit.device.feedback import OK_FLASH, press_feedback_seat, seat_pattern
from mafiakit.device.hardware import TableHardware
from mafiakit.device.pad import KeyEvent
from mafiakit.device.pins import PinMap, make_factory
from mafiakit.firmware_sim.board import MockBoard

Consumer = Callable[[KeyEvent], None]

DAY_VIEW: dict[str, Any] = {
    "view": "public",
    "phase": "day",
    "step": "speech",
    "number": 1,
    "speaker": 1,
    "seats": [{"seat": seat, "at_table": True} for seat in range(1, 11)],
    "nominations": None,
    "vote": None,
    "lift": None,
}


def feedback_consumer(hardware: TableHardware, public_view: dict[str, Any]) -> Consumer:
    """The minimal consumer: flash the pressed seat's LED where the public view allows it."""

    def consume(event: KeyEvent) -> None:
        if event.kind == "press":
            hardware.signal_ok(press_feedback_seat(public_view, event.key))

    return consume


def measure(
    hardware: TableHardware, board: MockBoard, presses: int, consumer: Consumer
) -> list[float]:
    """Latencies in ms from drive_low to the LED pin value changed, one per press."""
    handled = threading.Event()
    stop = threading.Event()

    def consume_loop() -> None:
        while not stop.is_set():
            try:
                event = hardware.events.get(timeout=0.05)
            except queue.Empty:
                continue
            consumer(event)
            if event.kind == "press":
                handled.set()

    worker = threading.Thread(target=consume_loop, name="bench-consumer", daemon=True)
    worker.start()
    spacing = sum(step.seconds for step in OK_FLASH) / 10 + 0.005
    latencies = []
    for n in range(presses):
        seat = n % 10 + 1
        before = board.led_values()[seat - 1]
        handled.clear()
        start = time.perf_counter()
        board.press(str(seat))
        if not handled.wait(5.0):
            raise RuntimeError(f"press {n} of seat {seat} was never handled")
        latencies.append((time.perf_counter() - start) * 1000)
        if board.led_values()[seat - 1] == before:
            raise RuntimeError(f"press {n}: the LED of seat {seat} did not change")
        board.release(str(seat))
        board.forget_history()
        time.sleep(spacing)
    stop.set()
    worker.join()
    return latencies


def run(
    args: argparse.Namespace,
    make_consumer: Callable[[TableHardware], Consumer] | None = None,
) -> dict[str, Any]:
    """Measure `presses` key presses (200 with --quick, else 1000); print progress to stderr."""
    presses = 200 if getattr(args, "quick", False) else 1000
    factory = cast(MockFactory, make_factory("mock"))
    pin_map = PinMap()
    hardware = TableHardware(pin_map, factory)
    try:
        hardware.show(seat_pattern(DAY_VIEW, None))
        print(f"bench pad: {presses} presses", file=sys.stderr)
        latencies = measure(
            hardware,
            MockBoard(pin_map, factory),
            presses,
            make_consumer(hardware) if make_consumer else feedback_consumer(hardware, DAY_VIEW),
        )
    finally:
        hardware.close()
    cuts = statistics.quantiles(latencies, n=100)
    timing = hardware.pad.timing
    return {
        "p50_ms": round(statistics.median(latencies), 3),
        "p99_ms": round(cuts[98], 3),
        "max_ms": round(max(latencies), 3),
        "presses": presses,
        "settle_ms": timing.settle * 1000,
        "chatter_ms": timing.chatter * 1000,
        "target_p99_ms": 5.0,
    }
