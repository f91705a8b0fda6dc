"""What every part of the hub shares (hub/service.py composes them): the settings, the
registry of tables, the store, the seating, the clocks, the bus once connected, whether the
broker's retained state is in, and whether the pages are due again.

One thread owns all of it (the hub's `run`), so the parts share it without locks.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime

from bus.client import BusClient
from hub.config import HubSettings
from hub.pacing import RetainedSync
from hub.registry import Registry
from hub.seating import Seating
from hub.store import Store

log = logging.getLogger("mafiakit.hub")


class HubContext:
    """The hub's shared state; `dirty`: something a page says may have changed."""

    def __init__(self, settings: HubSettings, registry: Registry, store: Store,
                 seating: Seating | None, *,
                 mono: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time) -> None:
        self.settings, self.registry, self.store, self.seating = settings, registry, store, seating
        self.tournament = settings.tournament
        self.mono, self.wall = mono, wall
        self.bus: BusClient | None = None
        self.sync = RetainedSync()  # pages and commands wait for the retained state
        self.dirty = True

    def now_iso(self) -> str:
        return datetime.fromtimestamp(self.wall(), UTC).isoformat()

    def seating_or_refuse(self) -> Seating:
        if self.seating is None:
            raise ValueError("no seating: give one in hub.toml (seating = \"seating.csv\")")
        return self.seating

    def quarantine(self, topic: str, raw: bytes, reason: str) -> None:
        """Bad input: logged and kept in the store, never reaching the results."""
        log.warning("quarantined a message on %s: %s", topic, reason)
        self.store.quarantine(topic, raw[:65536], reason, self.now_iso())
