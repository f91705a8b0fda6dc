"""Browser fixtures: a real headless Chromium (Debian's `chromium`) driven by Playwright, and a
mosquitto with a WebSockets listener that also serves the kit's pages (web/)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from bus.broker import WEB_DIR, MosquittoProcess
from device.config import TableSettings
from device.service import TableService

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
