"""Shared fixtures of the scoreboard tests: headless SDL, one Fonts and Renderer per size."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # tests never open a window or a sound device
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest

from scoreboard.fonts import Fonts
from scoreboard.render import Renderer
from scoreboard.sizes import SIZES


@pytest.fixture(scope="session")
def fonts() -> Fonts:
    return Fonts()


@pytest.fixture(scope="session")
def renderers(fonts: Fonts) -> dict[tuple[int, int], Renderer]:
    return {size: Renderer(size, fonts) for size in SIZES}


@pytest.fixture(scope="session")
def hd(renderers: dict[tuple[int, int], Renderer]) -> Renderer:
    return renderers[(1920, 1080)]


@pytest.fixture(scope="session")
def small(renderers: dict[tuple[int, int], Renderer]) -> Renderer:
    return renderers[(1280, 720)]
