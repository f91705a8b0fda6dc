"""One seat card of the table screen: big number, nickname, fouls, notes, badges, role.

`seat_spots` says where each part goes, and `draw_card` draws there, so tests can check the
rectangles: the badges (nomination order, vote count) sit in the top corners above the inked
number - a wide "10" used to be drawn under both of them.
"""

from __future__ import annotations

import pygame

from scoreboard.fonts import Fonts
from scoreboard.frames import SeatCard
from scoreboard.layout import TableLayout
from scoreboard.theme import FOUL, FOUL_OUT, JUDGE_ERROR, POINTS, ROLE, Theme

Color = tuple[int, int, int]
NUMBER_PX = 116  # design sizes at 1080p
NAME_PX = 26
NOTE_PX = 23
ROLE_PX = 28
BADGE_PX = 27
POINTS_PX = 50  # the judge's cards after the game: the points to be recorded
DIGITS = "0123456789"


def seat_spots(seat: int, size: tuple[int, int], lay: TableLayout,
               fonts: Fonts) -> dict[str, pygame.Rect]:
    """Rectangles of a card's parts; "number" is the ink of the digits, not the text box."""
    width, height = size
    radius, margin = lay.px(20), lay.px(4)
    nominated = pygame.Rect(margin, margin, 2 * radius, 2 * radius)
    votes = pygame.Rect(width - margin - 2 * radius, margin, 2 * radius, 2 * radius)
    ink_top, ink_bottom = _ink(fonts.font(lay.px(NUMBER_PX), True), DIGITS)  # same row for all
    text_w = fonts.width(str(seat), lay.px(NUMBER_PX), True)
    top = nominated.bottom + lay.px(4)  # the digits start below the badges
    number = pygame.Rect((width - text_w) // 2, top, text_w, ink_top - ink_bottom)
    inner = width - lay.px(14)
    name_h = fonts.font(lay.px(NAME_PX)).get_height()
    name = pygame.Rect((width - inner) // 2, number.bottom + lay.px(22), inner, name_h)
    fouls = pygame.Rect(0, 0, lay.px(34) * 3 + 2 * lay.px(11) + 2, 2 * lay.px(11) + 2)
    fouls.center = (width // 2, name.bottom + lay.px(27))
    notes = pygame.Rect(name.left, fouls.bottom + lay.px(12), inner,
                        2 * fonts.font(lay.px(NOTE_PX)).get_height())
    role = pygame.Rect(0, height - lay.px(58), width, lay.px(58))
    return {"nominated": nominated, "votes": votes, "number": number, "name": name,
            "fouls": fouls, "notes": notes, "role": role}


def draw_card(card: SeatCard, theme: Theme, size: tuple[int, int], lay: TableLayout,
              fonts: Fonts) -> pygame.Surface:
    """One seat card on its own surface (the renderer caches it under the frozen card)."""
    width, _ = size
    spots = seat_spots(card.seat, size, lay, fonts)
    surface = pygame.Surface(size)
    surface.fill(theme.bg)
    bg, number, text = theme.card, theme.card_number, theme.card_text
    if not card.at_table:
        bg, number, text = theme.out_card, theme.out_text, theme.out_text
    if card.speaking:
        bg, number, text = theme.speaker_card, theme.speaker_text, theme.speaker_text
    elif card.voting_now:
        bg, number, text = theme.current_card, theme.current_text, theme.current_text
    radius = lay.px(16)
    pygame.draw.rect(surface, bg, surface.get_rect(), border_radius=radius)
    font = fonts.font(lay.px(NUMBER_PX), True)
    digits = fonts.text(str(card.seat), lay.px(NUMBER_PX), number, bold=True, bg=bg)
    ink_top, _ = _ink(font, DIGITS)  # the text box starts above its ink
    surface.blit(digits, (spots["number"].left, spots["number"].top + ink_top - font.get_ascent()))
    name_box = spots["name"]
    label, px = fonts.shrink(card.nickname, lay.px(NAME_PX), name_box.width)
    name = fonts.text(label, px, text, bg=bg)
    surface.blit(name, name.get_rect(midbottom=name_box.midbottom))
    _fouls(surface, card, text, spots["fouls"], lay)
    y = spots["notes"].top
    if card.points:  # the judge after the game: how and when is in his panel's summary
        color = JUDGE_ERROR if card.points.startswith("−") else POINTS
        label, px = fonts.shrink(card.points, lay.px(POINTS_PX), name_box.width, bold=True)
        points = fonts.text(label, px, color, bold=True, bg=bg)
        surface.blit(points, points.get_rect(center=spots["notes"].center))
    for row in () if card.points else card.notes[:2]:
        label, px = fonts.shrink(row, lay.px(NOTE_PX), name_box.width)
        note = fonts.text(label, px, text, bg=bg)
        surface.blit(note, note.get_rect(midtop=(width // 2, y)))
        y += note.get_height()
    if card.role:
        band_bg, band_fg = ROLE[card.role]
        band = spots["role"]
        pygame.draw.rect(surface, band_bg, band, border_bottom_left_radius=radius,
                         border_bottom_right_radius=radius)
        label, px = fonts.shrink(card.role_text, lay.px(ROLE_PX), name_box.width, bold=True)
        role = fonts.text(label, px, band_fg, bold=True, bg=band_bg)
        surface.blit(role, role.get_rect(center=band.center))
    if card.candidate and not (card.speaking or card.voting_now):  # after the band: a whole edge
        pygame.draw.rect(surface, theme.candidate_edge, surface.get_rect(), lay.px(5),
                         border_radius=radius)
    if card.nominated is not None:
        _badge(surface, str(card.nominated), spots["nominated"],
               colors=(theme.candidate_edge, (255, 255, 255)), lay=lay, fonts=fonts)
    if card.votes is not None:
        _badge(surface, str(card.votes), spots["votes"], colors=((255, 255, 255), (20, 20, 20)),
               lay=lay, fonts=fonts)
    return surface


def _ink(font: pygame.font.Font, text: str) -> tuple[int, int]:
    """Highest and lowest ink of `text` relative to the baseline (up is positive)."""
    glyphs = [m for m in font.metrics(text) if m is not None]
    return max(m[3] for m in glyphs), min(m[2] for m in glyphs)


def _fouls(surface: pygame.Surface, card: SeatCard, edge: Color, spot: pygame.Rect,
           lay: TableLayout) -> None:
    """Four foul marks: filled ones count the fouls, red at the fourth."""
    step, radius = lay.px(34), lay.px(11)
    x0 = spot.centerx - round(1.5 * step)
    color = FOUL_OUT if card.fouls >= 4 else FOUL.get(card.fouls, FOUL_OUT)
    for i in range(4):
        center = (x0 + i * step, spot.centery)
        if i < card.fouls:
            pygame.draw.circle(surface, color, center, radius)
        else:
            pygame.draw.circle(surface, edge, center, radius, max(1, lay.px(2)))


def _badge(surface: pygame.Surface, text: str, spot: pygame.Rect, *,
           colors: tuple[Color, Color], lay: TableLayout, fonts: Fonts) -> None:
    bg, fg = colors
    pygame.draw.circle(surface, bg, spot.center, spot.width // 2)
    label = fonts.text(text, lay.px(BADGE_PX), fg, bold=True, bg=bg)
    surface.blit(label, label.get_rect(center=spot.center))
