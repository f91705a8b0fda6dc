"""Render functions: sizes, fonts, the night screen, the red flash, grey players, caches."""

from __future__ import annotations

import itertools

import pygame
import pytest

from scoreboard.fonts import Fonts, find_font
from scoreboard.frames import TableFrame
from scoreboard.layout import table_layout, wall_layout
from scoreboard.model import judge_frame, table_frame, wall_frame
from scoreboard.render import Renderer, render_table, render_wall
from scoreboard.samples import NOW, sample_feed, wall_feeds
from scoreboard.sizes import SIZES, parse_size
from scoreboard.testing import compare
from scoreboard.theme import DAY, ROLE, URGENT


def frame(name: str, now: float = NOW, lang: str = "ru") -> TableFrame:
    return table_frame(sample_feed(name), now, lang)


def brightness(surface: pygame.Surface, rect: pygame.Rect | None = None) -> float:
    r, g, b, *_ = pygame.transform.average_color(surface, rect or surface.get_rect())
    return (r + g + b) / 3


def count_color(surface: pygame.Surface, color: tuple[int, int, int], rect: pygame.Rect) -> int:
    area = surface.subsurface(rect).copy()
    return int(pygame.transform.threshold(None, area, color, threshold=(30, 30, 30, 255),
                                          set_behavior=0))


def test_dejavu_is_found_and_has_the_numero_sign(fonts: Fonts) -> None:
    regular, bold = find_font(False), find_font(True)
    assert regular is not None and regular.name == "DejaVuSans.ttf"
    assert bold is not None and bold.name == "DejaVuSans-Bold.ttf"
    font = fonts.font(40)
    missing = pygame.image.tobytes(font.render("\U000f0000", True, (255, 255, 255)), "RGB")
    numero = pygame.image.tobytes(font.render("№", True, (255, 255, 255)), "RGB")
    assert numero != missing


def test_fonts_fit_and_wrap(fonts: Fonts) -> None:
    assert fonts.fit("Лиса", 26, 500) == "Лиса"
    cut = fonts.fit("Маэстро Длинное Имя", 26, 120)
    assert cut.endswith("…") and fonts.width(cut, 26) <= 120
    lines = fonts.wrap("Кто за то, чтобы все голосуемые игроки покинули стол?", 38, 500)
    assert len(lines) > 1 and all(fonts.width(line, 38) <= 500 for line in lines)
    assert " ".join(lines) == "Кто за то, чтобы все голосуемые игроки покинули стол?"
    assert fonts.text("x", 20, (1, 2, 3)) is fonts.text("x", 20, (1, 2, 3))


@pytest.mark.parametrize("size", SIZES)
def test_every_frame_kind_renders_at_both_sizes(
    renderers: dict[tuple[int, int], Renderer], size: tuple[int, int]
) -> None:
    renderer = renderers[size]
    for built in (frame("vote"), judge_frame(sample_feed("judge_day"), NOW, "en"),
                  wall_frame(wall_feeds(), NOW, "ru"), wall_frame([], NOW, "ru")):
        assert renderer.draw(built).get_size() == size
    assert render_table(frame("speech"), size).get_size() == size
    assert render_wall(wall_frame(wall_feeds(), NOW), size).get_size() == size


def test_sizes_are_checked() -> None:
    assert parse_size("1280x720") == (1280, 720)
    for bad, words in (("800x600", "no layout"), ("big", "not WIDTHxHEIGHT")):
        with pytest.raises(ValueError, match=words):
            parse_size(bad)
    with pytest.raises(ValueError, match="no layout"):
        Renderer((1024, 768))


def test_drawing_on_a_target_of_another_size_is_refused(hd: Renderer) -> None:
    with pytest.raises(ValueError, match="the target is"):
        hd.draw(frame("speech"), pygame.Surface((1280, 720)))


def test_layout_fits_the_screen() -> None:
    for size in SIZES:
        lay = table_layout(size)
        screen = pygame.Rect((0, 0), size)
        seats = lay.seats()
        assert len(seats) == 10 and all(screen.contains(rect) for rect in seats)
        assert all(a.right < b.left for a, b in itertools.pairwise(seats))
        assert screen.contains(lay.clock) and screen.contains(lay.panel)
        assert not lay.clock.colliderect(lay.panel)
        wall = wall_layout(size, 12)
        assert len(wall.cards) == 12 and all(screen.contains(card) for card in wall.cards)


def test_the_night_screen_is_dark(hd: Renderer) -> None:
    night = brightness(hd.draw(frame("night")))
    day = brightness(hd.draw(frame("await_night")))
    assert night < day / 2


def test_the_timer_flashes_red_in_the_last_seconds(hd: Renderer) -> None:
    clock = table_layout((1920, 1080)).clock
    red_now = hd.draw(frame("speech_last_seconds"))
    assert count_color(red_now, URGENT, clock) > 2000
    white_now = hd.draw(frame("speech_last_seconds", NOW + 0.5))
    assert count_color(white_now, URGENT, clock) == 0
    assert count_color(hd.draw(frame("speech")), URGENT, clock) == 0


def test_players_who_left_are_greyed_out(hd: Renderer) -> None:
    image = hd.draw(frame("speech"))
    seats = table_layout((1920, 1080)).seats()
    out, present = brightness(image, seats[2]), brightness(image, seats[1])
    assert out < present * 0.8


def test_the_speaker_card_is_lit(hd: Renderer) -> None:
    image = hd.draw(frame("speech"))
    seats = table_layout((1920, 1080)).seats()
    assert count_color(image, (246, 185, 40), seats[7]) > 20000
    assert count_color(image, (246, 185, 40), seats[6]) == 0


def test_role_bands_only_when_the_game_is_over(hd: Renderer) -> None:
    seats = table_layout((1920, 1080)).seats()
    band = pygame.Rect(seats[0].left, seats[0].bottom - 40, seats[0].width, 30)
    red_band = ROLE["citizen"][0]
    assert count_color(hd.draw(frame("over_red")), red_band, band) > 1000
    assert count_color(hd.draw(frame("speech")), red_band, band) == 0


def test_same_frame_same_pixels_and_cards_come_from_the_cache(fonts: Fonts) -> None:
    renderer = Renderer((1280, 720), fonts)
    first = renderer.draw(frame("vote")).copy()
    cached = len(renderer._cards)
    second = renderer.draw(frame("vote"))
    assert compare(first, second).differing == 0
    assert len(renderer._cards) == cached == 10
    renderer.draw(frame("vote", NOW + 1))  # only the clock changed
    assert len(renderer._cards) == 10


def test_the_day_background_is_the_theme_colour(hd: Renderer) -> None:
    image = hd.draw(frame("speech"))
    assert tuple(image.get_at((5, 1075)))[:3] == DAY.bg
