"""systemd's notify protocol, without a dependency: READY, WATCHDOG and STOPPING datagrams.

The unit (deploy/systemd/mafiakit-table.service) is `Type=notify` with `WatchdogSec`: the
engine thread's loop pings, and only while the pad thread is alive too, so a stuck engine or a
dead pad (not just a dead process) gets the table restarted.
Outside systemd ($NOTIFY_SOCKET unset) every call does nothing.
"""

from __future__ import annotations

import os
import socket
import time


class Notifier:
    def __init__(self, address: str | None = None) -> None:
        self.address = address if address is not None else os.environ.get("NOTIFY_SOCKET", "")
        watchdog_us = os.environ.get("WATCHDOG_USEC", "")
        # ping at twice the rate systemd asks for (its advice: at half the watchdog interval)
        self.interval = int(watchdog_us) / 2e6 / 2 if watchdog_us.isdigit() else None
        self._last = 0.0

    @property
    def enabled(self) -> bool:
        return bool(self.address)

    def send(self, message: str) -> None:
        if not self.address:
            return
        target = self.address
        if target.startswith("@"):  # an abstract socket
            target = "\0" + target[1:]
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.connect(target)
            sock.sendall(message.encode())

    def ready(self) -> None:
        self.send("READY=1")

    def stopping(self) -> None:
        self.send("STOPPING=1")

    def watchdog(self, now: float | None = None, *, healthy: bool = True) -> None:
        """Ping if due and `healthy` (call it from the engine loop as often as you like)."""
        if self.interval is None or not self.address or not healthy:
            return
        now = time.monotonic() if now is None else now
        if now - self._last >= self.interval:
            self._last = now
            self.send("WATCHDOG=1")
