"""The seat LEDs: steady patterns from the game, short signals on top, driven by our own ticker.

The LEDs are one APA102 / SK9822 chain on SPI0 (deploy/wiring.md): each LED runs its own
PWM at kilohertz rates, so nothing flickers on a stream camera, whatever the Pi is doing, and
any seat count up to 15 costs two pins. Brightness goes into the 8-bit colour values with the
5-bit global brightness at full: the APA102 applies the global value as a second, slow PWM
(a few hundred Hz), which is the flicker this design is meant to avoid.

Every frame stays within the chain's supply: `ChainPower` (hardware/electrical.py, from the
bill of materials in hardware/wiring.toml) dims a frame that would pull a seat below the LEDs'
supply range or draw more than the Pi's supply has left (on a fifteen-seat table: every seat
at full, e.g. the error flash); a frame that fits goes out unchanged.

Brightness is a pure function of (pattern, seconds since it began), so a test on mock pins can
set the clock and assert exact frames; gpiozero's own `pulse` / `blink` threads would make
the values depend on the machine's timing. `render()` sends a frame only when a seat's value
changes and says when it next needs to run, so a static table costs no CPU.
"""

from __future__ import annotations

import math
import threading
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from gpiozero import Device, Factory, SPIDevice, SPISoftwareFallback
from gpiozero.pins.mock import MockFactory
from gpiozero.pins.spi import SPISoftware

from device.hardware.electrical import ChainPower, Pixel
from device.hardware.mockspi import MockSpidev
from device.hardware.pins import LED_CLOCK, LED_DATA, LED_SELECT, MAX_SEATS


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

# A key was understood: its seat LED flips for a moment; the buzzer clicks.
OK_FLASH: Signal = (Step(0.12, contrast=True),)
OK_BEEP: Signal = (Step(0.03),)
# An impossible sequence: every LED flashes twice; the buzzer beeps twice, long.
ERROR_FLASH: Signal = (Step(0.1), Step(0.1, 0.0), Step(0.1), Step(0.1, 0.0))
ERROR_BEEP: Signal = (Step(0.15), Step(0.1, 0.0), Step(0.15))


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


# A warm white: the brightest channel is full, so a seat's level is that channel / 255.
LED_COLOR = (255, 176, 96)
FULL = 0xE0 | 31  # the LED frame's first byte: three 1 bits, global brightness 31 of 31
CHAIN_HZ = 1_000_000  # well inside what the chain and a 1 m ribbon take
FRAMES_KEPT = 1024  # distinct frames LedChain keeps made (a few hundred kB at most)


def level_byte(level: float) -> int:
    """The 8-bit value of the brightest channel for brightness `level` (0..1)."""
    return round(max(0.0, min(1.0, level)) * 255)


def chain_pixels(levels: Sequence[float], color: tuple[int, int, int] = LED_COLOR
                 ) -> list[Pixel]:
    """The colour bytes (red, green, blue) that show `levels` (first LED first) in one colour."""
    out: list[Pixel] = []
    for level in levels:
        scale = level_byte(level) / 255
        red, green, blue = (round(channel * scale) for channel in color)
        out.append((red, green, blue))
    return out


