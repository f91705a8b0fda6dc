"""Club tables at the hub (docs/hub.md, "Club tables"; docs/club.md): a club table's games are
followed, checked by replaying their protocol (a club reveal), stored apart from the tournament's
protocols, listed in the aggregate with winner and points (004 §8), added up as the club
evening's rating, and decisions name seats up to the game's own seat count (004 §1)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bus.broker import MosquittoProcess
from bus.payloads import (
    DecisionRefusal,
    DecisionReply,
    DecisionRequest,
    Event,
    ReasonView,
    encode,
)
from bus.topics import table_topic
from device.table.inbox import NewGame
from device.table.snapshots import protocol as table_protocol
from device.testing import running_table, submit
from engine.classic.game import Game
from engine.club.game import ClubGame
from engine.club.testing import replay_club
from hub.checks import GameCheck, apply_event, open_check
from hub.registry import Liveness
from hub.remote import RemoteDesk
from hub.service import HubService
from hub.store import Store
from mafiakit.cli import main
from tests.hub.helpers import HEARTBEAT_S, T, hub_settings, running_hub, stored, wait_for

EXAMPLES = Path(__file__).parents[2] / "examples"
EVENING = [EXAMPLES / f"club-{name}.jsonl" for name in (
    "seven-maniac-and-doctor", "twelve-catastrophe-and-cancelled-vote",
    "fifteen-putana-sapper-fouls")]  # one evening at table 1, in the order played


def log_of(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    rows = [json.loads(t) for t in path.read_text(encoding="utf-8").splitlines() if t.strip()]
    expected = json.loads(path.with_name(path.stem + ".result.json").read_text("utf-8"))
    return rows[0], rows[1:], expected


def totals(result: dict[str, Any]) -> dict[str, int]:
    return {seat: line["total"] for seat, line in result["score"].items()}


def config_of(tmp_path: Path) -> Path:
    config = tmp_path / "hub.toml"
    config.write_text(f'tournament = "{T}"\nseating = "seating.csv"\n', encoding="utf-8")
    return config


def decide(config: Path, game: str, kind: str, *args: str) -> int:
    return main(["hub", "decide", "--config", str(config), "--table", "1", "--game", game,
                 "--kind", kind, "--who", "Host", "--why", "a protest at the club table",
                 *(x for a in args for x in ("--arg", a))])


def test_a_club_evening_at_a_real_table_reaches_the_hub(
        private_broker: MosquittoProcess, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    settings = hub_settings(tmp_path, private_broker.url, 1)
    config = config_of(tmp_path)
    games: list[str] = []
    with running_hub(settings) as hub, running_table(
            tmp_path / "t1.sqlite", private_broker.url, tournament=T, table="1",
            heartbeat_s=HEARTBEAT_S, rules="club", seats=7) as table:
        wait_for("the table online", lambda: hub.registry.tables["1"].state is Liveness.ONLINE)
        for path in EVENING:
            head, lines, _ = log_of(path)
            before = table.game_id

            def opened(b: str | None = before) -> bool:
                return table.game_id != b

            table.inbox.put(NewGame(header=dict(head)))
            wait_for("the game open", opened)
            assert table.table_game.seats == head["seats"]
            games.append(table.game_id)
            for line in lines:
                assert submit(table, line) == (True, ""), (path.name, line)
        wait_for("three club protocols stored", lambda: len(stored(hub).club_protocols()) == 3)
        aggregate: dict[str, Any] = hub.aggregate()
    store = stored_after(settings.database)
    assert store["quarantined"] == []  # every club event and protocol was taken
    assert store["protocols"] == []  # no club game among the tournament's games
    club = aggregate["club_games"]
    assert [g["game_id"] for g in club] == games
    for game, path in zip(club, EVENING, strict=True):
        head, _, expected = log_of(path)
        assert (game["seats"], game["winner"], game["termination"]) == (
            head["seats"], expected["winner"], expected["termination"])
        assert game["points"] == totals(expected) and game["counts"] is True
        assert game["players"] == head["players"]
    assert aggregate["games"] == [] and aggregate["standings"] is None
    assert aggregate["tables"][0]["winner"] == club[-1]["winner"]

    # the evening's rating from the hub equals `mafiakit evening` over the same logs
    assert main(["evening", *map(str, EVENING), "--format", "csv"]) == 0
    from_logs = capsys.readouterr().out
    assert main(["hub", "evening", "--config", str(config), "--format", "csv"]) == 0
    assert capsys.readouterr().out == from_logs
    assert main(["hub", "export", "--config", str(config), "--out", str(tmp_path / "out")]) == 0
    assert json.loads(capsys.readouterr().out)["club_protocols"] == 3
    exported = tmp_path / "out" / "club-protocols" / f"1-{games[1]}.json"
    assert json.loads(exported.read_text("utf-8"))["result"]["score"] == log_of(EVENING[1])[2][
        "score"]
    assert main(["hub", "evening", "--config", str(config), "--date", "1999-01-01"]) == 2
    assert "no decided club game of 1999-01-01" in capsys.readouterr().err

    # decisions name seats up to the game's own count (004 §1)
    seven, twelve, fifteen = games
    assert decide(config, fifteen, "protest_filed", "seat=15") == 0
    assert decide(config, twelve, "protest_filed", "seat=13") == 2
    assert "has seats 1-12, not 13" in capsys.readouterr().err
    assert decide(config, seven, "change_result", "winner=black") == 2
    assert "club game: its result and points are the host's" in capsys.readouterr().err
    assert decide(config, seven, "order_replay") == 0
    assert "recorded: order_replay" in capsys.readouterr().out
    assert main(["hub", "evening", "--config", str(config), "--format", "json"]) == 0
    night = json.loads(capsys.readouterr().out)
    assert [g["game"] for g in night["games"]] == [f"table 1 game {twelve}",
                                                 f"table 1 game {fifteen}"]


def stored_after(database: Path) -> dict[str, Any]:
    from hub.store import Store

    store = Store(database)
    try:
        return {"quarantined": store.quarantined(), "protocols": store.protocols()}
    finally:
        store.close()


def test_a_club_protocol_that_does_not_follow_from_its_actions_is_quarantined(
        tmp_path: Path) -> None:
    head, _, _ = log_of(EVENING[0])
    _, game = replay_club(EVENING[0].read_text(encoding="utf-8").splitlines())
    good = json.loads(encode(table_protocol(game, "g7", head)))
    hub = HubService(hub_settings(tmp_path, "mqtt://127.0.0.1:1", 1), connect=False)
    topic = table_topic(T, "1", "protocol")
    try:
        tampered = json.loads(json.dumps(good))
        tampered["result"]["score"]["1"]["total"] += 1
        hub.ingest(topic, json.dumps(tampered).encode())
        swapped = json.loads(json.dumps(good))
        roles = swapped["reveal"]["roles"]
        roles["1"], roles["3"] = roles["3"], roles["1"]
        hub.ingest(topic, json.dumps(swapped).encode())
        elsewhere = {**good, "header": {**good["header"], "table": "2"}}
        hub.ingest(topic, json.dumps(elsewhere).encode())
        reasons = [why for _, why in hub.store.quarantined()]
        assert "its result does not follow from its actions" in reasons[0]
        assert "its reveal does not match its actions" in reasons[1]
        assert "names table 2 but came from table 1" in reasons[2]
        assert hub.store.club_protocols() == []
        hub.ingest(topic, json.dumps(good).encode())
        assert [(t, g) for t, g, _, _ in hub.store.club_protocols()] == [("1", "g7")]
        aggregate: dict[str, Any] = hub.aggregate()
        assert aggregate["club_games"][0]["points"] == totals(good["result"])
    finally:
        hub.close()


def event(seq: int, line: dict[str, Any]) -> Event:
    return Event(seq=seq, game_id="g", action=line, accepted=True,
                 at=datetime(2026, 11, 27, 20, 0, tzinfo=UTC))


def test_a_club_game_is_followed_from_its_header_or_blind_without_it() -> None:
    """With the header (immunity and all) the hub replays each line and refuses a wrong one;
    without it a right line may look wrong (the 15-seat example: immunity, 004 §5, changed
    who left, so a later vote names a seat a headerless replay thinks gone), so a club game
    the hub did not open is followed blind and checked by its protocol."""
    head, lines, _ = log_of(EVENING[2])
    followed = open_check(head, "cml", None)
    assert isinstance(followed.game, ClubGame) and not followed.blind
    assert all(apply_event(followed, event(n, x)) is None for n, x in enumerate(lines, 1))
    wrong = apply_event(followed, event(len(lines) + 1, {"action": "foul", "seat": 16}))
    assert wrong is not None and "the rules refuse it" in wrong
    headerless = GameCheck(ClubGame(15))
    refusals = [apply_event(headerless, event(n, x)) for n, x in enumerate(lines, 1)]
    assert any(r is not None and "cannot vote" in r for r in refusals)  # a right line
    blind = open_check(None, "cml", 15)
    assert blind.blind
    assert all(apply_event(blind, event(n, x)) is None for n, x in enumerate(lines, 1))
    assert isinstance(open_check(None, "cml", None).game, Game)  # a classic table's game


def test_the_head_judges_page_gets_club_refusals_by_key(tmp_path: Path) -> None:
    """The page's decisions on a 12-seat club game: seat 13 is off the table, a changed
    result is the host's (004 §8), a protest by seat 12 is recorded."""
    head, _, _ = log_of(EVENING[1])
    _, game = replay_club(EVENING[1].read_text(encoding="utf-8").splitlines())
    store = Store(tmp_path / "hub.sqlite")
    store.add_club_protocol("1", "c12", json.loads(encode(table_protocol(game, "c12", head))),
                            "now")
    page = RemoteDesk(store, ("1",), lambda: "2026-11-25T22:00:00+00:00")

    def ask(n: int, kind: str, args: dict[str, Any]) -> DecisionReply | None:
        return page.decide(encode(DecisionRequest(
            request_id=f"page:{n}", kind=kind, table="1", game_id="c12", who="Host",
            why="a protest at the club table", args=args)))

    try:
        off = ask(1, "protest_filed", {"seat": 13})
        assert off is not None and off.reason == ReasonView(
            key=DecisionRefusal.SEAT_RANGE,
            params={"game": "c12", "table": "1", "seats": 12, "seat": 13})
        result = ask(2, "change_result", {"winner": "black"})
        assert result is not None and result.reason is not None
        assert result.reason.key is DecisionRefusal.CLUB_GAME
        assert ask(3, "protest_filed", {"seat": 12}) == DecisionReply(
            request_id="page:3", ok=True, decision_id=1)
    finally:
        store.close()


