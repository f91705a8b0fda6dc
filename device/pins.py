"""The table's wiring: which BCM pin carries which key, seat LED and buzzer.

One validated `PinMap` is the single source of truth for the pad, the LEDs, the simulator and
`deploy/wiring.md`. The pin factory is always passed in (as gpiozero does), so the same code
drives a Raspberry Pi through lgpio and a test or the simulator through `MockFactory`.

Default wiring (Pi 4 / Pi 5 40-pin header): ten seat keys + six function keys + ten seat LEDs
need 26 GPIOs, which is every GPIO from 2 to 27. I2C (2, 3) and UART (14, 15) cannot all be
avoided, so they carry keys: GPIO 2 and 3 already have 1.8 kOhm pull-ups on the board, which
suits an active-low key, and 14 / 15 only need the serial console switched off. GPIO 0 and 1
(HAT EEPROM) stay free, which is why the buzzer is optional and absent by default: the kit
plays its tones through the audio output instead.
"""

from __future__ import annotations

from typing import Literal

from gpiozero import Factory
from pydantic import BaseModel, ConfigDict, Field, model_validator

SEAT_KEYS: tuple[str, ...] = tuple(str(seat) for seat in range(1, 11))
FUNCTION_KEYS: tuple[str, ...] = ("NEXT", "NOMINATE", "FOUL", "VOTE", "UNDO", "TIMER")
KEYS: tuple[str, ...] = SEAT_KEYS + FUNCTION_KEYS

# The BCM numbers a 40-pin header exposes as GPIO.
BCM_RANGE = range(28)
# Pins with a second job; using them is allowed but worth a line in the setup notes.
SHARED_PINS = {
    0: "HAT EEPROM (ID_SD)",
    1: "HAT EEPROM (ID_SC)",
    2: "I2C SDA (board pull-up)",
    3: "I2C SCL (board pull-up)",
    14: "UART TX (switch the serial console off)",
    15: "UART RX (switch the serial console off)",
}


def seat_of(key: str) -> int | None:
    """The seat number of a seat key, or None for a function key."""
    return int(key) if key in SEAT_KEYS else None


class PinMap(BaseModel):
    """BCM pin numbers of every key, seat LED and the optional buzzer (defaults: the kit's wiring).

    Keys are wired between the pin and ground (internal pull-up, active low); LEDs from the pin
    through a resistor to ground (see deploy/wiring.md).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    seat_keys: tuple[int, ...] = Field(
        default=(4, 17, 27, 22, 10, 9, 11, 18, 23, 24), min_length=10, max_length=10
    )
    next: int = 25
    nominate: int = 8
    foul: int = 2
    vote: int = 3
    undo: int = 14
    timer: int = 15
    seat_leds: tuple[int, ...] = Field(
        default=(5, 6, 13, 19, 26, 12, 16, 20, 21, 7), min_length=10, max_length=10
    )
    buzzer: int | None = None

    def key_pins(self) -> dict[str, int]:
        """Key name ("1".."10", "NEXT", ...) -> BCM pin."""
        functions = (self.next, self.nominate, self.foul, self.vote, self.undo, self.timer)
        return dict(zip(KEYS, (*self.seat_keys, *functions), strict=True))

    def uses(self) -> list[tuple[int, str]]:
        """Every (pin, what it is for) pair, in a fixed order; used for checks and docs."""
        pairs = [(pin, f"key {key}") for key, pin in self.key_pins().items()]
        pairs += [(pin, f"LED of seat {seat}") for seat, pin in enumerate(self.seat_leds, 1)]
        if self.buzzer is not None:
            pairs.append((self.buzzer, "buzzer"))
        return pairs

    @model_validator(mode="after")
    def _one_job_per_pin(self) -> PinMap:
        owner: dict[int, str] = {}
        for pin, job in self.uses():
            if pin not in BCM_RANGE:
                raise ValueError(
                    f"{job}: GPIO {pin} does not exist on the 40-pin header (use 0 to 27)"
                )
            if pin in owner:
                raise ValueError(f"GPIO {pin} is wired twice: {owner[pin]} and {job}")
            owner[pin] = job
        return self


FactoryKind = Literal["mock", "lgpio"]


def make_factory(kind: str) -> Factory:
    """A gpiozero pin factory: "mock" (PWM-capable mock pins) or "lgpio" (a real Pi, also Pi 5)."""
    if kind == "mock":
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        return MockFactory(pin_class=MockPWMPin)
    if kind == "lgpio":
        try:
            from gpiozero.pins.lgpio import LGPIOFactory
        except ImportError as exc:  # pragma: no cover - only on a machine without lgpio
            raise RuntimeError(
                "the lgpio library is missing: install it with pip install 'mafiakit[pi]'"
            ) from exc
        return LGPIOFactory()
    raise ValueError(f"unknown pin factory {kind!r}: use 'mock' or 'lgpio'")
