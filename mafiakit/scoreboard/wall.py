"""Drawing the wall of all tables: one card per table in a grid.

A card answers the head judge's questions at a glance: is the table alive (coloured edge and
dot), where is it in the game, how many players are left, how long the current speech runs,
and who won.
"""

from __future__ import annotations

import pygame

from mafiakit.scoreboard.fonts import Fonts
from mafiakit.scoreboard.frames import WallCard, WallFrame
from mafiakit.scoreboard.layout import wall_layout
from mafiakit.scoreboard.theme import DAY, NIGHT, RESULT, STATUS, URGENT

Color = tuple[int, int, int]


def draw_wall(frame: WallFrame, target: pygame.Surface, fonts: Fonts) -> None:
    """Draw the wall frame onto `target`."""
    layout = wall_layout(target.get_size(), len(frame.cards))
    target.fill(DAY.bg)
    target.fill(DAY.header, layout.header)
    px = layout.header.height * 48 // 100
    title = fonts.text(frame.title, px, DAY.banner, bold=True, bg=DAY.header)
    target.blit(title, title.get_rect(midleft=(layout.header.height // 3,
                                               layout.header.centery)))
    if not frame.cards:
        empty = fonts.text(frame.empty_text, px, DAY.dim, bg=DAY.bg)
        target.blit(empty, empty.get_rect(center=target.get_rect().center))
        return
    for card, rect in zip(frame.cards, layout.cards, strict=True):
        _card(card, rect, layout.card_px, target, fonts)


def _card(card: WallCard, rect: pygame.Rect, px: int, target: pygame.Surface,
          fonts: Fonts) -> None:
    theme = NIGHT if card.night else DAY
    bg = theme.card
    radius = max(4, px // 2)
    pygame.draw.rect(target, bg, rect, border_radius=radius)
    if card.status != "online":
        pygame.draw.rect(target, STATUS[card.status], rect, max(3, px // 6),
                         border_radius=radius)
    pad = max(6, px // 2)
    inner = rect.inflate(-2 * pad, -2 * pad)
    title_px = round(px * 1.15)
    title = fonts.text(fonts.fit(card.title, title_px, inner.width * 3 // 5, bold=True),
                       title_px, theme.card_number, bold=True, bg=bg)
    target.blit(title, inner.topleft)
    _status(card, inner, px, colors=(bg, theme.card_text), target=target, fonts=fonts)
    y = inner.top + title.get_height() + px // 4
    phase = fonts.text(fonts.fit(card.phase_text, px, inner.width), px, theme.text, bg=bg)
    target.blit(phase, (inner.left, y))
    y += phase.get_height()
    small = round(px * 0.8)
    if card.players_text:
        players = fonts.text(card.players_text, small, theme.dim, bg=bg)
        target.blit(players, (inner.left, y))
    if card.over and card.result:
        _result(card, inner, px, target, fonts)
    elif card.timer_text:
        timer_px = round(px * 1.9)
        color = URGENT if card.urgent else theme.clock
        timer = fonts.text(card.timer_text, timer_px, color, bold=True, bg=bg)
        target.blit(timer, timer.get_rect(bottomright=inner.bottomright))


def _status(card: WallCard, inner: pygame.Rect, px: int, *, colors: tuple[Color, Color],
            target: pygame.Surface, fonts: Fonts) -> None:
    bg, color = colors
    small = round(px * 0.7)
    text = fonts.text(card.status_text, small, color, bg=bg)
    spot = text.get_rect(topright=inner.topright)
    target.blit(text, spot)
    radius = max(3, small // 3)
    pygame.draw.circle(target, STATUS[card.status],
                       (spot.left - radius * 2, spot.centery), radius)


def _result(card: WallCard, inner: pygame.Rect, px: int, target: pygame.Surface,
            fonts: Fonts) -> None:
    band_bg, band_fg = RESULT.get(card.result_side or "draw", RESULT["draw"])
    height = round(px * 1.6)
    band = pygame.Rect(inner.left, inner.bottom - height, inner.width, height)
    pygame.draw.rect(target, band_bg, band, border_radius=max(3, px // 4))
    size = px
    while size > px * 2 // 3 and fonts.width(card.result, size, True) > band.width - px // 2:
        size -= 1
    label = fonts.fit(card.result, size, band.width - px // 2, bold=True)
    text = fonts.text(label, size, band_fg, bold=True, bg=band_bg)
    target.blit(text, text.get_rect(center=band.center))