def chain_frame(levels: Sequence[float], color: tuple[int, int, int] = LED_COLOR,
                power: ChainPower | None = None) -> list[int]:
    """The bytes that set a chain to `levels` (first LED first) in one colour, dimmed as a
    whole when `power` says the frame would overload the chain's supply.

    Start frame: 32 zero bits. Each LED: 0b111 + global brightness, blue, green, red. Then 32
    zero bits, which latch an SK9822 (it shows a frame one update late without them), and
    one zero bit per two LEDs to clock the data through to the chain's last LED.
    """
    pixels = chain_pixels(levels, color)
    if power is not None:
        pixels = power.capped(pixels)
    frame = [0, 0, 0, 0]
    for red, green, blue in pixels:
        frame += [FULL, blue, green, red]
    return frame + [0, 0, 0, 0] + [0] * ((len(levels) + 15) // 16)


class ChainError(RuntimeError):
    """The seat LED chain cannot run as the kit needs it (one line for the venue tech)."""


class LedChain(SPIDevice):  # type: ignore[misc]  # gpiozero is untyped
    """An APA102 / SK9822 chain on SPI0 through gpiozero (spidev on a Pi, mock pins in tests);
    `power` caps every frame (default: the kit's bill of materials for `count` LEDs).

    On a Pi only the SPI block will do: when /dev/spidev0.0 does not open, gpiozero warns and
    bit-bangs the bus through the pins instead, a few Python calls per bit, which holds the
    GIL for milliseconds per frame (the pad's budget) and flickers the chain whenever the
    table is busy. The chain refuses that with one line; a mock factory's bit-banged bus
    (gpiozero's own `MockFactory`) stays allowed for the tests that compare the two.
    """

    def __init__(self, count: int, *, pin_factory: Factory,
                 power: ChainPower | None = None) -> None:
        if isinstance(pin_factory, MockFactory) and Device.pin_factory is None:
            # gpiozero 2.0's bit-banged SPI bus (a MockFactory's SPI) asks for a default
            # factory while it builds; off a Pi there is none, so it gets the mock one.
            Device.pin_factory = pin_factory
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", SPISoftwareFallback)
            super().__init__(clock_pin=LED_CLOCK, mosi_pin=LED_DATA, miso_pin=None,
                             select_pin=LED_SELECT, pin_factory=pin_factory)
        fallback = [w for w in caught if issubclass(w.category, SPISoftwareFallback)]
        for other in caught:
            if other not in fallback:
                warnings.warn_explicit(other.message, other.category, other.filename,
                                       other.lineno)
        bit_banged = isinstance(self._spi, SPISoftware) and not isinstance(self._spi, MockSpidev)
        if fallback or (bit_banged and not isinstance(pin_factory, MockFactory)):
            why = str(fallback[0].message).partition("(error was: ")[2].rstrip(")") \
                if fallback else "no hardware SPI for these pins"
            self.close()
            raise ChainError(
                f"the seat LEDs need SPI0, but /dev/spidev0.0 did not open ({why}): add "
                "dtoverlay=spi0-0cs to config.txt (deploy/pi-setup.sh does), reboot, and "
                "check that the table's user is in group spi; the kit does not bit-bang the "
                "chain")
        self.count = count
        self.power = power if power is not None else ChainPower(count)
        # The frames already made, by their levels: a table shows few distinct frames (the
        # patterns' levels, a pulse's 32 steps, the flashes), and making one costs up to
        # 0.15 ms on the dev machine at fifteen seats (the supply ladder), four times that on
        # a Pi 4, fifty times a second while a candidate pulses.
        self._frames: dict[tuple[float, ...], list[int]] = {}
        self._frames_power = self.power  # the supply the kept frames were capped for
        # gpiozero's bit-banged bus (a plain MockFactory's) has no rate to set
        if not bit_banged:
            self._spi.rate = CHAIN_HZ

    def write(self, levels: Sequence[float]) -> None:
        """Show `levels` (0..1, first LED first)."""
        if len(levels) != self.count:
            raise ValueError(f"the chain has {self.count} LEDs, got {len(levels)} levels")
        key = tuple(levels)
        frame = self._frames.get(key)
        if frame is None or self._frames_power is not self.power:
            if len(self._frames) >= FRAMES_KEPT or self._frames_power is not self.power:
                self._frames.clear()  # full, or another supply (frames capped for the old one)
                self._frames_power = self.power
            frame = self._frames[key] = chain_frame(levels, power=self.power)
        self._spi.write(frame)


class SeatLeds:
    """The seat LEDs (seat 1 first) on one chain, patterns with signals on top; thread-safe."""

    def __init__(self, seats: int, factory: Factory, clock: Callable[[], float]) -> None:
        if not 1 <= seats <= MAX_SEATS:
            raise ValueError(f"a chain of 1 to {MAX_SEATS} seat LEDs, got {seats}")
        self.seats = seats
        self._clock = clock
        self._lock = threading.Lock()
        self._chain: LedChain | None = LedChain(seats, pin_factory=factory)
        now = clock()
        self._patterns = [Pattern.OFF] * seats
        self._since = [now] * seats
        self._signals: dict[int, tuple[Signal, float]] = {}  # seat -> (signal, start)
        self._written = [0.0] * seats
        # nothing moves and nothing changed since the last render: the pad thread's next
        # wake-up writes nothing, so it need not work out every seat's level again
        self._still = False
        self._chain.write(self._written)  # a chain that powered up lit goes dark now

    @property
    def patterns(self) -> tuple[Pattern, ...]:
        """The patterns shown now, seat 1 first."""
        return tuple(self._patterns)

    def show(self, patterns: Sequence[Pattern]) -> None:
        """Show the patterns of the first seats; seats past them (a ten-seat game on a club
        table) stay dark. A seat whose pattern is unchanged keeps its rhythm."""
        if len(patterns) > self.seats:
            raise ValueError(f"{len(patterns)} seat patterns for {self.seats} seat LEDs")
        checked = [Pattern(pattern) for pattern in patterns]
        checked += [Pattern.OFF] * (self.seats - len(checked))
        with self._lock:
            now = self._clock()
            for index, pattern in enumerate(checked):
                if pattern is not self._patterns[index]:
                    self._patterns[index], self._since[index] = pattern, now
            self._render(now)

    def signal(self, seats: Iterable[int], signal: Signal) -> None:
        """Play `signal` on the given seats (1..N) now, over whatever they show."""
        chosen = list(seats)
        for seat in chosen:
            if not 1 <= seat <= self.seats:
                raise ValueError(f"there is no seat {seat}")
        with self._lock:
            now = self._clock()
            for seat in chosen:
                self._signals[seat] = (signal, now)
            self._render(now)

    def render(self) -> float | None:
        """Write the LEDs for the clock's now; returns when to render next (None: not needed)."""
        with self._lock:
            return None if self._still else self._render(self._clock())

    def values(self) -> tuple[float, ...]:
        """The levels last sent to the chain, seat 1 first."""
        return tuple(self._written)

    def close(self) -> None:
        """Switch the chain off and release its pins (safe to call twice)."""
        with self._lock:
            if self._chain is not None:
                self._chain.write([0.0] * self.seats)
                self._chain.close()
                self._chain = None

    def _render(self, now: float) -> float | None:
        animated = False
        levels = []
        for index, pattern in enumerate(self._patterns):
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
            levels.append(value)
        if levels != self._written and self._chain is not None:
            self._chain.write(levels)
            self._written = levels
        self._still = not animated
        return now + FRAME if animated else None
