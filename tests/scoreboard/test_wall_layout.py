"""The wall's cards keep every text in its own box, for 1 to 24 tables at both sizes.

The renderer returns the rectangle of everything it drew; these tests check those rectangles,
so a layout that draws the countdown over the players line (one table at 720p did) fails here.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from engine.roles import Side
from engine.vocab import Winner
from scoreboard.fonts import Fonts
from scoreboard.frames import WallFrame
from scoreboard.layout import wall_layout
from scoreboard.model import wall_frame
from scoreboard.samples import NOW, WALL, sample_feed
from scoreboard.sizes import SIZES
from scoreboard.tablefeed import TableFeed
from scoreboard.testing import overlaps
from scoreboard.wall import base_style, card_style, draw_wall, draw_wall_card
from words import word

STATUSES = ("online", "stale", "offline", "unknown")
ON_BAND = {"result": "band"}


def floor(count: int, lang: str) -> WallFrame:
    """`count` tables in every state of the samples, with long ids and every liveness."""
    feeds = []
    for i in range(count):
        _, sample, _ = WALL[i % len(WALL)]
        table = f"semifinal-b{i + 1}" if i % 5 == 4 else str(i + 1)
        status = STATUSES[i % len(STATUSES)]
        feeds.append(TableFeed(table) if i % 7 == 6 else sample_feed(sample, status, table))
    return wall_frame(feeds, NOW, lang)


def by_card(frame: WallFrame, placed: list[tuple[str, pygame.Rect]]) -> dict[str, list[tuple[
        str, pygame.Rect]]]:
    parts: dict[str, list[tuple[str, pygame.Rect]]] = {card.table: [] for card in frame.cards}
    for name, rect in placed:
        if ":" in name:
            table, part = name.rsplit(":", 1)
            parts[table].append((part, rect))
    return parts


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_text_overlaps_another_or_leaves_its_card(
    size: tuple[int, int], lang: str, fonts: Fonts
) -> None:
    target = pygame.Surface(size)
    problems = []
    for count in range(1, 25):
        frame = floor(count, lang)
        placed = draw_wall(frame, target, fonts)
        layout = wall_layout(size, count)
        header = dict(placed)["title"]
        assert layout.header.contains(header)
        style = card_style(layout.cards[0].size, layout.card_px, fonts)
        full = fonts.font(style.timer_px, True).get_height()
        for rect, (table, parts) in zip(layout.cards, by_card(frame, placed).items(),
                                        strict=True):
            assert {"title", "dot", "status", "phase"} <= {name for name, _ in parts}
            edge = max(3, base_style(layout.card_px).phase_px // 6)
            for finding in overlaps(parts, rect.inflate(-2 * edge, -2 * edge), ON_BAND):
                problems.append(f"{count} tables, table {table}: {finding}")
            problems.extend(f"{count} tables, table {table}: the countdown was squeezed"
                            for name, spot in parts if name == "timer" and spot.height != full)
            assert not any(spot.colliderect(header) for _, spot in parts)
    assert problems == []


@pytest.mark.parametrize("size", SIZES)
def test_the_countdown_and_the_result_are_never_cut(size: tuple[int, int], fonts: Fonts) -> None:
    for count in (1, 2, 5, 12, 16, 24):
        layout = wall_layout(size, count)
        style = card_style(layout.cards[0].size, layout.card_px, fonts)
        inner = layout.cards[0].inflate(-2 * style.pad, -2 * style.pad)
        assert fonts.width("00:00", style.timer_px, True) <= inner.width
        assert style.timer_px > style.title_px > style.phase_px  # the countdown reads first
        for winner in (*Winner, *Side):  # every result, in the longer language
            result = word("ru", winner)
            assert fonts.width(result, style.phase_px * 3 // 4, True) <= inner.width, result


def test_one_table_on_a_small_screen_no_longer_covers_its_players_line(fonts: Fonts) -> None:
    frame = wall_frame([sample_feed("farewell", table="1")], NOW, "ru")
    placed = dict(draw_wall(frame, pygame.Surface((1280, 720)), fonts))
    assert placed["1:players"].bottom <= placed["1:timer"].top
    assert frame.cards[0].players_text == "День 2 · за столом: 8"


def test_the_check_catches_a_card_whose_texts_collide(fonts: Fonts) -> None:
    """Where the old layout put the countdown (bottom right, sized from the card's height
    alone), it covered the players line; the check reports exactly that."""
    layout = wall_layout((1280, 720), 1)
    rect = layout.cards[0]
    card = wall_frame([sample_feed("farewell", table="1")], NOW, "ru").cards[0]
    target = pygame.Surface((1280, 720))
    style = card_style(rect.size, layout.card_px, fonts)
    fitted = draw_wall_card(card, rect, style, target, fonts)
    assert overlaps(fitted, rect, ON_BAND) == []
    old = base_style(layout.card_px)
    timer = pygame.Rect(0, 0, fonts.width("00:55", old.timer_px, True),
                        fonts.font(old.timer_px, True).get_height())
    timer.bottomright = rect.inflate(-2 * old.pad, -2 * old.pad).bottomright
    before = [(name, timer if name == "timer" else spot) for name, spot in fitted]
    assert any(finding.startswith("players") and "overlaps timer" in finding
               for finding in overlaps(before, rect, ON_BAND))


def test_long_words_are_shortened_inside_their_box(fonts: Fonts) -> None:
    card = wall_frame([sample_feed("lift", "stale", table="1")], NOW, "en").cards[0]
    long = replace(card, title="Table semifinal-b12-overflow-check", phase_text="W" * 80,
                   players_text="Day 12 · at the table: 10 " * 4)
    layout = wall_layout((1280, 720), 24)
    rect = layout.cards[0]
    style = card_style(rect.size, layout.card_px, fonts)
    parts = draw_wall_card(long, rect, style, pygame.Surface((1280, 720)), fonts)
    assert overlaps(parts, rect, ON_BAND) == []
    spots = dict(parts)
    assert spots["title"].right < spots["dot"].left and spots["phase"].width <= rect.width


def test_an_empty_wall_says_so_inside_the_screen(fonts: Fonts) -> None:
    frame = wall_frame([], NOW, "en")
    for size in SIZES:
        placed = draw_wall(frame, pygame.Surface(size), fonts)
        assert [name for name, _ in placed] == ["title", "empty"]
        assert overlaps(placed, pygame.Rect((0, 0), size)) == []

