"""The club tables' games on the head judge's and the player's pages (docs/web.md, "Club
tables"), in a real headless Chromium on a phone viewport, against the real hub and a real
club table on the production ACL: a bundled club game played at the table shows with its
winner, why it ended and each seat's points (004 §8), the evening's rating is the one
`mafiakit hub evening` prints, and the player sees his own game and points."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from bus.broker import MosquittoProcess
from bus.testing import ACL_TABLE, ACL_TABLE_USER, ACL_TOURNAMENT
from device.table.inbox import NewGame
from device.table.service import TableService
from device.testing import running_table, submit
from hub.club import club_games
from hub.config import HubSettings
from hub.players import public_pages
from hub.remote import judge_pages
from hub.roster_csv import write_seating
from hub.seating import TournamentPlan, generate
from hub.service import HubService
from mafiakit.cli import main
from tests.hub.helpers import running_hub, stored, wait_for
from tests.web.conftest import NAMES, PHONE, keep_screenshot, page_url

EXAMPLES = Path(__file__).parents[2] / "examples"
EXAMPLE = EXAMPLES / "club-seven-maniac-and-doctor.jsonl"
TIMEOUT = 30_000
LIMIT = 64 * 1024  # one message (docs/hub.md)


def club_log() -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    rows = [json.loads(t) for t in EXAMPLE.read_text(encoding="utf-8").splitlines() if t.strip()]
    result = json.loads(EXAMPLE.with_name(EXAMPLE.stem + ".result.json").read_text("utf-8"))
    return {**rows[0], "table": ACL_TABLE}, rows[1:], result


@contextlib.contextmanager
def hub_and_club_table(broker: MosquittoProcess, tmp: Path
                       ) -> Iterator[tuple[HubService, TableService]]:
    """The hub (account `hub`) and a seven-seat club table cup/3 on its own account."""
    plan = TournamentPlan(players=tuple(NAMES), tables=(ACL_TABLE,), rounds=1)
    seating = tmp / "seating.csv"
    seating.write_text(write_seating(generate(plan, seed=1, effort=0.1)), encoding="utf-8")
    settings = HubSettings(
        tournament=ACL_TOURNAMENT, name="Friday club", seating=seating,
        database=tmp / "hub.sqlite", heartbeat_s=0.5, resend_s=0.5, rebirth_every_s=0.5,
        aggregate_s=0.2, broker={"url": broker.config("hub").url(with_password=True)})
    table_url = broker.config(ACL_TABLE_USER).url(with_password=True)
    with running_hub(settings) as hub, running_table(
            tmp / "t3.sqlite", table_url, tournament=ACL_TOURNAMENT, table=ACL_TABLE,
            heartbeat_s=0.5, rules="club", seats=7) as table:
        yield hub, table


def play_club_game(hub: HubService, table: TableService) -> str:
    head, lines, _ = club_log()
    before = table.game_id
    table.inbox.put(NewGame(header=head))
    wait_for("the club game open", lambda: table.game_id != before)
    for line in lines:
        assert submit(table, line) == (True, ""), line
    wait_for("the club protocol stored", lambda: len(stored(hub).club_protocols()) == 1)
    assert table.game_id is not None
    return table.game_id


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_judge_page_lists_a_club_game_and_the_evenings_rating(
        private_acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], lang: str) -> None:
    broker = private_acl_broker
    head, _, result = club_log()
    with hub_and_club_table(broker, tmp_path) as (hub, table):
        game_id = play_club_game(hub, table)
        context = chromium.new_context(viewport=PHONE)
        page = context.new_page()
        try:
            page.goto(page_url(broker, "judge", "head-judge", f"&lang={lang}"))
            card = f"#club-list li.club-game[data-game='{game_id}']"
            page.wait_for_selector("#app[data-state=live]", timeout=TIMEOUT)
            page.click("nav .tab[data-tab=club]")
            page.wait_for_selector(card, timeout=TIMEOUT)
            page.wait_for_selector("#club-evening tbody tr", timeout=TIMEOUT)
            got = page.locator(card)
            assert got.get_attribute("data-winner") == result["winner"] == "city"
            assert got.get_attribute("data-counts") == "yes"
            words = {"ru": ("Победа города", "Мафия и маньяк покинули стол", "Стол 3 · игра 1"),
                     "en": ("City wins", "The mafia and the maniac have left the table",
                            "Table 3 · game 1")}[lang]
            text = got.inner_text()
            assert all(w in text for w in words), text
            seats = page.locator(f"{card} ol.players li")
            assert seats.count() == head["seats"]
            shown = {seats.nth(i).get_attribute("data-seat"): (
                seats.nth(i).inner_text(), seats.nth(i).locator(".points").inner_text())
                for i in range(seats.count())}
            for seat, line in result["score"].items():
                name = head["players"][int(seat) - 1]
                assert shown[seat][0].startswith(name) and int(shown[seat][1]) == line["total"]
            # the evening's rating: the same rows as `mafiakit hub evening` (004 §8)
            rows = page.locator("#club-evening tbody tr")
            on_page = [[rows.nth(i).locator("td.place").inner_text(),
                        rows.nth(i).get_attribute("data-player"),
                        *(rows.nth(i).locator(f"td.{k}").inner_text() for k in (
                            "games", "wins", "points", "extras", "penalties"))]
                       for i in range(rows.count())]
            if lang == "ru":
                keep_screenshot(page, tmp_path, "judge-club-ru.png")
        finally:
            context.close()
    config = tmp_path / "hub.toml"
    config.write_text(f'tournament = "{ACL_TOURNAMENT}"\nseating = "seating.csv"\n',
                      encoding="utf-8")
    assert main(["hub", "evening", "--config", str(config), "--format", "csv"]) == 0
    csv_rows = [r.split(",") for r in capsys.readouterr().out.splitlines()]
    assert csv_rows[0] == ["place", "player", "games", "wins", "points", "rated_points",
                           "extras", "penalties"]
    # the places too: equal points share one ("2-3"), as the CSV prints them (004 §8)
    assert on_page == [[pl, p, g, w, pts, e, f] for pl, p, g, w, pts, _, e, f in csv_rows[1:]]
    assert any("-" in str(row[0]) for row in on_page), on_page  # the example has a shared place
    assert len(on_page) == head["seats"]


def test_the_player_page_shows_his_club_game_and_points_tonight(
        private_acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path) -> None:
    broker = private_acl_broker
    head, _, result = club_log()
    seat = 2  # Lynx, the doctor of the example
    me = head["players"][seat - 1]
    with hub_and_club_table(broker, tmp_path) as (hub, table):
        game_id = play_club_game(hub, table)
        context = chromium.new_context(viewport=PHONE)
        context.add_init_script("window.liveRecord = [];")
        page = context.new_page()
        try:
            page.goto(page_url(broker, "player", "player", "&lang=en"))
            page.wait_for_selector("#app[data-state=live]", timeout=TIMEOUT)
            page.fill("#nickname", me.lower())  # typed in lower case: found all the same
            page.click("#show")
            card = f"#club-games li.game[data-game='{game_id}']"
            page.wait_for_selector(card, timeout=TIMEOUT)
            assert page.locator(card).get_attribute("data-seat") == str(seat)
            assert f"Table {ACL_TABLE} · game 1 · seat {seat}" in page.locator(card).inner_text()
            points = result["score"][str(seat)]["total"]
            assert int(page.locator(f"{card} .points").inner_text()) == points
            assert page.locator("#club-total").get_attribute("data-points") == str(points)
            # his place in the evening's rating, shared on equal points as the Club tab and
            # `mafiakit hub evening` say it (004 §8): Lynx and seat 4 have 4 points each
            page.wait_for_selector("#club-total[data-place='1-2']", timeout=TIMEOUT)
            assert "place 1-2 in the evening's rating" in page.locator("#club-total").inner_text()
            # the result in the catalogue's one word for it, as on every screen (winner.city)
            assert page.locator(f"{card} .winner").inner_text() == "City wins"
            assert page.locator("#problem").inner_text() == ""
            keep_screenshot(page, tmp_path, "player-club-en.png")
            # the page read only the hub's public topics (the `player` account's ACL)
            topics = {t for t, _ in page.evaluate("window.liveRecord")}
            assert topics and all("/hub/public/" in t for t in topics), topics
        finally:
            context.close()


def test_the_club_pages_stay_one_message_after_a_season_of_club_evenings() -> None:
    """Every stored club game stays in the aggregate (about 0.5 KB each): the judge's state and
    the players' club page carry the latest evening only, so twenty Fridays of three tables
    and six games each still fit one message, and the evening is the latest date's."""
    logs = []
    for name in ("seven-maniac-and-doctor", "twelve-catastrophe-and-cancelled-vote",
                 "fifteen-putana-sapper-fouls"):
        path = EXAMPLES / f"club-{name}.jsonl"
        rows = [json.loads(t) for t in path.read_text("utf-8").splitlines() if t.strip()]
        logs.append((rows[0], json.loads(path.with_name(path.stem + ".result.json")
                                         .read_text("utf-8"))))
    rows = []
    for friday in range(1, 21):
        date = f"2026-{1 + friday // 5:02d}-{1 + friday % 5 * 5:02d}"
        for table in ("1", "2", "3"):
            for number in range(1, 7):
                head, result = logs[(number + int(table)) % 3]
                header = {**head, "table": table, "game": number, "date": date}
                rows.append((table, f"{date}-{table}-{number}",
                             {"header": header, "result": result}, f"{date}T2{number}:00"))
    aggregate = {"tournament": ACL_TOURNAMENT, "tables": [],
                 "club_games": club_games(rows, [])}
    assert len(json.dumps(aggregate, ensure_ascii=False).encode()) > LIMIT  # why they trim
    state = judge_pages(aggregate, [], [], {}, club_rows=rows)["judge/state"]
    club: dict[str, Any] = public_pages(None, [], [], [], undecided=(),
                                        aggregate=aggregate)["public/club"]
    latest = rows[-1][2]["header"]["date"]
    for page in (state, club):
        assert len(json.dumps(page, ensure_ascii=False).encode()) < LIMIT
    evening, games = state["club_evening"], state["club_games"]
    assert isinstance(evening, dict) and isinstance(games, list)
    assert club["date"] == evening["date"] == latest
    assert len(club["games"]) == len(games) == 18
    assert {g["date"] for g in club["games"]} == {latest}
    assert evening["error"] is None
    assert sum(p["games"] for p in evening["players"]) == sum(
        len(g["players"]) for g in club["games"])


