"""The simulated table's wires: press keys and read LEDs on gpiozero mock pins, by name.

Everything here goes through the real `MockPin.drive_low()` / `drive_high()` and the PWM pin
values, so the device code under it runs exactly as on a Pi.
"""

from __future__ import annotations

from typing import cast

from gpiozero.pins.mock import MockFactory, MockPin

from device.pins import KEYS, PinMap


class MockBoard:
    """Key lines and LED pins of one simulated table (the factory must be a MockFactory)."""

    def __init__(self, pin_map: PinMap, factory: MockFactory) -> None:
        self.pin_map = pin_map
        self.factory = factory
        self._key_pins = pin_map.key_pins()

    def key_pin(self, key: str) -> MockPin:
        """The mock pin wired to `key` ("1".."10", "NEXT", ...)."""
        if key not in self._key_pins:
            raise ValueError(f"there is no key {key!r} (keys: {', '.join(KEYS)})")
        return cast(MockPin, self.factory.pin(self._key_pins[key]))

    def press(self, key: str) -> None:
        """Close the key's contact (the line goes low)."""
        self.key_pin(key).drive_low()

    def release(self, key: str) -> None:
        """Open the key's contact (the pull-up takes the line high)."""
        self.key_pin(key).drive_high()

    def is_down(self, key: str) -> bool:
        """True while the key's line is low."""
        return not self.key_pin(key).state

    def led_values(self) -> tuple[float, ...]:
        """Brightness 0..1 on each seat LED pin, seat 1 first."""
        return tuple(float(self.factory.pin(pin).state) for pin in self.pin_map.seat_leds)

    def forget_history(self) -> None:
        """Drop the mock pins' recorded state history (it grows with every LED frame)."""
        for pin in (*self._key_pins.values(), *self.pin_map.seat_leds):
            cast(MockPin, self.factory.pin(pin)).clear_states()
