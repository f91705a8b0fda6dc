"""Drawing the wall of all tables: one card per table in a grid.

A card answers the head judge's questions at a glance: is the table alive (coloured edge and
dot), where is it in the game, how many players are left, how long the current speech runs,
and who won. Its texts sit in four rows that never share pixels - title and status, phase,
players, then the countdown or the result - sized from the real font heights so that one huge
card and 24 small ones are laid out by the same rule (`card_style`). Every draw returns the
rectangles it filled, so tests can prove that nothing overlaps.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from scoreboard.fonts import Fonts
from scoreboard.frames import WallCard, WallFrame
from scoreboard.layout import wall_layout
from scoreboard.theme import DAY, NIGHT, NOTICE, RESULT, STATUS, URGENT, Theme

Color = tuple[int, int, int]
Placed = tuple[str, pygame.Rect]  # what was drawn ("3:timer") and where
WIDEST_TIMER = "00:00"
TIMER_GROWTH = 2.0  # the countdown may grow to twice its size where the card has room
SHRINK = 0.75  # a text too wide for its box is first made this much smaller, then cut with "…"


@dataclass(frozen=True)
class CardStyle:
    """Font sizes and spacing shared by every card of one grid (all cards are equal)."""

    title_px: int
    status_px: int
    phase_px: int
    players_px: int
    timer_px: int
    band_h: int  # the result band
    pad: int  # inside the card's edge
    gap: int  # between rows


def base_style(px: int) -> CardStyle:
    """The style for main font size `px`, before checking that it fits a card."""
    return CardStyle(title_px=round(px * 1.15), status_px=max(8, round(px * 0.7)), phase_px=px,
                     players_px=max(8, round(px * 0.8)), timer_px=round(px * 1.9),
                     band_h=round(px * 1.6), pad=max(6, px // 2), gap=max(2, px // 5))


def card_style(size: tuple[int, int], px: int, fonts: Fonts) -> CardStyle:
    """The largest style, from `px` down, whose four rows and countdown fit a card of `size`."""
    width, height = size
    while True:
        style = base_style(px)
        inner_w, inner_h = width - 2 * style.pad, height - 2 * style.pad
        rows = (_height(fonts, style.title_px, True) + _height(fonts, style.phase_px)
                + _height(fonts, style.players_px) + _bottom_height(style, fonts)
                + 3 * style.gap)
        timer_w = fonts.width(WIDEST_TIMER, style.timer_px, True)
        if px <= 6 or (rows <= inner_h and timer_w <= inner_w):
            return _grow_timer(style, inner_h - rows, inner_w, fonts)
        px -= 1


def _grow_timer(style: CardStyle, spare_h: int, inner_w: int, fonts: Fonts) -> CardStyle:
    """A tall or wide card spends its spare room on the countdown, up to TIMER_GROWTH."""
    room = _height(fonts, style.timer_px, True) + max(0, spare_h)
    timer_px = style.timer_px
    while (timer_px < style.timer_px * TIMER_GROWTH
           and _height(fonts, timer_px + 1, True) <= room
           and fonts.width(WIDEST_TIMER, timer_px + 1, True) <= inner_w):
        timer_px += 1
    return replace(style, timer_px=timer_px)


def draw_wall(frame: WallFrame, target: pygame.Surface, fonts: Fonts) -> list[Placed]:
    """Draw the wall frame onto `target`; returns every text and dot with its rectangle."""
    layout = wall_layout(target.get_size(), len(frame.cards))
    target.fill(DAY.bg)
    # the screen's own link is the problem: the header says so on red, instead of the title
    header_bg, title_fg = (NOTICE["nolink"], (255, 255, 255)) if frame.link else (
        DAY.header, DAY.banner)
    target.fill(header_bg, layout.header)
    px = layout.header.height * 48 // 100
    left = layout.header.height // 3
    room = layout.header.width - 2 * left
    placed: list[Placed] = []
    if frame.standings_note and not frame.link:  # the hub's "as of round N" / "hidden",
        note_px = max(8, px * 3 // 4)  # right; the title gives way
        words = fonts.fit(frame.standings_note, note_px, room // 2)
        note = fonts.text(words, note_px, DAY.dim, bg=DAY.header)
        spot = note.get_rect(midright=(layout.header.width - left, layout.header.centery))
        placed.append(("standings", target.blit(note, spot)))
        room -= spot.width + left
    label, px = fonts.shrink(frame.link or frame.title, px, room, True, 0.6)
    title = fonts.text(label, px, title_fg, bold=True, bg=header_bg)
    placed.insert(0, ("title", target.blit(title, title.get_rect(midleft=(
        left, layout.header.centery)))))
    if not frame.cards:
        words = fonts.fit(frame.empty_text, px, target.get_width() - 2 * left)
        empty = fonts.text(words, px, DAY.dim, bg=DAY.bg)
        placed.append(("empty", target.blit(empty,
                                            empty.get_rect(center=target.get_rect().center))))
        return placed
    style = card_style(layout.cards[0].size, layout.card_px, fonts)
    for card, rect in zip(frame.cards, layout.cards, strict=True):
        placed.extend((f"{card.table}:{name}", spot)
                      for name, spot in draw_wall_card(card, rect, style, target, fonts))
    return placed


def draw_wall_card(card: WallCard, rect: pygame.Rect, style: CardStyle,
                   target: pygame.Surface, fonts: Fonts) -> list[Placed]:
    """One table's card; returns what was drawn where (inside `rect`, never overlapping)."""
    theme = NIGHT if card.night else DAY
    bg = theme.card
    radius = max(4, style.phase_px // 2)
    pygame.draw.rect(target, bg, rect, border_radius=radius)
    if card.status != "online":
        pygame.draw.rect(target, STATUS[card.status], rect, max(3, style.phase_px // 6),
                         border_radius=radius)
    inner = rect.inflate(-2 * style.pad, -2 * style.pad)
    top = _height(fonts, style.title_px, True)
    placed = _top_row(card, pygame.Rect(inner.left, inner.top, inner.width, top), style,
                      theme, target=target, fonts=fonts)
    y = inner.top + top + style.gap
    for name, text, px, color in (("phase", card.phase_text, style.phase_px, theme.text),
                                  ("players", card.players_text, style.players_px, theme.dim)):
        row = pygame.Rect(inner.left, y, inner.width, _height(fonts, px))
        if text:
            placed.append((name, _blit_fitted(target, fonts, text, row, px=px,
                                              colors=(color, bg))))
        y = row.bottom + style.gap
    bottom = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
    if card.over and card.result:
        placed.extend(_result(card, bottom, style, target, fonts))
    elif card.timer_text:
        color = URGENT if card.urgent else theme.clock
        timer = _blit_fitted(target, fonts, card.timer_text, bottom, px=style.timer_px,
                             colors=(color, bg), bold=True, anchor="bottomright")
        placed.append(("timer", timer))
    return placed


def _top_row(card: WallCard, row: pygame.Rect, style: CardStyle, theme: Theme, *,
             target: pygame.Surface, fonts: Fonts) -> list[Placed]:
    """Table title on the left, liveness dot and word on the right; the title gives way."""
    bg = theme.card
    radius = max(3, style.status_px // 3)
    dot_w = 2 * radius + radius  # the dot and the space before the word
    gap = style.phase_px // 2
    title_w = fonts.width(card.title, style.title_px, True)
    status_w = dot_w + fonts.width(card.status_text, style.status_px)
    if title_w + gap + status_w > row.width:  # share the row: the status keeps at least 40 %
        status_w = min(status_w, max(row.width * 2 // 5, row.width - title_w - gap))
    title_box = pygame.Rect(row.left, row.top, row.width - status_w - gap, row.height)
    word_box = pygame.Rect(row.right - status_w + dot_w, row.top, status_w - dot_w, row.height)
    title = _blit_fitted(target, fonts, card.title, title_box, px=style.title_px,
                         colors=(theme.card_number, bg), bold=True, anchor="midleft")
    word = _blit_fitted(target, fonts, card.status_text, word_box, px=style.status_px,
                        colors=(theme.card_text, bg), anchor="midright")
    center = (word.left - 2 * radius, word.centery)
    pygame.draw.circle(target, STATUS[card.status], center, radius)
    dot = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    dot.center = center
    return [("title", title), ("dot", dot), ("status", word)]


def _result(card: WallCard, box: pygame.Rect, style: CardStyle, target: pygame.Surface,
            fonts: Fonts) -> list[Placed]:
    band_bg, band_fg = RESULT.get(card.result_side or "draw", RESULT["draw"])
    height = min(style.band_h, box.height)
    band = pygame.Rect(box.left, box.bottom - height, box.width, height)
    pygame.draw.rect(target, band_bg, band, border_radius=max(3, style.phase_px // 4))
    room = band.inflate(-style.phase_px // 2, 0)
    text = _blit_fitted(target, fonts, card.result, room, px=style.phase_px,
                        colors=(band_fg, band_bg), bold=True, anchor="center")
    return [("band", band), ("result", text)]


def _blit_fitted(target: pygame.Surface, fonts: Fonts, text: str, box: pygame.Rect, *, px: int,
                 colors: tuple[Color, Color], bold: bool = False,
                 anchor: str = "topleft") -> pygame.Rect:
    """Draw `text` inside `box`: smaller (down to SHRINK) if too wide, then cut with "…"."""
    size = px
    while size > 6 and _height(fonts, size, bold) > box.height:
        size -= 1
    label, size = fonts.shrink(text, size, box.width, bold, SHRINK)
    color, bg = colors
    surface = fonts.text(label, size, color, bold=bold, bg=bg)
    spot = surface.get_rect(**{anchor: getattr(box, anchor)})
    return target.blit(surface, spot)


def _height(fonts: Fonts, px: int, bold: bool = False) -> int:
    return int(fonts.font(px, bold).get_height())


def _bottom_height(style: CardStyle, fonts: Fonts) -> int:
    return max(_height(fonts, style.timer_px, True), style.band_h)
