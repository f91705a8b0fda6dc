"""The table's wiring in volts and amperes, computed from its bill of materials.

`device/hardware/wiring.toml` lists the parts (resistors and their tolerances, the SoCs' input
figures, the LEDs, the supply, the cable). From it:

- every key's pressed and released level at the pin, worst case over the part tolerances,
  the 3.3 V rail's tolerance and the SoC's internal pull-up range (the pad turns it on), so
  a test can hold each key to the SoC's VIL / VIH with a noise margin (deploy/wiring.md);
- the seat LED chain's supply: with 5 V fed at both ends of the cable (the chain goes round
  the table and ends next to the Pi again), the voltage drop at every seat for any frame,
  and the factor a frame is dimmed by so that no seat falls below the LEDs' supply range and
  the chain draws no more than the supply has left (`ChainPower.scale`, applied by
  device/hardware/leds.py to every frame it sends).
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

BOM_FILE = Path(__file__).with_name("wiring.toml")
Wiring = Literal["standard", "board_pull_up"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Design(_Model):
    noise_margin_v: float = Field(gt=0)


class Rail(_Model):
    volts: float = Field(gt=0)
    tolerance: float = Field(ge=0, lt=1)


class Chip(_Model):
    """A SoC's GPIO input figures: thresholds, internal pull-up range, input leakage."""

    vil_max: float = Field(gt=0)
    vih_min: float = Field(gt=0)
    pull_up: tuple[float, float]
    leakage_a: float = Field(ge=0)


class Board(_Model):
    pull_ups: dict[int, float]
    pull_up_tolerance: float = Field(ge=0, lt=1)


class KeyParts(_Model):
    series: float = Field(gt=0)
    series_tolerance: float = Field(ge=0, lt=1)
    pull_up: float | None = Field(None, gt=0)
    pull_up_tolerance: float = Field(0.0, ge=0, lt=1)
    fault_limit_a: float = Field(gt=0)


class Led(_Model):
    channel_a: float = Field(gt=0)
    idle_a: float = Field(ge=0)
    min_volts: float = Field(gt=0)
    input_over_vdd_max: float = Field(ge=0)


class Supply(_Model):
    volts: float = Field(gt=0)
    amps: float = Field(gt=0)
    reserved_a: float = Field(ge=0)


class Cable(_Model):
    name: str
    ohms_per_m: float = Field(gt=0)
    max_a: float = Field(gt=0)
    seat_spacing_m: float = Field(gt=0)
    lead_m: float = Field(gt=0)
    far_end_feed: bool


class Bom(_Model):
    """device/hardware/wiring.toml as typed values."""

    design: Design
    rail: Rail
    chips: dict[str, Chip]
    board: Board
    keys: dict[Wiring, KeyParts]
    led: Led
    supply: Supply
    cable: Cable

    def wiring_of(self, pin: int) -> Wiring:
        """How the key on `pin` is wired: against the board's pull-up on GPIO 2 and 3."""
        return "board_pull_up" if pin in self.board.pull_ups else "standard"


@cache
def bom(path: Path = BOM_FILE) -> Bom:
    """The bill of materials (read once)."""
    with path.open("rb") as handle:
        return Bom.model_validate(tomllib.load(handle))


def parallel(*ohms: float) -> float:
    """Resistors in parallel."""
    return 1.0 / sum(1.0 / r for r in ohms)


