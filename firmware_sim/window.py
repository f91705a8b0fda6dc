"""The simulated table in a pygame window: its 3 to 15 seat LEDs (004 §1) read from the mock
LED chain, the pad's seat and function keys clickable with the mouse and bound to the keyboard.

The window only drives pins and reads pins: all device logic is the real `TableHardware` under
it. It knows nothing of the table service; whoever runs it passes a `hook` called once per
frame (e.g. to drain `hardware.events`) and a `status` callable for the top line (e.g. the
decoder's pending text). `render_to_surface()` draws without a display, for screenshots.
"""

from __future__ import annotations

import bisect
import itertools
import math
import os
import threading
from collections.abc import Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

from device.hardware.kit import TableHardware
from device.hardware.pins import FUNCTION_KEYS, seat_keys
from device.table.keys import CLASSIC_SEATS
from firmware_sim.board import MockBoard
from firmware_sim.script import ScriptPlayer, play_realtime
from firmware_sim.words import hint, key_name, ready, title
from scoreboard.fonts import find_font

SIZE = (800, 480)
BACKGROUND = (24, 26, 30)
TABLE = (40, 70, 52)
LED_OFF = (50, 20, 16)
LED_ON = (255, 70, 40)
KEY_UP = (200, 200, 205)
KEY_DOWN = (110, 170, 255)
INK = (235, 235, 235)
KEY_INK = (20, 20, 24)
STATUS_WIDTH = 350  # the top line ends before the labels of the seats at the top
CENTRE, RADII = (400, 155), (320, 100)  # the oval of seat LEDs

# keyboard -> pad key: digits are seats (0 = seat 10), F1-F5 seats 11-15, letters the
# function keys
KEYBOARD: dict[int, str] = {
    **{getattr(pygame, f"K_{n}"): str(n) for n in range(1, 10)},
    pygame.K_0: "10",
    **{getattr(pygame, f"K_F{n}"): str(10 + n) for n in range(1, 6)},
    pygame.K_SPACE: "NEXT",
    pygame.K_RETURN: "NEXT",
    pygame.K_n: "NEXT",
    pygame.K_m: "NOMINATE",
    pygame.K_f: "FOUL",
    pygame.K_v: "VOTE",
    pygame.K_u: "UNDO",
    pygame.K_BACKSPACE: "UNDO",
    pygame.K_t: "TIMER",
}
HINTS = {"NEXT": "space", "NOMINATE": "m", "FOUL": "f", "VOTE": "v", "UNDO": "u", "TIMER": "t",
         **{str(10 + n): f"F{n}" for n in range(1, 6)}, "10": "0"}


def _layout(seats: int = CLASSIC_SEATS
            ) -> tuple[dict[int, tuple[int, int]], dict[str, pygame.Rect]]:
    """Seat LED centres evenly around an oval table (seat 1 at the judge's left, clockwise),
    and the key rectangles of the pad: seat keys in rows of five (three rows on the 15-key
    club pad, a little lower and smaller), function keys in two columns."""
    leds = dict(enumerate(_around_the_oval(seats), start=1))
    keys = {}
    top, pitch, height = (320, 76, 66) if seats <= 10 else (296, 60, 54)
    for index, key in enumerate(seat_keys(seats)):
        row, column = divmod(index, 5)
        keys[key] = pygame.Rect(30 + column * 86, top + row * pitch, 76, height)
    for index, key in enumerate(FUNCTION_KEYS):
        row, column = divmod(index, 2)
        keys[key] = pygame.Rect(490 + column * 150, 300 + row * 58, 140, 50)
    return leds, keys


def _around_the_oval(count: int) -> list[tuple[int, int]]:
    """`count` points evenly spaced along the oval (by arc length, so fifteen LEDs do not
    crowd its narrow ends), from the judge's left, clockwise."""
    steps = 720
    points = [(CENTRE[0] + RADII[0] * math.cos(math.pi + 2 * math.pi * i / steps),
               CENTRE[1] + RADII[1] * math.sin(math.pi + 2 * math.pi * i / steps))
              for i in range(steps + 1)]
    run = [0.0]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        run.append(run[-1] + math.hypot(x1 - x0, y1 - y0))
    spots = []
    for seat in range(count):
        goal = (seat + 0.5) * run[-1] / count
        i = bisect.bisect_left(run, goal)
        spots.append((round(points[i][0]), round(points[i][1])))
    return spots


