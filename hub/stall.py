"""The hub's store refusing to write (a full disk, a damaged file): what the hub holds and
says meanwhile.

A batch the store refuses is rolled back whole and kept: the hub tries the same messages
again every `RETRY_S` and takes nothing new meanwhile (the broker and the hub's inbox keep
it), so nothing is lost and a head judge's decision is answered once it is really written.
The venue tech gets one log line when it starts and one when it ends, never a traceback;
the head judge's page and the wall get an alert while it lasts.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from bus.hubrows import JudgeAlert
from hub.store import store_trouble
from words import t

log = logging.getLogger("mafiakit.hub")
RETRY_S = 1.0


class StoreStall:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.held: Sequence[object] = ()  # the messages of the refused batch, in order
        self.reason: str | None = None
        self.retry_at = 0.0

    @property
    def active(self) -> bool:
        return self.reason is not None

    def failed(self, exc: sqlite3.Error, items: Sequence[object], now: float) -> None:
        """The store refused the batch of `items`: hold them, say so once."""
        self.held = items
        self.retry_at = now + RETRY_S
        if self.reason is None:
            self.reason = store_trouble(exc)
            log.error("hub: cannot write its store %s: %s. Holding %d messages and trying "
                      "again every %g s; free space on that disk (or stop the hub and put "
                      "back a good copy of the file)", self.path, self.reason, len(items),
                      RETRY_S)

    def recovered(self) -> None:
        if self.reason is not None:
            log.warning("hub: its store %s takes writes again; the %d messages held are "
                        "stored", self.path, len(self.held))
        self.reason, self.held = None, ()

    def alert(self) -> JudgeAlert | None:
        """The alert while the store refuses writes (the most urgent of all)."""
        if self.reason is None:
            return None
        return JudgeAlert(kind="store_failed", table="", params={"error": self.reason},
                          text=t("en", "alert.store_failed", error=self.reason))
