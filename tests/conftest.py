"""Broker fixtures for every test folder: real mosquitto processes on free ports.

`broker` is anonymous; `acl_broker` runs the kit's ACL (deploy/mosquitto/acl.conf) with the
accounts hub, scoreboard, venue, head-judge, player, table-cup-3, table-cup-4,
overlay-cup-3 and stream-cup-3 (passwords in `.users`; names in bus.testing). Both live for
the whole session: do not restart them. A test that needs a broker of its own (an outage, a clean
retained store) takes `private_broker`, or `spawn_broker` to start and stop mosquitto
processes itself.

The `broker` marker follows from these fixtures: a test that takes any of them is marked, so
`pytest -m "not broker"` is a run without mosquitto.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from bus.broker import MosquittoProcess, find_mosquitto
from bus.testing import acl_broker as make_acl_broker
from bus.testing import anonymous_broker
from device.hardware.kit import TableHardware
from device.hardware.pins import PinMap
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock

BROKER_FIXTURES = frozenset({"broker", "acl_broker", "private_broker", "private_acl_broker",
                             "spawn_broker", "mosquitto_binary",
                             "web_broker"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if BROKER_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.broker)


@pytest.fixture(scope="session")
def broker() -> Iterator[MosquittoProcess]:
    """An anonymous mosquitto on 127.0.0.1 and a free port."""
    with anonymous_broker() as process:
        yield process


@pytest.fixture(scope="session")
def acl_broker() -> Iterator[MosquittoProcess]:
    """A mosquitto with password accounts and the kit's real ACL."""
    with make_acl_broker() as process:
        yield process


@pytest.fixture
def private_broker() -> Iterator[MosquittoProcess]:
    """An anonymous mosquitto of this test's own: nothing retained from other tests."""
    with MosquittoProcess() as process:
        yield process


@pytest.fixture
def private_acl_broker() -> Iterator[MosquittoProcess]:
    """The ACL broker of `acl_broker`, but this test's own: no retained leftovers of others."""
    with make_acl_broker() as process:
        yield process


@pytest.fixture(scope="session")
def mosquitto_binary() -> str:
    """The installed mosquitto, for tests whose code under test starts one itself."""
    return find_mosquitto()


@pytest.fixture
def spawn_broker() -> type[MosquittoProcess]:
    """Start mosquitto processes by hand (restarts, outages, broken configs)."""
    return MosquittoProcess


# --- mock pins: the device, simulator and bench tests ---
@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def factory() -> MockFactory:
    return MockFactory()


@pytest.fixture
def pin_map() -> PinMap:
    return PinMap()


@pytest.fixture
def board(pin_map: PinMap, factory: MockFactory) -> MockBoard:
    return MockBoard(pin_map, factory)


@pytest.fixture
def hardware(
    pin_map: PinMap, factory: MockFactory, clock: ManualClock, board: MockBoard
) -> Iterator[TableHardware]:
    """The table's hardware on mock pins, with the board (the chain's far end) wired first."""
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
