"""The mock factory's SPI0 (device/mockspi.py) delivers what gpiozero's bit-banged bus does."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory, MockSPIInterface

from device.leds import CHAIN_HZ, LedChain, chain_frame
from device.mockspi import MockSpidev, MockTableFactory
from device.pins import PinMap, make_factory
from firmware_sim.board import MockBoard

LEVELS = [0.0, 0.1, 0.25, 0.5, 0.75, 1.0, 0.3, 0.9, 0.05, 0.6]


def _frames(factory: MockFactory) -> tuple[tuple[tuple[int, int, int], ...], int]:
    board = MockBoard(PinMap(), factory)
    chain = LedChain(10, pin_factory=factory)
    try:
        chain.write(LEVELS)
        chain.write(list(reversed(LEVELS)))
        return board.chain.pixels, board.chain.frames
    finally:
        chain.close()


def test_the_kits_mock_factory_sends_the_chain_a_transfer_at_a_time() -> None:
    factory = make_factory("mock")
    assert isinstance(factory, MockTableFactory)
    board = MockBoard(PinMap(), factory)
    chain = LedChain(10, pin_factory=factory)
    try:
        assert isinstance(chain._spi, MockSpidev)
        assert chain._spi.rate == CHAIN_HZ  # set as on a Pi: the wire time is spent asleep
        assert chain._spi.transfer(chain_frame(LEVELS)) == [0] * len(chain_frame(LEVELS))
        assert board.chain.frames == 1
        assert "GPIO11" in repr(chain._spi)
    finally:
        chain.close()


def test_a_transfer_at_a_time_decodes_as_the_bit_banged_bus_does() -> None:
    plain = MockFactory()
    assert not isinstance(plain, MockTableFactory)
    bit_banged = _frames(plain)
    at_once = _frames(MockTableFactory())
    assert at_once == bit_banged
    assert at_once[1] == 2 and len(set(at_once[0])) == len(LEVELS)  # every level its own


def test_gpiozeros_own_mock_keeps_its_bit_banged_bus() -> None:
    factory = MockFactory()
    MockBoard(PinMap(), factory)
    chain = LedChain(10, pin_factory=factory)
    try:
        assert type(chain._spi) is MockSPIInterface
    finally:
        chain.close()


def test_a_rate_must_be_positive() -> None:
    factory = MockTableFactory()
    MockBoard(PinMap(), factory)
    chain = LedChain(10, pin_factory=factory)
    try:
        with pytest.raises(ValueError, match="must be positive"):
            chain._spi.rate = 0
        assert chain._spi.rate == CHAIN_HZ
    finally:
        chain.close()
