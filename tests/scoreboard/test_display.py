"""The display loop redraws only when the frame changed; screenshots are faithful PNGs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from scoreboard.display import Display, ScreenLoop, save_png
from scoreboard.feed import FeedStore
from scoreboard.fonts import Fonts
from scoreboard.frames import TableFrame, WallFrame
from scoreboard.model import table_frame
from scoreboard.render import Renderer
from scoreboard.samples import NOW, WALL, sample_payload
from scoreboard.screen import ScreenSource
from scoreboard.testing import compare

SIZE = (1280, 720)


@pytest.fixture
def display() -> Iterator[Display]:
    screen = Display(SIZE, title="test")
    yield screen
    screen.close()


def store_with(name: str) -> FeedStore:
    store = FeedStore()
    store.on_snapshot("3", sample_payload(name), NOW)
    return store


def loop_on(store: FeedStore, display: Display, fonts: Fonts) -> ScreenLoop:
    def frame_at(now: float) -> TableFrame:
        return table_frame(store.feed("3", now), now, "ru")

    return ScreenLoop(display, Renderer(SIZE, fonts), frame_at)


def test_the_headless_driver_is_used(display: Display) -> None:
    assert display.driver == "dummy"
    assert display.screen.get_size() == SIZE


def test_a_running_countdown_redraws_once_a_second(display: Display, fonts: Fonts) -> None:
    loop = loop_on(store_with("speech"), display, fonts)
    drawn = [loop.tick(NOW + 0.1 * i) for i in range(31)]  # three seconds at the poll rate
    assert drawn.count(True) == 4  # the first frame, then 00:36, 00:35, 00:34
    assert loop.wakeups == 31 and loop.redraws == 4


def test_an_unchanged_screen_is_never_redrawn(display: Display, fonts: Fonts) -> None:
    loop = loop_on(store_with("speech_paused"), display, fonts)
    drawn = [loop.tick(NOW + 0.1 * i) for i in range(100)]
    assert drawn.count(True) == 1


def test_the_flash_redraws_twice_a_second(display: Display, fonts: Fonts) -> None:
    loop = loop_on(store_with("speech_last_seconds"), display, fonts)
    drawn = [loop.tick(NOW + 0.05 + 0.1 * i) for i in range(20)]  # two seconds
    assert drawn.count(True) == 5  # the first frame, then every half second


def test_a_new_message_redraws_at_once(display: Display, fonts: Fonts) -> None:
    store = store_with("speech_paused")
    loop = loop_on(store, display, fonts)
    assert loop.tick(NOW)
    assert not loop.tick(NOW + 0.1)
    store.on_snapshot("3", sample_payload("vote"), NOW + 0.2)
    assert loop.tick(NOW + 0.2)


def test_what_is_shown_is_the_rendered_frame(display: Display, fonts: Fonts) -> None:
    store = store_with("vote")
    loop = loop_on(store, display, fonts)
    loop.tick(NOW)
    expected = Renderer(SIZE, fonts).draw(table_frame(store.feed("3", NOW), NOW, "ru"))
    assert compare(display.screen, expected).differing == 0


def test_the_loop_stops_on_close_or_escape(display: Display, fonts: Fonts) -> None:
    loop = loop_on(store_with("speech"), display, fonts)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    loop.run(wait=lambda _: None)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    loop.run(wait=lambda _: None)
    ticks: list[float] = []
    loop.run(wait=ticks.append, poll=0.25, until=lambda: len(ticks) >= 3)
    assert ticks == [0.25, 0.25, 0.25]


def test_renderer_and_display_must_agree_on_the_size(display: Display, fonts: Fonts) -> None:
    with pytest.raises(ValueError, match="differ"):
        ScreenLoop(display, Renderer((1920, 1080), fonts), lambda now: table_frame(
            store_with("vote").feed("3", now), now))


def test_save_png_writes_the_same_pixels(tmp_path: Path, fonts: Fonts) -> None:
    image = Renderer(SIZE, fonts).draw(table_frame(store_with("lift").feed("3", NOW), NOW))
    path = save_png(image, tmp_path / "shots" / "lift.png")
    assert path.exists()
    assert compare(pygame.image.load(str(path)), image).differing == 0
    with pytest.raises(ValueError, match=r"must end in \.png"):
        save_png(image, tmp_path / "lift.jpg")


def floor_of(tables: int) -> FeedStore:
    """A live tournament floor: countdowns of different lengths started at different moments."""
    store = FeedStore()
    for i in range(tables):
        table, sample = str(i + 1), WALL[i % len(WALL)][1]
        store.on_snapshot(table, sample_payload(sample, table), NOW)
    return store


def test_an_unchanged_wall_is_neither_rebuilt_nor_redrawn(display: Display, fonts: Fonts) -> None:
    store = floor_of(24)
    source = ScreenSource(store, mode="wall")
    loop = ScreenLoop(display, Renderer(SIZE, fonts), source)
    drawn = [loop.tick(NOW + 0.05 + 0.1 * i) for i in range(10)]  # one second of wake-ups
    assert drawn.count(True) == 1 and source.builds == 1
    store.on_heartbeat("1", NOW + 0.97)  # a live table says it is alive: nothing to show
    assert not loop.tick(NOW + 0.98) and source.builds == 1
    assert loop.wakeups == 11 and loop.redraws == 1


def test_the_walls_countdowns_step_together_once_a_second(display: Display, fonts: Fonts) -> None:
    source = ScreenSource(floor_of(24), mode="wall")
    loop = ScreenLoop(display, Renderer(SIZE, fonts), source)
    drawn = [loop.tick(NOW + 0.05 + 0.1 * i) for i in range(30)]  # three seconds
    assert drawn.count(True) == 3 and source.builds == 3  # not once per table's own second
    assert [i for i, redrawn in enumerate(drawn) if redrawn] == [0, 10, 20]


def test_a_message_redraws_the_wall_at_once(display: Display, fonts: Fonts) -> None:
    store = floor_of(12)
    source = ScreenSource(store, mode="wall")
    loop = ScreenLoop(display, Renderer(SIZE, fonts), source)
    assert loop.tick(NOW + 0.1) and not loop.tick(NOW + 0.2)
    store.on_snapshot("3", sample_payload("over_red", "3"), NOW + 0.25)
    assert loop.tick(NOW + 0.3)
    frame = source(NOW + 0.3)
    assert isinstance(frame, WallFrame) and frame.cards[2].over
    store.on_status("5", "offline", NOW + 0.4)
    assert loop.tick(NOW + 0.5) and loop.redraws == 3


def test_the_board_comes_back_after_the_tv_was_switched_off_and_on(
    display: Display, fonts: Fonts, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The screen dies under the loop; while it cannot open, the loop waits; then it redraws."""
    loop = loop_on(store_with("speech"), display, fonts)
    assert loop.tick(NOW)
    pygame.display.quit()  # what SDL does to the surface when the screen goes away
    assert not loop.tick(NOW + 1.0)
    assert loop.lost
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")  # the TV is still off: no screen to open
    assert not loop.tick(NOW + 2.0)
    assert loop.lost and display.reopened == 0
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # the TV is back
    assert loop.tick(NOW + 3.0)
    assert not loop.lost and display.reopened == 1
    assert display.screen.get_size() == SIZE
    assert loop.redraws == 2
