"""The head judge's page (web/judge/) in a real headless Chromium on a phone-sized viewport,
against the real hub, a real table and the production ACL (account `head-judge`): a result
changed through the hub, the standings following it, a refused decision showing the hub's
reason, a protest recorded and accepted with a penalty. The screenshots go to
$MAFIAKIT_SCREENSHOTS when it is set (the README's images come from there)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page

from bus.broker import MosquittoProcess
from bus.testing import ACL_TABLE
from engine.roles import Role
from tests.hub.helpers import stored
from tests.web.conftest import PHONE, hub_and_table, keep_screenshot, page_url, play_to_the_protocol

GAME = f"r1-t{ACL_TABLE}"
STANDINGS = ("Object.fromEntries(((window.judgeState.judge || {}).standings || [])"
             ".map(r => [r.player, r.total]))")
CARD = f"#protocol-list .protocol[data-game='{GAME}']"
TIMEOUT = 30_000


def totals(page: Page) -> dict[str, float]:
    """Each player's total in the standings the page has (the hub's judge state)."""
    page.wait_for_function(f"Object.keys({STANDINGS}).length > 0", timeout=TIMEOUT)
    got: dict[str, float] = page.evaluate(STANDINGS)
    return got


def decide(page: Page, kind: str, **fields: str) -> None:
    """Open `kind` on the game's card, fill `fields` (remedy, seat, points), confirm, and
    wait for the hub's "recorded"."""
    page.click(f"{CARD} button[data-kind={kind}]")
    if "remedy" in fields:
        page.select_option("#remedy", fields.pop("remedy"))
    for name, value in fields.items():
        page.fill(f"#{name}", value)
    page.fill("#why", "Протест записан в протоколе в течение 10 минут")
    page.click("#decide-next")
    page.click("#decide-yes")
    page.wait_for_selector("#reply-text[data-outcome=ok]", timeout=TIMEOUT)
    page.click("#decide-close")


