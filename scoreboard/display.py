"""The display adapter: a window, a full screen, KMS/DRM on a Pi, or no screen at all.

SDL picks the output from SDL_VIDEODRIVER: unset = the desktop (X11/Wayland), `kmsdrm` = a Pi
console without a desktop, `dummy` = headless (tests, screenshots, benchmarks). The loop
redraws only when the frame changed - the countdown changes it once a second, a flash twice -
so an idle screen costs a frame comparison per wake-up and no drawing.

A TV switched off and on again takes its HDMI connector with it: SDL's surface dies under the
loop (a `pygame.error` on draw or flip) or the screen cannot be opened at all while the TV is
off. The loop then closes the display and opens it again at every wake-up until it works, and
redraws the whole frame: the board comes back by itself, mid-game, without a restart.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

import pygame

from scoreboard.frames import Frame
from scoreboard.render import Renderer
from scoreboard.sdl_env import private_runtime_dir

POLL_S: Final = 0.1  # wake-ups per second: window events and countdown changes are noticed
QUIT_KEYS: Final = (pygame.K_ESCAPE, pygame.K_q)


class DisplayError(RuntimeError):
    """The screen could not be opened; the message says what to try."""


class Display:
    """One pygame output surface of a fixed size."""

    def __init__(
        self, size: tuple[int, int], *, fullscreen: bool = False, title: str = "mafiakit",
        window: tuple[int, int] | None = None,
    ) -> None:
        """`window`: a smaller desktop window the `size` layout is scaled into (a preview)."""
        self.size, self.fullscreen, self.title = size, fullscreen, title
        self.window = None if fullscreen or window == size else window
        self.reopened = 0
        self.screen = self._open()

    def _open(self) -> pygame.Surface:
        size = self.size
        private_runtime_dir()  # no SDL line ahead of "no screen found"
        try:
            pygame.display.init()
            glass = pygame.display.set_mode(self.window or size,
                                            pygame.FULLSCREEN if self.fullscreen else 0)
            screen = glass if self.window is None else pygame.Surface(size)
        except pygame.error as exc:
            driver = os.environ.get("SDL_VIDEODRIVER") or "the default"
            raise DisplayError(
                f"cannot open a {size[0]}x{size[1]} screen with {driver} video driver ({exc}). "
                "On a Pi without a desktop set SDL_VIDEODRIVER=kmsdrm; to run without any "
                "screen set SDL_VIDEODRIVER=dummy"
            ) from None
        if pygame.display.get_driver() == "offscreen" and not os.environ.get("SDL_VIDEODRIVER"):
            pygame.display.quit()  # SDL found no screen and drew into memory: say so
            raise DisplayError(
                "no screen found (no desktop, no console display). Run it on the table's "
                "screen or a desktop; without one, --screenshot PATH saves a frame")
        pygame.display.set_caption(self.title)
        pygame.mouse.set_visible(not self.fullscreen)
        return screen

    def reopen(self) -> bool:
        """Close and open the screen again (the TV came back); False while it cannot open."""
        pygame.display.quit()
        try:
            self.screen = self._open()
        except DisplayError:
            return False
        self.reopened += 1
        return True

    @property
    def driver(self) -> str:
        """The SDL video driver in use (x11, wayland, kmsdrm, dummy...)."""
        return str(pygame.display.get_driver())

    def show(self) -> None:
        """Put what was drawn on `screen` on the glass."""
        if self.window is not None:
            pygame.transform.smoothscale(self.screen, self.window, pygame.display.get_surface())
        pygame.display.flip()

    def quit_requested(self) -> bool:
        """Handle window events; True when the window was closed or Esc / q pressed."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return True
            if event.type == pygame.KEYDOWN and event.key in QUIT_KEYS:
                return True
        return False

    def close(self) -> None:
        """Release the screen."""
        pygame.display.quit()


class ScreenLoop:
    """Frame source -> display, redrawing only when the frame differs from the last one."""

    def __init__(
        self,
        display: Display,
        renderer: Renderer,
        frame_at: Callable[[float], Frame],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if renderer.size != display.size:
            raise ValueError(f"renderer {renderer.size} and display {display.size} differ")
        self.display = display
        self.renderer = renderer
        self.frame_at = frame_at
        self.clock = clock
        self.last: Frame | None = None
        self.redraws = 0
        self.wakeups = 0
        self.lost = False  # the screen went away; reopened at every wake-up until it is back

    def tick(self, now: float | None = None) -> bool:
        """Build the frame for `now`; draw and show it if it changed. True when redrawn."""
        self.wakeups += 1
        frame = self.frame_at(self.clock() if now is None else now)
        if self.lost:
            if not self.display.reopen():
                return False
            self.lost, self.last = False, None
        if frame is self.last or frame == self.last:
            return False
        try:
            self.renderer.draw(frame, self.display.screen)
            self.display.show()
        except pygame.error:  # the surface died with the screen (TV off, cable out)
            self.lost, self.last = True, None
            return False
        self.last = frame
        self.redraws += 1
        return True

    def run(
        self,
        wait: Callable[[float], object] = time.sleep,
        *,
        poll: float = POLL_S,
        until: Callable[[], bool] = lambda: False,
    ) -> None:
        """Tick, then `wait(poll)` (e.g. LiveFeed.pump), until closed or `until()` is true."""
        while not until() and not self._closed_by_hand():
            self.tick()
            wait(poll)

    def _closed_by_hand(self) -> bool:
        return not self.lost and self.display.quit_requested()  # no events without a screen


def save_png(surface: pygame.Surface, path: str | Path) -> Path:
    """Write `surface` as a PNG file (folders are created); returns the path."""
    target = Path(path)
    if target.suffix.lower() != ".png":
        raise ValueError(f"a screenshot is saved as PNG: {target.name} must end in .png")
    target.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(target))
    return target
