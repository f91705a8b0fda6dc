"""The table's wiring: which BCM pin carries which key, the seat LED chain and the buzzer.

One validated `PinMap` is the single source of truth for the pad, the LEDs, the simulator and
`deploy/wiring.md`. The pin factory is always passed in (as gpiozero does), so the same code
drives a Raspberry Pi through lgpio and a test or the simulator through `MockFactory`.

The design (deploy/wiring.md): the seat LEDs are one APA102 / SK9822 chain on SPI0 (MOSI
GPIO 10, SCLK GPIO 11; gpiozero reserves CE0, GPIO 8, for the spidev device and MISO, GPIO 9,
stays with the SPI block), so any seat count up to 15 costs two pins. Every key has its own
GPIO behind a series resistor, an external pull-up and a filter capacitor; on GPIO 2 and 3
the board's 1.8 kOhm I2C pull-ups replace ours and the series resistor is smaller, so the
pressed level stays well below VIL (device/hardware/electrical.py computes it). The ten-seat table
(16 keys + buzzer) leaves I2C (2, 3) and I2S (18, 19, 21; and 20, the buzzer's, on a table
without a buzzer) free; the fifteen-seat club table puts seats 11-15 on 18, 19, 21, 2 and 3.
The buzzer sits on a pin the SoC pulls down at reset, so it stays silent while the Pi boots.
"""

from __future__ import annotations

from typing import Literal

from gpiozero import Factory
from pydantic import BaseModel, ConfigDict, Field, model_validator

MAX_SEATS = 15
FUNCTION_KEYS: tuple[str, ...] = ("NEXT", "NOMINATE", "FOUL", "VOTE", "UNDO", "TIMER")


def seat_keys(seats: int = 10) -> tuple[str, ...]:
    """The seat key names "1".."N" of a table with `seats` seats."""
    return tuple(str(seat) for seat in range(1, seats + 1))


def keys_of(seats: int = 10) -> tuple[str, ...]:
    """Every key of a table with `seats` seats: the seat keys, then the function keys."""
    return seat_keys(seats) + FUNCTION_KEYS


SEAT_KEYS: tuple[str, ...] = seat_keys(10)  # the classic ten-seat table
KEYS: tuple[str, ...] = keys_of(10)

# The BCM numbers a 40-pin header exposes as GPIO.
BCM_RANGE = range(28)
# The LED chain on SPI0 (gpiozero's hardware SPI needs a select pin even though the chain has
# no chip select; MISO stays muxed to SPI by the spi0-0cs overlay).
LED_DATA, LED_CLOCK, LED_SELECT, SPI_MISO = 10, 11, 8, 9
CHAIN_PINS: dict[int, str] = {
    LED_DATA: "the LED chain's data (SPI0 MOSI)",
    LED_CLOCK: "the LED chain's clock (SPI0 SCLK)",
    LED_SELECT: "SPI0 CE0, reserved by the LED chain's SPI device (not wired)",
    SPI_MISO: "SPI0 MISO (muxed to SPI while the LED chain runs)",
}
# "DO NOT USE" for anything else: the HAT ID EEPROM is read over them at boot.
EEPROM_PINS = {0: "ID_SD (HAT EEPROM)", 1: "ID_SC (HAT EEPROM)"}
# At reset the BCM2835/2837/2711 pull GPIO 0-8 up and 9-27 down (BCM2711 peripherals, 5.3).
PULLED_UP_AT_RESET = range(9)
# Pins with a second job; using them is allowed, and the setup notes say what it costs.
SHARED_PINS = {
    2: "I2C SDA",
    3: "I2C SCL",
    14: "UART TX (switch the serial console off)",
    15: "UART RX (switch the serial console off)",
    18: "I2S BCLK",
    19: "I2S LRCLK",
    20: "I2S DIN",
    21: "I2S DOUT",
}
# seat 1..15; the ten-seat table uses the first ten, the club table all of them
SEAT_KEY_PINS: tuple[int, ...] = (4, 17, 27, 22, 5, 6, 13, 16, 12, 7, 18, 19, 21, 2, 3)


def seat_of(key: str) -> int | None:
    """The seat number of a seat key ("1".."15"), or None for a function key."""
    return int(key) if key.isdigit() and 1 <= int(key) <= MAX_SEATS else None


