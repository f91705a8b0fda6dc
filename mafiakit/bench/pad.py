"""`mafiakit bench pad`: a key press on a mock pin -> the seat LED pin value changed.

The path is the real one: `MockPin.drive_low()` -> gpiozero callback -> edge queue -> the
hardware thread's debounce (`settle` of stable low) -> `events` -> a consumer thread -> the
press signal on the seat LED. The consumer is a parameter so the lead can measure the full
path through the engine later (`run(args, make_consumer)`, where `make_consumer(hardware)`
returns the callable); the default is the minimal loop of the table service:
`signal_ok(press_feedback_seat(public_view, key))` on a day view.

Presses rotate over the ten seat keys, spaced so each seat's flash is over before its key
comes round again; the key is released as soon as its LED has changed.

A press is timed to the LED frame that first shows the change, stamped as it latches at the
far end of the chain (`LedWatch`, on the thread that sent it): no thread of the bench polls
the pixels, so with `--pi-proxy` (this whole process on the Pi's budget: the pins are in it,
as gpiozero's callback thread is in a table's process on a Pi) the bench's own waiting costs
the budget nothing but a wake-up after each press.

`club`: the same two paths at a 15-seat club table (the club pad, seats 11-15 on their own
keys, docs/pad.md "Seats 11-15"): the full one is a nomination in the club grammar
(NOMINATE, who nominates, whom; 004 §6) timed from the nominee's key to his LED, the nominees
rotating over all fifteen seats; the pad-only one rotates over the fifteen seat keys.
"""

from __future__ import annotations

import argparse
import queue
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, cast

from gpiozero.pins.mock import MockFactory

from device.hardware.kit import TableHardware
from device.hardware.leds import OK_FLASH
from device.hardware.pad import KeyEvent
from device.hardware.pins import PinMap, make_factory
from device.table.feedback import press_feedback_seat, seat_pattern
from device.table.viewcache import view_of
from engine.viewmodels import PublicView, SeatView
from engine.vocab import DayVote, InfoClass, Phase, Step
from firmware_sim.board import MockBoard

if TYPE_CHECKING:  # the table service loads when a bench that needs it runs
    from device.table.inbox import InboxItem
    from device.table.service import TableService

    Ask = dict[str, object] | InboxItem  # an action line (answered) or any inbox item

Consumer = Callable[[KeyEvent], None]
Leds = tuple[float, ...]
PI_PROXY = True  # --pi-proxy: this process (table, pad, LED chain, the presses) on the budget
PI_TARGET_P99_MS = 10.0  # press -> LED on a Pi 4 (docs/benchmarks.md "On a Pi's budget")

CLUB_SEATS = 15
DAY_VIEW = PublicView(
    rules="cml", phase=Phase.DAY, number=1, step=Step.SPEECH, speaker=1, timer=None,
    seats=tuple(SeatView(seat=seat, at_table=True, out=None, fouls=0, muted=False)
                for seat in range(1, 11)),
    nominations=None, vote=None, rounds=(), lift=None, day_vote=DayVote.PENDING,
)
CLUB_DAY_VIEW = DAY_VIEW.model_copy(update={
    "rules": "club",
    "seats": tuple(SeatView(seat=seat, at_table=True, out=None, fouls=0, muted=False)
                   for seat in range(1, CLUB_SEATS + 1))})
# A 15-seat club deal (004 §1-3): three mafia and the don, every role the size deals
CLUB_ROLES = {"action": "roles", "mafia": [3, 12, 14], "don": 10, "maniac": 8, "doctor": 6,
              "commissar": 1, "kamikaze": 11, "sapper": 4, "putana": 13}


def feedback_consumer(hardware: TableHardware, public_view: PublicView) -> Consumer:
    """The minimal consumer: flash the pressed seat's LED where the public view allows it."""

    def consume(event: KeyEvent) -> None:
        if event.kind == "press":
            hardware.signal_ok(press_feedback_seat(public_view, event.key))

    return consume


class LedWatch:
    """The moment (`time.perf_counter()`) of the first LED frame after `expect` in which the
    LEDs differ from `before` (at `seat` only, when given): stamped by the chain receiver as
    the frame latches, on the thread that sent it."""

    def __init__(self, board: MockBoard) -> None:
        self.board = board
        self._before: Leds | None = None
        self._seat: int | None = None
        self._seen = threading.Event()
        self.at = 0.0
        board.chain.on_frame = self._frame

    def expect(self, before: Leds, seat: int | None = None) -> None:
        self._seen.clear()
        self._before, self._seat = before, seat

    def _frame(self, _: object) -> None:
        before, now = self._before, self.board.led_values()
        if before is None:
            return
        if (now[self._seat - 1] != before[self._seat - 1] if self._seat is not None
                else now != before):
            self.at = time.perf_counter()
            self._before = None
            self._seen.set()

    def wait(self, timeout: float) -> float | None:
        """When the change was latched, or None if it was not within `timeout` s."""
        return self.at if self._seen.wait(timeout) else None


