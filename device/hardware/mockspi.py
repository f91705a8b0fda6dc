"""gpiozero's mock pin factory with SPI0 as a Pi has it: a whole transfer at once.

On a Pi, gpiozero sends the seat LED chain's frame through the SPI block (spidev): one call,
the wire time spent in the kernel without the GIL. gpiozero's `MockFactory` bit-bangs SPI
through mock pins instead, a few Python calls per bit: 1.5 ms per ten-LED frame and 2.1 ms
per fifteen-LED frame on the dev machine, more than the pad's whole path may take (bench
pad; a Pi's spidev takes 0.4-0.55 ms at the chain's 1 MHz). `MockTableFactory` gives the
hardware SPI pins an interface that selects the mock SPI devices on the clock pin (the
simulated board's chain receiver), hands them the transfer's bits in one go, and sleeps
for the wire time at the bus rate, as spidev blocks. Everything else is gpiozero's mock.

A mock device that reacts bit by bit (`on_bit`) or answers on MISO needs gpiozero's own
`MockFactory`, whose bit-banged bus the pin tests keep using.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from itertools import chain

from gpiozero.pins.mock import MockFactory, MockSPIInterface

# the bits of each byte, most significant first (the SPI bus's order for the chain)
_MSB_FIRST = [tuple((byte >> shift) & 1 for shift in range(7, -1, -1)) for byte in range(256)]


class MockSpidev(MockSPIInterface):  # type: ignore[misc]  # gpiozero is untyped
    """SPI0 on mock pins, a transfer at a time (see the module)."""

    _rate = 100_000  # gpiozero's default rate until the device sets its own

    def __repr__(self) -> str:  # gpiozero's names the MISO pin, which the LED chain has not
        if self.closed:
            return "MockSpidev(closed)"
        return (f"MockSpidev(clock_pin={self._bus.clock.pin.info.name!r}, "
                f"mosi_pin={self._bus.mosi.pin.info.name!r}, "
                f"select_pin={self._select.pin.info.name!r})")

    def transfer(self, data: Sequence[int]) -> list[int]:
        width = self._bits_per_word
        if width == 8 and not self._lsb_first:  # the chain's bytes: a table lookup each
            bits = list(chain.from_iterable(map(_MSB_FIRST.__getitem__, data)))
        else:
            order = range(width) if self._lsb_first else range(width - 1, -1, -1)
            bits = [(word >> shift) & 1 for word in data for shift in order]
        with self._bus.lock:
            self._select.on()
            try:
                for device in getattr(self._bus.clock.pin, "spi_devices", ()):
                    if device.select_pin is None or device.select_pin.state == device.select_high:
                        device.rx_buf.extend(bits)
                        device.rx_bit += len(bits)
                time.sleep(len(bits) / self._rate)
            finally:
                self._select.off()
        return [0] * len(data)

    def _get_rate(self) -> int:
        return self._rate

    def _set_rate(self, value: int) -> None:
        if value <= 0:
            raise ValueError(f"an SPI rate must be positive, got {value}")
        self._rate = int(value)


class MockTableFactory(MockFactory):  # type: ignore[misc]  # gpiozero is untyped
    """gpiozero's `MockFactory`; the hardware SPI pins get `MockSpidev`."""

    def _get_spi_class(self, shared: bool, hardware: bool) -> type:
        if hardware and not shared:
            return MockSpidev
        return super()._get_spi_class(shared, hardware)  # type: ignore[no-any-return]
