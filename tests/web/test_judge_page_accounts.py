"""The head judge's page on personal accounts (`head-judge-NAME`, docs/web.md "Who decided")
and the hub's refusals in the page's language, in a real headless Chromium against the real
hub, a real table and the production ACL."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page

from bus.broker import MosquittoProcess
from bus.testing import ACL_TABLE
from engine.roles import Role
from tests.classic import classic_game
from tests.hub.helpers import stored
from tests.web.conftest import PHONE, hub_and_table, page_url, play_to_the_protocol
from tests.web.test_judge_page import CARD, GAME, TIMEOUT


def ask(page: Page, kind: str, **fields: str) -> str:
    """Open `kind` on the game's card, fill `fields`, confirm; the hub's answer as shown."""
    page.bring_to_front()  # two phones in one browser: a tab in the back gets no frames
    page.click("nav .tab[data-tab=protocols]")
    page.click(f"{CARD} button[data-kind={kind}]")
    for name, value in fields.items():
        if name in ("winner", "remedy"):
            page.select_option(f"#{name}", value)
        else:
            page.fill(f"#{name}", value)
    page.fill("#why", "approved after the game")
    page.click("#decide-next")
    page.click("#decide-yes")
    page.wait_for_selector("#reply-text:not([data-outcome=sent])", timeout=TIMEOUT)
    text = page.locator("#reply-text").inner_text()
    page.click("#decide-close")
    return text


def test_each_head_judge_decides_as_himself_and_reads_refusals_in_his_language(
        private_acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path) -> None:
    broker = private_acl_broker
    with hub_and_table(broker, tmp_path) as (hub, table):
        play_to_the_protocol(hub, table)
        context = chromium.new_context(viewport=PHONE)
        try:
            anna, boris = context.new_page(), context.new_page()
            anna.goto(page_url(broker, "judge", "head-judge-anna", "&lang=ru"))
            boris.goto(page_url(broker, "judge", "head-judge-boris", "&lang=en"))
            for page in (anna, boris):
                page.bring_to_front()
                page.wait_for_selector("#app[data-state=live]", timeout=TIMEOUT)
                page.click("nav .tab[data-tab=protocols]")
                page.wait_for_selector(CARD, timeout=TIMEOUT)

            # 000 III.4: extra points of 5 are outside any limit; the engine refuses the
            # line, and each page says so in its own language, the engine's words included
            said_ru = ask(anna, "extra_points", seat="4", points="5")
            said_en = ask(boris, "extra_points", seat="4", points="5")
            because = anna.evaluate("window.judgeState.replies.at(-1).reason")
            assert because["key"] == "rules"
            texts = because["params"]["because"]
            assert texts["ru"].startswith("доп. баллы: 5.0 для №4 ")
            assert texts["en"].startswith("extra points: 5.0 for seat 4 ")
            assert said_ru == ("Хаб отклонил: правила не позволяют это решение "
                               f"(игра {GAME}, стол {ACL_TABLE}): {texts['ru']}")
            assert said_en == ("The hub refused: the rules do not allow this decision "
                               f"(game {GAME}, table {ACL_TABLE}): {texts['en']}")
            # the result the game already has, keyed by the hub's own check
            winner = classic_game(table).state.winner
            assert winner is not None
            said_en = ask(boris, "change_result", winner=str(winner))
            word = {"red": "Red team wins", "black": "Black team wins", "draw": "Draw"}[winner]
            assert said_en == (f"The hub refused: game {GAME} at table {ACL_TABLE} already "
                               f"counts as: {word}")
            assert stored(hub).decisions() == []

            # the account decides: the field shows it and cannot be changed
            anna.bring_to_front()
            anna.click(f"{CARD} button[data-kind=extra_points]")
            assert anna.input_value("#who") == "head-judge-anna"
            assert anna.get_attribute("#who", "readonly") is not None
            anna.click("#decide-cancel")
            roles = stored(hub).protocol(ACL_TABLE, GAME)["reveal"]["roles"]  # type: ignore[index]
            seat = next(n for n in range(1, 11) if Role(roles[str(n)]).team.value == winner)
            said = ask(anna, "extra_points", seat=str(seat), points="0.3")  # 000 III.4: 0.2-0.7
            assert said == "Записано: решение №1"
            assert ask(boris, "protest_filed", seat="2") == "Recorded: decision no. 2"
            assert [(d[2], d[4]) for d in stored(hub).decisions()] == [
                ("head-judge-anna", "extra_points"), ("head-judge-boris", "protest_filed")]
            # the hub's alerts, each in the page's language with its parameters
            for page, text in ((anna, f"Стол {ACL_TABLE}: протест места 2 в игре {GAME} ждёт "
                                      "решения главного судьи"),
                               (boris, f"Table {ACL_TABLE}: the protest of seat 2 in game "
                                       f"{GAME} awaits the head judge")):
                page.bring_to_front()
                page.click("nav .tab[data-tab=tables]")
                page.wait_for_selector("#alerts .protest", timeout=TIMEOUT)
                assert page.locator("#alerts .protest").inner_text() == text
            window = boris.locator("#alerts .protest_window").inner_text()
            assert window.startswith(f"Table {ACL_TABLE}: protest window open, ")
            assert window.endswith(f" left (game {GAME})")
            boris.click("nav .tab[data-tab=decisions]")
            boris.wait_for_function(
                "document.querySelectorAll('#decision-list .decision').length === 2",
                timeout=TIMEOUT)
            listed = boris.locator("#decision-list").inner_text()
            assert "head-judge-anna" in listed and "head-judge-boris" in listed
        finally:
            context.close()
