"""The wiring map: the default is valid and clash-free; bad maps are refused in plain words."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from pydantic import ValidationError

from device.pins import KEYS, SHARED_PINS, PinMap, make_factory, seat_of


def test_default_map_uses_every_header_gpio_once_and_keeps_the_eeprom_pins_free() -> None:
    pins = [pin for pin, _ in PinMap().uses()]
    assert len(pins) == len(set(pins)) == 26
    assert set(pins) == set(range(2, 28))
    assert not {0, 1} & set(pins)


def test_shared_pins_in_the_default_map_carry_keys_not_leds() -> None:
    jobs = dict(PinMap().uses())
    for pin in set(SHARED_PINS) & set(jobs):
        assert jobs[pin].startswith("key ")


def test_key_pins_name_all_sixteen_keys_in_order() -> None:
    key_pins = PinMap().key_pins()
    assert tuple(key_pins) == KEYS
    assert key_pins["1"] == 4
    assert key_pins["NEXT"] == 25


def test_a_pin_wired_twice_is_refused_naming_both_jobs() -> None:
    with pytest.raises(ValidationError, match="GPIO 25 is wired twice: key 1 and key NEXT"):
        PinMap(seat_keys=(25, 17, 27, 22, 10, 9, 11, 18, 23, 24))


def test_the_buzzer_may_not_share_a_pin_with_an_led() -> None:
    with pytest.raises(ValidationError, match="GPIO 5 is wired twice: LED of seat 1 and buzzer"):
        PinMap(buzzer=5)


@pytest.mark.parametrize("pin", [-1, 28, 40])
def test_a_pin_outside_the_header_is_refused(pin: int) -> None:
    with pytest.raises(ValidationError, match=f"GPIO {pin} does not exist"):
        PinMap(next=pin)


def test_ten_seat_keys_and_ten_leds_are_required() -> None:
    with pytest.raises(ValidationError, match="at least 10 items"):
        PinMap(seat_leds=(5, 6, 13))


def test_a_free_pin_may_carry_the_buzzer() -> None:
    remapped = PinMap(timer=0, buzzer=15)
    assert (15, "buzzer") in remapped.uses()


def test_unknown_fields_are_refused() -> None:
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        PinMap(vote_stop=5)  # type: ignore[call-arg]


def test_seat_of_tells_seat_keys_from_function_keys() -> None:
    assert [seat_of(key) for key in KEYS[:10]] == list(range(1, 11))
    assert seat_of("NEXT") is None


def test_mock_factory_gives_pwm_capable_pins() -> None:
    factory = make_factory("mock")
    assert isinstance(factory, MockFactory)
    assert isinstance(factory.pin(5), MockPWMPin)


def test_an_unknown_factory_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown pin factory 'rpi': use 'mock' or 'lgpio'"):
        make_factory("rpi")
