"""The table's configuration: a TOML file, overridden by MAFIAKIT_* environment variables.

`bus.settings` reads the file and the environment (the same loader as the hub's); errors
name the option.

    # table.toml
    tournament = "autumn-cup"
    table = "3"
    rules = "cml"
    journal = "/var/lib/mafiakit/table-3.sqlite"
    [broker]
    url = "mqtt://table-autumn-cup-3:secret@hub.local:1883"
    [hardware]
    pins = "lgpio"        # or "mock" (simulator, tests) or "none"
    audio_device = "plughw:CARD=Headphones"   # ALSA name (aplay -L); unset: ALSA's default
    [hardware.pin_map]    # only what differs from deploy/wiring.md
    seats = 15            # the club table: seat keys 11-15 and 15 LEDs on the chain
    [stream]
    delay_minutes = 5     # the delayed stream class (docs/web.md); unset: off
"""

from __future__ import annotations

import math
from datetime import date
from pathlib import Path
from typing import Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, SettingsConfigDict

from bus.config import BrokerConfig
from bus.errors import first_problem
from bus.settings import GameRulesId, TableId, TournamentId, load_toml_settings
from device.hardware.audio import check_name
from device.hardware.bootconfig import BOOT_CONFIG, check_boot_config
from device.hardware.pins import PinMap
from engine.errors import IllegalAction, LogError
from engine.refusals import Lang
from engine.variant import find_variant, named_rules

TableRules = GameRulesId  # a classic ruleset, or the `rules` of another game ("club", 004)


class BrokerSection(BaseModel):
    """`url` (mqtts:// on the venue LAN) and `ca_file`, the venue CA that setup.sh made:
    the table talks only to the broker that CA signed (docs/security.md)."""

    model_config = ConfigDict(extra="forbid")
    url: str = "mqtt://127.0.0.1:1883"
    ca_file: Path | None = None

    def config(self) -> BrokerConfig:
        try:
            broker = BrokerConfig.from_url(self.url)
            if self.ca_file is not None:
                broker = BrokerConfig.model_validate(
                    {**broker.model_dump(), "ca_file": self.ca_file})
        except ValidationError as exc:
            raise ConfigError(f"[broker]: {first_problem(exc)[1]}") from None
        except ValueError as exc:
            raise ConfigError(f"[broker]: {exc}") from None
        return broker


class HardwareSection(BaseModel):
    """The pad and LEDs: `pins` picks the pin factory; `[hardware.pin_map]` overrides the
    default wiring (deploy/wiring.md), e.g. `seats = 15` or `undo = 9`. On a Pi ("lgpio") the
    map is checked against the overlays of `boot_config` here, and against what the running
    kernel gave away (device/hardware/gpiolines.py) when the table opens its pins."""

    model_config = ConfigDict(extra="forbid")
    pins: Literal["lgpio", "mock", "none"] = "none"
    pin_map: PinMap = PinMap()
    boot_config: Path = BOOT_CONFIG
    music_dir: Path | None = None
    announcements_dir: Path | None = None  # the night steps called aloud (device/nightscript)
    volume: float = Field(0.6, ge=0, le=1)
    audio_device: str | None = Field(None, min_length=1)  # None: the table picks its card

    @field_validator("audio_device")
    @classmethod
    def _plays_on_a_pi(cls, value: str | None) -> str | None:
        return None if value is None else check_name(value)

    @model_validator(mode="after")
    def _no_clash_with_the_boot_config(self) -> HardwareSection:
        if self.pins == "lgpio":
            check_boot_config(self.pin_map, self.boot_config)
        return self


MIN_STREAM_DELAY_MINUTES: Final = 1.0


