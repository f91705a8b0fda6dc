"""What a long-running part says about its broker link: one line when it goes, one now and
then while it stays down, one when it is back (paho retries every second or so; a head judge
reading the log needs the address and one line, not a line a second)."""

from __future__ import annotations

import logging
from collections.abc import Callable

STILL_DOWN_EVERY_S = 60.0


class LinkLog:
    def __init__(self, log: logging.Logger, address: str, mono: Callable[[], float],
                 every_s: float = STILL_DOWN_EVERY_S) -> None:
        self.log, self.address, self.mono, self.every_s = log, address, mono, every_s
        self._down_since: float | None = None
        self._told_at = 0.0

    def down(self, reason: str) -> None:
        now = self.mono()
        if self._down_since is None:
            self._down_since = self._told_at = now
            self.log.warning("no connection to the broker at %s (%s)", self.address,
                             reason)
        elif now - self._told_at >= self.every_s:
            self._told_at = now
            self.log.warning("still no connection to the broker at %s (for %d s)",
                             self.address, now - self._down_since)

    def up(self) -> None:
        if self._down_since is not None:
            self.log.warning("connected to the broker at %s again (after %d s)", self.address,
                             self.mono() - self._down_since)
        else:
            self.log.info("connected to the broker at %s", self.address)
        self._down_since = None
