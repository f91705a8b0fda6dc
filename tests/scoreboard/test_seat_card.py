"""Seat cards: the badges never cover the number (a wide "10" used to sit under both)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from scoreboard.fonts import Fonts
from scoreboard.frames import SeatCard
from scoreboard.layout import table_layout
from scoreboard.seatcard import draw_card, seat_spots
from scoreboard.sizes import SIZES
from scoreboard.testing import overlaps
from scoreboard.theme import DAY


def busy(seat: int) -> SeatCard:
    """A card with everything on it: badges, fouls, two notes, a role."""
    return SeatCard(seat=seat, nickname="Маэстро Длинное Имя", at_table=True,
                    notes=("дисквалифицирован", "день 12"), fouls=3, muted=False,
                    speaking=False, nominated=3, candidate=True, voting_now=False, votes=10,
                    role="sheriff", role_text="Шериф")


@pytest.mark.parametrize("size", SIZES)
def test_the_parts_of_every_seat_card_stay_apart(size: tuple[int, int], fonts: Fonts) -> None:
    lay = table_layout(size)
    card = lay.seats()[0]
    for seat in range(1, 11):
        spots = seat_spots(seat, card.size, lay, fonts)
        assert overlaps(list(spots.items()), pygame.Rect((0, 0), card.size)) == [], seat


def test_the_badges_and_the_number_of_seat_10_are_drawn_where_the_spots_say(
    fonts: Fonts,
) -> None:
    lay = table_layout((1280, 720))
    size = lay.seats()[9].size
    spots = seat_spots(10, size, lay, fonts)
    plain = draw_card(busy(10), DAY, size, lay, fonts)
    bare = draw_card(replace(busy(10), nominated=None, votes=None), DAY, size, lay, fonts)
    differs = [(x, y) for x in range(size[0]) for y in range(size[1])
               if plain.get_at((x, y)) != bare.get_at((x, y))]
    assert differs, "the badges were not drawn"
    badges = spots["nominated"].union(spots["votes"])
    assert all(spots["nominated"].collidepoint(p) or spots["votes"].collidepoint(p)
               for p in differs), badges
    digits = pygame.mask.from_threshold(bare, DAY.card_number, (8, 8, 8, 255))
    ink = digits.get_bounding_rects()
    assert ink and all(spots["number"].inflate(4, 4).contains(rect) for rect in ink
                       if rect.top < spots["name"].top)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", range(3, 16))
def test_every_table_of_3_to_15_seats_fits_one_row(
    size: tuple[int, int], count: int, fonts: Fonts
) -> None:
    """The club game seats 3 to 15 (004 §1): the cards stay on the screen and apart, and the
    parts of the widest card ("15", "12") stay apart on it; the digits' ink keeps at least
    5 % of the screen's height (8 % with ten seats): 54 px at 1080p, 36 px at 720p."""
    lay = table_layout(size)
    cards = lay.seats(count)
    assert len(cards) == count
    assert overlaps([(f"seat {n}", rect) for n, rect in enumerate(cards, 1)],
                    pygame.Rect((0, 0), size)) == []
    assert cards[0].centerx < cards[-1].centerx  # seat 1 on the left
    card_lay = lay.card_layout(count)
    for seat in (1, count, 12, 15):
        if seat <= count:
            spots = seat_spots(seat, cards[0].size, card_lay, fonts)
            assert overlaps(list(spots.items()), pygame.Rect((0, 0), cards[0].size)) == [], seat
            assert spots["number"].height >= 0.05 * size[1]
    if count <= 10:
        assert card_lay == lay  # ten seats or fewer: the cards are drawn as designed
