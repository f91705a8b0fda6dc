"""Fonts and rendered text, located once and cached, so a frame renders in a few milliseconds.

pygame's bundled font lacks "№" and much of Cyrillic, so the scoreboard looks for DejaVu Sans
(Debian: fonts-dejavu-core, installed by scripts/bootstrap.sh) in $MAFIAKIT_FONT_DIR, in
mafiakit/assets/, in the usual font folders, then anywhere under /usr/share/fonts. Without it
the screen still works with pygame's font and says so once on stderr.
"""

from __future__ import annotations

import os
import sys
from collections import OrderedDict
from pathlib import Path
from typing import Final

import pygame

FILES: Final = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
ENV_DIR: Final = "MAFIAKIT_FONT_DIR"
ASSETS: Final = Path(__file__).resolve().parent.parent / "assets"
FOLDERS: Final = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/dejavu-sans-fonts",
    "/usr/local/share/fonts",
    "~/.local/share/fonts",
    "~/.fonts",
    "/Library/Fonts",
    "C:/Windows/Fonts",
)
SEARCH_ROOT: Final = "/usr/share/fonts"
TEXT_CACHE: Final = 2048  # rendered texts kept; a game uses a few hundred

Color = tuple[int, int, int]


def find_font(bold: bool = False) -> Path | None:
    """The DejaVu Sans file (regular or bold), or None when it is nowhere to be found."""
    name = FILES[bold]
    folders = [os.environ.get(ENV_DIR, ""), str(ASSETS), *FOLDERS]
    for folder in folders:
        if folder:
            path = Path(folder).expanduser() / name
            if path.is_file():
                return path
    root = Path(SEARCH_ROOT)
    if root.is_dir():
        for path in sorted(root.rglob(name)):
            return path
    return None


class Fonts:
    """pygame Font objects by (size, weight) and rendered texts by content, both cached."""

    def __init__(self, regular: Path | None = None, bold: Path | None = None) -> None:
        pygame.font.init()
        self.paths = {False: regular or find_font(False), True: bold or find_font(True)}
        if None in self.paths.values():
            print(
                "scoreboard: DejaVu Sans not found (install fonts-dejavu-core or set "
                f"{ENV_DIR}); using pygame's font, which lacks the sign №",
                file=sys.stderr,
            )
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: OrderedDict[tuple[str, int, bool, Color, Color | None], pygame.Surface]
        self._texts = OrderedDict()

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        """The font of `px` pixels; created once."""
        key = (px, bold)
        found = self._fonts.get(key)
        if found is None:
            path = self.paths[bold]
            found = pygame.font.Font(str(path) if path else None, px)
            self._fonts[key] = found
        return found

    def text(
        self, text: str, px: int, color: Color, bold: bool = False, bg: Color | None = None
    ) -> pygame.Surface:
        """`text` rendered antialiased; on a known background colour it blits fastest."""
        key = (text, px, bold, color, bg)
        found = self._texts.get(key)
        if found is not None:
            self._texts.move_to_end(key)
            return found
        surface = self.font(px, bold).render(text, True, color, bg)
        self._texts[key] = surface
        if len(self._texts) > TEXT_CACHE:
            self._texts.popitem(last=False)
        return surface

    def width(self, text: str, px: int, bold: bool = False) -> int:
        """Width in pixels of `text`."""
        return int(self.font(px, bold).size(text)[0])

    def fit(self, text: str, px: int, width: int, bold: bool = False) -> str:
        """`text`, cut with "…" so that it fits in `width` pixels."""
        if self.width(text, px, bold) <= width:
            return text
        while text and self.width(text + "…", px, bold) > width:
            text = text[:-1]
        return text.rstrip() + "…" if text else ""

    def shrink(self, text: str, px: int, width: int, bold: bool = False,
               least: float = 0.8) -> tuple[str, int]:
        """(text, size) that fits `width`: smaller letters first (down to `least` of `px`),
        then cut with "…" - a word a little too long stays whole and readable."""
        size, floor = px, max(6, round(px * least))
        while size > floor and self.width(text, size, bold) > width:
            size -= 1
        return self.fit(text, size, width, bold), size

    def wrap(self, text: str, px: int, width: int, bold: bool = False) -> list[str]:
        """`text` broken into lines of at most `width` pixels, at spaces."""
        lines: list[str] = []
        line = ""
        for word in text.split():
            candidate = f"{line} {word}" if line else word
            if line and self.width(candidate, px, bold) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        if line:
            lines.append(line)
        return [self.fit(one, px, width, bold) for one in lines]
