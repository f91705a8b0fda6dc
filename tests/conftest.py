"""Broker fixtures for every test folder: real mosquitto processes on free ports.

`broker` is anonymous; `acl_broker` runs the kit's ACL (deploy/mosquitto/acl.conf) with the
accounts hub, scoreboard, venue, table-cup-3 and table-cup-4 (passwords in `.users`; names
in mafiakit.bus.testing). Both live for the whole session: do not restart them; start your
own `MosquittoProcess` for outage tests.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mafiakit.bus.broker import MosquittoProcess
from mafiakit.bus.testing import acl_broker as make_acl_broker
from mafiakit.bus.testing import anonymous_broker


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