class StreamSection(BaseModel):
    """The delayed stream class (docs/web.md "The delayed stream"): the judge's view, roles
    and night actions included, published `delay_minutes` after the table journaled it.
    Unset (the default): off, nothing is published. At least one minute, a player's speech
    (000 I.6.8, "his minute"): a shorter delay lets a phone in the hall pass a role on
    while it still matters in the same speech; leagues choose more."""

    model_config = ConfigDict(extra="forbid")
    delay_minutes: float | None = None

    @field_validator("delay_minutes")
    @classmethod
    def _long_enough(cls, value: float | None) -> float | None:
        if value is not None and not math.isfinite(value):
            raise ValueError(f"[stream] delay_minutes = {value} is not a number of minutes")
        if value is not None and not value >= MIN_STREAM_DELAY_MINUTES:
            raise ValueError(
                f"[stream] delay_minutes = {value} would show the roles to the room almost as "
                f"they happen; give at least {MIN_STREAM_DELAY_MINUTES:g} minute (a player's "
                "speech), or leave it unset to publish no stream")
        return value


class TableSettings(BaseSettings):
    """Everything one table service needs to know."""

    model_config = SettingsConfigDict(env_prefix="MAFIAKIT_", env_nested_delimiter="__",
                                      extra="forbid")

    tournament: TournamentId = "local"
    table: TableId = "1"
    rules: TableRules = "cml"
    seats: int | None = None  # the game's seats where it has a choice (club: 3-15, 004 §1)
    lang: Lang = "ru"  # the console's help and answers: Russian, as the screens (--lang en)
    journal: Path = Path("table.sqlite")
    heartbeat_s: float = Field(2.0, gt=0, le=60)
    broker: BrokerSection = BrokerSection()
    hardware: HardwareSection = HardwareSection()
    stream: StreamSection = StreamSection()

    @model_validator(mode="after")
    def _seats_and_stream_of_the_game(self) -> TableSettings:
        """`seats` as the game's variant admits them, and the delayed stream only for a
        tournament game."""
        problem = None if self.seats is None else seats_problem(self.rules, self.seats)
        if problem is not None:
            raise ValueError(f"seats = {self.seats}: {problem}")
        variant = find_variant({"rules": self.rules})
        if not variant.standings and self.stream.delay_minutes is not None:
            raise ValueError(f"[stream] is for the classic tournament game: the nights of a "
                             f"{variant.name} game stay the host's while it goes on "
                             "(docs/club.md, 004 §7); leave delay_minutes unset at this table")
        return self


def seats_problem(rules: str, seats: int) -> str | None:
    """Why the game of `rules` cannot seat `seats` players (and which game can), or None:
    the variant admits the header of the table's own game with those seats, or not."""
    def admitted(rules: str) -> int | str:
        variant = find_variant({"rules": rules})
        try:
            head: dict[str, object] = dict(variant.default_header(
                rules, "local", "1", seats, date.today().isoformat()))
            return variant.admit_header(head)[0]
        except (LogError, IllegalAction) as exc:
            return str(exc)

    plays = admitted(rules)
    if plays == seats:
        return None
    if isinstance(plays, str):
        return plays
    other = next((f"the {find_variant({'rules': name}).name} game (rules {name})"
                  for name in named_rules() if admitted(name) == seats), "no game of the kit")
    return f"the {rules} rules seat exactly {plays} players; {seats} players play {other}"


CREDENTIALS: Final = {"broker-url": ("broker", "url")}
"""The secrets systemd hands to the table (deploy/systemd/mafiakit-table.service,
LoadCredential=): the broker URL with the table's password, in place of `[broker] url`."""


class ConfigError(ValueError):
    """The table configuration is missing or invalid; the message names the option."""


def load_settings(path: Path | str | None = None, **overrides: object) -> TableSettings:
    """Read the TOML file (if given), apply MAFIAKIT_* variables, then `overrides`."""
    if path is not None and not Path(path).is_file():
        raise ConfigError(f"config file {path} does not exist: write one (`mafiakit table "
                          "--help` shows an example) or give --journal FILE instead")
    return load_toml_settings(TableSettings, path, overrides, ConfigError,
                              credentials=CREDENTIALS)