@dataclass(frozen=True)
class KeyLevels:
    """One key's worst-case levels at the pin on one SoC."""

    pin: int
    chip: str
    wiring: Wiring
    pressed_v: float  # the highest a pressed key leaves the pin at
    released_v: float  # the lowest a released key leaves the pin at
    fault_a: float  # the pin driven high by mistake into the pressed key

    def problems(self, parts: Bom) -> list[str]:
        """What keeps this key from reading reliably, in words; [] when nothing."""
        chip, margin = parts.chips[self.chip], parts.design.noise_margin_v
        out = []
        if self.pressed_v > chip.vil_max - margin:
            out.append(f"GPIO {self.pin} ({self.chip}): a pressed key leaves "
                       f"{self.pressed_v:.2f} V, above VIL {chip.vil_max} V - {margin} V")
        if self.released_v < chip.vih_min + margin:
            out.append(f"GPIO {self.pin} ({self.chip}): a released key reads "
                       f"{self.released_v:.2f} V, below VIH {chip.vih_min} V + {margin} V")
        limit = parts.keys[self.wiring].fault_limit_a
        if self.fault_a > limit:
            out.append(f"GPIO {self.pin}: driven high by mistake into a pressed key it would "
                       f"pass {self.fault_a * 1000:.0f} mA, more than {limit * 1000:.0f} mA")
        return out


def key_levels(parts: Bom, pin: int, chip_name: str) -> KeyLevels:
    """The worst corners: a pressed key is highest with the rail high, the series resistor
    high and every pull-up low (the divider); a released key is lowest with the rail low and
    the leakage through the highest pull-ups."""
    chip, rail = parts.chips[chip_name], parts.rail
    wiring = parts.wiring_of(pin)
    key = parts.keys[wiring]
    v_high, v_low = rail.volts * (1 + rail.tolerance), rail.volts * (1 - rail.tolerance)
    series_max = key.series * (1 + key.series_tolerance)
    series_min = key.series * (1 - key.series_tolerance)
    lows, highs = [chip.pull_up[0]], [chip.pull_up[1]]
    if key.pull_up is not None:
        lows.append(key.pull_up * (1 - key.pull_up_tolerance))
        highs.append(key.pull_up * (1 + key.pull_up_tolerance))
    board = parts.board.pull_ups.get(pin)
    if board is not None:
        lows.append(board * (1 - parts.board.pull_up_tolerance))
        highs.append(board * (1 + parts.board.pull_up_tolerance))
    pull_low, pull_high = parallel(*lows), parallel(*highs)
    pressed = v_high * series_max / (series_max + pull_low) + chip.leakage_a * series_max
    released = v_low - chip.leakage_a * pull_high
    return KeyLevels(pin, chip_name, wiring, pressed, released, v_high / series_min)


def plan_levels(key_pins: Mapping[str, int], parts: Bom | None = None
                ) -> dict[str, list[KeyLevels]]:
    """Key name -> its levels on every SoC the BOM lists."""
    parts = parts or bom()
    return {key: [key_levels(parts, pin, chip) for chip in parts.chips]
            for key, pin in key_pins.items()}


# -- the seat LED chain's supply ------------------------------------------------------------

Pixel = tuple[int, int, int]


