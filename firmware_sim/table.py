"""A whole simulated table: the real table service on mock pins, with or without a window.

`SimTable.start(...)` builds mock pins, the real `TableHardware` on them, the real
`TableService` (journal, engine, bus) and, when no broker is given, a mosquitto of its own.
The window (`mafiakit sim`), the headless demo and the tests all use this one assembly:
there is no second implementation of the device logic.
"""

from __future__ import annotations

import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from gpiozero.pins.mock import MockFactory

from bus.broker import MosquittoProcess
from device.config import TableSettings
from device.hardware.kit import TableHardware
from device.hardware.music import MusicSettings, NightMusic
from device.hardware.pins import PinMap, make_factory
from device.table.inbox import Stop
from device.table.keys import CLASSIC_SEATS
from device.table.service import TableService
from firmware_sim.board import MockBoard


@dataclass
class SimTable:
    service: TableService
    hardware: TableHardware
    board: MockBoard
    broker: MosquittoProcess | None = None
    thread: threading.Thread | None = None
    _tmp: tempfile.TemporaryDirectory[str] | None = field(default=None, repr=False)

    @classmethod
    def start(cls, *, tournament: str = "demo", table: str = "1", rules: str = "cml",
              seats: int = CLASSIC_SEATS, broker_url: str | None = None,
              journal: Path | None = None,
              clock: Callable[[], float] | None = None, background: bool = True,
              music: bool = True, connect: bool = True) -> SimTable:
        """`connect=False`: no MQTT at all (the headless `sim`); else `broker_url`, or a
        mosquitto of its own when it is None."""
        broker = None
        if broker_url is None and connect:
            broker = MosquittoProcess().start()
            broker_url = broker.url
        tmp = None
        if journal is None:
            tmp = tempfile.TemporaryDirectory(prefix="mafiakit-sim-")
            journal = Path(tmp.name) / "table.sqlite"
        service = None
        try:
            settings = TableSettings(
                tournament=tournament, table=table, rules=rules, journal=journal,
                broker={"url": broker_url or "mqtt://127.0.0.1"},
                seats=seats)  # the game's variant checks them (device/config.py)
            factory = cast(MockFactory, make_factory("mock"))
            pins = PinMap(seats=seats)  # the board: seat keys and LEDs on the chain
            board = MockBoard(pins, factory)
            hardware = TableHardware(pins, factory, *(() if clock is None else (clock,)),
                                     music=NightMusic(MusicSettings()) if music else None,
                                     background=background)
            service = TableService(settings, hardware=hardware, connect=connect,
                                   mono=time.monotonic if clock is None else clock)
            service.start()  # NumberHeld when another live table has this number
        except BaseException:
            if service is not None:
                service.close()  # and the pins
            if broker is not None:
                broker.close()
            if tmp is not None:
                tmp.cleanup()
            raise
        return cls(service, hardware, board, broker, _tmp=tmp)

    def wait_connected(self, timeout: float = 30) -> bool:
        return self.service.bus is None or self.service.bus.wait_ready(timeout)

    def run_in_background(self) -> None:
        """Drain the service inbox on a thread (the window keeps the main thread)."""
        self.thread = threading.Thread(target=self.service.run, name="engine", daemon=True)
        self.thread.start()

    def close(self) -> None:
        if self.thread is not None:
            self.service.inbox.put(Stop())
            self.thread.join(30)
        self.service.close()  # also releases the pins
        if self.broker is not None:
            self.broker.close()
        if self._tmp is not None:
            self._tmp.cleanup()