def test_the_head_judge_changes_a_result_through_the_hub_and_a_refusal_shows_why(
        private_acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path) -> None:
    broker = private_acl_broker
    with hub_and_table(broker, tmp_path) as (hub, table):
        play_to_the_protocol(hub, table)
        at_table = table.table_game.state.winner
        changed = "black" if at_table == "red" else "red"
        context = chromium.new_context(viewport=PHONE)
        page = context.new_page()
        try:
            page.goto(page_url(broker, "judge", "head-judge", "&lang=ru"))
            page.wait_for_selector("#app[data-state=live]", timeout=TIMEOUT)
            page.wait_for_selector(f"#table-list .table[data-table='{ACL_TABLE}'] .winner",
                                   timeout=TIMEOUT)
            # 000 III.15.1: the protest window, in the page's language
            assert page.locator("#alerts .protest_window").inner_text().startswith(
                f"Стол {ACL_TABLE}: открыто окно протеста, осталось ")
            keep_screenshot(page, tmp_path, "judge-tables-ru.png")
            page.click("nav .tab[data-tab=protocols]")
            page.wait_for_selector(f"{CARD}[data-winner={at_table}]", timeout=TIMEOUT)
            assert page.locator(f"{CARD} .players li").count() == 10
            assert page.locator(f"{CARD} .players .role").count() == 10  # the game is over

            before = totals(page)
            assert len(before) == 10
            page.click(f"{CARD} button[data-kind=change_result]")
            page.select_option("#winner", changed)
            page.click("#decide-next")  # nothing filled in: asked for, nothing sent
            assert page.locator("#decide-problem").inner_text() == "Укажите, кто решает"
            page.fill("#who", "Главный судья Петрова")
            page.fill("#why", "Протест: голоса на втором дне подсчитаны неверно")
            page.click("#decide-next")
            confirm = page.locator("#confirm-text").inner_text()
            assert f"Стол {ACL_TABLE}" in confirm and "Петрова" in confirm
            keep_screenshot(page, tmp_path, "judge-confirm-ru.png")
            assert stored(hub).decisions() == []  # nothing before the confirmation
            page.click("#decide-yes")
            page.wait_for_selector("#reply-text[data-outcome=ok]", timeout=TIMEOUT)
            assert page.locator("#reply-text").inner_text() == "Записано: решение №1"
            [(_, _, who, why, kind, table_id, game_id, args)] = stored(hub).decisions()
            # the shared account: the typed name, marked as typed there (docs/web.md)
            assert (who, kind, table_id, game_id, args) == (
                "Главный судья Петрова (head-judge)", "change_result", ACL_TABLE, GAME,
                {"winner": changed})
            assert why.startswith("Протест")
            page.click("#decide-close")
            page.wait_for_selector(f"{CARD}[data-winner={changed}]", timeout=TIMEOUT)
            assert page.locator(f"{CARD} .overruled").count() == 1  # the table's result, struck
            # The aggregate counts the changed result, and the standings follow it (000 III.16):
            # every player of the new winning team gains, every other one loses.
            page.wait_for_function(
                "([game, winner]) => window.judgeState.judge.games.some("
                "g => g.game_id === game && g.winner === winner)",
                arg=[GAME, changed], timeout=TIMEOUT)
            page.wait_for_function(
                f"JSON.stringify({STANDINGS}) !== {json.dumps(json.dumps(before))}",
                timeout=TIMEOUT)
            after = totals(page)
            roles = stored(hub).protocol(ACL_TABLE, GAME)["reveal"]["roles"]  # type: ignore[index]
            for seat, name in enumerate(table.names, start=1):
                gained = Role(roles[str(seat)]).team.value == changed
                assert (after[name] > before[name]) if gained else (after[name] < before[name])
            keep_screenshot(page, tmp_path, "judge-protocols-ru.png")
            page.click("nav .tab[data-tab=decisions]")
            assert "Петрова" in page.locator("#decision-list .decision").inner_text()
            keep_screenshot(page, tmp_path, "judge-decisions-ru.png")
            page.click("nav .tab[data-tab=standings]")
            shown = {row.get_attribute("data-player"): float(row.locator(".total").inner_text())
                     for row in page.locator("#standings-table tbody tr").all()}
            assert shown == after
            keep_screenshot(page, tmp_path, "judge-standings-ru.png")

            # the same result again: the hub refuses, the page shows its reason
            page.click("nav .tab[data-tab=protocols]")
            page.click(f"{CARD} button[data-kind=change_result]")
            page.select_option("#winner", changed)
            page.fill("#why", "ещё раз")
            page.click("#decide-next")
            page.click("#decide-yes")
            page.wait_for_selector("#reply-text[data-outcome=refused]", timeout=TIMEOUT)
            reason = page.locator("#reply-text").inner_text()
            # the hub's words (hub/remote.py), in the page's language
            counted = {"red": "Победа красных", "black": "Победа чёрных"}[changed]
            assert reason == (f"Хаб отклонил: игра {GAME} стола {ACL_TABLE} уже засчитана так: "
                              f"{counted}")
            assert page.evaluate("window.judgeState.replies.at(-1).error") == (
                f"game {GAME} at table {ACL_TABLE} already counts as a {changed} win")
            keep_screenshot(page, tmp_path, "judge-refused-ru.png")
            assert len(stored(hub).decisions()) == 1
            page.click("#decide-close")

            # a protest by seat 4, then accepted with a penalty (000 III.15): the standings
            # take the points from that player only
            decide(page, "protest_filed", seat="4")
            page.wait_for_selector(f"{CARD} button[data-kind=protest_accepted]", timeout=TIMEOUT)
            penalised = table.names[3]
            decide(page, "protest_accepted", remedy="penalty", seat="4", points="0.5")
            page.wait_for_function(f"{STANDINGS}[{json.dumps(penalised)}] < {after[penalised]}",
                                   timeout=TIMEOUT)
            now = totals(page)
            assert now[penalised] == round(after[penalised] - 0.5, 2)
            assert {k: v for k, v in now.items() if k != penalised} == {
                k: v for k, v in after.items() if k != penalised}
            assert [d[4] for d in stored(hub).decisions()] == [
                "change_result", "protest_filed", "protest_accepted"]
            assert stored(hub).protocol(ACL_TABLE, GAME)["result"]["winner"] == at_table  # type: ignore[index]
        finally:
            context.close()


def test_the_head_judge_page_in_english_and_a_wrong_password(
        private_acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path) -> None:
    broker = private_acl_broker
    with hub_and_table(broker, tmp_path):
        context = chromium.new_context(viewport=PHONE)
        page = context.new_page()
        try:
            page.goto(page_url(broker, "judge", "head-judge", "&lang=en"))
            page.wait_for_selector(f"#table-list .table[data-table='{ACL_TABLE}']",
                                   timeout=TIMEOUT)
            assert page.locator("nav").inner_text().split() == [
                "Tables", "Standings", "Protocols", "Decisions"]
            page.goto(page_url(broker, "judge", "head-judge", "&lang=en", password="x"))
            page.wait_for_selector("#app[data-state=refused]", timeout=TIMEOUT)
            assert "refused" in page.locator("#link").inner_text()
            assert page.locator("#login").is_visible()  # asks for the account again
        finally:
            context.close()
