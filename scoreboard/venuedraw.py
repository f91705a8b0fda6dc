"""Drawing the venue's screen (scoreboard/venue.py): one page of rows in two columns.

Sized to be read from five metres. The rule: a capital letter at least 1/200 of the reading
distance high (the AV industry's rule for text a viewer must read, AVIXA DISCAS "basic
decision making"): 25 mm at 5 m. A row's letters are 52 px at 1080 rows (35 px at 720), whose
capitals are 3.5 % of the screen's height: 24 mm on a 55-inch TV (68 cm picture height), 22 mm
on a 50-inch. A nickname of up to about 18 letters is drawn at that size; a longer one is
drawn smaller (down to 0.6), then cut with "…" (at 40 characters, the most a nickname may
have). Every draw returns what it put
where, so tests prove that nothing overlaps and nothing leaves the screen.
"""

from __future__ import annotations

from typing import Final

import pygame

from scoreboard.fonts import Fonts
from scoreboard.frames import VenueFrame
from scoreboard.layout import BASE_H, check_size
from scoreboard.theme import DAY, NOTICE
from scoreboard.venue import COLUMNS, ROWS_PER_COLUMN

Placed = tuple[str, pygame.Rect]
Color = tuple[int, int, int]
MARGIN, GAP = 40, 60  # at 1080 rows: the screen's edge, between the two columns
HEADER_H, TITLE_PX, NOTE_PX = 120, 64, 40
HEADINGS_TOP, HEADINGS_H, HEADINGS_PX = 130, 52, 34
ROWS_TOP, ROW_H, ROW_PX = 186, 66, 52
FOOT_PX = 34
LEAST: Final = 0.6  # a long nickname's letters shrink to this share before it is cut
# each cell's share of a column (at 1080 rows: a column is 890 px): what is narrow is fixed,
# the name takes the rest (about 18 letters at full size)
CELLS: Final = {"standings": (130, 0, 170), "seating": (0, 150, 150)}  # 0: the rest
ALIGN: Final = {"standings": ("right", "left", "right"), "seating": ("left", "center", "center")}


def draw_venue(frame: VenueFrame, target: pygame.Surface, fonts: Fonts) -> list[Placed]:
    """Draw one venue page onto `target` (1920x1080 or 1280x720); returns what went where."""
    width, height = check_size(target.get_size())
    scale = height / BASE_H

    def px(value: float) -> int:
        return max(1, round(value * scale))

    placed: list[Placed] = []
    target.fill(DAY.bg)
    header = pygame.Rect(0, 0, width, px(HEADER_H))
    header_bg, title_fg = (NOTICE["nolink"], (255, 255, 255)) if frame.link else (
        DAY.header, DAY.banner)
    target.fill(header_bg, header)
    room = width - 2 * px(MARGIN)
    right = " · ".join(part for part in (frame.note, frame.page_text) if part)
    if right and not frame.link:
        words, size = fonts.shrink(right, px(NOTE_PX), room * 2 // 5, False, LEAST)
        note = fonts.text(words, size, DAY.dim, bg=header_bg)
        spot = note.get_rect(midright=(width - px(MARGIN), header.centery))
        placed.append(("note", target.blit(note, spot)))
        room -= spot.width + px(MARGIN)
    words, size = fonts.shrink(frame.link or frame.title, px(TITLE_PX), room, True, LEAST)
    title = fonts.text(words, size, title_fg, bold=True, bg=header_bg)
    placed.append(("title", target.blit(title, title.get_rect(
        midleft=(px(MARGIN), header.centery)))))
    if not frame.rows:
        empty = fonts.text(fonts.fit(frame.empty_text, px(NOTE_PX), room), px(NOTE_PX),
                           DAY.dim, bg=DAY.bg)
        placed.append(("empty", target.blit(empty, empty.get_rect(
            center=target.get_rect().center))))
        return placed
    column_w = (width - 2 * px(MARGIN) - (COLUMNS - 1) * px(GAP)) // COLUMNS
    shares = [round(w * scale) for w in CELLS.get(frame.kind, (0,) * len(frame.headings))]
    flexible = column_w - sum(shares)
    cells = [w or flexible for w in shares]
    align = ALIGN.get(frame.kind, ("left",) * len(cells))
    for column in range(COLUMNS):
        left = px(MARGIN) + column * (column_w + px(GAP))
        rows = frame.rows[column * ROWS_PER_COLUMN:(column + 1) * ROWS_PER_COLUMN]
        if not rows:
            break
        heading = pygame.Rect(left, px(HEADINGS_TOP), column_w, px(HEADINGS_H))
        placed += _row(frame.headings, heading, cells=(cells, align), size=px(HEADINGS_PX),
                       colors=(DAY.dim, DAY.bg), target=target, fonts=fonts,
                       name=f"{column}:head")
        for i, cells_text in enumerate(rows):
            box = pygame.Rect(left, px(ROWS_TOP) + i * px(ROW_H), column_w, px(ROW_H))
            bg = DAY.panel if i % 2 == 0 else DAY.bg  # stripes lead the eye along a row
            if bg != DAY.bg:
                target.fill(bg, box)
            placed += _row(cells_text, box, cells=(cells, align), size=px(ROW_PX),
                           colors=(DAY.text, bg), target=target, fonts=fonts,
                           name=f"{column}:{i}")
    if frame.footnote:
        foot_top = px(ROWS_TOP) + ROWS_PER_COLUMN * px(ROW_H)
        box = pygame.Rect(px(MARGIN), foot_top, width - 2 * px(MARGIN), height - foot_top)
        words, size = fonts.shrink(frame.footnote, px(FOOT_PX), box.width, False, LEAST)
        foot = fonts.text(words, size, DAY.dim, bg=DAY.bg)
        placed.append(("footnote", target.blit(foot, foot.get_rect(midleft=box.midleft))))
    return placed


def _row(texts: tuple[str, ...], box: pygame.Rect, *,
         cells: tuple[list[int], tuple[str, ...]], size: int, colors: tuple[Color, Color],
         target: pygame.Surface, fonts: Fonts, name: str) -> list[Placed]:
    """One row's cells side by side in `box`, each inside its own width (with a small inner
    margin), aligned as its column says (`cells`: the widths and the alignments)."""
    widths, align = cells
    color, bg = colors
    placed: list[Placed] = []
    pad = max(4, size // 4)
    x = box.left
    for index, (text, cell_w, how) in enumerate(zip(texts, widths, align, strict=True)):
        cell = pygame.Rect(x + pad, box.top, cell_w - 2 * pad, box.height)
        words, px = fonts.shrink(text, size, cell.width, False, LEAST)
        surface = fonts.text(words, px, color, bg=bg)
        anchor = {"left": "midleft", "right": "midright", "center": "center"}[how]
        spot = surface.get_rect(**{anchor: getattr(cell, anchor)})
        placed.append((f"{name}:{index}", target.blit(surface, spot)))
        x += cell_w
    return placed
