"""Fixtures of the device tests: mock pins, a hand-moved clock, the real hardware on them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from mafiakit.device.hardware import TableHardware
from mafiakit.device.pins import PinMap
from mafiakit.firmware_sim.board import MockBoard
from mafiakit.firmware_sim.clock import ManualClock


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def factory() -> MockFactory:
    return MockFactory(pin_class=MockPWMPin)


@pytest.fixture
def pin_map() -> PinMap:
    return PinMap()


@pytest.fixture
def board(pin_map: PinMap, factory: MockFactory) -> MockBoard:
    return MockBoard(pin_map, factory)


@pytest.fixture
def hardware(
    pin_map: PinMap, factory: MockFactory, clock: ManualClock
) -> Iterator[TableHardware]:
    table = TableHardware(pin_map, factory, clock, background=False)
    yield table
    table.close()


def drain(table: TableHardware) -> list[tuple[str, str]]:
    """(key, kind) of every event waiting in the hardware's queue."""
    out: list[tuple[str, str]] = []
    while not table.events.empty():
        event = table.events.get_nowait()
        out.append((event.key, event.kind))
    return out


@pytest.fixture
def events() -> Any:
    return drain
