"""Browser fixtures: a real headless Chromium (Debian's `chromium`) driven by Playwright, and a
mosquitto with a WebSockets listener that also serves the kit's pages (web/)."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from bus.broker import WEB_DIR, MosquittoProcess
from bus.testing import ACL_TABLE, ACL_TABLE_USER, ACL_TOURNAMENT
from device.config import TableSettings
from device.table.service import TableService
from device.testing import running_table
from hub.config import HubSettings
from hub.roster_csv import write_seating
from hub.seating import TournamentPlan, generate
from hub.service import HubService
from tests.hub.helpers import actions_of, play, running_hub, stored, wait_for

NAMES = ["Сова", "Lynx", "Барон", "Mira", "Кит", "Orion", "Туман", "Vega", "Эхо", "Zed"]


def chromium_path() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "headless Chromium is missing: run `make test` (it installs Debian's chromium)"
    return found


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """Module-wide: Playwright's sync API allows one instance at a time, and `bench overlay`
    (tests/mafiakit) starts its own."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(),
                                             args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def web_broker() -> Iterator[MosquittoProcess]:
    """Anonymous, persistent (retained state survives a restart), pages on the WS port."""
    with MosquittoProcess(persistence=True, websockets=True, http_dir=WEB_DIR) as process:
        yield process


@pytest.fixture
def page(chromium: Browser) -> Iterator[Page]:
    context = chromium.new_context(viewport={"width": 1920, "height": 1080})
    tab = context.new_page()
    yield tab
    context.close()


def start_table(url: str, journal: Path, tournament: str = "cup", table: str = "3",
                ) -> TableService:
    settings = TableSettings(journal=journal, tournament=tournament, table=table,
                             broker={"url": url})
    service = TableService(settings).start()
    assert service.bus is not None and service.bus.wait_ready(30)
    return service


def overlay_url(base: str, query: str) -> str:
    return base.replace("ws://", "http://") + "/overlay/index.html?" + query


PHONE: ViewportSize = {"width": 390, "height": 844}


@contextlib.contextmanager
def hub_and_table(broker: MosquittoProcess, tmp: Path, **more: Any
                  ) -> Iterator[tuple[HubService, TableService]]:
    """The hub (account `hub`, two rounds of NAMES at table cup/3) and table cup/3 on its own
    account, both running on the ACL broker; round 1 is sent and its roster arrived. `more`:
    more hub settings (e.g. standings hidden)."""
    plan = TournamentPlan(players=tuple(NAMES), tables=(ACL_TABLE,), rounds=2)
    seating = tmp / "seating.csv"
    seating.write_text(write_seating(generate(plan, seed=1, effort=0.1)), encoding="utf-8")
    settings = HubSettings(
        tournament=ACL_TOURNAMENT, name="Test Cup", seating=seating,
        database=tmp / "hub.sqlite", heartbeat_s=0.5, resend_s=0.5, rebirth_every_s=0.5,
        aggregate_s=0.2, broker={"url": broker.config("hub").url(with_password=True)}, **more)
    table_url = broker.config(ACL_TABLE_USER).url(with_password=True)
    with running_hub(settings) as hub, running_table(
            tmp / "t3.sqlite", table_url, tournament=ACL_TOURNAMENT, table=ACL_TABLE,
            heartbeat_s=0.5) as table:
        hub.start_round(1)
        wait_for("the table has its round-1 game and roster",
                 lambda: table.game_id == f"r1-t{ACL_TABLE}" and len(table.names) == 10)
        yield hub, table


def play_to_the_protocol(hub: HubService, table: TableService) -> None:
    """Table cup/3 plays random game 3 of its round-1 game to the end; returns once the
    game's protocol is stored at the hub."""
    play(table, actions_of(3))
    wait_for("the protocol at the hub",
             lambda: stored(hub).protocol(ACL_TABLE, f"r1-t{ACL_TABLE}") is not None)


def page_url(broker: MosquittoProcess, page: str, user: str, query: str = "",
             password: str | None = None, fragment: str = "") -> str:
    """A page of web/ on the broker's own http_dir, logged in as `user`: the login in the
    address's fragment (with `fragment`'s own keys), which the page keeps in its storage and
    takes out of the address (docs/web.md "The login"; a password in the query is never
    used)."""
    secret = broker.users[user] if password is None else password
    return (broker.ws_url.replace("ws://", "http://") + f"/{page}/index.html?"
            f"tournament={ACL_TOURNAMENT}&user={user}{query}#user={user}&password={secret}"
            + (f"&{fragment}" if fragment else ""))


def keep_screenshot(page: Page, tmp: Path, name: str) -> Path:
    """A screenshot, copied to $MAFIAKIT_SCREENSHOTS when it is set (the README's images)."""
    shot = tmp / name
    page.screenshot(path=str(shot), full_page=True)
    keep = os.environ.get("MAFIAKIT_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(keep) / name)
    return shot