def measure(
    hardware: TableHardware, board: MockBoard, presses: int, consumer: Consumer,
    seats: int = 10,
) -> list[float]:
    """Latencies in ms from drive_low to the LED frame that changed the seat's value, one per
    press, the presses rotating over the first `seats` seat keys."""
    handled = threading.Event()
    stop = threading.Event()
    watch = LedWatch(board)

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
    spacing = sum(step.seconds for step in OK_FLASH) / seats + 0.005
    rest = board.led_values()  # the steady patterns, before any flash
    latencies = []
    for n in range(presses):
        seat = n % seats + 1
        settled = time.perf_counter() + 5.0
        while board.led_values()[seat - 1] != rest[seat - 1]:  # a busy machine: last flash
            if time.perf_counter() > settled:  # of this seat not over yet (not timed)
                raise RuntimeError(f"the LED of seat {seat} never came back from its flash")
            time.sleep(0.001)
        handled.clear()
        watch.expect(board.led_values(), seat)
        start = time.perf_counter()
        board.press(str(seat))
        if not handled.wait(5.0):
            raise RuntimeError(f"press {n} of seat {seat} was never handled")
        changed = watch.wait(1.0)  # the consumer has run: its frame is out, or none is
        if changed is None:
            raise RuntimeError(f"press {n}: the LED of seat {seat} did not change")
        latencies.append((changed - start) * 1000)
        board.release(str(seat))
        board.forget_history()
        time.sleep(spacing)
    stop.set()
    worker.join()
    return latencies


@contextmanager
def _table(seats: int, rules: str
           ) -> Iterator[tuple[TableService, MockBoard, Callable[[Ask], None]]]:
    """A real table service on mock pins with its engine thread: (service, board, ask)."""
    from device.config import TableSettings
    from device.table.inbox import Stop, Submit
    from device.table.service import TableService

    factory = cast(MockFactory, make_factory("mock"))
    pin_map = PinMap(seats=seats)
    board = MockBoard(pin_map, factory)
    hardware = TableHardware(pin_map, factory)
    with tempfile.TemporaryDirectory(prefix="mafiakit-bench-pad-") as tmp:
        service = TableService(
            TableSettings(journal=Path(tmp) / "t.sqlite", rules=rules,
                          seats=seats),  # the game's variant checks them
            connect=False, hardware=hardware)
        engine = threading.Thread(target=service.run, daemon=True)
        engine.start()
        answers: queue.Queue[tuple[bool, str]] = queue.Queue()

        def ask(item: Ask) -> None:
            service.inbox.put(Submit(item, answers) if isinstance(item, dict) else item)
            if isinstance(item, dict):
                ok, why = answers.get(timeout=10)
                if not ok:
                    raise RuntimeError(why)

        try:
            yield service, board, ask
        finally:
            service.inbox.put(Stop())
            engine.join(10)
            service.close()


def _tap(service: TableService, board: MockBoard, watch: LedWatch, key: str,
         led: int | None = None) -> float:
    """Press `key`, wait for the seat LEDs to change (only `led`'s, when given), hold it as a
    real tap does (80 ms) and release it once the engine has recorded an action: the ms from
    the press to the LED frame that changed."""
    actions = len(service.table_game.actions)
    watch.expect(board.led_values(), led)
    start = time.perf_counter()
    board.press(key)
    deadline = start + 5.0
    changed = watch.wait(5.0)
    if changed is None:
        raise RuntimeError(f"{key} never changed a seat LED")
    took = (changed - start) * 1000
    time.sleep(max(0.0, start + 0.08 - time.perf_counter()))  # a real tap: 80 ms
    board.release(key)
    while len(service.table_game.actions) == actions:  # let the engine thread finish
        if time.perf_counter() > deadline:
            raise RuntimeError(f"{key} recorded no action")
        time.sleep(0.0005)
    time.sleep(0.04)
    board.forget_history()
    return took


