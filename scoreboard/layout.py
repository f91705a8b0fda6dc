"""Where things go on a 1920x1080 or 1280x720 screen, and how big the letters are.

Everything is designed at 1920x1080 and scaled. Sizes were chosen for reading from ten metres:
seat numbers about 10 % of the screen height, the countdown about a quarter of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scoreboard.sizes import SIZES, parse_size

BASE_W, BASE_H = SIZES[0]


def check_size(size: tuple[int, int]) -> tuple[int, int]:
    """`size` if a layout exists for it."""
    return parse_size(f"{size[0]}x{size[1]}")


@dataclass(frozen=True)
class TableLayout:
    """Rectangles and font sizes of the table screen."""

    size: tuple[int, int]
    scale: float

    def px(self, value: float) -> int:
        """A length designed at 1080p, on this screen."""
        return max(1, round(value * self.scale))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle designed at 1080p, on this screen."""
        return pygame.Rect(self.px(x), self.px(y), self.px(w), self.px(h))

    @property
    def header(self) -> pygame.Rect:
        return self.rect(0, 0, BASE_W, 130)

    @property
    def subtitle(self) -> pygame.Rect:
        return self.rect(0, 130, BASE_W, 72)

    @property
    def clock(self) -> pygame.Rect:
        return self.rect(40, 212, 900, 400)

    @property
    def panel(self) -> pygame.Rect:
        return self.rect(980, 212, 900, 400)

    # The judge reads from his chair, not across the hall: a smaller clock on the left and a
    # wide, tall panel with larger letters for his record, the pad and the after-game lines.
    @property
    def judge_subtitle(self) -> pygame.Rect:
        return self.rect(40, 140, 640, 64)

    @property
    def judge_clock(self) -> pygame.Rect:
        return self.rect(40, 212, 640, 400)

    @property
    def judge_panel(self) -> pygame.Rect:
        return self.rect(710, 142, 1170, 536)

    @property
    def notice(self) -> pygame.Rect:
        return self.rect(0, 622, BASE_W, 56)

    def seats(self, count: int = 10) -> list[pygame.Rect]:
        """`count` cards (3 to 15, 004 §1) in one row, seat 1 on the left, as around the
        table. Ten fill the row at the design width; fewer keep at most 1.5 times that width,
        centred; more share the row and `card_layout` draws them smaller."""
        width = min(self._card_width(count), 1.5 * self._card_width(10))
        row = count * width + (count - 1) * SEAT_GAP
        left = (BASE_W - row) / 2
        return [
            self.rect(left + i * (width + SEAT_GAP), SEAT_TOP, width, SEAT_HEIGHT)
            for i in range(count)
        ]

    def card_layout(self, count: int = 10) -> TableLayout:
        """The layout a seat card is drawn with: the screen's, scaled down when more than ten
        cards share the row (15 seats: about two thirds; the digits' ink still 5 % of the
        screen's height, 8 % with ten)."""
        shrink = min(1.0, self._card_width(count) / self._card_width(10))
        return TableLayout(size=self.size, scale=self.scale * shrink)

    @staticmethod
    def _card_width(count: int) -> float:
        return (BASE_W - 2 * SEAT_MARGIN - (count - 1) * SEAT_GAP) / count


SEAT_MARGIN, SEAT_GAP, SEAT_TOP, SEAT_HEIGHT = 20, 12, 690, 370


def table_layout(size: tuple[int, int]) -> TableLayout:
    """The table layout for one of SIZES."""
    width, height = check_size(size)
    return TableLayout(size=(width, height), scale=height / BASE_H)


@dataclass(frozen=True)
class WallLayout:
    """A grid of table cards under a title bar."""

    size: tuple[int, int]
    header: pygame.Rect
    cards: tuple[pygame.Rect, ...]
    card_px: int  # the card's main font size; the rest derive from it


def wall_layout(size: tuple[int, int], tables: int) -> WallLayout:
    """A grid wide enough for `tables` cards of roughly TV proportions."""
    width, height = check_size(size)
    scale = height / BASE_H
    header_h = round(100 * scale)
    gap = round(16 * scale)
    count = max(1, tables)
    cols = next(c for c in (1, 2, 3, 4, 5, 6, 7, 8, 10, 12) if c * math.ceil(c * 9 / 16) >= count
                or c == 12)
    rows = max(1, math.ceil(count / cols))
    card_w = (width - gap * (cols + 1)) / cols
    card_h = (height - header_h - gap * (rows + 1)) / rows
    cards = tuple(
        pygame.Rect(
            round(gap + (i % cols) * (card_w + gap)),
            round(header_h + gap + (i // cols) * (card_h + gap)),
            round(card_w),
            round(card_h),
        )
        for i in range(tables)
    )
    card_px = max(12, round(min(card_h / 6.2, card_w / 11)))
    return WallLayout(size=(width, height), header=pygame.Rect(0, 0, width, header_h),
                      cards=cards, card_px=card_px)
