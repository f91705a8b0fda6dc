"""The venue's screen on a real hub and real tables over a real broker (issue 25): while
round 1 runs it shows round 1's seating; once it is over, the standings after round 1 and
round 2's seating, read from the hub's retained public pages; `mafiakit scoreboard --venue`
with the sample and its command-line mistakes."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pygame
import pytest

from bus.broker import MosquittoProcess
from device.table.service import TableService
from device.testing import running_table
from hub.roster_csv import read_seating
from mafiakit.cli import main
from scoreboard.feed import FeedStore
from scoreboard.frames import VenueFrame
from scoreboard.live import LiveFeed
from scoreboard.render import Renderer
from scoreboard.screen import ScreenSource
from scoreboard.testing import compare
from scoreboard.venue import venue_frame
from scoreboard.venue_samples import sample_board
from tests.hub.helpers import (
    HEARTBEAT_S,
    T,
    actions_of,
    hub_settings,
    play,
    running_hub,
    wait_for,
)

GUARD_S = 60.0


def shown(live: LiveFeed, source: ScreenSource, now: float, want: str,
          rows: int = 20) -> VenueFrame:
    """Pump until the page shown at `now` has the title `want` and `rows` rows (the hub
    counts a round's standings from its first finished game on: the whole round comes when
    both tables are done)."""
    deadline = time.monotonic() + GUARD_S
    while True:
        frame = source(now)
        assert isinstance(frame, VenueFrame)
        if frame.title == want and len(frame.rows) == rows:
            return frame
        assert time.monotonic() < deadline, f"never shown: {want!r} (last: {frame.title!r})"
        live.pump(0.2)


def test_a_round_on_the_venue_screen_from_the_hubs_pages(
        private_broker: MosquittoProcess, tmp_path: Path) -> None:
    settings = hub_settings(tmp_path, private_broker.url, tables=2, rounds=2)
    assert settings.seating is not None
    seating = read_seating(settings.seating)
    store = FeedStore()
    live = LiveFeed(private_broker.config(), store, tournament=T, table=None, venue=True)
    source = ScreenSource(store, mode="venue", lang="ru", page_s=10.0)
    with running_hub(settings) as hub, contextlib.ExitStack() as stack:
        tables: list[TableService] = [
            stack.enter_context(running_table(tmp_path / f"t{n}.sqlite", private_broker.url,
                                              tournament=T, table=str(n),
                                              heartbeat_s=HEARTBEAT_S))
            for n in (1, 2)]
        live.start()
        try:
            wait_for("both tables online at the hub", lambda: len(hub.registry.tables) == 2)
            hub.start_round(1)
            first = shown(live, source, 0.0, "Рассадка: тур 1")
            expected = {(name, game.table, str(seat))
                        for game in seating.rounds[0].games
                        for seat, name in enumerate(game.seats, start=1)}
            assert set(first.rows) == expected and len(first.rows) == 20
            wait_for("both tables opened their round-1 game with its roster", lambda: all(
                t.game_id == f"r1-t{t.table}" and len(t.names) == 10 for t in tables))
            play(tables[0], actions_of(1))  # table 1 is done, table 2 plays on
            partial = shown(live, source, 0.0, "Таблица: тур 1 ещё идёт", rows=10)
            assert {row[1] for row in partial.rows} == set(tables[0].names)
            play(tables[1], actions_of(2))
            standings = shown(live, source, 0.0, "Таблица после тура 1")
            assert {row[1] for row in standings.rows} == {n for n, _, _ in expected}
            second = shown(live, source, 10.0, "Рассадка: тур 2")
            assert set(second.rows) == {(name, game.table, str(seat))
                                        for game in seating.rounds[1].games
                                        for seat, name in enumerate(game.seats, start=1)}
            assert standings.note == "Test Cup"
            assert standings.footnote.endswith("далее — Рассадка: тур 2")
        finally:
            live.close()


def test_the_venue_sample_screenshot_is_the_rendered_page(tmp_path: Path) -> None:
    path = tmp_path / "venue.png"
    assert main(["scoreboard", "--venue", "--sample", "tournament", "--lang", "en",
                 "--size", "1280x720", "--screenshot", str(path)]) == 0
    from scoreboard.samples import NOW

    expected = Renderer((1280, 720)).draw(venue_frame(sample_board(), NOW, "en"))
    assert compare(pygame.image.load(str(path)), expected).differing == 0


@pytest.mark.parametrize(("argv", "words"), [
    (["--sample", "tournament", "--table", "3"], "--sample tournament goes with --venue"),
    (["--venue", "--sample", "vote"], "--sample tournament goes with --venue"),
    (["--venue", "--page-seconds", "0"], "positive number of seconds"),
    (["--venue", "--table", "3", "--wall"], "not allowed with argument"),
])
def test_venue_command_line_mistakes_exit_2_with_a_reason(
        argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    with contextlib.suppress(SystemExit):
        assert main(["scoreboard", *argv]) == 2
    assert words in capsys.readouterr().err


def test_a_venue_screen_without_a_hub_names_the_tournament(
        private_broker: MosquittoProcess, tmp_path: Path) -> None:
    path = tmp_path / "nohub.png"
    assert main(["scoreboard", "--venue", "--tournament", "no-such-cup", "--broker",
                 private_broker.url, "--lang", "en", "--wait", "1",
                 "--screenshot", str(path)]) == 0
    store = FeedStore()
    source = ScreenSource(store, mode="venue", lang="en")
    from scoreboard.link import Link
    from scoreboard.samples import NOW

    store.on_link(Link(address=f"127.0.0.1:{private_broker.port}", tournament="no-such-cup",
                       state="up", since=NOW - 60))
    frame = source(NOW)
    assert isinstance(frame, VenueFrame) and frame.link == (
        f"The broker at 127.0.0.1:{private_broker.port} has no hub of tournament "
        "'no-such-cup': check --tournament and that the hub is running")
    image = Renderer((1920, 1080)).draw(frame)
    shot = pygame.image.load(str(path))
    assert all(shot.get_at((x, 40)) == image.get_at((x, 40)) for x in range(0, 1920, 7))
