"""The screen sizes the layouts are made for (no pygame here: the command line reads them)."""

from __future__ import annotations

from typing import Final

SIZES: Final = ((1920, 1080), (1280, 720))


def parse_size(text: str) -> tuple[int, int]:
    """"1920x1080" -> (1920, 1080); only the sizes the layouts are made for."""
    choices = ", ".join(f"{w}x{h}" for w, h in SIZES)
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"screen size {text!r} is not WIDTHxHEIGHT; choose {choices}") from None
    if (width, height) not in SIZES:
        raise ValueError(f"screen size {text} has no layout; choose {choices}")
    return width, height
