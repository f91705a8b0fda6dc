"""No page shows a raw key, on a whole game (issue 27: a page fell back to "vote_cancelled"
where a word was missing). A real table plays a whole random game to its end and the
judge's signature at a real hub, on the production ACL; the overlay, the head judge's page
and the player's page, and the followers' page behind the venue's bridge, each in Russian in
a real headless Chromium, record every text they show as they show it. None may hold a key
("vote_cancelled", "step.vote", or a bare value such as "kill": Russian text has no Latin
word of the vocabulary), "undefined", "NaN" or an unfilled {placeholder}, and no page may
warn of a missing word (common/live.js `words`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page

from bus.broker import MosquittoProcess
from bus.testing import ACL_OVERLAY_USER, ACL_TABLE
from device.table.service import TableService
from engine.vocab import InfoClass
from tests.hub.helpers import actions_of, play, stored, wait_for
from tests.web.conftest import PHONE, hub_and_table, page_url
from tests.web.test_followers_page import follower_url, round_behind_the_bridge
from words import TEXTS

TIMEOUT = 30_000
SEED = 3  # a random game with votes, nights, a farewell and after-game lines

# Every text a page shows, as it shows it (the body's visible text after each change), and
# every console warning.
RECORD = """
window.textsSeen = [];
window.wordWarnings = [];
const warn = console.warn.bind(console);
console.warn = (...args) => { window.wordWarnings.push(args.join(" ")); warn(...args); };
document.addEventListener("DOMContentLoaded", () => {
  let queued = false;
  const note = () => {
    queued = false;
    const text = document.body.innerText;
    if (window.textsSeen[window.textsSeen.length - 1] !== text) window.textsSeen.push(text);
  };
  new MutationObserver(() => {
    if (!queued) { queued = true; setTimeout(note, 0); }
  }).observe(document.body, { subtree: true, childList: true, characterData: true,
                              attributes: true });
  note();
});
"""

# a catalogue key or an enum value as the pages get them: snake_case or dotted; what a
# template or a lookup leaves behind when it misses
RAW = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b|\b[a-z_]+\.[a-z_]+\b|\bundefined\b|\bNaN\b"
                 r"|\[object |\{\w+\}")
# every last part of a key ("kill" of left.kill, "red" of winner.red): in Russian text, a
# Latin lower-case word that is one of them is a value shown instead of its word
VALUES = {key.rsplit(".", 1)[-1] for key in TEXTS} - {""}
LATIN = re.compile(r"\b[a-z]+\b")


def opened(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(RECORD)
    page = context.new_page()
    page.goto(url)
    return page


def raw_words(page: Page) -> list[str]:
    texts: list[str] = page.evaluate("window.textsSeen")
    assert len(texts) > 3, texts  # the page did draw, several times
    found = {m.group(0) for text in texts for m in RAW.finditer(text)}
    found |= {m.group(0) for text in texts for m in LATIN.finditer(text)
              if m.group(0) in VALUES}
    return sorted(found)


def warnings(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.wordWarnings")
    return [w for w in found if "no word" in w]


def step_by_step(table: TableService, page: Page, drawn: Callable[[int], str]) -> None:
    """The whole game, one line at a time, each once `page` has drawn the table's public
    snapshot (`drawn(seq)`: that condition in the page's script)."""
    for line in actions_of(SEED):
        play(table, [line])
        seq = table.screen_seqs.seq[InfoClass.PUBLIC]
        page.wait_for_function(drawn(seq), timeout=TIMEOUT)


def test_no_page_at_the_venue_shows_a_raw_key_on_a_whole_game(
        private_acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path) -> None:
    broker = private_acl_broker
    with hub_and_table(broker, tmp_path) as (hub, table):
        player = table.names[0]
        pages = {
            "overlay": opened(chromium, page_url(broker, "overlay", ACL_OVERLAY_USER,
                                                 f"&table={ACL_TABLE}&lang=ru")),
            "judge": opened(chromium, page_url(broker, "judge", "head-judge", "&lang=ru")),
            "player": opened(chromium, page_url(broker, "player", "player",
                                                f"&lang=ru&player={player}")),
        }
        try:
            pages["judge"].wait_for_selector("#app[data-state=live]", timeout=TIMEOUT)
            step_by_step(table, pages["overlay"],
                         lambda seq: f"window.overlayDrawn.some((d) => d.seq >= {seq})")
            game = f"r1-t{ACL_TABLE}"
            wait_for("the protocol at the hub",
                     lambda: stored(hub).protocol(ACL_TABLE, game) is not None)
            pages["overlay"].wait_for_selector("#banner:not([hidden])", timeout=TIMEOUT)
            pages["player"].wait_for_selector(f"#games .game[data-game='{game}']",
                                              timeout=TIMEOUT)
            judge = pages["judge"]
            card = f"#protocol-list .protocol[data-game='{game}']"
            judge.click("nav .tab[data-tab=protocols]")
            judge.wait_for_selector(card, timeout=TIMEOUT)
            # a decision the hub refuses (the result it already counts): its reason in words
            winner = judge.get_attribute(card, "data-winner")
            judge.click(f"{card} button[data-kind=change_result]")
            judge.select_option("#winner", winner)
            judge.fill("#who", "Иванова")
            judge.fill("#why", "Проверка протокола")
            judge.click("#decide-next")
            judge.click("#decide-yes")
            judge.wait_for_selector("#reply-text[data-outcome=refused]", timeout=TIMEOUT)
            assert "уже засчитана" in judge.inner_text("#reply-text")
            judge.click("#decide-close")
            for tab in ("tables", "standings", "decisions"):
                judge.click(f"nav .tab[data-tab={tab}]")
            for name, page in pages.items():
                page.wait_for_timeout(300)  # the last change recorded
                assert raw_words(page) == [], name
                assert warnings(page) == [], name
            assert "Победа" in pages["overlay"].inner_text("#banner")
        finally:
            for page in pages.values():
                page.context.close()


def test_the_followers_page_shows_no_raw_key_on_a_whole_game(chromium: Browser,
                                                              tmp_path: Path) -> None:
    with round_behind_the_bridge(tmp_path, ("1",)) as (_, outside, _, hub, tables):
        page = opened(chromium, follower_url(outside, "ru"))
        try:
            page.wait_for_selector("#app[data-state=live]", timeout=TIMEOUT)
            step_by_step(tables["1"], page, lambda seq: (
                "[...document.querySelectorAll('#tables .table[data-table=\"1\"]')]"
                f".some((c) => +c.dataset.seq >= {seq})"))
            wait_for("the protocol at the hub",
                     lambda: stored(hub).protocol("1", "r1-t1") is not None)
            page.wait_for_selector("#tables .table[data-table='1'][data-winner]:not("
                                   "[data-winner=''])", timeout=TIMEOUT)
            page.wait_for_selector("#games .game[data-table='1']", state="attached",
                                   timeout=TIMEOUT)
            for tab in ("standings", "games", "tables"):
                page.click(f"#tabs button[data-tab={tab}]")
            page.wait_for_timeout(300)
            assert raw_words(page) == []
            assert warnings(page) == []
            assert "Победа" in page.inner_text("#tables .table[data-table='1'] .banner")
        finally:
            page.context.close()
