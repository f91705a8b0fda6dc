"""Passwords out of page addresses (issue 24, item 7): a login form that keeps the account in
the page's storage; an OBS browser source gives it once in the address's fragment, which
never leaves the browser and which the page takes out of the address at once; a password in
the query is never used. In a real headless Chromium on the ACL broker."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page

from bus.broker import MosquittoProcess
from bus.testing import ACL_OVERLAY_USER, ACL_TABLE, ACL_TABLE_USER, ACL_TOURNAMENT
from engine.log import header
from tests.web.conftest import NAMES, PHONE, keep_screenshot, overlay_url, start_table

WAIT_MS = 15_000


def judge_page(broker: MosquittoProcess, query: str = "") -> str:
    return (broker.ws_url.replace("ws://", "http://")
            + f"/judge/index.html?tournament={ACL_TOURNAMENT}&lang=en{query}")


def no_password_in(page: Page, secret: str) -> None:
    assert secret not in page.url and "password" not in page.url


def test_the_head_judge_logs_in_once_and_the_phone_keeps_it(
        acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path) -> None:
    secret = acl_broker.users["head-judge"]
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(judge_page(acl_broker))
        page.wait_for_selector("#login", timeout=WAIT_MS)  # no account yet: the broker refused
        assert page.locator("#app").get_attribute("data-state") == "refused"
        keep_screenshot(page, tmp_path, "judge-login-en.png")
        page.fill("#login-user", "head-judge")
        page.fill("#login-password", secret)
        page.click("#login-go")
        page.wait_for_selector("#app[data-state=live]", timeout=WAIT_MS)
        assert page.locator("#login").count() == 0
        no_password_in(page, secret)
        page.goto(judge_page(acl_broker))  # the bookmark, next morning: kept on the phone
        page.wait_for_selector("#app[data-state=live]", timeout=WAIT_MS)
        assert page.locator("#login").count() == 0 and page.locator("#logout").is_visible()
        keep_screenshot(page, tmp_path, "judge-logged-in-en.png")
        page.click("#logout")  # forgets it
        page.wait_for_selector("#login", timeout=WAIT_MS)
        stored = page.evaluate("JSON.stringify(localStorage)")
        assert secret not in stored
    finally:
        context.close()


def test_a_password_in_the_query_is_never_used_and_leaves_the_address(
        acl_broker: MosquittoProcess, chromium: Browser) -> None:
    secret = acl_broker.users["player"]
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        base = acl_broker.ws_url.replace("ws://", "http://")
        page.goto(f"{base}/player/index.html?tournament={ACL_TOURNAMENT}&lang=en"
                  f"&user=player&password={secret}")
        page.wait_for_selector("#login", timeout=WAIT_MS)
        assert page.locator("#login-note").inner_text() == (
            "A password in the address is not used: type it here")
        no_password_in(page, secret)
        assert "user=player" in page.url  # the account's name is no secret
        assert page.input_value("#login-user") == "player"
        assert secret not in page.evaluate("JSON.stringify(localStorage)")
    finally:
        context.close()


def test_an_obs_source_gives_its_login_once_in_the_fragment(
        acl_broker: MosquittoProcess, page: Page, tmp_path: Path) -> None:
    secret = acl_broker.users[ACL_OVERLAY_USER]
    url = acl_broker.config(ACL_TABLE_USER).url(with_password=True)
    table = start_table(url, tmp_path / "t.sqlite", ACL_TOURNAMENT, ACL_TABLE)
    try:
        table.new_game(header("cml", game=7))
        table.set_names(NAMES)
        address = f"tournament={ACL_TOURNAMENT}&table={ACL_TABLE}&lang=en"
        page.goto(overlay_url(acl_broker.ws_url,
                              f"{address}#user={ACL_OVERLAY_USER}&password={secret}"))
        page.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)
        no_password_in(page, secret)
        page.goto(overlay_url(acl_broker.ws_url, address))  # OBS restarts: kept
        page.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)
        page.wait_for_function("window.overlayState.snapshot !== null", timeout=WAIT_MS)
        assert page.locator("#seats .name").all_inner_texts() == NAMES
    finally:
        table.close()
