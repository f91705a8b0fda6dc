"""ScreenSource: the right frame per mode, and the service's lock on leaked secrets."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoreboard.feed import FeedStore
from scoreboard.frames import TableFrame, WallFrame
from scoreboard.model import table_frame, wall_frame
from scoreboard.samples import NOW, fill_store, sample_feed
from scoreboard.screen import ScreenSource
from scoreboard.secrecy import secret_free


def floor() -> FeedStore:
    store = FeedStore()
    fill_store(store, None, "1", wall=True)
    return store


def test_each_mode_builds_its_frame() -> None:
    store = floor()
    table = ScreenSource(store, mode="table", table="2")(NOW)
    assert isinstance(table, TableFrame) and table.banner == "Голосование"
    assert table.info_class == "public" and table.status == "online"
    audience = ScreenSource(store, table="2", info_class="audience")(NOW)
    assert isinstance(audience, TableFrame) and audience.info_class == "audience"
    judge = ScreenSource(store, mode="judge", table="2", lang="en")(NOW)
    assert isinstance(judge, TableFrame) and judge.judge is not None
    wall = ScreenSource(store, mode="wall")(NOW)
    assert isinstance(wall, WallFrame) and len(wall.cards) == 12
    statuses = {card.table: card.status for card in wall.cards}
    assert statuses["4"] == "stale" and statuses["7"] == "offline" and statuses["1"] == "online"


def test_a_table_screen_needs_a_table_and_a_known_mode() -> None:
    with pytest.raises(ValueError, match="needs a table"):
        ScreenSource(FeedStore(), mode="table")
    with pytest.raises(ValueError, match="screen mode 'tv'"):
        ScreenSource(FeedStore(), mode="tv", table="1")


def test_a_frame_that_gives_a_role_away_is_not_shown() -> None:
    store = floor()
    source = ScreenSource(store, table="1")
    honest = source(NOW)
    assert isinstance(honest, TableFrame)
    source.build = lambda now: replace(honest, subtitle="Говорит шериф")
    shown = source(NOW)
    assert isinstance(shown, TableFrame) and secret_free(shown)
    assert shown.banner == "Ожидание" and shown.seats[0].nickname == "Антарес"
    assert source.blocked == [
        "table 1: a frame was not shown because it gave away TableFrame.subtitle: 'шериф' in "
        "'Говорит шериф'"]
    assert store.problems[-1].endswith("'Говорит шериф'")


def test_a_wall_card_that_gives_a_result_away_is_blanked() -> None:
    store = floor()
    source = ScreenSource(store, mode="wall")
    wall = wall_frame([sample_feed("speech", table="1")], NOW)
    source.build = lambda now: replace(wall, cards=(replace(wall.cards[0], result="Победа мафии"),))
    shown = source(NOW)
    assert isinstance(shown, WallFrame) and secret_free(shown)
    assert shown.cards[0].result == "" and shown.cards[0].phase_text == ""
    assert len(source.blocked) == 1


def test_the_judge_screen_is_not_filtered() -> None:
    source = ScreenSource(floor(), mode="judge", table="5")
    shown = source(NOW)
    assert isinstance(shown, TableFrame) and shown.seats[1].role == "mafia"
    assert source.blocked == []


def test_the_guard_leaves_honest_frames_alone() -> None:
    store = floor()
    for table in store.tables():
        shown = ScreenSource(store, table=table)(NOW)
        assert shown == table_frame(store.feed(table, NOW), NOW, "ru")
