"""No page shows a result or a role while the game runs, whatever a broker still keeps
(issue 24, item 1): the overlay draws them only while the public snapshot's phase is the end
AND the protocol is that game's; the head judge's and the player's pages leave out a game
the hub's own state shows being played. The attack: a protocol a broker restored from
before an undo of the end made the overlay show "Red team wins" and every role mid-game.

Each test first shows the reveal where it belongs (so the check can fail), then puts the
stale copy back on the broker, retained, as a broker that lost the undo would hold it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.testing import connected_client, next_of, raw_publish
from bus.topics import hub_topic, table_topic
from engine.classic.log import action_to_dict
from engine.classic.playout import Mix, random_game
from engine.log import header
from tests.web.conftest import NAMES, PHONE, overlay_url, start_table
from tests.web.hubpages import hub_page

WAIT_MS = 15_000
T, N = "cup", "3"
GAME = "r1-t3"


def test_the_overlay_shows_no_result_of_a_game_that_runs_again(
        web_broker: MosquittoProcess, page: Page, tmp_path: Path) -> None:
    protocol = table_topic(T, N, "protocol")
    watcher = connected_client(web_broker.config(), "watcher", protocol)
    table = start_table(web_broker.url, tmp_path / "j.sqlite")
    try:
        table.new_game(header("cml", game=1))
        table.set_names(NAMES)
        for action in random_game("cml", 11, Mix(undo=0.0)).entered:
            assert table.submit_line(action_to_dict(action))[0]
        reveal = next_of(watcher, Received, lambda i: i.topic == protocol and bool(i.payload))
        page.goto(overlay_url(web_broker.ws_url, f"tournament={T}&table={N}&lang=en"))
        page.wait_for_selector("#overlay[data-winner]:not([data-winner=''])", timeout=WAIT_MS)
        assert page.locator("#seats .role").count() == 10  # decided: the reveal is drawn
        while table.table_game.state.finished:
            assert table.submit_line({"action": "undo"})[0]
        page.wait_for_function("window.overlayState.protocol === null", timeout=WAIT_MS)
        raw_publish(web_broker.config(), [(protocol, reveal.payload, True)])  # the stale copy
        page.wait_for_function("window.overlayState.protocol !== null", timeout=WAIT_MS)
        assert page.evaluate("window.overlayState.snapshot.view.phase") != "finished"
        assert page.get_attribute("#overlay", "data-winner") == ""
        assert page.locator("#seats .role").count() == 0
        assert page.locator("#banner").is_hidden()
        page.reload()  # a page that starts now gets both retained: the same
        page.wait_for_function("window.overlayState.protocol !== null"
                               " && window.overlayState.snapshot !== null", timeout=WAIT_MS)
        assert page.locator("#seats .role").count() == 0
        assert page.get_attribute("#overlay", "data-winner") == ""
    finally:
        watcher.close()
        table.close()


def _protocol_card(table: str) -> dict[str, Any]:
    roles = {"1": "sheriff", "2": "don", "5": "mafia", "8": "mafia"}
    return {"table": table, "game_id": GAME, "round": 1, "players": NAMES,
            "roles": {str(s): roles.get(str(s), "citizen") for s in range(1, 11)},
            "termination": "all_black_out", "table_winner": "red", "winner": "red",
            "counts": True, "extra_points": [], "removed": []}


def _judge_state(phase: str) -> dict[str, Any]:
    return {"tournament": T, "name": "Cup", "as_of": "2026-11-29T18:30:00+00:00",
            "tables": [{"table": N, "state": "online", "game_id": GAME, "phase": phase,
                        "winner": "red", "seq": 40, "gap": False}],
            "alerts": [], "games": [], "standings": None, "standings_as_of": {},
            "decisions": [], "protests": [], "rounds": [1], "club_games": [],
            "club_evening": None, "club_dates": []}


def test_the_judges_page_leaves_out_a_game_its_table_plays_again(
        web_broker: MosquittoProcess, page: Page) -> None:
    page.set_viewport_size(PHONE)
    rounds = hub_topic(T, "judge/rounds/1")
    state = hub_topic(T, "judge/state")
    card = f"#protocol-list .protocol[data-game='{GAME}']"
    raw_publish(web_broker.config(), [
        (rounds, hub_page("judge/rounds/1", {"round": 1, "protocols": [_protocol_card(N)]}),
         True),
        (state, hub_page("judge/state", _judge_state("finished")), True)])
    base = web_broker.ws_url.replace("ws://", "http://")
    page.goto(f"{base}/judge/index.html?tournament={T}&lang=en")
    page.click("nav .tab[data-tab=protocols]")
    page.wait_for_selector(f"{card} .role", timeout=WAIT_MS)  # decided: roles shown
    assert page.locator("#table-list .winner").count() == 1
    raw_publish(web_broker.config(), [(state, hub_page("judge/state", _judge_state("day")), True)])
    page.wait_for_function("window.judgeState.judge.tables[0].phase === 'day'",
                           timeout=WAIT_MS)
    assert page.locator(card).count() == 0
    assert page.locator("#protocol-list .role").count() == 0
    assert page.locator("#table-list .winner").count() == 0


def test_the_players_page_leaves_out_a_game_its_table_plays_again(
        web_broker: MosquittoProcess, page: Page) -> None:
    page.set_viewport_size(PHONE)
    me = NAMES[1]  # the don of the card

    def players(next_round: int) -> bytes:
        return hub_page("public/players", {
            "tournament": T, "name": "Cup", "as_of": "2026-11-29T18:30:00+00:00",
            "rounds": [1], "standings": None, "standings_as_of": {},
            "players": [{"player": name, "next": {"round": next_round, "table": N,
                                                  "seat": seat}}
                        for seat, name in enumerate(NAMES, start=1)]})

    card = _protocol_card(N)
    game = {"table": N, "game_id": GAME, "winner": "red", "counts": True, "players": NAMES,
            "roles": [card["roles"][str(s)] for s in range(1, 11)], "points": [0.0] * 10}
    raw_publish(web_broker.config(), [
        (hub_topic(T, "public/rounds/1"),
         hub_page("public/rounds/1", {"round": 1, "games": [game]}), True),
        (hub_topic(T, "public/players"), players(2), True)])
    base = web_broker.ws_url.replace("ws://", "http://")
    page.goto(f"{base}/player/index.html?tournament={T}&lang=en&player={me}")
    shown = f"#games .game[data-game='{GAME}']"
    page.wait_for_selector(f"{shown}[data-role=don]", timeout=WAIT_MS)  # decided: shown
    raw_publish(web_broker.config(), [(hub_topic(T, "public/players"), players(1), True)])
    page.wait_for_function("window.playerState.data.players[0].next.round === 1",
                           timeout=WAIT_MS)
    assert page.locator(shown).count() == 0
    assert page.locator("#games .role").count() == 0
