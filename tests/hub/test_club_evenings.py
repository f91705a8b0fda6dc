"""Earlier club evenings at the hub (docs/hub.md, "Club tables"): every evening the hub stored
gets a page of its own for the head judge (its games with their cards, its rating as
`mafiakit hub evening --date` prints it), and a club game opens by evening and number
(`mafiakit hub club-game`); the players' pages show nothing more than before."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bus.payloads import encode
from bus.topics import table_topic
from device.table.snapshots import protocol as table_protocol
from engine.club.testing import replay_club
from hub.club import EveningPages, evening_page
from hub.players import public_pages
from hub.remote import judge_pages
from hub.service import HubService
from mafiakit.cli import main
from tests.hub.helpers import T, hub_settings
from tests.hub.test_club import EVENING, config_of, log_of

EARLIER, LATER = "2026-11-20", "2026-11-27"
# (table, game id, date, the header's game number): one Friday at table 1, the next at two
PLAYED = (("1", "g1", EARLIER, 1), ("2", "g2", LATER, 1), ("3", "g3", LATER, 1),
          ("3", "g4", LATER, 2))


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[HubService]:
    """A hub (no broker: its store and pages only) that took four decided club games."""
    service = HubService(hub_settings(tmp_path, "mqtt://127.0.0.1:1", 3), connect=False)
    try:
        for (table, game_id, date, number), path in zip(
                PLAYED, (EVENING[0], EVENING[0], EVENING[0], EVENING[1]), strict=True):
            head, actions, _ = log_of(path)
            # each game a table's first or without immunity: none carries over (004 §5)
            header = {**head, "table": table, "date": date, "game": number, "immunity": []}
            _, game = replay_club([json.dumps(line) for line in (header, *actions)])
            service.ingest(table_topic(T, table, "protocol"),
                           encode(table_protocol(game, game_id, header)))
        assert len(service.store.club_protocols()) == 4
        yield service
    finally:
        service.close()


def pages(hub: HubService) -> dict[str, dict[str, Any]]:
    return judge_pages(hub.aggregate(), [], hub.store.decisions(), {},
                       club_rows=hub.store.club_protocols())


def test_every_stored_evening_gets_the_head_judges_page_of_its_own(
        hub: HubService, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = pages(hub)
    assert out["judge/state"]["club_dates"] == [EARLIER, LATER]
    assert out["judge/state"]["club_evening"]["date"] == LATER  # tonight, as before
    earlier, later = out[f"judge/club/{EARLIER}"], out[f"judge/club/{LATER}"]
    assert [g["game_id"] for g in earlier["games"]] == ["g1"]
    assert [(g["table"], g["game"]) for g in later["games"]] == [("2", 1), ("3", 1), ("3", 2)]
    stored = {g: p for _, g, p, _ in hub.store.club_protocols()}
    for game in (*earlier["games"], *later["games"]):
        assert game["roles"] == stored[game["game_id"]]["reveal"]["roles"]
        assert game["nights"] == stored[game["game_id"]]["reveal"]["nights"]
    # each evening's rating is the one `mafiakit hub evening --date` prints
    config = config_of(tmp_path)
    for date, page in ((EARLIER, earlier), (LATER, later)):
        assert main(["hub", "evening", "--config", str(config), "--date", date]) == 0
        printed = json.loads(capsys.readouterr().out)
        assert page["evening"] == {"date": date, "players": printed["players"], "error": None}
    assert sum(p["games"] for p in later["evening"]["players"]) == 7 + 7 + 12


def test_a_game_back_in_play_shows_no_card_and_players_see_no_more_than_before(
        hub: HubService) -> None:
    rows = hub.store.club_protocols()
    page = evening_page(rows, [], LATER, undecided={("3", "g3")})
    hidden = next(g for g in page["games"] if g["game_id"] == "g3")
    assert hidden["roles"] is None and hidden["nights"] == []
    assert all(g["roles"] for g in page["games"] if g["game_id"] != "g3")
    # the players' and screens' pages: the latest evening's public results and points only
    public = public_pages(None, [], [], [], undecided=(), aggregate=hub.aggregate())
    assert set(public) == {"public/club", "public/players"}
    club: dict[str, Any] = public["public/club"]
    assert club["date"] == LATER and {g["game_id"] for g in club["games"]} == {"g2", "g3", "g4"}
    text = json.dumps(public, ensure_ascii=False)
    assert '"roles"' not in text and '"nights"' not in text and EARLIER not in text
    for role in ("don", "maniac", "commissar", "doctor", "kamikaze"):
        assert f'"{role}"' not in text, role


def test_a_club_game_opens_by_evening_and_number(
        hub: HubService, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = str(config_of(tmp_path))

    def club_game(*args: str) -> tuple[int, str, str]:
        code = main(["hub", "club-game", "--config", config, *args])
        got = capsys.readouterr()
        return code, got.out, got.err

    code, out, _ = club_game("--date", EARLIER, "--game", "1")
    protocol = json.loads(out)
    assert code == 0 and (protocol["table"], protocol["game_id"]) == ("1", "g1")
    assert protocol["reveal"]["roles"]  # the host's own tool: the whole protocol
    code, out, _ = club_game("--date", LATER, "--game", "2", "--format", "log")
    lines = out.splitlines()
    assert code == 0 and json.loads(lines[0])["seats"] == 12
    _, game = replay_club(lines)  # the log replays to the stored game
    expected = log_of(EVENING[1])[2]
    assert (game.state.winner, len(lines) - 1) == (expected["winner"], len(game.actions))
    # a number two tables played that evening needs the table; the reasons name what there is
    assert club_game("--date", LATER, "--game", "1")[::2] == (
        2, f"hub club-game: game 1 of {LATER} was played at tables 2, 3: say which with "
           "--table\n")
    code, out, _ = club_game("--date", LATER, "--game", "1", "--table", "3")
    assert code == 0 and json.loads(out)["game_id"] == "g3"
    assert club_game("--date", "1999-01-01", "--game", "1")[::2] == (
        2, f"hub club-game: the hub stored no club game of 1999-01-01 (evenings: {EARLIER}, "
           f"{LATER})\n")
    assert club_game("--date", EARLIER, "--game", "3")[::2] == (
        2, f"hub club-game: no game 3 on {EARLIER} (that evening: table 1 game 1)\n")


def test_an_evening_page_is_made_again_only_when_that_evening_changed(
        hub: HubService, tmp_path: Path) -> None:
    """The hub sends the head judge's pages on every aggregate: an evening none of whose
    games changed keeps its page; a replay ordered on one game makes that evening's again,
    the same as made afresh."""
    evenings = EveningPages()
    rows = hub.store.club_protocols()
    first = evenings.pages(rows, [])
    assert first == {date: evening_page(rows, [], date) for date in (EARLIER, LATER)}
    assert main(["hub", "decide", "--config", str(config_of(tmp_path)), "--table", "3",
                 "--game", "g4", "--kind", "order_replay", "--who", "Host",
                 "--why", "a seat dealt twice"]) == 0
    decisions = hub.store.decisions()
    again = evenings.pages(rows, decisions)
    assert again[EARLIER] is first[EARLIER]  # untouched: not added up again
    assert again[LATER] is not first[LATER]
    assert again[LATER] == evening_page(rows, decisions, LATER)
    assert [g["counts"] for g in again[LATER]["games"]] == [True, True, False]
    assert evenings.pages(rows, decisions, undecided={("1", "g1")})[EARLIER]["games"][0][
        "roles"] is None
