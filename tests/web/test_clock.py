"""docs/clock.md: a countdown that leaves the table counts right on a viewer whose own clock
is five minutes off. The stream overlay and the head judge's phone page run in a real headless
Chromium whose clock Playwright moves five minutes ahead (Date and performance alike), against
the real table, hub and broker with the production ACL; each page opens on a retained snapshot
some seconds old, so its age has to come from the table's clock too."""

from __future__ import annotations

import contextlib
import math
import re
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from bus.broker import MosquittoProcess
from bus.testing import ACL_OVERLAY_USER, ACL_TABLE, ACL_TOURNAMENT
from device.table.service import TableService
from hub.service import HubService
from tests.hub.helpers import into_a_speech, wait_for
from tests.web.conftest import PHONE, hub_and_table, keep_screenshot, overlay_url, page_url

TIMEOUT = 30_000
OFF = timedelta(minutes=5)


def table_left(table: TableService) -> float:
    countdown = table.countdown
    assert countdown is not None
    return countdown.remaining(table.mono())


def seconds(text: str) -> int:
    """m:ss or mm:ss (the overlay, the judge page) -> seconds."""
    match = re.search(r"(\d+):(\d\d)$", text.strip())
    assert match, f"no m:ss in {text!r}"
    return int(match.group(1)) * 60 + int(match.group(2))


@contextlib.contextmanager
def page_off(chromium: Browser, viewport: ViewportSize, url: str, ready: str) -> Iterator[Page]:
    """A page whose clock (Date and performance.now alike) runs five minutes ahead of the
    machine's, opened at `url` and waited for until `ready` (JS) is true."""
    context = chromium.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.clock.install(time=datetime.now() + OFF)
        page.goto(url)
        page.wait_for_function(ready, timeout=TIMEOUT)
        ahead = page.evaluate("Date.now()") / 1000 - time.time()
        assert ahead > OFF.total_seconds() - 5, f"the page's clock is only {ahead:.0f} s off"
        yield page
    finally:
        context.close()


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


@pytest.fixture
def speaking(private_acl_broker: MosquittoProcess, tmp_path: Path
             ) -> Iterator[tuple[HubService, TableService]]:
    """The hub and table cup/3, a player speaking for three seconds already: the retained
    snapshots a page opens on are that old."""
    with hub_and_table(private_acl_broker, tmp_path) as (hub, table):
        into_a_speech(table)
        live = hub.registry.tables[ACL_TABLE]
        wait_for("the hub follows the game", lambda: live.game_started is not None)
        time.sleep(3)
        yield hub, table


def test_the_overlay_counts_the_tables_seconds_with_its_clock_five_minutes_off(
    private_acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path,
    speaking: tuple[HubService, TableService]
) -> None:
    broker, (_, table) = private_acl_broker, speaking
    query = (f"tournament={ACL_TOURNAMENT}&table={ACL_TABLE}&lang=ru"  # the login: fragment
             f"#user={ACL_OVERLAY_USER}&password={broker.users[ACL_OVERLAY_USER]}")
    timer = "document.getElementById('timer').textContent"
    with page_off(chromium, {"width": 1280, "height": 720},
                  overlay_url(broker.ws_url, query), f"() => {timer}") as page:
        for _ in range(3):  # three readings, a second apart: it keeps counting right
            shown, want = agrees(page, timer, lambda: math.ceil(table_left(table)))
            assert abs(shown - want) <= 1, (shown, want)
            page.wait_for_timeout(1000)
        assert want < 59  # the page opened on a snapshot sent seconds before
        keep_screenshot(page, tmp_path, "overlay-clock-off.png")


def test_the_head_judges_page_counts_the_time_in_game_with_its_clock_five_minutes_off(
    private_acl_broker: MosquittoProcess, chromium: Browser,
    speaking: tuple[HubService, TableService]
) -> None:
    broker, (hub, _) = private_acl_broker, speaking
    live = hub.registry.tables[ACL_TABLE]
    clock = f"#table-list .table[data-table='{ACL_TABLE}'] .clock"
    read = f"(document.querySelector(\"{clock}\") || {{}}).textContent"
    with page_off(chromium, PHONE, page_url(broker, "judge", "head-judge", "&lang=ru"),
                  f"() => {read}") as page:

        def in_game() -> int:
            assert live.game_started is not None
            return math.floor(hub.mono() - live.game_started)

        for _ in range(3):
            shown, want = agrees(page, read, in_game)
            assert abs(shown - want) <= 1, (shown, want)
            page.wait_for_timeout(1000)
        assert page.evaluate(read).startswith("в игре ")
