"""The followers' page (web/followers/) in a real headless Chromium, read from a real outside
broker that the venue's real broker feeds through the production bridge (TLS): a hub and six
table services playing round 1 at the venue, the page served by the outside broker and
logged in with the public `follower` account.

Every table card shows its table's public snapshot; the one decided game shows its roles and
winner (from the hub's rounds page), no running game shows a role; an undo of the decision
takes the roles off the page, the outside broker keeps none for a new follower, and they
come back once decided again; the venue's link going down is said. The reference images
(phone 390x844 and desktop 1920x1080, ru and en) are written to $MAFIAKIT_SCREENSHOTS.
"""

from __future__ import annotations

import contextlib
import functools
import json
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize

from bus.bridge import FOLLOWER
from bus.broker import WEB_DIR, MosquittoProcess
from bus.outside import OutsideBroker, add_bridge
from bus.topics import account_name
from device.table.service import TableService
from device.testing import running_table
from engine.classic.log import action_to_dict
from engine.classic.playout import random_game
from engine.vocab import InfoClass
from hub.config import HubSettings
from hub.roster_csv import write_seating
from hub.seating import TournamentPlan, generate
from hub.service import HubService
from tests.bus.relay import Relay
from tests.bus.test_bridge import QUICK
from tests.hub.helpers import play, running_hub, stored, wait_for
from tests.web.conftest import PHONE, keep_screenshot
from tests.web.test_player_page import deciding_index

T = "cup"
TABLES = [str(n) for n in range(1, 7)]
TIMEOUT = 60_000
DESKTOP: ViewportSize = {"width": 1920, "height": 1080}
ROLE_WORDS = ('"sheriff"', '"don"', '"mafia"', '"citizen"')
NICKS = ["Сова", "Lynx", "Барон", "Mira", "Кит", "Orion", "Туман", "Vega", "Эхо", "Zed",
         "Гром", "Nova", "Лис", "Atlas", "Вьюга", "Echo", "Дрозд", "Pike", "Ирбис", "Rook",
         "Кедр", "Sage", "Мираж", "Tiger", "Полынь", "Umbra", "Рысь", "Viper", "Сокол", "Wren",
         "Тайга", "Xeno", "Филин", "Yeti", "Хаски", "Zora", "Шторм", "Alba", "Ягуар", "Bolt",
         "Бриз", "Cobra", "Волна", "Dune", "Гроза", "Ember", "Дюна", "Frost", "Ёж", "Ghost",
         "Жар", "Haze", "Зенит", "Iris", "Искра", "Jade", "Комета", "Koda", "Луна", "Lotus"]
SEEDS = {"1": 11, "2": 12, "3": 13, "4": 14, "5": 15, "6": 16}


def actions(seed: int) -> list[dict[str, Any]]:
    return [action_to_dict(a) for a in random_game("cml", seed).entered]


@contextlib.contextmanager
def round_behind_the_bridge(tmp: Path, numbers: tuple[str, ...] = tuple(TABLES)) -> Iterator[
        tuple[MosquittoProcess, OutsideBroker, Relay, HubService, dict[str, TableService]]]:
    """Round 1 of six tables (or of `numbers`) at the venue (ACL broker), bridged through a
    relay that can be cut to an outside broker serving web/."""
    users = {name: secrets.token_urlsafe(10) for name in ("hub", "scoreboard")}
    users.update({account_name(T, n): secrets.token_urlsafe(10) for n in numbers})
    with OutsideBroker([T], http_dir=WEB_DIR) as outside:
        bridge = outside.bridge(T)
        with Relay(bridge.outside.host, bridge.outside.port) as relay:
            venue = MosquittoProcess(acl=True, users=users, tables=[(T, n) for n in numbers])
            add_bridge(venue, type(bridge)(bridge.outside.model_copy(
                update={"port": relay.port}), T), QUICK)
            plan = TournamentPlan(players=tuple(NICKS[:10 * len(numbers)]), tables=numbers,
                                  rounds=1)
            seating = tmp / "seating.csv"
            seating.write_text(write_seating(generate(plan, seed=1, effort=0.1)),
                               encoding="utf-8")
            settings = HubSettings(
                tournament=T, name="Кубок Осени 2026", seating=seating,
                database=tmp / "hub.sqlite", heartbeat_s=0.5, resend_s=0.5,
                rebirth_every_s=0.5, aggregate_s=0.2,
                broker={"url": venue.config("hub").url(with_password=True)})
            with venue, running_hub(settings) as hub, contextlib.ExitStack() as stack:
                tables = {n: stack.enter_context(running_table(
                    tmp / f"t{n}.sqlite", venue.config(account_name(T, n)).url(
                        with_password=True), tournament=T, table=n, heartbeat_s=0.5))
                    for n in numbers}
                hub.start_round(1)
                for n, table in tables.items():
                    wait_for(f"table {n} has its round-1 game and roster",
                             functools.partial(has_round_one, table))
                yield venue, outside, relay, hub, tables


