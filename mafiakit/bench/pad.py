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

from device.feedback import OK_FLASH, press_feedback_seat, seat_pattern
from device.hardware import TableHardware
from device.pad import KeyEvent
from device.pins import PinMap, make_factory
from engine.viewmodels import PublicView, SeatView
from engine.vocab import DayVote, Phase, Step
from firmware_sim.board import MockBoard

Consumer = Callable[[KeyEvent], None]

DAY_VIEW = PublicView(
    rules="cml", phase=Phase.DAY, number=1, step=Step.SPEECH, speaker=1, timer=None,
    seats=tuple(SeatView(seat=seat, at_table=True, out=None, fouls=0, muted=False)
                for seat in range(1, 11)),
    nominations=None, vote=None, rounds=(), lift=None, day_vote=DayVote.PENDING,
)


def feedback_consumer(hardware: TableHardware, public_view: PublicView) -> Consumer:
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


def through_the_table(presses: int) -> list[float]:
    """The full path: NEXT on a mock pin -> debounce -> table service inbox -> key grammar ->
    rules -> journal fsync -> seat LEDs: the next speaker's LED lights up.

    Day-1 speeches are ended one after another; a new game is set up (not timed) whenever
    the day runs out of speeches.
    """
    import tempfile
    from pathlib import Path

    from device.config import TableSettings
    from device.inbox import NewGame, Stop, Submit
    from device.service import TableService
    from engine.log import header

    factory = cast(MockFactory, make_factory("mock"))
    pin_map = PinMap()
    board = MockBoard(pin_map, factory)
    hardware = TableHardware(pin_map, factory)
    latencies: list[float] = []
    with tempfile.TemporaryDirectory(prefix="mafiakit-bench-pad-") as tmp:
        service = TableService(TableSettings(journal=Path(tmp) / "t.sqlite"), connect=False,
                               hardware=hardware)
        engine = threading.Thread(target=service.run, daemon=True)
        engine.start()
        answers: queue.Queue[tuple[bool, str]] = queue.Queue()

        def ask(item: Any) -> None:
            service.inbox.put(item)
            if isinstance(item, Submit):
                ok, why = answers.get(timeout=10)
                if not ok:
                    raise RuntimeError(why)

        try:
            while len(latencies) < presses:
                speech = service.game.state.speech
                if speech is None or speech.kind != "speech":
                    ask(NewGame(header("cml")))
                    for line in ({"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1},
                                 {"action": "start"}, {"action": "day"}):
                        ask(Submit(line, answers))
                    continue
                actions = len(service.game.actions)
                before = board.led_values()
                start = time.perf_counter()
                board.press("NEXT")
                deadline = start + 5.0
                while board.led_values() == before:
                    if time.perf_counter() > deadline:
                        raise RuntimeError("NEXT never changed a seat LED")
                    time.sleep(0.0001)
                latencies.append((time.perf_counter() - start) * 1000)
                time.sleep(max(0.0, start + 0.08 - time.perf_counter()))  # a real tap: 80 ms
                board.release("NEXT")
                while len(service.game.actions) == actions:  # let the engine thread finish
                    time.sleep(0.0005)
                time.sleep(0.04)
                board.forget_history()
        finally:
            service.inbox.put(Stop())
            engine.join(10)
            service.close()
    return latencies


def run(
    args: argparse.Namespace,
    make_consumer: Callable[[TableHardware], Consumer] | None = None,
) -> dict[str, Any]:
    """Measure `presses` key presses (200 with --quick, else 1000); print progress to stderr."""
    presses = 200 if getattr(args, "quick", False) else 1000
    print(f"bench pad: {presses} presses through the table service", file=sys.stderr)
    full = through_the_table(presses)
    factory = cast(MockFactory, make_factory("mock"))
    pin_map = PinMap()
    board = MockBoard(pin_map, factory)  # the LED chain's far end, wired before the table
    hardware = TableHardware(pin_map, factory)
    try:
        hardware.show(seat_pattern(DAY_VIEW, None))
        print(f"bench pad: {presses} presses", file=sys.stderr)
        latencies = measure(
            hardware,
            board,
            presses,
            make_consumer(hardware) if make_consumer else feedback_consumer(hardware, DAY_VIEW),
        )
    finally:
        hardware.close()
    cuts = statistics.quantiles(latencies, n=100)
    full_cuts = statistics.quantiles(full, n=100)
    timing = hardware.pad.timing
    return {
        "p50_ms": round(statistics.median(full), 3),
        "p99_ms": round(full_cuts[98], 3),
        "max_ms": round(max(full), 3),
        "path": "NEXT pin -> debounce -> service -> rules -> journal fsync -> speaker LED",
        "pad_only_p50_ms": round(statistics.median(latencies), 3),
        "pad_only_p99_ms": round(cuts[98], 3),
        "presses": presses,
        "settle_ms": timing.settle * 1000,
        "chatter_ms": timing.chatter * 1000,
        "target_p99_ms": 5.0,
    }
