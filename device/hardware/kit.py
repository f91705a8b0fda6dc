"""Everything physical at one table behind one object: the pad, the seat LEDs, buzzer and music.

The table service owns one `TableHardware`: it reads `events` (clean key events), calls `show`
with the seat patterns and `signal_ok` / `signal_error` after each key, and `music` at
nightfall and morning. One background thread does all the timing (debounce deadlines, LED
animation, beeps, the next night track) and sleeps while nothing changes. The same object runs
on a Raspberry Pi (lgpio factory) and in the simulator and tests (MockFactory).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence

from gpiozero import Buzzer, Factory

from device.hardware.leds import (
    ERROR_BEEP,
    ERROR_FLASH,
    FRAME,
    OK_BEEP,
    OK_FLASH,
    Pattern,
    SeatLeds,
    Signal,
    signal_step,
)
from device.hardware.music import NightMusic
from device.hardware.pad import KeyEvent, KeyPad, PadTiming
from device.hardware.pins import PinMap

log = logging.getLogger(__name__)
MUSIC_TICK = 1.0  # seconds between checks for the next night track


class TableHardware:
    """Pad + seat LED chain + buzzer + optional music, on an injected pin factory and clock.

    Key events wait in `events`, or go as they come to the consumer that asked for them
    (`send_keys_to`: the table service puts them on its inbox). With `background=False`
    nothing runs by itself: call `poll()` after moving the clock (tests, virtual-time
    replays); otherwise a thread polls whenever something is due.
    """

    def __init__(
        self,
        pin_map: PinMap,
        factory: Factory,
        clock: Callable[[], float] = time.monotonic,
        *,
        timing: PadTiming | None = None,
        music: NightMusic | None = None,
        background: bool = True,
    ) -> None:
        self.pin_map = pin_map
        self.music = music
        self.clock = clock
        self._beep_lock = threading.Lock()
        self._beep: tuple[Signal, float] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.buzzer: Buzzer | None = None
        self.pad = KeyPad(pin_map, factory, clock, timing)
        try:
            self.leds = SeatLeds(pin_map.seats, factory, clock)
            if pin_map.buzzer is not None:
                self.buzzer = Buzzer(pin_map.buzzer, pin_factory=factory)
        except BaseException:
            self.close()
            raise
        self.events: queue.Queue[KeyEvent] = self.pad.events
        if background:
            self._thread = threading.Thread(target=self._run, name="table-hardware", daemon=True)
            self._thread.start()

    def send_keys_to(self, deliver: Callable[[KeyEvent], None]) -> Callable[[KeyEvent], None]:
        """Each key event to `deliver` as it comes (those waiting first), not to `events`;
        returns where they went before."""
        return self.pad.send_to(deliver)

    def show(self, patterns: Sequence[Pattern]) -> None:
        """Show the seat patterns (seat 1 first), e.g. `feedback.seat_pattern(public, left)`."""
        self.leds.show(patterns)
        self.pad.wake()  # the thread may have to start animating

    def signal_ok(self, seat: int | None) -> None:
        """A key was understood: flash `seat`'s LED (None: no LED, e.g. at night) and click."""
        if seat is not None:
            self.leds.signal([seat], OK_FLASH)
        self._start_beep(OK_BEEP)
        self.pad.wake()

    def signal_error(self) -> None:
        """An impossible sequence: all LEDs flash twice, the buzzer and the speaker sound low."""
        self.leds.signal(range(1, self.pin_map.seats + 1), ERROR_FLASH)
        self._start_beep(ERROR_BEEP)
        if self.music is not None:
            self.music.tone("error")
        self.pad.wake()

    def poll(self) -> float | None:
        """Do whatever is due now (key events, LEDs, buzzer, music); returns the next due time."""
        self.pad.pump()
        due = [self.pad.deadline(), self.leds.render(), self._render_beep()]
        if self.music is not None and self.music.available:
            self.music.tick()
            due.append(self.clock() + MUSIC_TICK)
        return min((t for t in due if t is not None), default=None)

    def close(self) -> None:
        """Stop the thread, switch everything off and release the pins (safe to call twice)."""
        self._stop.set()
        if self._thread is not None:
            self.pad.wake()
            self._thread.join()
            self._thread = None
        self.pad.close()
        if hasattr(self, "leds"):
            self.leds.close()
        if self.buzzer is not None:
            self.buzzer.close()
            self.buzzer = None
        if self.music is not None:
            self.music.close()

    @property
    def alive(self) -> bool:
        """False once the background thread died (the service then stops feeding the watchdog,
        so systemd restarts the table: a pad that reads nothing must not look healthy)."""
        return self._thread is None or self._thread.is_alive() or self._stop.is_set()

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                due = self.poll()
                self.pad.wait(None if due is None else max(0.0, due - self.clock()))
        except Exception:  # the thread ends; `alive` turns False and the watchdog starves
            log.exception("the pad thread died: keys and LEDs are dead until the restart")

    def _start_beep(self, signal: Signal) -> None:
        if self.buzzer is not None:
            with self._beep_lock:
                self._beep = (signal, self.clock())
            self._render_beep()

    def _render_beep(self) -> float | None:
        with self._beep_lock:
            if self.buzzer is None or self._beep is None:
                return None
            now = self.clock()
            step = signal_step(self._beep[0], now - self._beep[1])
            if step is None:
                self._beep = None
            value = 0 if step is None else round(step.level)
            if self.buzzer.value != value:
                self.buzzer.value = value
            return None if step is None else now + FRAME
