"""The club pad over the real broker: the judge's unfinished deal is on the judge topic only.

A twelve-seat club table on gpiozero mock pins, connected to the session's mosquitto: the
cards keyed so far (docs/pad.md, "The club game") reach the judge's screen as the pad line,
while the public snapshots never carry a seat of the deal; the recorded deal is journaled.
"""

from __future__ import annotations

import json
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.testing import connected_client, next_item
from bus.topics import table_topic
from device.config import TableSettings
from device.hardware.kit import TableHardware
from device.hardware.pins import PinMap
from device.table.service import TableService
from engine.club.game import ClubGame
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock


def test_the_deal_keyed_on_the_club_pad_reaches_only_the_judge(broker: MosquittoProcess,
                                                               tmp_path: Path) -> None:
    clock = ManualClock()
    factory = MockFactory()
    pins = PinMap(seats=15)
    board = MockBoard(pins, factory)
    hardware = TableHardware(pins, factory, clock, background=False)
    settings = TableSettings(journal=tmp_path / "t.sqlite", tournament="clubpad", table="5",
                             rules="club", seats=12, broker={"url": broker.url})
    judge, public = (table_topic("clubpad", "5", kind) for kind in ("judge", "public"))
    watcher = connected_client(broker.config(), "watcher", judge, public)
    service = TableService(settings, hardware=hardware, mono=clock).start()
    try:
        assert service.bus is not None and service.bus.wait_ready(30)

        def keys(*names: str) -> None:
            for name in names:
                for down in (True, False):
                    (board.press if down else board.release)(name)
                    clock.advance(0.06)
                    hardware.poll()
                    while not service.inbox.empty():
                        service.handle(service.inbox.get())

        keys("4", "9")  # the don, a mafia member: the screen asks for the next card
        publics: list[str] = []

        def pad_line(item: object) -> bool:
            if not isinstance(item, Received) or not item.payload:
                return False
            if item.topic == public:
                publics.append(item.payload.decode())
            return item.topic == judge and json.loads(item.payload)["view"].get(
                "pad") == "DON 4  MAFIA 9  MAFIA _"

        next_item(watcher, pad_line)
        keys("1", "2", "3", "5", "6", "NEXT")
        game = service.table_game
        assert isinstance(game, ClubGame) and game.state.roles is not None
        assert service.last_error is None and service.seq == 1
        assert not any('"pad"' in text or "DON" in text for text in publics)
    finally:
        service.close()
        watcher.close()
    saved = TableService(TableSettings(journal=tmp_path / "t.sqlite"), connect=False)
    assert saved.table_game.state == game.state  # the journal holds the keyed deal
    saved.close()