class ChainPower:
    """The supply of a chain of `seats` LEDs along the BOM's cable, fed at the Pi's end and,
    with `far_end_feed`, at seat N too (both ends at the header's 5 V).

    Each rail (5 V and ground) is a ladder: seat k draws its LED's current, the cable between
    neighbours is `seat_spacing_m` of one conductor, the leads from the header `lead_m`. The
    drop at each seat is linear in the LEDs' currents, so the ladder is solved once into a
    transfer matrix and a frame costs one matrix-vector product.
    """

    def __init__(self, seats: int, parts: Bom | None = None) -> None:
        if seats < 1:
            raise ValueError(f"a chain of at least one LED, got {seats}")
        self.parts = parts or bom()
        self.seats = seats
        cable = self.parts.cable
        self._lead = cable.lead_m * cable.ohms_per_m
        self._segment = cable.seat_spacing_m * cable.ohms_per_m
        self._transfer = [self._solve([1.0 if j == k else 0.0 for j in range(seats)])
                          for k in range(seats)]  # column k: the drops of 1 A at seat k
        led, supply = self.parts.led, self.parts.supply
        # the most one rail pair may drop: the LEDs' supply range, and seat 1's input, which
        # the level shifter drives from the header's own 5 V
        self.allowed_v = [supply.volts - led.min_volts] * seats
        self.allowed_v[0] = min(self.allowed_v[0], led.input_over_vdd_max)
        self.budget_a = supply.amps - supply.reserved_a
        self._idle_a = led.idle_a * seats
        self._headroom = [allowed - idle for allowed, idle
                          in zip(self.allowed_v, self.drops([led.idle_a] * seats), strict=True)]
        # no seat drops more than this per ampere drawn anywhere: a frame whose current
        # times it fits every seat's headroom needs no ladder (most frames: one seat lit)
        self._worst_ohms = max(max(col) for col in self._transfer)

    def _solve(self, amps: Sequence[float]) -> list[float]:
        """Drops (V, both rails) at every seat for these currents: the ladder by the Thomas
        algorithm (each seat is tied only to its neighbours and, at the ends, the header)."""
        n, g_lead, g_seg = self.seats, 1 / self._lead, 1 / self._segment
        diag = [(g_seg if k > 0 else g_lead) + (g_seg if k < n - 1 else 0.0) for k in range(n)]
        if self.parts.cable.far_end_feed:
            diag[-1] += g_lead
        if n == 1:
            diag[0] = g_lead * (2 if self.parts.cable.far_end_feed else 1)
        off = -g_seg
        c, d = [0.0] * n, [0.0] * n
        c[0], d[0] = off / diag[0], amps[0] / diag[0]
        for k in range(1, n):
            m = diag[k] - off * c[k - 1]
            c[k], d[k] = off / m, (amps[k] - off * d[k - 1]) / m
        drop = [0.0] * n
        drop[-1] = d[-1]
        for k in range(n - 2, -1, -1):
            drop[k] = d[k] - c[k] * drop[k + 1]
        return [2 * v for v in drop]  # the 5 V conductor and the ground one alike

    def currents(self, pixels: Sequence[Pixel]) -> list[float]:
        """Each LED's current for its colour bytes (PWM duty times the colour's full current)."""
        led = self.parts.led
        return [led.idle_a + led.channel_a * sum(p) / 255 for p in pixels]

    def drops(self, amps: Sequence[float]) -> list[float]:
        """The drop (V, 5 V rail and ground together) at every seat for these currents."""
        return [sum(col[k] * a for col, a in zip(self._transfer, amps, strict=True))
                for k in range(self.seats)]

    def segment_currents(self, amps: Sequence[float]) -> list[float]:
        """The current in each conductor piece, header -> seat 1 first (and seat N -> header
        last when fed at both ends)."""
        drop = [v / 2 for v in self.drops(amps)]
        pieces = [drop[0] / self._lead]
        pieces += [abs(drop[k] - drop[k + 1]) / self._segment for k in range(self.seats - 1)]
        if self.parts.cable.far_end_feed:
            pieces.append(drop[-1] / self._lead)
        return pieces

    def scale(self, pixels: Sequence[Pixel]) -> float:
        """The factor (0..1] the lit part of this frame is dimmed by so that every seat keeps
        its supply range and the chain its current budget (1.0: the frame goes as it is)."""
        channel = self.parts.led.channel_a
        lit = [channel * sum(p) / 255 for p in pixels]
        total = sum(lit)
        if total <= 0:
            return 1.0
        factor = min(1.0, (self.budget_a - self._idle_a) / total)
        if self._worst_ohms * total <= min(self._headroom):
            return max(0.0, factor)
        for room, more in zip(self._headroom, self.drops(lit), strict=True):
            if more > 0:
                factor = min(factor, room / more)
        return max(0.0, factor)

    def capped(self, pixels: Sequence[Pixel]) -> list[Pixel]:
        """The frame as it may be sent: unchanged, or every colour byte scaled down (rounded
        down, so the frame stays within what `scale` allows)."""
        factor = self.scale(pixels)
        if factor >= 1.0:
            return list(pixels)
        return [(math.floor(r * factor), math.floor(g * factor), math.floor(b * factor))
                for r, g, b in pixels]