def test_the_aggregate_lists_the_latest_club_evening_only(tmp_path: Path) -> None:
    """Every stored club game is about 0.5 KB: a season of Fridays in the retained aggregate
    would pass one message (64 KiB, docs/hub.md) and the wall would stop updating. The
    aggregate carries the latest evening (the headers' latest date); `hub evening --date`
    still reads every evening from the store."""
    head, actions, _ = log_of(EVENING[0])
    hub = HubService(hub_settings(tmp_path, "mqtt://127.0.0.1:1", 3), connect=False)
    try:  # one game a table: no immunity carries from a table's game to its next (004 §5)
        for table, game_id, date in (("1", "g1", "2026-11-20"), ("2", "g2", "2026-11-27"),
                                     ("3", "g3", "2026-11-27")):
            header = {**head, "table": table, "date": date}  # the weekday sets the doubling
            _, game = replay_club([json.dumps(line) for line in (header, *actions)])
            hub.ingest(table_topic(T, table, "protocol"),
                       encode(table_protocol(game, game_id, header)))
        assert len(hub.store.club_protocols()) == 3
        aggregate: dict[str, Any] = hub.aggregate()
        listed = aggregate["club_games"]
        assert sorted((g["game_id"], g["date"]) for g in listed) == [("g2", "2026-11-27"),
                                                                    ("g3", "2026-11-27")]
    finally:
        hub.close()
