"""The wiring map: the default is valid and clash-free; bad maps are refused in plain words."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory
from pydantic import ValidationError

from device.hardware.pins import (
    CHAIN_PINS,
    KEYS,
    PULLED_UP_AT_RESET,
    SHARED_PINS,
    PinMap,
    keys_of,
    make_factory,
    seat_of,
)

I2C, I2S_OUT, UART = {2, 3}, {18, 19, 21}, {14, 15}


def test_the_ten_seat_table_keeps_i2c_i2s_and_the_eeprom_pins_free() -> None:
    pins = [pin for pin, _ in PinMap().uses()]
    assert len(pins) == len(set(pins)) == 16 + 2 + 1  # keys, the chain's two, the buzzer
    assert not ({0, 1} | I2C | I2S_OUT) & set(pins)
    quiet = [pin for pin, _ in PinMap(buzzer="none").uses()]
    assert not ({0, 1} | I2C | I2S_OUT | {20}) & set(quiet)  # all of I2S for a sound card


def test_the_club_table_is_the_same_plan_with_five_more_seat_keys() -> None:
    classic, club = PinMap(), PinMap(seats=15)
    assert len(club.key_pins()) == 21
    assert club.seat_keys[:10] == classic.seat_keys
    extra = set(club.seat_keys[10:])
    assert extra <= I2C | I2S_OUT  # where the five extra keys must go: every other pin is used
    assert dict(classic.uses()).items() - {(p, j) for p, j in club.uses()} == set()


def test_shared_pins_in_the_plans_carry_keys_and_the_buzzer_on_i2s_din_only() -> None:
    for pin_map in (PinMap(), PinMap(seats=15)):
        jobs = dict(pin_map.uses())
        for pin in set(SHARED_PINS) & set(jobs):
            assert jobs[pin].startswith("key ") or (pin, jobs[pin]) == (20, "buzzer")


def test_key_pins_name_all_keys_in_order() -> None:
    key_pins = PinMap().key_pins()
    assert tuple(key_pins) == KEYS == keys_of(10)
    assert key_pins["1"] == 4
    assert key_pins["NEXT"] == 23
    assert tuple(PinMap(seats=15).key_pins())[10:15] == ("11", "12", "13", "14", "15")


def test_a_pin_wired_twice_is_refused_naming_both_jobs() -> None:
    with pytest.raises(ValidationError, match="GPIO 23 is wired twice: key 1 and key NEXT"):
        PinMap(seat_keys=(23, 17, 27, 22, 5, 6, 13, 16, 12, 7))


def test_the_buzzer_may_not_share_a_pin_with_a_key() -> None:
    with pytest.raises(ValidationError, match="GPIO 25 is wired twice: key FOUL and buzzer"):
        PinMap(buzzer=25)


@pytest.mark.parametrize("pin", [0, 1])
def test_the_id_eeprom_pins_are_refused(pin: int) -> None:
    words = f"key TIMER: GPIO {pin} is ID_S[DC] \\(HAT EEPROM\\)"
    with pytest.raises(ValidationError, match=words):
        PinMap(timer=pin)


@pytest.mark.parametrize("pin", sorted(CHAIN_PINS))
def test_the_led_chains_spi_pins_are_refused_for_keys(pin: int) -> None:
    with pytest.raises(ValidationError, match=f"key UNDO: GPIO {pin} is "):
        PinMap(undo=pin)


@pytest.mark.parametrize("pin", [2, 3])
def test_a_buzzer_on_a_pin_pulled_up_at_boot_is_refused(pin: int) -> None:
    """GPIO 0-8 are pulled up at reset: the transistor would conduct and the buzzer sound."""
    assert pin in PULLED_UP_AT_RESET
    with pytest.raises(ValidationError, match=f"buzzer: GPIO {pin} is pulled up while the Pi"):
        PinMap(buzzer=pin)


@pytest.mark.parametrize("pin", [-1, 28, 40])
def test_a_pin_outside_the_header_is_refused(pin: int) -> None:
    with pytest.raises(ValidationError, match=f"GPIO {pin} does not exist"):
        PinMap(next=pin)


def test_the_seat_keys_must_match_the_seat_count() -> None:
    with pytest.raises(ValidationError, match="a 10-seat table needs 10 seat key pins, got 3"):
        PinMap(seat_keys=(5, 6, 13))
    with pytest.raises(ValidationError, match="less than or equal to 15"):
        PinMap(seats=16)


def test_a_free_pin_may_carry_the_buzzer() -> None:
    remapped = PinMap(buzzer=21)
    assert (21, "buzzer") in remapped.uses()
    assert (20, "buzzer") not in remapped.uses()


def test_unknown_fields_are_refused() -> None:
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        PinMap(vote_stop=5)  # type: ignore[call-arg]


def test_seat_of_tells_seat_keys_from_function_keys() -> None:
    assert [seat_of(key) for key in keys_of(15)[:15]] == list(range(1, 16))
    assert seat_of("NEXT") is None
    assert seat_of("16") is None


def test_mock_factory_gives_mock_pins() -> None:
    factory = make_factory("mock")
    assert isinstance(factory, MockFactory)


def test_an_unknown_factory_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown pin factory 'rpi': use 'mock' or 'lgpio'"):
        make_factory("rpi")
