"""The wall says which standings the hub shows: "as of round N", or hidden before a final,
read from the hub's retained aggregate (docs/hub.md)."""

from __future__ import annotations

import json
import time

import pygame

from bus.broker import MosquittoProcess
from bus.testing import raw_publish
from bus.topics import hub_topic
from scoreboard.feed import FeedStore
from scoreboard.fonts import Fonts
from scoreboard.frames import WallFrame
from scoreboard.live import LiveFeed
from scoreboard.model import wall_frame
from scoreboard.samples import NOW, wall_feeds
from scoreboard.screen import ScreenSource
from scoreboard.wall import draw_wall

GUARD_S = 30.0


def test_the_note_says_the_round_or_hidden_in_both_languages() -> None:
    assert wall_frame([], NOW, "ru", (3, False)).standings_note == "Таблица после тура 3"
    assert wall_frame([], NOW, "en", (3, False)).standings_note == "Standings as of round 3"
    assert wall_frame([], NOW, "en", (3, True)).standings_note == (
        "Standings hidden until the final")
    assert wall_frame([], NOW, "en", None).standings_note == ""  # no hub heard: nothing said
    assert wall_frame([], NOW, "en", (None, False)).standings_note == ""  # no game finished


def test_the_note_sits_in_the_header_beside_the_title(fonts: Fonts) -> None:
    for size in ((1280, 720), (1920, 1080)):
        target = pygame.Surface(size)
        frame = wall_frame(wall_feeds(), NOW, "ru", (12, False))
        placed = dict(draw_wall(frame, target, fonts))
        note, title = placed["standings"], placed["title"]
        assert not note.colliderect(title) and note.right <= size[0] and note.left > title.right
        assert note.bottom <= min(r.top for name, r in placed.items() if ":" in name)


def test_the_wall_reads_the_hub_aggregate(private_broker: MosquittoProcess) -> None:
    store = FeedStore()
    feed = LiveFeed(private_broker.config(), store, tournament="cup", table=None).start()
    source = ScreenSource(store, mode="wall", lang="en")
    try:
        assert feed.client.wait_ready(GUARD_S)
        aggregate: dict[str, object] = {"tournament": "cup", "as_of": "2026-11-29T18:30:00+00:00",
                                        "tables": [], "standings": None,
                     "standings_as_of": {"as_of_round": 4, "hidden": True}}
        raw_publish(private_broker.config(), [
            (hub_topic("cup", "public/aggregate"), json.dumps(aggregate).encode(), True)])
        deadline = time.monotonic() + GUARD_S
        while store.standings_as_of is None and time.monotonic() < deadline:
            feed.pump(0.1)
        assert store.standings_as_of == (4, True)
        frame = source(time.time())
        assert isinstance(frame, WallFrame)
        assert frame.standings_note == "Standings hidden until the final"
        assert store.problems == type(store.problems)()  # the aggregate is no table message
    finally:
        feed.close()
