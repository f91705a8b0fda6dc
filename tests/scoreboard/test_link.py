"""Screens that blame the link, not the table (issue 25): with the broker down, a screen's
login refused, or a table or tournament the broker does not know, every screen (table,
audience, judge, wall) says so in words on the screen, in ru and en; against a real mosquitto
where the link matters, and rendered with the dummy driver."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from bus.broker import MosquittoProcess, free_port
from bus.config import BrokerConfig
from bus.testing import GUARD_S, connected_client
from bus.topics import table_topic
from mafiakit.cli import main
from scoreboard.feed import FeedStore
from scoreboard.frames import TableFrame
from scoreboard.link import Link, link_text
from scoreboard.live import LiveFeed
from scoreboard.model import judge_frame, table_frame, wall_frame
from scoreboard.render import Renderer
from scoreboard.samples import NOW, sample_feed
from scoreboard.screen import ScreenSource
from scoreboard.secrecy import secrets_found
from scoreboard.tablefeed import TableFeed
from scoreboard.testing import bus_snapshot
from scoreboard.theme import NOTICE

ADDRESS = "10.0.0.2:8883"


def link(state: str, since: float = NOW - 60, tournament: str = "cup") -> Link:
    return Link(address=ADDRESS, tournament=tournament, state=state, since=since)


@pytest.mark.parametrize(("state", "ru", "en"), [
    ("connecting", "Подключение к брокеру 10.0.0.2:8883…",
     "Connecting to the broker at 10.0.0.2:8883…"),
    ("down", "Нет связи с брокером 10.0.0.2:8883", "No connection to the broker at 10.0.0.2:8883"),
    ("refused", "Брокер 10.0.0.2:8883 не пустил экран: проверьте имя и пароль в --broker",
     "The broker at 10.0.0.2:8883 refused this screen: check the user and password in "
     "--broker"),
])
def test_each_screen_says_what_is_wrong_with_its_link(state: str, ru: str, en: str) -> None:
    """The table screen, the audience's, the judge's and the wall say the same sentence; the
    header's word is "no broker", not the table's "offline" (the table is not to blame)."""
    for lang, words in (("ru", ru), ("en", en)):
        feed = TableFeed("3", link=link(state))
        for frame in (table_frame(feed, NOW, lang), table_frame(feed, NOW, lang, "audience"),
                      judge_frame(feed, NOW, lang)):
            assert frame.link == words and frame.status == "nolink"
            assert frame.status_text == ("нет брокера" if lang == "ru" else "no broker")
        # mid-game too: the last state stays on the screen, the link is named over it
        mid = sample_feed("speech")
        live = table_frame(TableFeed(**{**mid.__dict__, "link": link(state)}), NOW, lang)
        assert live.link == words and live.countdown is not None
        wall = wall_frame([mid], NOW, lang, link=link(state))
        assert wall.link == words


def test_a_table_or_tournament_the_broker_does_not_know_is_named_after_a_while() -> None:
    """With the link up, a table that exists sends its retained state at once; after
    SILENCE_S with nothing heard, the screen names the ids to check."""
    just = link("up", since=NOW - 1)
    assert table_frame(TableFeed("9", link=just), NOW, "ru").link == ""
    later = link("up", since=NOW - 6)
    assert table_frame(TableFeed("9", link=later), NOW, "ru").link == (
        "Брокер 10.0.0.2:8883 не знает стол 9 турнира «cup»: проверьте --table и --tournament")
    assert table_frame(TableFeed("9", link=later), NOW, "en").link == (
        "The broker at 10.0.0.2:8883 has nothing from table 9 of tournament 'cup': check "
        "--table and --tournament")
    assert wall_frame([], NOW, "en", link=later).link == (
        "The broker at 10.0.0.2:8883 has no table of tournament 'cup': check --tournament")
    # a table heard of (its status, a heartbeat or its state) is known: nothing to say
    assert table_frame(TableFeed("9", status="offline", link=later), NOW, "ru").link == ""
    assert table_frame(TableFeed("9", status="online", link=later), NOW, "ru").status == "online"
    assert wall_frame([TableFeed("9", status="stale")], NOW, "ru", link=later).link == ""
    assert link_text(None, NOW, "ru", table="9", heard=False) == ""  # a sample: no broker


def test_the_link_text_never_hides_a_frame_behind_the_secrecy_check() -> None:
    """The organiser's ids go into the sentence: a tournament called "red-cup" or
    "don-open" is not a role word on a public screen (the text is the kit's own words)."""
    for name in ("red-cup", "don-open", "mafia-league"):
        feed = TableFeed("3", link=link("up", tournament=name))
        frame = table_frame(feed, NOW, "en")
        assert name in frame.link and secrets_found(frame) == []
        assert secrets_found(wall_frame([], NOW, "en", link=link("up", tournament=name))) == []


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_longest_link_sentence_fits_on_the_screen_whole(
        renderers: dict[tuple[int, int], Renderer], size: tuple[int, int], lang: str) -> None:
    """A long address and long ids: made smaller, then two lines, never cut with "…"."""
    renderer = renderers[size]
    long = Link(address="192.168.100.200:8883", tournament="autumn-cup-2026-final-day",
                state="up", since=NOW - 60)
    frame = table_frame(TableFeed("12", link=long), NOW, lang)
    surface = pygame.Surface(renderer.size)
    renderer.draw(frame, surface)
    lines = renderer._notice(frame.link, NOTICE["nolink"], surface)
    assert " ".join(lines) == frame.link and not any("…" in line for line in lines)
    assert len(lines) <= 2
    band = renderer.layout.notice
    assert tuple(surface.get_at((band.left + 2, band.bottom - 2)))[:3] == NOTICE["nolink"]


def pump_until(live: LiveFeed, done: Callable[[], bool], what: str) -> None:
    for _ in range(int(GUARD_S / 0.1)):
        if done():
            return
        live.pump(0.1)
    raise AssertionError(f"never: {what}")


def test_a_real_screen_names_a_dead_broker_then_the_table_once_it_is_back() -> None:
    """No broker at the address: "no connection to the broker at ..." on the screen; the
    broker starts, the table's retained state arrives, the sentence goes away."""
    port = free_port()
    broker = MosquittoProcess(port=port)
    store = FeedStore()
    live = LiveFeed(BrokerConfig(host="127.0.0.1", port=port, reconnect_min_s=0.1,
                                 reconnect_max_s=0.5), store, tournament="cup", table="3")
    screen = ScreenSource(store, table="3", lang="en")
    live.start()
    try:
        pump_until(live, lambda: store.link is not None and store.link.state == "down",
                   "the screen saw the broker down")
        assert screen(NOW).link == f"No connection to the broker at 127.0.0.1:{port}"
        broker.start()
        table = connected_client(broker.config(), "table-pub")
        try:
            table.publish(table_topic("cup", "3", "public"),
                          bus_snapshot("speech", "cup", "3")).wait_for_publish(GUARD_S)
        finally:
            table.close()
        def shown() -> TableFrame:
            frame = screen(NOW)
            assert isinstance(frame, TableFrame)
            return frame

        pump_until(live, lambda: shown().banner == "Day 2", "the table's state arrived")
        assert shown().link == "" and shown().status != "nolink"
    finally:
        live.close()
        broker.close()


def test_a_refused_login_is_said_as_such(acl_broker: MosquittoProcess) -> None:
    store = FeedStore()
    config = acl_broker.config("scoreboard").as_user("scoreboard", "not-the-password")
    live = LiveFeed(config, store, tournament="cup", table="3").start()
    try:
        pump_until(live, lambda: store.link is not None and store.link.state == "refused",
                   "the broker refused the screen")
        frame = ScreenSource(store, table="3", lang="ru")(NOW)
        assert frame.link.startswith(f"Брокер 127.0.0.1:{acl_broker.port} не пустил экран")
    finally:
        live.close()


def test_the_screenshot_of_a_dead_broker_says_so_on_the_picture(tmp_path: Path) -> None:
    """`mafiakit scoreboard --screenshot` with no broker: the picture itself says it (the red
    band above the seats), not only stderr."""
    port = free_port()
    path = tmp_path / "dead.png"
    assert main(["scoreboard", "--table", "1", "--broker", f"mqtt://127.0.0.1:{port}",
                 "--lang", "en", "--size", "1280x720", "--wait", "1",
                 "--screenshot", str(path)]) == 1
    shot = pygame.image.load(str(path))
    store = FeedStore()
    store.on_link(Link(address=f"127.0.0.1:{port}", tournament="local", state="down"))
    expected = Renderer((1280, 720)).draw(ScreenSource(store, table="1", lang="en")(NOW))
    band = Renderer((1280, 720)).layout.notice
    assert tuple(shot.get_at((band.left + 2, band.centery)))[:3] == NOTICE["nolink"]
    assert shot.get_at(band.center) == expected.get_at(band.center)


def test_a_wall_of_a_tournament_nobody_plays_names_the_tournament(
        private_broker: MosquittoProcess, tmp_path: Path) -> None:
    path = tmp_path / "wall.png"
    assert main(["scoreboard", "--wall", "--tournament", "no-such-cup", "--broker",
                 private_broker.url, "--wait", "1", "--screenshot", str(path)]) == 0
    store = FeedStore()
    store.on_link(Link(address=f"127.0.0.1:{private_broker.port}", tournament="no-such-cup",
                       state="up", since=NOW - 60))
    expected = Renderer((1920, 1080)).draw(ScreenSource(store, mode="wall", lang="ru")(NOW))
    shot = pygame.image.load(str(path))
    header = Renderer((1920, 1080)).layout.header  # the same band as the wall's header
    assert tuple(shot.get_at((header.right - 3, 3)))[:3] == NOTICE["nolink"]
    differing = sum(1 for x in range(0, 1920, 4) for y in range(0, 100, 4)
                    if shot.get_at((x, y)) != expected.get_at((x, y)))
    assert differing == 0
