"""The pages speak the catalogue's words (words/, docs/architecture.md "One word catalogue"):
the page served by the broker holds the same catalogue as Python, so a thing has one word on
every screen and page (issue 25: the overlay said "голосование" for a player voted out,
where every other screen says "заголосован"); a word the page lacks never shows as its key."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from bus.broker import MosquittoProcess
from engine.vocab import Cause, ClubOutCause
from tests.web.conftest import overlay_url
from words import LANGS, TEXTS, t


def test_the_page_holds_the_pythons_catalogue(web_broker: MosquittoProcess, page: Page) -> None:
    page.goto(overlay_url(web_broker.ws_url, "tournament=cup&table=3"))
    books = page.evaluate("JSON.stringify(WordCatalogue)")
    for lang, book in json.loads(books).items():
        for key, pair in TEXTS.items():
            if not key.startswith("refusal."):
                assert book[key] == pair[LANGS.index(lang)].replace("{{", "{").replace(
                    "}}", "}"), key


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_how_a_player_left_reads_the_same_on_the_overlay_and_the_scoreboard(
        web_broker: MosquittoProcess, page: Page, lang: str) -> None:
    page.goto(overlay_url(web_broker.ws_url, f"tournament=cup&table=3&lang={lang}"))
    causes = [*(c.value for c in Cause), *(c.value for c in ClubOutCause), "other"]
    left = page.evaluate(f"{json.dumps(causes)}.map((c) => Live.words('{lang}')(`left.${{c}}`))")
    assert left == [t(lang, f"left.{cause}") for cause in causes]
    if lang == "ru":
        assert left[:3] == ["заголосован", "поднят", "убит"]


def test_a_missing_word_shows_english_or_plain_words_and_warns(web_broker: MosquittoProcess,
                                                               page: Page) -> None:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(overlay_url(web_broker.ws_url, "tournament=cup&table=3&lang=ru"))
    shown = page.evaluate("""() => {
      const W = Live.words("ru");
      delete WordCatalogue.ru["day_vote.cancelled"];  // a word not yet in Russian
      return [W("day_vote.cancelled"), W("day_vote.vote_cancelled"),
              W("winner.red"), W("table", { table: 3 })];
    }""")
    assert shown == ["The vote is cancelled", "vote cancelled", "Победа красных", "Стол 3"]
    page.wait_for_timeout(200)
    assert [w for w in warnings if "no word" in w] == [
        'mafiakit: no word for "day_vote.cancelled" in "ru"',
        'mafiakit: no word for "day_vote.vote_cancelled" in "ru"']
