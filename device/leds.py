"""The ten seat LEDs: steady patterns from the game, short signals on top, driven by our own ticker.

Brightness is a pure function of (pattern, seconds since it began), so a test on mock pins can
set the clock and assert exact pin values; gpiozero's own `pulse` / `blink` threads would make
the values depend on the machine's timing. `render()` writes a pin only when its value changes
and says when it next needs to run, so a static table costs no CPU.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from gpiozero import PWMLED, Factory


class Pattern(StrEnum):
    """What one seat LED shows."""

    OFF = "off"
    DIM = "dim"
    STEADY = "steady"
    SLOW_PULSE = "slow_pulse"
    FAST_BLINK = "fast_blink"


DIM_LEVEL = 0.12
PULSE_PERIOD = 2.0  # seconds, dim -> bright -> dim
BLINK_PERIOD = 0.25  # seconds, on + off
LEVEL_STEPS = 32  # pulse levels are rounded to this many steps: fewer pin writes
FRAME = 0.02  # seconds between renders while something moves
ANIMATED = frozenset({Pattern.SLOW_PULSE, Pattern.FAST_BLINK})


def pattern_level(pattern: Pattern, elapsed: float) -> float:
    """Brightness 0..1 of `pattern`, `elapsed` seconds after it began."""
    if pattern is Pattern.OFF:
        return 0.0
    if pattern is Pattern.DIM:
        return DIM_LEVEL
    if pattern is Pattern.STEADY:
        return 1.0
    if pattern is Pattern.FAST_BLINK:
        return 1.0 if elapsed % BLINK_PERIOD < BLINK_PERIOD / 2 else 0.0
    wave = (1.0 - math.cos(2 * math.pi * elapsed / PULSE_PERIOD)) / 2
    return round((DIM_LEVEL + (1.0 - DIM_LEVEL) * wave) * LEVEL_STEPS) / LEVEL_STEPS


@dataclass(frozen=True)
class Step:
    """One step of a signal: `seconds` at `level`, or opposite to the pattern (`contrast`)."""

    seconds: float
    level: float = 1.0
    contrast: bool = False


Signal = tuple[Step, ...]


def signal_step(signal: Signal, elapsed: float) -> Step | None:
    """The step of `signal` at `elapsed` seconds after it started, or None once it is over."""
    if elapsed < 0:
        return None
    for step in signal:
        if elapsed < step.seconds:
            return step
        elapsed -= step.seconds
    return None


def step_level(step: Step, base: float) -> float:
    """The value a signal step shows over a pattern at brightness `base`."""
    if step.contrast:
        return 0.0 if base >= 0.5 else 1.0
    return step.level


class SeatLeds:
    """Ten PWM LEDs (seat 1 first) showing patterns with signals on top; thread-safe."""

    def __init__(self, pins: Sequence[int], factory: Factory, clock: Callable[[], float]) -> None:
        if len(pins) != 10:
            raise ValueError(f"the table has ten seat LEDs, got {len(pins)} pins")
        self._clock = clock
        self._lock = threading.Lock()
        self._leds: list[PWMLED] = []
        try:
            for pin in pins:
                self._leds.append(PWMLED(pin, pin_factory=factory))
        except BaseException:
            self.close()
            raise
        now = clock()
        self._patterns = [Pattern.OFF] * 10
        self._since = [now] * 10
        self._signals: dict[int, tuple[Signal, float]] = {}  # seat -> (signal, start)
        self._written = [0.0] * 10

    @property
    def patterns(self) -> tuple[Pattern, ...]:
        """The patterns shown now, seat 1 first."""
        return tuple(self._patterns)

    def show(self, patterns: Sequence[Pattern]) -> None:
        """Show ten patterns; a seat whose pattern is unchanged keeps its rhythm."""
        if len(patterns) != 10:
            raise ValueError(f"ten seat patterns are needed, got {len(patterns)}")
        checked = [Pattern(pattern) for pattern in patterns]
        with self._lock:
            now = self._clock()
            for index, pattern in enumerate(checked):
                if pattern is not self._patterns[index]:
                    self._patterns[index], self._since[index] = pattern, now
            self._render(now)

    def signal(self, seats: Iterable[int], signal: Signal) -> None:
        """Play `signal` on the given seats (1..10) now, over whatever they show."""
        chosen = list(seats)
        for seat in chosen:
            if not 1 <= seat <= 10:
                raise ValueError(f"there is no seat {seat}")
        with self._lock:
            now = self._clock()
            for seat in chosen:
                self._signals[seat] = (signal, now)
            self._render(now)

    def render(self) -> float | None:
        """Write the LEDs for the clock's now; returns when to render next (None: not needed)."""
        with self._lock:
            return self._render(self._clock())

    def values(self) -> tuple[float, ...]:
        """The values last written to the pins, seat 1 first."""
        return tuple(self._written)

    def close(self) -> None:
        """Switch off and release the LED pins."""
        for led in self._leds:
            led.close()
        self._leds = []

    def _render(self, now: float) -> float | None:
        animated = False
        for index, led in enumerate(self._leds):
            pattern = self._patterns[index]
            value = pattern_level(pattern, now - self._since[index])
            animated |= pattern in ANIMATED
            running = self._signals.get(index + 1)
            if running is not None:
                step = signal_step(running[0], now - running[1])
                if step is None:
                    del self._signals[index + 1]
                else:
                    value = step_level(step, value)
                    animated = True
            if value != self._written[index]:
                led.value = value
                self._written[index] = value
        return now + FRAME if animated else None