def has_round_one(table: TableService) -> bool:
    return table.game_id == f"r1-t{table.table}" and len(table.names) == 10


def follower_url(outside: OutsideBroker, lang: str) -> str:
    return (outside.ws_url.replace("ws://", "http://") + f"/followers/index.html?tournament={T}"
            f"&user={FOLLOWER}&password={outside.users[FOLLOWER]}&lang={lang}")


def open_page(chromium: Browser, outside: OutsideBroker, lang: str, viewport: ViewportSize
              ) -> Page:
    context = chromium.new_context(viewport=viewport)
    context.add_init_script("window.liveRecord = [];")
    page = context.new_page()
    page.goto(follower_url(outside, lang))
    page.wait_for_selector("#app[data-state=live]", timeout=TIMEOUT)
    return page


def shows(page: Page, table: TableService) -> None:
    """The page's card of `table` shows the table's latest public snapshot."""
    seq = table.screen_seqs.seq[InfoClass.PUBLIC]
    page.wait_for_selector(f"#tables .table[data-table='{table.table}'][data-game="
                           f"'{table.game_id}'][data-seq='{seq}']", timeout=TIMEOUT)


def recorded(page: Page) -> list[list[str]]:
    got: list[list[str]] = page.evaluate("window.liveRecord")
    return got


def with_roles(messages: list[list[str]]) -> list[str]:
    return [topic for topic, text in messages if any(w in text for w in ROLE_WORDS)]


def card(page: Page, table: str) -> dict[str, Any]:
    found: dict[str, Any] = page.eval_on_selector(
        f"#tables .table[data-table='{table}']",
        "c => ({winner: c.dataset.winner, speaker: c.dataset.speaker, "
        "roles: [...c.querySelectorAll('.seat')].map(s => { const r = s.querySelector('.role');"
        " return r ? r.className.split(' ')[1] : null; }), "
        "out: [...c.querySelectorAll('.seat.out')].map(s => +s.dataset.seat), "
        "phase: c.querySelector('.phase').textContent})")
    return found


