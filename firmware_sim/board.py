"""The simulated table's wires: press keys and read the LED chain on gpiozero mock pins, by name.

Keys go through the real `MockPin.drive_low()` / `drive_high()`; the seat LEDs are read the way
the chain itself reads them: a gpiozero `MockSPIDevice` on the SPI0 clock, data and select pins
records every bit the table sends and decodes the last whole frame. So the device code under it
runs as on a Pi. With the kit's mock factory (`make_factory("mock")`, hardware/mockspi.py) the
bits of a transfer arrive in one go, as a Pi's spidev sends them; with gpiozero's own
`MockFactory` they are bit-banged through the pins one clock at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from gpiozero.pins.mock import MockFactory, MockPin, MockSPIDevice

from device.hardware.leds import FULL
from device.hardware.pins import LED_CLOCK, LED_DATA, LED_SELECT, PinMap

_DIGITS = bytes.maketrans(b"\x00\x01", b"01")  # a received bit (0/1, or False/True) -> a digit


class ChainReceiver(MockSPIDevice):  # type: ignore[misc]  # gpiozero is untyped
    """The far side of the SPI wires: an APA102 / SK9822 chain of `count` LEDs.

    `on_frame`, when set, is called with the pixels of every whole frame as it latches, on
    the thread that sent it (a benchmark stamps the moment an LED changed there, instead of
    polling the pixels from a thread of its own)."""

    def __init__(self, count: int, factory: MockFactory) -> None:
        super().__init__(LED_CLOCK, LED_DATA, None, LED_SELECT, pin_factory=factory)
        self.count = count
        self.frames = 0
        self.pixels: tuple[tuple[int, int, int], ...] = ((0, 0, 0),) * count
        self.on_frame: Callable[[tuple[tuple[int, int, int], ...]], None] | None = None

    def on_select(self) -> None:
        super().on_select()
        if self.select_pin.state != self.select_high:  # deselected: a whole frame is in
            self._latch()

    def _latch(self) -> None:
        bits = self.rx_buf
        if not bits:  # the select line set up or released without a transfer
            return
        # the bits as one binary numeral, then its bytes: a whole frame in a few C calls, so
        # a benchmark on a Pi's budget does not charge the table for the simulated chain
        whole = len(bits) // 8 * 8
        numeral = bytes(bits[:whole]).translate(_DIGITS)
        data = list(int(numeral, 2).to_bytes(whole // 8, "big"))
        if data[:4] != [0, 0, 0, 0]:
            raise AssertionError(f"an LED frame must start with 32 zero bits, got {data[:4]}")
        leds = data[4:4 + 4 * self.count]
        pixels = []
        for index in range(self.count):
            head, blue, green, red = leds[4 * index:4 * index + 4]
            if head != FULL:
                raise AssertionError(f"LED {index + 1}: frame byte {head:#x}, not {FULL:#x}")
            pixels.append((red, green, blue))
        self.pixels = tuple(pixels)
        self.frames += 1
        if self.on_frame is not None:
            self.on_frame(self.pixels)


class MockBoard:
    """Key lines and the LED chain of one simulated table (the factory must be a MockFactory).

    Build it before the table's hardware: the chain's clock pin must be the mock SPI one.
    """

    def __init__(self, pin_map: PinMap, factory: MockFactory) -> None:
        self.pin_map = pin_map
        self.factory = factory
        self._key_pins = pin_map.key_pins()
        self.chain = ChainReceiver(pin_map.seats, factory)
        # gpiozero looks a pin up by name through the whole board's info on every call;
        # a key's pin is looked up once (a press stays the cost of the edge, as on a Pi)
        self._pins: dict[str, MockPin] = {}
        self._wires: list[MockPin] = []  # every pin whose history forget_history drops

    def key_pin(self, key: str) -> MockPin:
        """The mock pin wired to `key` ("1".."N", "NEXT", ...)."""
        pin = self._pins.get(key)
        if pin is None:
            if key not in self._key_pins:
                raise ValueError(f"there is no key {key!r} (keys: {', '.join(self._key_pins)})")
            pin = self._pins[key] = cast(MockPin, self.factory.pin(self._key_pins[key]))
        return pin

    def press(self, key: str) -> None:
        """Close the key's contact (the line goes low)."""
        self.key_pin(key).drive_low()

    def release(self, key: str) -> None:
        """Open the key's contact (the pull-up takes the line high)."""
        self.key_pin(key).drive_high()

    def is_down(self, key: str) -> bool:
        """True while the key's line is low."""
        return not self.key_pin(key).state

    def led_bytes(self) -> tuple[int, ...]:
        """The brightest channel (0..255) of each seat LED in the last frame, seat 1 first."""
        return tuple(max(pixel) for pixel in self.chain.pixels)

    def led_values(self) -> tuple[float, ...]:
        """Brightness 0..1 of each seat LED in the last frame, seat 1 first."""
        return tuple(level / 255 for level in self.led_bytes())

    def forget_history(self) -> None:
        """Drop the mock pins' recorded state history (it grows with every LED frame)."""
        if not self._wires:
            self._wires = [cast(MockPin, self.factory.pin(pin)) for pin in
                           (*self._key_pins.values(), LED_CLOCK, LED_DATA, LED_SELECT)]
        for pin in self._wires:
            pin.clear_states()
