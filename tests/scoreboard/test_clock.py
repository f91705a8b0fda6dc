"""docs/clock.md on the pygame scoreboard: a screen whose clock is five minutes off the table's
shows the table's seconds, also when it starts on a retained snapshot some seconds old, and
the judge screen's protest window is the table's, not the screen's."""

from __future__ import annotations

import math
import time
from dataclasses import replace
from pathlib import Path

import pygame

from bus.broker import MosquittoProcess
from bus.testing import GUARD_S
from device.testing import running_table
from scoreboard.feed import FeedStore, built_at
from scoreboard.live import LiveFeed
from scoreboard.model import judge_frame, table_frame
from scoreboard.render import Renderer
from scoreboard.samples import NOW, sample_feed
from scoreboard.testing import bus_snapshot
from tests.hub.helpers import into_a_speech

T, N = "cup", "7"
OFF = 300.0  # the screen's clock, five minutes ahead of the table's


def test_a_screen_five_minutes_off_shows_the_tables_seconds(
    private_broker: MosquittoProcess, tmp_path: Path
) -> None:
    with running_table(tmp_path / "t.sqlite", private_broker.url, tournament=T, table=N,
                       heartbeat_s=0.5) as table:
        into_a_speech(table)
        time.sleep(3)  # the retained snapshot is three seconds old when the screen starts

        def screen_clock() -> float:
            return time.time() + OFF

        store = FeedStore()
        live = LiveFeed(private_broker.config(), store, tournament=T, table=N,
                        clock=screen_clock).start()
        try:
            assert live.client.wait_ready(GUARD_S)
            renderer = Renderer((1280, 720))
            readings: list[tuple[int, int]] = []
            deadline = time.monotonic() + GUARD_S
            while len(readings) < 3 and time.monotonic() < deadline:
                live.pump(0.2)
                now = screen_clock()
                frame = table_frame(store.feed(N, now), now, "ru")
                if frame.countdown is None or store.feed(N, now).status != "online":
                    continue  # nothing yet, or no reading of the table's clock yet
                countdown = table.countdown
                assert countdown is not None
                want = math.ceil(countdown.remaining(table.mono()))
                shown = int(frame.countdown.text[:2]) * 60 + int(frame.countdown.text[3:])
                readings.append((shown, want))
                assert isinstance(renderer.draw(frame), pygame.Surface)  # the dummy driver
                time.sleep(0.7)
            assert len(readings) == 3, "the screen never showed the speech's countdown"
            assert all(abs(shown - want) <= 1 for shown, want in readings), readings
            assert readings[0][1] < 59  # it started on a snapshot sent seconds before
        finally:
            live.close()


def test_a_retained_snapshot_is_dated_by_the_next_reading_of_the_tables_clock() -> None:
    """Built at table uptime 100, kept by the broker, received at screen time 5000; a
    heartbeat at 5001 says the table's clock reads 130: the snapshot is 31 s old."""
    assert built_at(100.0, 5000.0, None) == 5000.0  # no reading yet: counted from arrival
    assert built_at(100.0, 5000.0, (130.0, 5001.0)) == 4971.0
    assert built_at(100.0, 5000.0, (100.0, 5000.0)) == 5000.0  # a live one dates itself
    assert built_at(900.0, 5000.0, (3.0, 5001.0)) == 5000.0  # an earlier boot's: arrival


def test_the_protest_window_runs_on_the_tables_clock() -> None:
    """The judge screen's window (000 III.15.1: ten minutes) is the table's decision time
    against the table's own clock counted on by the screen (decided 3:12 before the sample's
    moment, read 30 s later: 6:18 left), whatever the screen's clock reads."""
    base = sample_feed("judge_over")
    assert base.after_game is not None and base.after_game.protest_minutes == 10
    for offset in (0.0, OFF, -OFF, 86_400.0):
        feed = replace(base, as_of=NOW + offset)
        frame = judge_frame(feed, NOW + offset + 30, "en")
        assert frame.judge is not None
        assert frame.judge.window == "Time for protests: 06:18", (offset, frame.judge.window)


def test_a_retained_countdown_is_not_shown_until_the_tables_clock_is_read() -> None:
    """The speech sample (37 s left at uptime 3600) arrives retained at screen time 50: its
    age is unknown, so no countdown; a heartbeat at 51 reading 3610 says it was sent at 41."""
    store = FeedStore()
    store.on_snapshot("3", bus_snapshot("speech", "cup", "3"), 50.0, retained=True)
    assert table_frame(store.feed("3", 50.0), 50.0, "en").countdown is None
    store.on_heartbeat("3", 51.0, 3610.0)
    shown = table_frame(store.feed("3", 52.0), 52.0, "en").countdown
    assert shown is not None and shown.text == "00:26"  # 37 - (52 - (51 - 10))
    live = FeedStore()
    live.on_snapshot("3", bus_snapshot("speech", "cup", "3"), 50.0)  # live: dated by arrival
    counted = table_frame(live.feed("3", 52.0), 52.0, "en").countdown
    assert counted is not None and counted.text == "00:35"
