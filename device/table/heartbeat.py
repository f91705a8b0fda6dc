"""The table's heartbeat on a fixed monotonic grid, whatever the judge does (issue 24).

The heartbeat used to go out from the engine loop `heartbeat_s` after the previous one had,
whenever the loop came round to it: 2.002-2.006 s apart at a quiet table, 2.04-2.25 s after
any input. A screen account, which reads heartbeats, told 57 of 63 night actions (every shot
and check) from those intervals alone.

Now beat k leaves at `booted + k * heartbeat_s` of the monotonic clock and says `uptime_s =
k * heartbeat_s` and `seq = k + 1`: nothing in it or in its timing depends on what the table
was doing. It has a thread of its own, so a night action that is being journaled (an fsync,
tens of milliseconds on an SD card) when a beat is due does not hold the beat back; the
beat still says whether the engine thread is alive: it is sent only while the engine loop
went round within the last `heartbeat_s` plus a second (a wedged or stopped engine goes
quiet, and the hub says so). A slot missed while the machine stalled is skipped, never sent
late.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Final

log = logging.getLogger("mafiakit.table")

ALIVE_SLACK_S: Final = 1.0  # the engine loop goes round at least every 0.25 s when idle
MIN_WAIT_S: Final = 0.001


class HeartbeatGrid:
    """A thread that calls `send(k, uptime_s)` at each slot of the grid while `alive()`."""

    def __init__(self, period: float, mono: Callable[[], float],
                 send: Callable[[int, float], None], alive: Callable[[], bool],
                 booted: float | None = None) -> None:
        """`booted`: the grid's origin on `mono` (now, unless the table read it already)."""
        self.period, self.mono, self.send, self.alive = period, mono, send, alive
        self.booted = mono() if booted is None else booted
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def slot(self, now: float) -> int:
        """The grid slot `now` falls in (slot 0 starts at boot)."""
        return max(0, int((now - self.booted) // self.period))

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="heartbeat", daemon=True)
            self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(10)

    def _run(self) -> None:
        k = 0
        while True:
            due = self.booted + k * self.period
            if self._stop.wait(min(self.period, max(MIN_WAIT_S, due - self.mono()))):
                return
            now = self.mono()
            if now < due:
                continue
            k = self.slot(now)  # a slot the machine slept through is skipped, not sent late
            if self.alive():
                try:
                    self.send(k, k * self.period)
                except Exception:  # the heartbeat must outlive one bad beat
                    log.exception("the heartbeat could not be sent")
            k += 1