def test_the_judge_page_opens_an_earlier_evening_and_a_game_of_it(
        private_acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path) -> None:
    """Two Fridays at the club table: the page opens the earlier one from its address
    (evening + game number, as `mafiakit hub club-game` does) with that game's cards, and the
    evening picker brings the later one back with its own games and rating."""
    broker = private_acl_broker
    head, lines, _ = club_log()
    earlier, later = "2026-11-20", "2026-11-27"
    played: dict[str, str] = {}
    with hub_and_club_table(broker, tmp_path) as (hub, table):
        for date in (earlier, later):
            before = table.game_id
            table.inbox.put(NewGame(header={**head, "date": date}))

            def opened(b: str | None = before) -> bool:
                return table.game_id != b

            wait_for("the club game open", opened)
            for line in lines:
                assert submit(table, line) == (True, ""), line
            assert table.game_id is not None
            played[date] = table.game_id
        wait_for("both club protocols stored", lambda: len(stored(hub).club_protocols()) == 2)
        context = chromium.new_context(viewport=PHONE)
        page = context.new_page()
        try:
            page.goto(page_url(broker, "judge", "head-judge", "&lang=ru",
                               fragment=f"club={earlier}&game={head['game']}"))
            card = f"#club-list li.club-game[data-game='{played[earlier]}']"
            page.wait_for_selector(f"{card}.open", timeout=TIMEOUT)
            page.wait_for_selector(f"#club-evening-title:has-text('{earlier}')",
                                   timeout=TIMEOUT)
            assert page.locator("#club-list li.club-game").count() == 1
            roles = page.locator(f"{card} ol.players li .role")
            assert roles.count() == head["seats"]
            cards = {str(i + 1): str(roles.nth(i).get_attribute("class")).split()[1]
                     for i in range(roles.count())}
            protocol = stored(hub).club_protocol(ACL_TABLE, played[earlier])
            assert protocol is not None and cards == protocol["reveal"]["roles"]
            assert "маньяк" in page.locator(card).inner_text()
            nights = page.locator(f"{card} ul.club-nights li")
            assert nights.count() == len(protocol["reveal"]["nights"]) == 2
            assert nights.nth(0).inner_text().startswith("Ночь 1: выстрел мафии 4")
            options = page.locator("#club-date option")
            assert [options.nth(i).get_attribute("value") for i in range(options.count())] == [
                later, earlier]
            assert options.nth(0).inner_text() == f"{later} (последний)"
            keep_screenshot(page, tmp_path, "judge-club-earlier-ru.png")
            # the picker: the later evening, its game closed until its head is tapped
            page.select_option("#club-date", later)
            other = f"#club-list li.club-game[data-game='{played[later]}']"
            page.wait_for_selector(other, timeout=TIMEOUT)
            page.wait_for_selector(f"#club-evening-title:has-text('{later}')", timeout=TIMEOUT)
            assert page.locator(f"{other} .role").count() == 0
            assert page.locator(card).count() == 0
            page.click(f"{other} .protocol-head")
            page.wait_for_selector(f"{other}.open .role", timeout=TIMEOUT)
            # a game that evening did not have: said in words, nothing else opened
            page.goto(page_url(broker, "judge", "head-judge", "&lang=en",
                               fragment=f"club={later}&game=9"))
            page.wait_for_selector("#club-problem:not([hidden])", timeout=TIMEOUT)
            assert page.locator("#club-problem").inner_text() == "No game 9 that evening"
            assert page.locator("#club-list li.club-game.open").count() == 0
        finally:
            context.close()
