"""The pages speak the screens' vocabulary: a word the scoreboard uses for a thing is the word
the pages use for it (issue 25: the overlay said "голосование" for a player voted out, where
every other screen says "заголосован")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from words import t

from bus.broker import MosquittoProcess
from engine.vocab import Cause, ClubOutCause
from tests.web.conftest import overlay_url


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_how_a_player_left_reads_the_same_on_the_overlay_and_the_scoreboard(
        web_broker: MosquittoProcess, page: Page, lang: str) -> None:
    page.goto(overlay_url(web_broker.ws_url, f"tournament=cup&table=3&lang={lang}"))
    left = page.evaluate(f"Live.words('{lang}').left")
    causes = [*(c.value for c in Cause), *(c.value for c in ClubOutCause), "other"]
    assert left == {cause: t(lang, f"left.{cause}") for cause in causes}
    if lang == "ru":
        assert left["vote"] == "заголосован" and left["kill"] == "убит"