def test_the_followers_page_shows_every_table_and_a_role_only_once_decided(
        chromium: Browser, tmp_path: Path) -> None:
    with round_behind_the_bridge(tmp_path) as (_, outside, relay, hub, tables):
        games = {n: actions(SEEDS[n]) for n in TABLES}
        decide = {n: deciding_index(SEEDS[n]) for n in TABLES}
        upto = {"1": decide["1"], "2": decide["2"] - 1, "3": 4, "4": 14, "5": 28, "6": 45}
        threads = [threading.Thread(target=play, args=(tables[n], games[n][:upto[n]]))
                   for n in TABLES]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        page = open_page(chromium, outside, "ru", DESKTOP)
        for table in tables.values():
            shows(page, table)
        for n in TABLES:  # what each card draws is its table's public view
            drawn = card(page, n)
            public = json.loads([text for topic, text in recorded(page)
                                 if topic.endswith(f"/tables/{n}/public")][-1])["view"]
            assert drawn["speaker"] == ("" if public["speaker"] is None
                                        else str(public["speaker"]))
            assert drawn["out"] == [s["seat"] for s in public["seats"] if not s["at_table"]]
            assert drawn["roles"] == [None] * 10 and drawn["winner"] == "", n
        assert with_roles(recorded(page)) == []  # six running games: no role reached it
        # docs/clock.md: the page opened on retained snapshots, whose age it cannot know
        # (no heartbeat crosses the bridge): no running countdown is shown rather than a wrong
        # one (and never a NaN), until each table's next snapshot
        timers = page.eval_on_selector_all("#tables .table .timer",
                                           "nodes => nodes.map(n => n.textContent)")
        assert len(timers) == len(TABLES) and all(t == "" for t in timers), timers

        # table 1 decides its game: its roles and winner appear, from the hub's round page
        play(tables["1"], games["1"][upto["1"]:upto["1"] + 1])
        wait_for("the protocol at the hub", lambda: stored(hub).protocol("1", "r1-t1") is not None)
        reveal = stored(hub).protocol("1", "r1-t1")["reveal"]  # type: ignore[index]
        page.wait_for_selector("#tables .table[data-table='1'][data-winner='"
                               f"{reveal['winner']}']", timeout=TIMEOUT)
        assert card(page, "1")["roles"] == [reveal["roles"][str(s)] for s in range(1, 11)]
        assert all(card(page, n)["roles"] == [None] * 10 for n in TABLES[1:])
        page.wait_for_selector("#games .game[data-table='1']", timeout=TIMEOUT)
        page.wait_for_selector("#standings tbody tr", timeout=TIMEOUT)
        # once decided, the roles reach the page (so the checks can fail), on the round's page
        assert set(with_roles(recorded(page))) == {f"mafia/v1/{T}/hub/public/rounds/1"}

        # the judge undoes the decision: the roles leave the page, and the outside broker
        # keeps none for a follower who connects now
        mark = len(recorded(page))
        play(tables["1"], [{"action": "undo"}])
        page.wait_for_selector("#tables .table[data-table='1'][data-winner='']",
                               timeout=TIMEOUT)
        page.wait_for_selector("#games .game", state="detached", timeout=TIMEOUT)
        assert card(page, "1")["roles"] == [None] * 10
        assert with_roles(recorded(page)[mark:]) == []
        late = open_page(chromium, outside, "en", PHONE)
        shows(late, tables["1"])
        late.wait_for_function("Object.keys(window.followersState.rounds).length > 0",
                               timeout=TIMEOUT)
        assert with_roles(recorded(late)) == []
        late.context.close()

        # decided again: back; now the reference images, both sizes, both languages
        play(tables["1"], games["1"][upto["1"]:upto["1"] + 1])
        page.wait_for_selector("#tables .table[data-table='1'][data-winner='"
                               f"{reveal['winner']}']", timeout=TIMEOUT)
        page.context.close()
        for lang, word in (("ru", "Стол 1"), ("en", "Table 1")):
            for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
                shot = open_page(chromium, outside, lang, viewport)
                for table in tables.values():
                    shows(shot, table)
                shot.wait_for_selector("#games .game[data-table='1']", state="attached",
                                       timeout=TIMEOUT)
                shot.wait_for_selector("#tables .table[data-winner]:not([data-winner=''])",
                                       timeout=TIMEOUT)
                assert word in shot.inner_text("#tables")
                width = shot.evaluate("document.documentElement.scrollWidth")
                assert width <= viewport["width"], (size, lang, width)  # nothing spills over
                keep_screenshot(shot, tmp_path, f"followers-{size}-{lang}.png")
                if size == "phone":
                    shot.click("#tabs [data-tab=games]")
                    shot.wait_for_selector("#games-pane:visible", timeout=TIMEOUT)
                    assert shot.is_hidden("#tables-pane")
                    keep_screenshot(shot, tmp_path, f"followers-phone-games-{lang}.png")
                shot.context.close()

        # the venue's link goes down: the followers are told, the last picture stays
        page = open_page(chromium, outside, "ru", PHONE)
        shows(page, tables["2"])
        relay.cut()
        page.wait_for_selector("#app[data-venue=down]", timeout=TIMEOUT)
        assert "Площадка не на связи" in page.inner_text("#venue")
        assert page.locator("#tables .table").count() == len(TABLES)
        relay.restore()
        page.wait_for_selector("#app[data-venue=up]", timeout=TIMEOUT)
        page.context.close()
