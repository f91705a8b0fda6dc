"""The pin map against config.txt: overlays that own a key's pin are named before any pin opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.config import ConfigError, load_settings
from device.hardware.bootconfig import check_boot_config, clashes
from device.hardware.pins import PinMap

PI_SETUP = "dtoverlay=spi0-0cs\n"  # what deploy/pi-setup.sh writes


def test_the_setup_scripts_config_has_no_clash_for_either_table() -> None:
    assert clashes(PinMap(), PI_SETUP) == []
    assert clashes(PinMap(seats=15), PI_SETUP) == []


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("dtoverlay=gpio-fan", "GPIO 12 is key 9 in the pin map but the gpio-fan overlay"),
        ("dtoverlay=gpio-fan,gpiopin=14,temp=60000", "GPIO 14 is key UNDO in the pin map"),
        ("enable_uart=1", "GPIO 14 is key UNDO in the pin map but UART TX"),
        ("dtoverlay=w1-gpio", "GPIO 4 is key 1 in the pin map but the w1-gpio overlay"),
        ("dtoverlay=max98357a", "GPIO 4 is key 1 in the pin map but the max98357a SD_MODE"),
        ("dtoverlay=pwm-2chan,pin=12,func=4", "GPIO 12 is key 9"),
    ],
)
def test_an_overlay_on_a_key_pin_is_named(line: str, words: str) -> None:
    problems = clashes(PinMap(), PI_SETUP + line + "\n")
    assert any(words in problem for problem in problems), problems


@pytest.mark.parametrize(
    ("config", "words"),
    [
        # dtparam=spi=on alone: SPI0 with both chip selects as GPIOs, CE1 is seat 10's key
        ("dtparam=spi=on\n", "GPIO 7 is key 10 in the pin map but SPI0 CE1 in config.txt "
                              "(dtparam=spi=on)"),
        ("dtparam=spi=on\ndtoverlay=spi0-1cs\n", None),  # spi0-1cs takes over: CE0 only
        ("dtparam=spi=on\ndtoverlay=spi0-2cs,cs1_pin=21\n", None),  # 21: free on 10 seats
    ],
)
def test_dtparam_spi_claims_ce1_unless_an_spi0_overlay_takes_the_chip_selects(
    config: str, words: str | None
) -> None:
    problems = clashes(PinMap(), config)
    if words is None:
        assert problems == []
    else:
        assert any(words in problem for problem in problems), problems


@pytest.mark.parametrize("config", ["dtparam=spi=on\ndtoverlay=spi0-0cs\n",
                                    "dtoverlay=spi0-0cs\ndtparam=spi=on\n",
                                    "[all]\ndtparam=spi=on\n[pi4]\ndtoverlay=spi0-0cs\n"])
def test_dtparam_spi_next_to_spi0_0cs_is_accepted(config: str) -> None:
    """Many guides write both lines; spi0-0cs leaves SPI0 without chip-select GPIOs."""
    assert clashes(PinMap(), config) == []
    assert clashes(PinMap(seats=15), config) == []


@pytest.mark.parametrize(
    ("line", "pins"),
    [
        ("dtoverlay=disable-bt", ["14 is key UNDO", "15 is key TIMER"]),
        ("dtoverlay=miniuart-bt", ["14 is key UNDO", "15 is key TIMER"]),
        ("dtparam=uart0=on", ["14 is key UNDO", "15 is key TIMER"]),  # a Pi 5
        ("dtoverlay=uart0-pi5", ["14 is key UNDO", "15 is key TIMER"]),
        ("dtoverlay=uart2-pi5", ["4 is key 1", "5 is key 5"]),
        ("dtoverlay=uart3", ["4 is key 1", "5 is key 5"]),
        ("dtoverlay=uart3,ctsrts", ["4 is key 1", "5 is key 5", "6 is key 6", "7 is key 10"]),
        ("dtoverlay=spi1-1cs", ["18 is key 11", "19 is key 12", "20 is buzzer", "21 is key 13"]),
        ("dtoverlay=spi1-2cs", ["17 is key 2", "18 is key 11", "19 is key 12", "20 is buzzer",
                                "21 is key 13"]),
        ("dtoverlay=spi1-3cs", ["16 is key 8", "17 is key 2", "18 is key 11", "19 is key 12",
                                "20 is buzzer", "21 is key 13"]),
        ("dtoverlay=audremap", ["12 is key 9", "13 is key 7"]),
        ("dtoverlay=audremap,pins_18_19", ["18 is key 11", "19 is key 12"]),
        ("dtoverlay=gpio-ir", ["18 is key 11"]),
        ("dtoverlay=gpio-ir,gpio_pin=17", ["17 is key 2"]),
        ("dtoverlay=gpio-ir-tx,gpio_pin=22", ["22 is key 4"]),
        ("dtoverlay=pps-gpio", ["18 is key 11"]),
        ("dtoverlay=pps-gpio,gpiopin=5", ["5 is key 5"]),
        ("dtoverlay=gpio-poweroff", ["26 is key VOTE"]),
        ("dtoverlay=i2c-gpio", ["23 is key NEXT", "24 is key NOMINATE"]),
        ("dtoverlay=i2c6", ["22 is key 4", "23 is key NEXT"]),
        ("dtoverlay=gpio-key", ["3 is key 15"]),
    ],
)
def test_the_overlays_that_take_pins_are_seen(line: str, pins: list[str]) -> None:
    """Each on the club table (every pin used), the pins it takes named in pin order."""
    problems = clashes(PinMap(seats=15), PI_SETUP + line + "\n")
    assert [p.removeprefix("GPIO ").split(" in the pin map")[0] for p in problems] == pins
    assert all(f"({line})" in p for p in problems)


@pytest.mark.parametrize(
    "line",
    [
        "dtparam=i2c_arm=on",
        "dtoverlay=i2c-rtc,ds3231",
        "dtparam=audio=on",
        "# dtoverlay=gpio-fan",
        "dtoverlay=gpio-fan,gpiopin=21",
    ],
)
def test_what_the_ten_seat_table_leaves_free_may_be_used(line: str) -> None:
    assert clashes(PinMap(), PI_SETUP + line + "\n") == []


@pytest.mark.parametrize("line", ["dtoverlay=hifiberry-dac", "dtoverlay=max98357a,no-sdmode"])
def test_an_i2s_sound_card_takes_the_buzzers_pin(line: str) -> None:
    """The I2S block muxes GPIO 18-21, DIN (20) too: a table with a sound card has no buzzer
    (the card plays the tones)."""
    problems = clashes(PinMap(), PI_SETUP + line + "\n")
    assert problems == [f"GPIO 20 is buzzer in the pin map but I2S DIN in config.txt ({line}): "
                        "move one of them"]
    assert clashes(PinMap(buzzer="none"), PI_SETUP + line + "\n") == []


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("dtparam=i2c_arm=on", "GPIO 2 is key 14 in the pin map but I2C SDA"),
        ("dtoverlay=hifiberry-dac", "GPIO 18 is key 11 in the pin map but I2S BCLK"),
    ],
)
def test_the_club_table_has_no_room_for_i2c_or_i2s(line: str, words: str) -> None:
    problems = clashes(PinMap(seats=15), PI_SETUP + line + "\n")
    assert any(words in problem for problem in problems), problems


def test_without_spi_the_chain_cannot_light() -> None:
    assert clashes(PinMap(), "dtparam=audio=on\n") == [
        "the seat LED chain needs SPI0: add 'dtoverlay=spi0-0cs' to config.txt "
        "(or run deploy/pi-setup.sh) and reboot"
    ]


def test_a_missing_config_is_not_a_pi_and_is_not_checked(tmp_path: Path) -> None:
    check_boot_config(PinMap(), tmp_path / "config.txt")  # nothing raised


def test_a_table_on_real_pins_refuses_to_start_on_a_clash(tmp_path: Path) -> None:
    boot = tmp_path / "config.txt"
    boot.write_text("[all]\ndtoverlay=spi0-0cs\ndtoverlay=gpio-fan,gpiopin=14\n", encoding="utf-8")
    toml = tmp_path / "table.toml"
    toml.write_text(f'[hardware]\npins = "lgpio"\nboot_config = "{boot}"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="GPIO 14 is key UNDO in the pin map but the gpio-fan"):
        load_settings(toml)
    boot.write_text("dtoverlay=spi0-0cs\ndtoverlay=gpio-fan,gpiopin=21\n", encoding="utf-8")
    assert load_settings(toml).hardware.boot_config == boot
