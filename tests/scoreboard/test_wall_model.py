"""The wall of all tables: one card per table, in table order, with liveness and results."""

from __future__ import annotations

from scoreboard.model import wall_frame
from scoreboard.samples import NOW, WALL, sample_feed, wall_feeds
from scoreboard.tablefeed import TableFeed


def test_cards_come_in_natural_table_order() -> None:
    feeds = list(reversed(wall_feeds()))
    wall = wall_frame(feeds, NOW, "ru")
    assert [card.table for card in wall.cards] == [table for table, _, _ in WALL]
    assert [card.table for card in wall.cards][:3] == ["1", "2", "3"]
    by_id = wall_frame({feed.table: feed for feed in feeds}, NOW, "ru")
    assert by_id == wall


def test_each_card_says_phase_players_timer_and_liveness() -> None:
    cards = {card.table: card for card in wall_frame(wall_feeds(), NOW, "ru").cards}
    assert cards["1"].phase_text == "День 2" and cards["1"].players_left == 8
    assert cards["1"].players_text == "За столом: 8" and cards["1"].timer_text == "00:37"
    assert cards["2"].phase_text == "Голосование"
    assert cards["2"].players_text == "День 2 · за столом: 8"
    assert cards["3"].night and cards["3"].timer_text == "" and cards["3"].players_left == 9
    assert cards["4"].status == "stale" and cards["4"].status_text == "нет сигнала"
    assert cards["7"].status == "offline" and cards["7"].status_text == "нет связи"
    assert cards["6"].urgent and cards["6"].timer_text == "00:07"


def test_results_only_for_finished_tables() -> None:
    cards = {card.table: card for card in wall_frame(wall_feeds(), NOW, "en").cards}
    assert cards["5"].over and cards["5"].result == "Red team wins"
    assert cards["8"].result == "Black team wins" and cards["8"].result_side == "black"
    assert cards["10"].result == "Draw"
    assert all(card.result == "" for card in cards.values() if not card.over)


def test_a_table_without_state_and_an_empty_wall() -> None:
    wall = wall_frame([TableFeed("9"), sample_feed("speech", table="2")], NOW, "ru")
    assert [card.table for card in wall.cards] == ["2", "9"]
    assert wall.cards[1].phase_text == "Ожидание" and wall.cards[1].players_text == ""
    empty = wall_frame([], NOW, "en")
    assert empty.cards == () and empty.empty_text == "No table has connected yet"


def test_the_last_seconds_are_steady_red_on_the_wall() -> None:
    """The wall is redrawn once a second, so it shows the urgency without flashing."""
    feed = sample_feed("speech_last_seconds", table="6")
    reds = [wall_frame([feed], NOW + step / 4, "ru").cards[0].urgent for step in range(8)]
    assert reds == [True] * 8
    calm = wall_frame([sample_feed("speech", table="1")], NOW, "ru").cards[0]
    assert not calm.urgent
