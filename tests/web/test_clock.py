"""docs/clock.md: a countdown that leaves the table counts right on a viewer whose own clock
is five minutes off. The stream overlay and the head judge's phone page run in a real headless
Chromium whose clock Playwright moves five minutes ahead (Date and performance alike), against
the real table, hub and broker with the production ACL; each page opens on a retained snapshot
some seconds old, so its age has to come from the table's clock too."""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from playwright.sync_api import Browser, Page

from bus.broker import MosquittoProcess
from bus.testing import ACL_OVERLAY_USER, ACL_TABLE, ACL_TOURNAMENT
from device.service import TableService
from tests.hub.helpers import actions_of, play, wait_for
from tests.web.conftest import PHONE, hub_and_table, keep_screenshot, overlay_url, page_url

TIMEOUT = 30_000
OFF = timedelta(minutes=5)


def into_a_speech(table: TableService) -> None:
    """Play game 3 until a player speaks (the public view shows a running timer)."""
    for line in actions_of(3):
        play(table, [line])
        countdown, view = table.countdown, table.game.state
        if countdown is not None and countdown.kind == "speech" and view.speech is not None:
            return
    raise AssertionError("game 3 never reached a speech")


def table_left(table: TableService) -> float:
    countdown = table.countdown
    assert countdown is not None
    return countdown.remaining(table.mono())


def seconds(text: str) -> int:
    """m:ss or mm:ss (the overlay, the judge page) -> seconds."""
    match = re.search(r"(\d+):(\d\d)$", text.strip())
    assert match, f"no m:ss in {text!r}"
    return int(match.group(1)) * 60 + int(match.group(2))


def shifted(page: Page) -> None:
    """Move the page's clock (Date and performance.now alike) five minutes ahead."""
    page.clock.install(time=datetime.now() + OFF)


def agrees(page: Page, read: str, expected: Callable[[], int], guard: float = 20
           ) -> tuple[int, int]:
    """Wait until the page shows `expected()`'s seconds, give or take one (the two are read
    a few milliseconds apart, on either side of a second); the last (shown, expected) when
    it never does (a retained copy counted from its arrival stays seconds behind)."""
    deadline = time.monotonic() + guard
    shown, want = -1, -100
    while time.monotonic() < deadline:
        text = page.evaluate(read)
        if text:
            shown, want = seconds(text), expected()
            if abs(shown - want) <= 1:
                break
        page.wait_for_timeout(200)
    return shown, want


def test_the_overlay_counts_the_tables_seconds_with_its_clock_five_minutes_off(
    private_acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path
) -> None:
    broker = private_acl_broker
    with hub_and_table(broker, tmp_path) as (_, table):
        into_a_speech(table)
        time.sleep(3)  # the retained public snapshot is three seconds old when the page opens
        context = chromium.new_context(viewport={"width": 1280, "height": 720})
        page = context.new_page()
        try:
            shifted(page)
            query = (f"tournament={ACL_TOURNAMENT}&table={ACL_TABLE}&user={ACL_OVERLAY_USER}"
                     f"&password={broker.users[ACL_OVERLAY_USER]}&lang=ru")
            page.goto(overlay_url(broker.ws_url, query))
            page.wait_for_function("() => document.getElementById('timer').textContent",
                                   timeout=TIMEOUT)
            ahead = page.evaluate("Date.now()") / 1000 - time.time()
            assert ahead > OFF.total_seconds() - 5, f"the page's clock is only {ahead:.0f} s off"
            for _ in range(3):  # three readings, a second apart: it keeps counting right
                shown, want = agrees(page, "document.getElementById('timer').textContent",
                                     lambda: math.ceil(table_left(table)))
                assert abs(shown - want) <= 1, (shown, want)
                page.wait_for_timeout(1000)
            assert want < 59  # the page opened on a snapshot sent seconds before
            keep_screenshot(page, tmp_path, "overlay-clock-off.png")
        finally:
            context.close()


def test_the_head_judges_page_counts_the_time_in_game_with_its_clock_five_minutes_off(
    private_acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path
) -> None:
    broker = private_acl_broker
    with hub_and_table(broker, tmp_path) as (hub, table):
        into_a_speech(table)
        live = hub.registry.tables[ACL_TABLE]
        wait_for("the hub follows the game", lambda: live.game_started is not None)
        time.sleep(3)  # judge/state as retained is some seconds old when the page opens
        context = chromium.new_context(viewport=PHONE)
        page = context.new_page()
        try:
            shifted(page)
            page.goto(page_url(broker, "judge", "head-judge", "&lang=ru"))
            clock = f"#table-list .table[data-table='{ACL_TABLE}'] .clock"
            page.wait_for_function(f"() => (document.querySelector(\"{clock}\") || {{}})"
                                   ".textContent", timeout=TIMEOUT)
            ahead = page.evaluate("Date.now()") / 1000 - time.time()
            assert ahead > OFF.total_seconds() - 5, f"the page's clock is only {ahead:.0f} s off"

            def in_game() -> int:
                assert live.game_started is not None
                return math.floor(hub.mono() - live.game_started)

            read = f"document.querySelector(\"{clock}\").textContent"
            for _ in range(3):
                shown, want = agrees(page, read, in_game)
                assert abs(shown - want) <= 1, (shown, want)
                page.wait_for_timeout(1000)
            assert page.evaluate(read).startswith("в игре ")
        finally:
            context.close()
