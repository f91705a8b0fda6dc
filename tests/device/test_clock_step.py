"""docs/clock.md at the table: the venue's time server may step the wall clock before a game,
never noticed; a step during a game is told to the head judge (the heartbeat's clock_step_s)
and the judge at the table, and the countdown runs on, on the monotonic clock."""

from __future__ import annotations

import json
import time
from pathlib import Path

from bus.broker import MosquittoProcess
from bus.client import BusClient, Received
from bus.testing import GUARD_S, connected_client
from bus.topics import table_topic
from device.config import TableSettings
from device.table.service import TableService
from engine.log import header
from tests.hub.helpers import actions_of

T, N = "cup", "5"


class WallClock:
    """The machine's wall clock, plus whatever the venue's time server stepped it by."""

    def __init__(self) -> None:
        self.step = 0.0

    def __call__(self) -> float:
        return time.time() + self.step


def heartbeat(table: TableService, watcher: BusClient, game: str) -> dict[str, object]:
    """The first heartbeat of `game` that the watcher receives after the table's next steps
    (the table's loop is the test's: each step heartbeats when one is due)."""
    deadline = time.monotonic() + GUARD_S
    while time.monotonic() < deadline:
        table.step(timeout=0.05)
        while not watcher.inbox.empty():
            item = watcher.inbox.get_nowait()
            if isinstance(item, Received) and item.topic.endswith("/heartbeat"):
                data: dict[str, object] = json.loads(item.payload)
                if data["game_id"] == game:
                    return data
    raise AssertionError(f"no heartbeat of game {game} came")


def test_a_clock_step_mid_game_is_told_and_the_countdown_runs_on(
    broker: MosquittoProcess, tmp_path: Path
) -> None:
    wall = WallClock()
    settings = TableSettings(journal=tmp_path / "t.sqlite", tournament=T, table=N,
                             broker={"url": broker.url}, heartbeat_s=0.2)
    table = TableService(settings, wall=wall).start()
    watcher = connected_client(broker.config(), "watcher", table_topic(T, N, "heartbeat"))
    try:
        assert table.bus is not None and table.bus.wait_ready(GUARD_S)
        wall.step = -3600.0  # before the game: chrony's makestep at boot, as it should be
        table.step()
        assert table.clock_step is None and table.last_error is None
        for line in actions_of(3):
            assert table.submit_line(line)[0]
            if table.countdown is not None and table.countdown.kind == "speech":
                break
        countdown = table.countdown
        assert countdown is not None
        before = countdown.remaining(table.mono())
        wall.step += 183.0  # mid-game: the time server arrived late and stepped the clock
        table.step()
        after = table.countdown
        assert after is countdown and after.remaining(table.mono()) <= before
        assert before - after.remaining(table.mono()) < 5  # it ran on, no jump of 183 s
        assert table.clock_step == (table.game_id, 183.0)
        assert table.last_error is not None and "clock jumped +183 s" in table.last_error
        told = heartbeat(table, watcher, table.game_id)
        while told["clock_step_s"] is None:  # one sent before the step may still be on its way
            told = heartbeat(table, watcher, table.game_id)
        assert told["clock_step_s"] == 183.0 and told["schema_version"] == 3
        wall.step += 0.3  # chrony slewing (well under a second between two looks): nothing
        table.step()
        assert table.clock_step == (table.game_id, 183.0)
        game = table.new_game(header("cml", game=2))  # the next game starts clean
        assert heartbeat(table, watcher, game)["clock_step_s"] is None
    finally:
        watcher.close()
        table.close()