def through_the_table(presses: int) -> list[float]:
    """The full path: NEXT on a mock pin -> debounce -> table service inbox -> key grammar ->
    rules -> journal fsync -> seat LEDs: the next speaker's LED lights up.

    Day-1 speeches are ended one after another; a new game is set up (not timed) whenever
    the day runs out of speeches.
    """
    from device.table.inbox import NewGame
    from engine.log import header

    latencies: list[float] = []
    with _table(10, "cml") as (service, board, ask):
        watch = LedWatch(board)
        while len(latencies) < presses:
            public = view_of(service.table_game, InfoClass.PUBLIC)
            assert isinstance(public, PublicView)
            if public.speaker is None or public.step is not Step.SPEECH:
                ask(NewGame(header("cml")))
                deal: list[dict[str, object]] = [
                    {"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1},
                    {"action": "start"}, {"action": "day"}]
                for line in deal:
                    ask(line)
                continue
            latencies.append(_tap(service, board, watch, "NEXT"))
    return latencies


def club_through_the_table(presses: int) -> list[float]:
    """The club's full path at a 15-seat table: a nominee's seat key on a mock pin ->
    debounce -> the club grammar (NOMINATE, who nominates, whom; 004 §6) -> rules -> journal
    fsync -> the nominee's LED (his pressed key's flash, then his candidate's pulse).

    Seat k nominates seat k+1 (15 nominates 1), so the fifteen nominations of a day name
    every seat once, seats 11-15 among them; a new game is dealt and talked up to its
    nominations (not timed) when they are all made.
    """
    from device.table.inbox import NewGame
    from engine.log import header

    head = header("club", seats=CLUB_SEATS, table="1", game=1,
                  players=[f"Player {seat}" for seat in range(1, CLUB_SEATS + 1)])
    latencies: list[float] = []
    with _table(CLUB_SEATS, "club") as (service, board, ask):
        watch = LedWatch(board)
        while len(latencies) < presses:
            ask(NewGame(head))
            talk: list[dict[str, object]] = [
                CLUB_ROLES, {"action": "start"}, {"action": "day"},
                {"action": "discussion_end"}]
            talk += [{"action": "speech_end"}] * CLUB_SEATS
            for line in talk:
                ask(line)
            for by in range(1, CLUB_SEATS + 1):
                if len(latencies) == presses:
                    break
                whom = by % CLUB_SEATS + 1
                for key in ("NOMINATE", str(by)):  # not timed: only the nominee's key is
                    board.press(key)
                    time.sleep(0.08)
                    board.release(key)
                    time.sleep(0.01)
                time.sleep(0.13)  # the nominator's flash is over
                board.forget_history()
                latencies.append(_tap(service, board, watch, str(whom), led=whom))
    return latencies


def pad_only(presses: int, seats: int, view: PublicView,
             make_consumer: Callable[[TableHardware], Consumer] | None = None
             ) -> tuple[list[float], TableHardware]:
    """The pad alone on a `seats`-seat board: the presses' latencies, and the hardware."""
    factory = cast(MockFactory, make_factory("mock"))
    pin_map = PinMap(seats=seats)
    board = MockBoard(pin_map, factory)  # the LED chain's far end, wired before the table
    hardware = TableHardware(pin_map, factory)
    try:
        hardware.show(seat_pattern(view, None))
        consumer = make_consumer(hardware) if make_consumer else feedback_consumer(hardware, view)
        return measure(hardware, board, presses, consumer, seats), hardware
    finally:
        hardware.close()


def _figures(full: list[float], alone: list[float]) -> dict[str, float]:
    full_cuts, cuts = statistics.quantiles(full, n=100), statistics.quantiles(alone, n=100)
    return {"p50_ms": round(statistics.median(full), 3), "p99_ms": round(full_cuts[98], 3),
            "max_ms": round(max(full), 3),
            "pad_only_p50_ms": round(statistics.median(alone), 3),
            "pad_only_p99_ms": round(cuts[98], 3)}


def run(
    args: argparse.Namespace,
    make_consumer: Callable[[TableHardware], Consumer] | None = None,
) -> dict[str, object]:
    """Measure `presses` key presses (--presses N, else 200 with --quick, else 1000) at a
    classic table and as many at a 15-seat club table (`club`); print progress to stderr.
    With `args.proxy` (--pi-proxy) the whole run is on the Pi's budget."""
    proxy = getattr(args, "proxy", None)
    presses = getattr(args, "presses", None) or (200 if getattr(args, "quick", False) else 1000)
    if proxy is None:
        return _run(presses, make_consumer)
    with proxy.inside("bench pad: the table service, its pad and LED chain on mock pins, "
                      "the presses"):
        out = _run(presses, make_consumer)
    club = out["club"]
    assert isinstance(club, dict)
    for figures in (out, club):
        p99 = figures["p99_ms"]
        assert isinstance(p99, float)
        figures["pi_target_p99_ms"] = PI_TARGET_P99_MS
        figures["pi_target_met"] = p99 <= PI_TARGET_P99_MS
    return out


def _run(presses: int, make_consumer: Callable[[TableHardware], Consumer] | None
         ) -> dict[str, object]:
    print(f"bench pad: {presses} presses through the table service", file=sys.stderr)
    full = through_the_table(presses)
    print(f"bench pad: {presses} presses", file=sys.stderr)
    latencies, hardware = pad_only(presses, 10, DAY_VIEW, make_consumer)
    print(f"bench pad: {presses} club nominations at a {CLUB_SEATS}-seat table",
          file=sys.stderr)
    club_full = club_through_the_table(presses)
    print(f"bench pad: {presses} presses on the {CLUB_SEATS}-key club pad", file=sys.stderr)
    club_alone, _ = pad_only(presses, CLUB_SEATS, CLUB_DAY_VIEW)
    timing = hardware.pad.timing
    return {
        **_figures(full, latencies),
        "path": "NEXT pin -> debounce -> service -> rules -> journal fsync -> speaker LED",
        "presses": presses,
        "settle_ms": timing.settle * 1000,
        "chatter_ms": timing.chatter * 1000,
        "target_p99_ms": 5.0,
        "club": {
            **_figures(club_full, club_alone),
            "path": "nominee's seat pin (NOMINATE, by, whom) -> debounce -> service -> club "
                    "rules -> journal fsync -> the nominee's LED",
            "seats": CLUB_SEATS, "presses": presses, "target_p99_ms": 5.0,
        },
    }
