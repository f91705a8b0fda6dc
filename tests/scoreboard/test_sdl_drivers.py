"""The scoreboard's SDL can draw on a Pi without a desktop, and the table's can play to ALSA.

`pygame.display.get_driver()` only names the driver in use (dummy here), so the SDL library
that pygame loaded is asked itself, through ctypes, which video and audio drivers were compiled
in. pip's `pygame` 2.6 wheels lack KMSDRM; pygame-ce's have it (docs/scoreboard.md).
"""

from __future__ import annotations

import ctypes
from pathlib import Path

import pygame


def loaded_sdl() -> ctypes.CDLL:
    """The SDL2 library this process's pygame uses (the same handle: it is already loaded)."""
    pygame.init()
    maps = Path("/proc/self/maps").read_text(encoding="utf-8").splitlines()
    paths = sorted({line.split()[-1] for line in maps if "/libSDL2-2" in line
                    or line.endswith("/libSDL2.so") or "/libSDL2-2.0.so" in line})
    assert paths, "pygame did not load an SDL2 library"
    return ctypes.CDLL(paths[0])


def drivers(kind: str) -> list[str]:
    sdl = loaded_sdl()
    count = getattr(sdl, f"SDL_GetNum{kind}Drivers")
    name = getattr(sdl, f"SDL_Get{kind}Driver")
    name.restype = ctypes.c_char_p
    return [name(index).decode() for index in range(count())]


def test_the_scoreboards_sdl_has_the_kmsdrm_video_driver() -> None:
    assert "KMSDRM" in drivers("Video")


def test_the_tables_sdl_has_the_alsa_audio_driver() -> None:
    assert "alsa" in drivers("Audio")