class SimWindow:
    """A window onto one simulated table (`hardware` must run on `board`'s MockFactory)."""

    def __init__(
        self,
        hardware: TableHardware,
        board: MockBoard,
        hook: Callable[[], None] | None = None,
        status: Callable[[], str] | None = None,
        lang: str = "en",
    ) -> None:
        self.hardware = hardware
        self.board = board
        self.hook = hook
        self.status = status
        self._led_centres, self._key_rects = _layout(board.pin_map.seats)
        self._mouse_key: str | None = None
        self.lang = lang
        pygame.font.init()
        # DejaVu, as the scoreboard: pygame's own font has no Cyrillic
        self._font = pygame.font.Font(find_font(bold=True), 19)
        self._small = pygame.font.Font(find_font(bold=True), 13)

    def key_at(self, position: tuple[int, int]) -> str | None:
        """The pad key drawn at a window position, if any."""
        return next((k for k, rect in self._key_rects.items() if rect.collidepoint(position)), None)

    def handle(self, event: pygame.event.Event) -> bool:
        """Apply one pygame event to the pins; False when the window should close."""
        if event.type == pygame.QUIT or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_key = self.key_at(event.pos)
            if self._mouse_key is not None:
                self.board.press(self._mouse_key)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._mouse_key is not None:
                self.board.release(self._mouse_key)
            self._mouse_key = None
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in KEYBOARD:
            key = KEYBOARD[event.key]
            (self.board.press if event.type == pygame.KEYDOWN else self.board.release)(key)
        return True

    def render_to_surface(self, surface: pygame.Surface | None = None) -> pygame.Surface:
        """Draw the table and pad as the pins are now (no display needed)."""
        surface = surface or pygame.Surface(SIZE)
        surface.fill(BACKGROUND)
        table = pygame.Rect(190, 110, 420, 90)
        pygame.draw.ellipse(surface, TABLE, table)
        status = self.status() if self.status else ""
        if self._small.size(status)[0] <= self._status_width():
            surface.blit(self._status_line(status), (16, 10))
        else:  # too long for the corner (a club table's voters): on the table's felt
            line = self._fit(status, self._small, table.width - 60)
            surface.blit(line, line.get_rect(center=table.center))
        for seat, value in enumerate(self.board.led_values(), 1):
            colour = [round(a + (b - a) * value) for a, b in zip(LED_OFF, LED_ON, strict=True)]
            centre = self._led_centres[seat]
            pygame.draw.circle(surface, colour, centre, 22)
            label = self._small.render(str(seat), True, INK)
            # the number sits outside the LED, away from the table's centre
            dx, dy = centre[0] - CENTRE[0], centre[1] - CENTRE[1]
            norm = math.hypot(dx, dy) or 1.0
            spot = (round(centre[0] + 36 * dx / norm), round(centre[1] + 34 * dy / norm))
            surface.blit(label, label.get_rect(center=spot))
        for key, rect in self._key_rects.items():
            pygame.draw.rect(
                surface, KEY_DOWN if self.board.is_down(key) else KEY_UP, rect, border_radius=8
            )
            text = self._font.render(key_name(key, self.lang), True, KEY_INK)
            surface.blit(text, text.get_rect(center=(rect.centerx, rect.centery - 6)))
            keyboard = hint(HINTS.get(key, key), self.lang)
            label = self._small.render(keyboard, True, KEY_INK)
            surface.blit(label, label.get_rect(center=(rect.centerx, rect.bottom - 10)))
        return surface

    def _status_line(self, status: str) -> pygame.Surface:
        """The status, in the top-left corner clear of seat 3's label (smaller, then cut
        short with "..." when it is long: the judge's last error can be)."""
        text = status or ready(self.lang)
        width = self._status_width()
        return self._fit(text, self._font if self._font.size(text)[0] <= width else self._small,
                         width)

    @staticmethod
    def _fit(text: str, font: pygame.font.Font, width: int) -> pygame.Surface:
        while font.size(text)[0] > width and len(text) > 4:
            text = text[:-4].rstrip() + "..."
        return font.render(text, True, INK)

    def _status_width(self) -> int:
        """Room for the top line: up to the first seat label near the top edge."""
        tops = [x for x, y in self._led_centres.values() if y < CENTRE[1] - RADII[1] * 0.8]
        left = min((x - 34 for x in tops if x > 16), default=16 + STATUS_WIDTH)
        return min(STATUS_WIDTH, left - 16)

    def run(self, player: ScriptPlayer | None = None, fps: int = 60,
            until: Callable[[], bool] | None = None) -> None:
        """Open the window and run until it is closed or `until()` (a script, if given, plays
        meanwhile)."""
        stop = threading.Event()
        if player is not None:
            threading.Thread(
                target=play_realtime, args=(player, self.hardware.clock, stop), daemon=True
            ).start()
        screen = pygame.display.set_mode(SIZE)
        pygame.display.set_caption(title(self.lang))
        clock = pygame.time.Clock()
        try:
            while (all(self.handle(event) for event in pygame.event.get())
                   and not (until is not None and until())):
                if self.hook is not None:
                    self.hook()
                self.render_to_surface(screen)
                pygame.display.flip()
                self.board.forget_history()
                clock.tick(fps)
        finally:
            stop.set()
            pygame.display.quit()
