"""The production https pages in Chromium with its default flags, HTTP/2 on: OBS's browser
source and Chrome on the head judge's phone open `https://BROKER:9443/...` served the way a
venue serves it (deploy/mosquitto: stunnel ends TLS on 9443 and forwards to mosquitto's plain
websockets listener on 127.0.0.1). mosquitto's own TLS there offers HTTP/2 and fails it
(ERR_HTTP2_PROTOCOL_ERROR, docs/web.md "https for browsers"); through the front every page
and the wss link work.

The overlay served over TLS also talks to OBS on the same machine: an https page may open a
plain `ws://` socket to localhost (a potentially trustworthy origin, so not mixed content) and
is a secure context, so the browser can answer OBS's SHA-256 challenge (docs/web.md "OBS
scenes")."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page

from bus.config import BrokerConfig
from engine.log import header
from tests.bus.test_deploy import production, production_run  # noqa: F401  (the fixtures)
from tests.web.conftest import NAMES, start_table
from tests.web.test_obs import SCENES, fake_obs, obs_query
from tests.web.test_overlay import WAIT_MS

# What the browser used for the page it shows (Navigation Timing: "h2" or "http/1.1").
PROTOCOL = "performance.getEntriesByType('navigation')[0].nextHopProtocol"


def https_base(tmp_path: Path) -> str:
    return f"https://127.0.0.1:{int((tmp_path / 'wss_port').read_text())}"


def open_page(browser: Browser, url: str) -> Page:
    # the venue CA is trusted by ignoring the check, as a device trusts it once installed
    context = browser.new_context(ignore_https_errors=True)
    page = context.new_page()
    failed: list[str] = []  # a file of the page that did not load, or a script that threw
    page.on("requestfailed", lambda request: failed.append(f"{request.url}: {request.failure}"))
    page.on("pageerror", lambda error: failed.append(f"script error: {error}"))
    response = page.goto(url)
    assert response is not None and response.status == 200, url
    assert failed == [], failed
    # HTTP/1, never the h2 mosquitto fails (with no ALPN Chromium names the version of the
    # answer, and libwebsockets answers a file as HTTP/1.0)
    assert page.evaluate(PROTOCOL) in ("http/1.0", "http/1.1")
    return page


def test_the_production_https_pages_and_wss_work_in_chromium_with_http2_on(
    production: tuple[BrokerConfig, dict[str, str]],  # noqa: F811
    chromium: Browser, tmp_path: Path
) -> None:
    _, accounts = production
    plain = int((tmp_path / "plain_port").read_text())
    table = start_table(f"mqtt://table-cup-1:{accounts['table-cup-1']}@127.0.0.1:{plain}",
                        tmp_path / "t.sqlite", "cup", "1")
    base = https_base(tmp_path)
    try:
        table.new_game(header("cml", game=5))
        table.set_names(NAMES)
        overlay = open_page(chromium, f"{base}/overlay/index.html?tournament=cup&table=1"
                                      f"#user=scoreboard&password={accounts['scoreboard']}")
        overlay.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)
        overlay.wait_for_function("window.overlayState.snapshot !== null", timeout=WAIT_MS)
        assert overlay.locator("#seats .name").all_inner_texts() == NAMES
        judge = open_page(chromium, f"{base}/judge/index.html?tournament=cup"
                                    f"#user=head-judge&password={accounts['head-judge']}")
        judge.wait_for_function("window.judgeState && window.judgeState.link === true",
                                timeout=WAIT_MS)
        assert judge.evaluate("window.judgeState.refused") is False
        overlay.context.close()
        judge.context.close()
    finally:
        table.close()


def test_the_production_https_overlay_answers_obs_on_localhost(
    production: tuple[BrokerConfig, dict[str, str]],  # noqa: F811
    chromium: Browser, tmp_path: Path
) -> None:
    with fake_obs("secret") as obs:
        page = open_page(chromium, f"{https_base(tmp_path)}/overlay/index.html?"
                         + obs_query(obs.url, "secret", SCENES))
        try:
            page.wait_for_function("window.obsState.link === 'identified'", timeout=WAIT_MS)
            assert page.evaluate("window.isSecureContext") is True
            assert page.evaluate("window.obsState.problem") is None
            assert len(obs.identifies) == 1 and "authentication" in obs.identifies[0]["d"]
        finally:
            page.context.close()
