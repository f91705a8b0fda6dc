"""The overlay served over TLS by the production listener (deploy/mosquitto, port 9443) talks
to OBS on the same machine: an https page may open a plain `ws://` socket to localhost (a
potentially trustworthy origin, so not mixed content) and is a secure context, so the browser
can answer OBS's SHA-256 challenge (docs/web.md "OBS scenes").

This module starts its own Chromium with HTTP/2 off: mosquitto 2.0.11 with Debian's
libwebsockets offers HTTP/2 on its TLS listener and then fails every page request over it
(Chromium: ERR_HTTP2_PROTOCOL_ERROR; a known mosquitto problem, reported in docs/web.md),
which is not what this test is about."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from bus.config import BrokerConfig
from tests.bus.test_deploy import production  # noqa: F401  (the fixture)
from tests.web.conftest import chromium_path
from tests.web.test_obs import SCENES, fake_obs, obs_query
from tests.web.test_overlay import WAIT_MS


@pytest.fixture(scope="module")
def chromium_http1() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(),
                                             args=["--no-sandbox", "--disable-http2"])
        yield browser
        browser.close()


def test_the_production_https_overlay_answers_obs_on_localhost(
    production: tuple[BrokerConfig, dict[str, str]],  # noqa: F811
    chromium_http1: Browser, tmp_path: Path
) -> None:
    port = int((tmp_path / "wss_port").read_text())
    # the venue CA is trusted by ignoring the check, as the stream PC trusts it once installed
    context = chromium_http1.new_context(ignore_https_errors=True)
    try:
        with fake_obs("secret") as obs:
            page = context.new_page()
            page.goto(f"https://127.0.0.1:{port}/overlay/index.html?"
                      + obs_query(obs.url, "secret", SCENES))
            page.wait_for_function("window.obsState.link === 'identified'", timeout=WAIT_MS)
            assert page.evaluate("window.isSecureContext") is True
            assert page.evaluate("window.obsState.problem") is None
            assert len(obs.identifies) == 1 and "authentication" in obs.identifies[0]["d"]
    finally:
        context.close()
