"""The screen sizes the layouts are made for, and when a silent table counts as stale: what
the command line reads to register `mafiakit scoreboard` (no pygame, no bus here)."""

from __future__ import annotations

from typing import Final

SIZES: Final = ((1920, 1080), (1280, 720))
STALE_AFTER_S: Final = 15.0  # the feed store's default (scoreboard/feed.py)
PAGE_S: Final = 10.0  # a venue page's time on the screen (scoreboard/venue.py): long enough
# to find a name among 24, short enough to wait for the next page


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
