"""The head judge's page with the longest `who` and `why` the hub takes (issue 24, item 7): a
2,000-character reason stretched the page to 31,677 px and a right-to-left name reversed the
date after it. Now the hub refuses more than 500 characters (tests/hub/test_requests.py) and
the page wraps what it takes inside the phone's width, each name its own bidi island. Real
hub, real table, production ACL, headless Chromium on a phone-sized viewport."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser

from bus.broker import MosquittoProcess
from bus.testing import ACL_TABLE
from hub.remote import RemoteDesk
from tests.hub.helpers import actions_of, play, stored, wait_for
from tests.web.conftest import PHONE, hub_and_table, keep_screenshot, page_url

GAME = f"r1-t{ACL_TABLE}"
TIMEOUT = 30_000


def test_the_longest_reason_wraps_inside_the_phone(
        private_acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path) -> None:
    broker = private_acl_broker
    with hub_and_table(broker, tmp_path) as (hub, table):
        play(table, actions_of(3))
        wait_for("the protocol at the hub", lambda: stored(hub).protocol(ACL_TABLE, GAME)
                 is not None)
        desk = RemoteDesk(stored(hub), (ACL_TABLE,), lambda: "2026-11-30T23:30:00+00:00")

        def decide(n: int, who: str, why: str) -> bool:
            reply = desk.decide(json.dumps({
                "schema_version": 1, "request_id": f"page:{n}", "kind": "protest_filed",
                "table": ACL_TABLE, "game_id": GAME, "who": who, "why": why,
                "args": {"seat": n}}).encode(), "head-judge")
            return reply is not None and reply.ok

        assert not decide(1, "Anna", "Ж" * 2000)  # refused: at most 500
        assert decide(2, "Ж" * 40, "Ж" * 500)  # the longest a page can show, one word each
        assert decide(3, "אנה", "the date after a right-to-left name stays where it is")
        context = chromium.new_context(viewport=PHONE)
        page = context.new_page()
        try:
            page.goto(page_url(broker, "judge", "head-judge", "&lang=ru"))
            page.click("nav .tab[data-tab=decisions]")
            page.wait_for_selector("#decision-list .decision[data-id='2']", timeout=TIMEOUT)
            keep_screenshot(page, tmp_path, "judge-long-why.png")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"the page is {width} px wide"
            # one reading in the page itself: the list is drawn again on every state the hub
            # sends (its protest window's clock ticks each second)
            why = page.evaluate("document.querySelector(\"#decision-list .decision[data-id='1']"
                                " .why\").getBoundingClientRect().width")
            assert 0 < why <= PHONE["width"]
            # the name is isolated: the text before it and the date after it keep their order
            name = page.locator("#decision-list .decision[data-id='2'] bdi.who")
            assert name.inner_text() == "אנה (head-judge)"
        finally:
            context.close()
