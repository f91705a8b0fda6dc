"""Render functions: a frame in, a pygame Surface out. No model logic, no display.

`Renderer` keeps what does not change between frames: fonts, rendered texts and each seat
card (a frozen SeatCard is its own cache key), so a busy 1080p frame costs two fills and a few
dozen small blits (a fill is cheaper than blitting a cached background). `render_table` and
`render_wall` are one-shot conveniences.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from scoreboard.fonts import Fonts
from scoreboard.frames import Frame, SeatCard, TableFrame, VenueFrame, WallFrame
from scoreboard.layout import TableLayout, table_layout
from scoreboard.panel import Line, panel_lines
from scoreboard.seatcard import draw_card
from scoreboard.theme import (
    DAY,
    JUDGE_CLOSED,
    JUDGE_ERROR,
    JUDGE_PENDING,
    NIGHT,
    NOTICE,
    PAUSED,
    RESULT,
    STATUS,
    URGENT,
    Theme,
)
from scoreboard.venuedraw import draw_venue
from scoreboard.wall import draw_wall

CARD_CACHE = 256
PANEL_SCALES = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6)
PANEL_PX = 38  # a panel line at 1080p, read across the hall
JUDGE_PANEL_PX = 50  # the judge's panel: read from his chair, the panel is larger too
CLOCK_PX, JUDGE_CLOCK_PX = 260, 200


class Renderer:
    """Draws table and wall frames at one screen size, caching between frames."""

    def __init__(self, size: tuple[int, int], fonts: Fonts | None = None) -> None:
        self.layout: TableLayout = table_layout(size)
        self.size = self.layout.size
        self.fonts = fonts or Fonts()
        self._cards: OrderedDict[tuple[SeatCard, str, tuple[int, int]], pygame.Surface] = (
            OrderedDict())

    def draw(
        self, frame: Frame, target: pygame.Surface | None = None
    ) -> pygame.Surface:
        """Draw `frame` onto `target` (a new surface when None) and return it."""
        if target is None:
            target = pygame.Surface(self.size)
        if target.get_size() != self.size:
            raise ValueError(f"the target is {target.get_size()}, the layout is {self.size}")
        if isinstance(frame, WallFrame):
            draw_wall(frame, target, self.fonts)
        elif isinstance(frame, VenueFrame):
            draw_venue(frame, target, self.fonts)
        else:
            self._table(frame, target)
        return target

    # -- the table screen ------------------------------------------------------------------

    def _table(self, frame: TableFrame, target: pygame.Surface) -> None:
        theme = NIGHT if frame.night else DAY
        target.fill(theme.bg)  # two fills cost less than blitting a cached background
        target.fill(theme.header, self.layout.header)
        self._header(frame, theme, target)
        lay = self.layout
        judge = frame.info_class == "judge"
        clock = lay.judge_clock if judge else lay.clock
        if frame.subtitle:
            area = lay.judge_subtitle if judge else lay.subtitle
            px = lay.px(50)
            self._centered(self.fonts.fit(frame.subtitle, px, area.width), px, theme.text,
                           bg=theme.bg, area=area, target=target)
        digits_px = JUDGE_CLOCK_PX if judge else CLOCK_PX
        middle = True  # something stands in the clock's place
        if frame.over and frame.result:
            self._result(frame, target, clock)
        elif frame.countdown is not None:
            self._clock(frame, theme, target, clock, digits_px)
        elif frame.night:
            _moon(target, clock.center, lay.px(130), theme)
        elif frame.deck:
            _deck(target, clock, frame.deck, theme, lay)
        elif frame.focus is not None:
            self._big(frame.focus.text, frame.focus.label, theme.clock, theme, target=target,
                      area=clock, digits_px=digits_px)
        else:
            middle = False
        lines = panel_lines(frame)
        if lines:
            panel = lay.judge_panel if judge else lay.panel
            if not middle:  # nothing beside it: the panel takes the clock's place too
                panel = panel.union(clock)
            self._panel(lines, theme, target, panel, JUDGE_PANEL_PX if judge else PANEL_PX)
        card_lay = lay.card_layout(len(frame.seats))
        for card, rect in zip(frame.seats, lay.seats(len(frame.seats)), strict=True):
            target.blit(self._card(card, theme, rect.size, card_lay), rect)
        words = frame.link or frame.notice  # the link first: then the table is not to blame
        if words:
            self._notice(words, NOTICE["nolink" if frame.link else frame.status], target)

    def _notice(self, text: str, color: tuple[int, int, int],
                target: pygame.Surface) -> list[str]:
        """The band above the seats. A long text (a broker's address and the ids to check)
        is made smaller, then broken into two lines, the band growing upwards; returns the
        lines drawn."""
        lay, fonts = self.layout, self.fonts
        band = lay.notice
        width = band.width - 2 * lay.px(40)
        px = lay.px(36)
        while px > lay.px(28) and fonts.width(text, px, True) > width:
            px -= 1
        lines = fonts.wrap(text, px, width, True)[:2] if fonts.width(text, px, True) > width \
            else [text]
        row = round(px * 1.3)
        height = band.height if len(lines) == 1 else max(band.height, 2 * row + lay.px(12))
        area = pygame.Rect(band.left, band.bottom - height, band.width, height)
        target.fill(color, area)
        top = area.centery - len(lines) * row // 2
        for i, line in enumerate(lines):
            spot = area if len(lines) == 1 else pygame.Rect(area.left, top + i * row,
                                                            area.width, row)
            self._centered(line, px, (255, 255, 255), bg=color, target=target, bold=True,
                           area=spot)
        return lines

    def _header(self, frame: TableFrame, theme: Theme, target: pygame.Surface) -> None:
        lay, fonts = self.layout, self.fonts
        header = lay.header
        title = fonts.text(fonts.fit(frame.title, lay.px(44), lay.px(330)), lay.px(44),
                           theme.title, bg=theme.header)
        target.blit(title, title.get_rect(midleft=(lay.px(40), header.centery)))
        banner_px = lay.px(92)
        banner = fonts.fit(frame.banner, banner_px, header.width - 2 * lay.px(380), bold=True)
        self._centered(banner, banner_px, theme.banner, bg=theme.header, area=header,
                       target=target, bold=True)
        status = fonts.text(frame.status_text, lay.px(34), theme.text, bg=theme.header)
        right = header.right - lay.px(40)
        target.blit(status, status.get_rect(midright=(right, header.centery)))
        dot_x = right - status.get_width() - lay.px(26)
        pygame.draw.circle(target, STATUS[frame.status], (dot_x, header.centery), lay.px(14))

    def _clock(self, frame: TableFrame, theme: Theme, target: pygame.Surface,
               area: pygame.Rect, digits_px: int) -> None:
        countdown = frame.countdown
        assert countdown is not None
        color = URGENT if countdown.flash else PAUSED if countdown.paused else theme.clock
        self._big(countdown.text, countdown.label, color, theme, target=target, area=area,
                  digits_px=digits_px)

    def _big(self, text: str, label: str, color: tuple[int, int, int], theme: Theme, *,
             target: pygame.Surface, area: pygame.Rect, digits_px: int) -> None:
        """Large digits at the top of `area` (the countdown, or the seat being voted on) and
        a label under them (smaller, then cut, to fit the area's width)."""
        lay = self.layout
        digits = self.fonts.text(text, lay.px(digits_px), color, bold=True, bg=theme.bg)
        target.blit(digits, digits.get_rect(midtop=(area.centerx, area.top)))
        if label:
            words, px = self.fonts.shrink(label, lay.px(44), area.width)
            surface = self.fonts.text(words, px, theme.dim, bg=theme.bg)
            target.blit(surface, surface.get_rect(midtop=(area.centerx,
                                                          area.top + lay.px(digits_px * 1.23))))

    def _result(self, frame: TableFrame, target: pygame.Surface, area: pygame.Rect) -> None:
        lay, fonts = self.layout, self.fonts
        bg, fg = RESULT.get(frame.result_side or "draw", RESULT["draw"])
        pygame.draw.rect(target, bg, area, border_radius=lay.px(24))
        if bg == (0, 0, 0):
            pygame.draw.rect(target, (200, 200, 200), area, lay.px(3), border_radius=lay.px(24))
        px = lay.px(110)
        while px > lay.px(40) and fonts.width(frame.result, px, True) > area.width - lay.px(60):
            px -= lay.px(6)
        text = fonts.text(frame.result, px, fg, bold=True, bg=bg)
        target.blit(text, text.get_rect(center=(area.centerx, area.top + lay.px(150))))
        y = area.top + lay.px(250)
        for line in fonts.wrap(frame.termination, lay.px(40), area.width - lay.px(60)):
            surface = fonts.text(line, lay.px(40), fg, bg=bg)
            target.blit(surface, surface.get_rect(midtop=(area.centerx, y)))
            y += surface.get_height()

    def _panel(self, lines: list[Line], theme: Theme, target: pygame.Surface,
               area: pygame.Rect, base_px: int) -> None:
        lay = self.layout
        pygame.draw.rect(target, theme.panel, area, border_radius=lay.px(20))
        pad = lay.px(28)
        width = area.width - 2 * pad
        for factor in PANEL_SCALES:
            scale = factor * base_px / PANEL_PX
            laid = self._lay_lines(lines, scale, width)
            if sum(h for _, _, h in laid) <= area.height - 2 * pad:
                break
        y = area.top + pad
        for line, text, height in laid:
            if y + height > area.bottom - pad // 2:
                break
            row = pygame.Rect(area.left + pad, y, width, height)
            self._panel_line(line, text, scale, theme, row=row, target=target)
            y += height

    def _lay_lines(self, lines: list[Line], scale: float, width: int) -> list[tuple[Line, str,
                                                                                    int]]:
        """Wrap every line at this scale: (line, one row of its text, row height)."""
        laid = []
        for line in lines:
            px, bold = self._style(line, scale)
            if line.style == "gap":
                laid.append((line, "", round(px * 0.6)))
                continue
            room = width - (self.fonts.width(line.right, px, True) + px if line.right else 0)
            for row in self.fonts.wrap(line.text, px, room, bold) or [""]:
                laid.append((line, row, round(px * 1.3)))
        return laid

    def _style(self, line: Line, scale: float) -> tuple[int, bool]:
        base = {"title": 44, "closed": 44, "dim": 32}.get(line.style, 38)
        bold = line.style in ("title", "strong", "current", "pending", "error", "closed")
        return self.layout.px(base * scale), bold

    def _panel_line(self, line: Line, text: str, scale: float, theme: Theme, *,
                    row: pygame.Rect, target: pygame.Surface) -> None:
        if line.style == "gap" or not text:
            return
        px, bold = self._style(line, scale)
        bg = theme.panel
        color = {"dim": theme.dim, "pending": JUDGE_PENDING, "error": JUDGE_ERROR,
                 "closed": JUDGE_CLOSED}.get(line.style, theme.panel_text)
        if line.style == "current":
            bg, color = theme.current_card, theme.current_text
            target.fill(bg, row.inflate(self.layout.px(16), 0))
        surface = self.fonts.text(text, px, color, bold=bold, bg=bg)
        target.blit(surface, surface.get_rect(midleft=(row.left, row.centery)))
        if line.right:  # the vote count
            right = self.fonts.text(line.right, px, color, bold=True, bg=bg)
            target.blit(right, right.get_rect(midright=(row.right, row.centery)))

    def _centered(self, text: str, px: int, color: tuple[int, int, int], *,
                  bg: tuple[int, int, int], area: pygame.Rect, target: pygame.Surface,
                  bold: bool = False) -> None:
        surface = self.fonts.text(text, px, color, bold=bold, bg=bg)
        target.blit(surface, surface.get_rect(center=area.center))

    # -- seat cards ------------------------------------------------------------------------

    def _card(self, card: SeatCard, theme: Theme, size: tuple[int, int],
              lay: TableLayout) -> pygame.Surface:
        key = (card, theme.name, size)
        found = self._cards.get(key)
        if found is None:
            found = draw_card(card, theme, size, lay, self.fonts)
            self._cards[key] = found
            if len(self._cards) > CARD_CACHE:
                self._cards.popitem(last=False)
        return found


def _deck(target: pygame.Surface, area: pygame.Rect, cards: int, theme: Theme,
          lay: TableLayout) -> None:
    """The deal: a fan of face-down cards where the clock will stand (all backs alike)."""
    width, height = lay.px(120), lay.px(180)
    back = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = lay.px(12)
    pygame.draw.rect(back, theme.card, back.get_rect(), border_radius=radius)
    pygame.draw.rect(back, theme.candidate_edge, back.get_rect(), lay.px(4), border_radius=radius)
    inner = back.get_rect().inflate(-lay.px(28), -lay.px(28))
    pygame.draw.rect(back, theme.dim, inner, lay.px(2), border_radius=lay.px(6))
    pygame.draw.polygon(back, theme.candidate_edge, [inner.midtop, inner.midright,
                                                     inner.midbottom, inner.midleft], lay.px(3))
    spread = 60.0  # degrees from the first card to the last
    pivot = (area.centerx, area.bottom + lay.px(40))
    for i in range(cards):
        angle = spread / 2 - spread * i / max(1, cards - 1)
        turned = pygame.transform.rotozoom(back, angle, 1.0)
        # each card stands on a circle around the pivot, turned to face outwards
        reach = lay.px(320)
        x = pivot[0] - reach * math.sin(math.radians(angle))
        y = pivot[1] - reach * math.cos(math.radians(angle))
        target.blit(turned, turned.get_rect(center=(round(x), round(y))))


def _moon(target: pygame.Surface, center: tuple[int, int], radius: int, theme: Theme) -> None:
    """A crescent where the clock would be: the night screen has no words to read."""
    pygame.draw.circle(target, theme.banner, center, radius)
    shadow = (center[0] + radius * 2 // 5, center[1] - radius // 5)
    pygame.draw.circle(target, theme.bg, shadow, radius)


def render_table(frame: TableFrame, size: tuple[int, int] = (1920, 1080)) -> pygame.Surface:
    """One table frame on a new surface (builds a Renderer: use one for repeated frames)."""
    return Renderer(size).draw(frame)


def render_wall(frame: WallFrame, size: tuple[int, int] = (1920, 1080)) -> pygame.Surface:
    """The wall of all tables on a new surface."""
    return Renderer(size).draw(frame)
