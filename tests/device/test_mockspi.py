"""The mock factory's SPI0 (hardware/mockspi.py) delivers what gpiozero's bit-banged bus does."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from gpiozero.pins.mock import MockFactory, MockSPIInterface

from device.hardware.leds import CHAIN_HZ, LedChain, chain_frame
from device.hardware.mockspi import MockSpidev, MockTableFactory
from device.hardware.pins import PinMap, make_factory
from firmware_sim.board import MockBoard

LEVELS = [0.0, 0.1, 0.25, 0.5, 0.75, 1.0, 0.3, 0.9, 0.05, 0.6]


@contextmanager
def _wired(factory: MockFactory) -> Iterator[tuple[MockBoard, LedChain]]:
    """A ten-LED chain and the simulated board that reads it (the board wired first)."""
    board = MockBoard(PinMap(), factory)
    chain = LedChain(10, pin_factory=factory)
    try:
        yield board, chain
    finally:
        chain.close()


def _frames(factory: MockFactory) -> tuple[tuple[tuple[int, int, int], ...], int]:
    with _wired(factory) as (board, chain):
        chain.write(LEVELS)
        chain.write(list(reversed(LEVELS)))
        return board.chain.pixels, board.chain.frames


def test_the_kits_mock_factory_sends_the_chain_a_transfer_at_a_time() -> None:
    factory = make_factory("mock")
    assert isinstance(factory, MockTableFactory)
    with _wired(factory) as (board, chain):
        assert isinstance(chain._spi, MockSpidev)
        assert chain._spi.rate == CHAIN_HZ  # set as on a Pi: the wire time is spent asleep
        assert chain._spi.transfer(chain_frame(LEVELS)) == [0] * len(chain_frame(LEVELS))
        assert board.chain.frames == 1
        assert "GPIO11" in repr(chain._spi)


def test_a_transfer_at_a_time_decodes_as_the_bit_banged_bus_does() -> None:
    plain = MockFactory()
    assert not isinstance(plain, MockTableFactory)
    bit_banged = _frames(plain)
    at_once = _frames(MockTableFactory())
    assert at_once == bit_banged
    assert at_once[1] == 2 and len(set(at_once[0])) == len(LEVELS)  # every level its own


def test_gpiozeros_own_mock_keeps_its_bit_banged_bus() -> None:
    with _wired(MockFactory()) as (_, chain):
        assert type(chain._spi) is MockSPIInterface


def test_a_rate_must_be_positive() -> None:
    with _wired(MockTableFactory()) as (_, chain):
        with pytest.raises(ValueError, match="must be positive"):
            chain._spi.rate = 0
        assert chain._spi.rate == CHAIN_HZ