class PinMap(BaseModel):
    """BCM pins of every key and the buzzer, and the table's seat count (defaults: the kit).

    Keys are wired from the pin through a series resistor to the switch and ground, with an
    external pull-up (active low); the seat LEDs are a chain on SPI0 (see deploy/wiring.md).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    seats: int = Field(10, ge=1, le=MAX_SEATS, description="seat keys and LEDs on the chain")
    seat_keys: tuple[int, ...] = SEAT_KEY_PINS[:10]
    next: int = 23
    nominate: int = 24
    foul: int = 25
    vote: int = 26
    undo: int = 14
    timer: int = 15
    buzzer: int | None = 20  # "none" in the config: no buzzer (an I2S sound card needs GPIO 20)

    @model_validator(mode="before")
    @classmethod
    def _default_seat_keys(cls, data: object) -> object:
        """A seat count without its own seat keys takes the kit's plan for that many seats."""
        if not isinstance(data, dict):
            return data  # pydantic says what is wrong with it
        buzzer = data.get("buzzer")
        if isinstance(buzzer, str) and buzzer.lower() == "none":
            data = {**data, "buzzer": None}
        if "seat_keys" not in data and "seats" in data:
            seats = data["seats"]
            if isinstance(seats, int) and 1 <= seats <= MAX_SEATS:
                return {**data, "seat_keys": SEAT_KEY_PINS[:seats]}
        return data

    @property
    def keys(self) -> tuple[str, ...]:
        """The key names of this table: "1".."N", then the function keys."""
        return keys_of(self.seats)

    def key_pins(self) -> dict[str, int]:
        """Key name ("1".."N", "NEXT", ...) -> BCM pin."""
        functions = (self.next, self.nominate, self.foul, self.vote, self.undo, self.timer)
        return dict(zip(self.keys, (*self.seat_keys, *functions), strict=True))

    def uses(self) -> list[tuple[int, str]]:
        """Every (pin, what it is for) pair, in a fixed order; used for checks and docs."""
        pairs = [(pin, f"key {key}") for key, pin in self.key_pins().items()]
        pairs += [(LED_DATA, "LED chain data"), (LED_CLOCK, "LED chain clock")]
        if self.buzzer is not None:
            pairs.append((self.buzzer, "buzzer"))
        return pairs

    @model_validator(mode="after")
    def _one_job_per_pin(self) -> PinMap:
        if len(self.seat_keys) != self.seats:
            raise ValueError(
                f"a {self.seats}-seat table needs {self.seats} seat key pins, "
                f"got {len(self.seat_keys)}"
            )
        owner: dict[int, str] = {}
        for pin, job in self.uses():
            if pin not in BCM_RANGE:
                raise ValueError(
                    f"{job}: GPIO {pin} does not exist on the 40-pin header (use 2 to 27)"
                )
            if pin in EEPROM_PINS:
                raise ValueError(
                    f"{job}: GPIO {pin} is {EEPROM_PINS[pin]}, kept free for the board's ID "
                    "EEPROM (Raspberry Pi documentation: do not use); pick another pin"
                )
            if pin in CHAIN_PINS and job not in ("LED chain data", "LED chain clock"):
                raise ValueError(f"{job}: GPIO {pin} is {CHAIN_PINS[pin]}; pick another pin")
            if pin in owner:
                raise ValueError(f"GPIO {pin} is wired twice: {owner[pin]} and {job}")
            owner[pin] = job
        if self.buzzer is not None and self.buzzer in PULLED_UP_AT_RESET:
            raise ValueError(
                f"buzzer: GPIO {self.buzzer} is pulled up while the Pi boots, so the buzzer "
                "would sound; use a pin from 9 to 27 (pulled down at reset)"
            )
        return self


FactoryKind = Literal["mock", "lgpio"]


def make_factory(kind: str) -> Factory:
    """A gpiozero pin factory: "mock" (mock pins, SPI a transfer at a time as on a Pi:
    device/hardware/mockspi.py) or "lgpio" (a real Pi, also a Pi 5)."""
    if kind == "mock":
        from device.hardware.mockspi import MockTableFactory

        return MockTableFactory()
    if kind == "lgpio":
        try:
            from gpiozero.pins.lgpio import LGPIOFactory
        except ImportError as exc:  # pragma: no cover - only on a machine without lgpio
            raise RuntimeError(
                "the lgpio library is missing: install it with pip install 'mafiakit[pi]'"
            ) from exc
        return LGPIOFactory()
    raise ValueError(f"unknown pin factory {kind!r}: use 'mock' or 'lgpio'")

