"""The table service plays a club game (docs/club.md) on a real broker: every bundled club
log, line by line, ends where `mafiakit replay` ends; refusals journal nothing; undo is exact;
the header, the hub's commands and the config choose the club game and its seats."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.payloads import ClubReveal, Command, Protocol, Snapshot, decode
from bus.testing import connected_client, next_of
from bus.topics import table_base, table_topic
from device.config import ConfigError, TableSettings, load_settings
from device.table.inbox import NewGame
from device.table.service import TableService
from device.testing import running_table, submit
from engine.club.game import ClubGame
from engine.club.log import header as club_header
from engine.club.setup import Settings
from engine.viewmodels import JudgeView, PublicView
from engine.vocab import InfoClass

T, N = "club-cup", "5"
EXAMPLES = sorted((Path(__file__).parents[2] / "examples").glob("club-*.jsonl"))


def replay_cli(log: Path) -> dict[str, object]:
    """`mafiakit replay LOG`, as a judge runs it."""
    out = subprocess.run([sys.executable, "-m", "mafiakit.cli", "replay", str(log)],
                         capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(out.stdout)
    return result


def lines_of(log: Path) -> tuple[dict[str, object], list[dict[str, object]]]:
    rows = [json.loads(t) for t in log.read_text(encoding="utf-8").splitlines() if t.strip()]
    return rows[0], rows[1:]


@pytest.mark.parametrize("log", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_a_bundled_club_game_through_the_service_equals_replay(
        broker: MosquittoProcess, tmp_path: Path, log: Path) -> None:
    head, lines = lines_of(log)
    expected = replay_cli(log)
    watcher = connected_client(broker.config(), "watcher", table_base(T, N) + "/#")
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N) as table:
        table.inbox.put(NewGame(header=dict(head)))
        for number, line in enumerate(lines, start=2):
            assert submit(table, line) == (True, ""), (number, line)
        assert isinstance(table.table_game, ClubGame)
        assert table.table_game.result() == expected
        saved = table.journal.current()
        assert saved is not None and saved.finished and len(saved.lines) == len(lines)
        topic = table_topic(T, N, "protocol")
        item = next_of(watcher, Received, lambda i: i.topic == topic
                       and bool(i.payload) and
                       len(json.loads(i.payload)["actions"]) == len(table.table_game.actions))
    watcher.close()
    protocol = decode("protocol", item.payload)
    assert isinstance(protocol, Protocol) and isinstance(protocol.reveal, ClubReveal)
    assert protocol.result == expected and "score" in protocol.result
    assert protocol.reveal.winner == expected["winner"]


def test_invalid_club_lines_are_refused_in_words_and_journal_nothing(tmp_path: Path) -> None:
    table = TableService(TableSettings(journal=tmp_path / "j.sqlite", rules="club", seats=7),
                         connect=False)
    assert isinstance(table.table_game, ClubGame) and table.table_game.settings.seats == 7
    refusals = {
        "shoot": ({"action": "shoot", "seat": 3}, "shoot is not part of the club game"),
        "seat 8": ({"action": "roles", "mafia": [8], "maniac": 2},
                   "roles: 'mafia' must be a list of seat numbers 1-7"),
        "too early": ({"action": "heal", "seat": 2}, None),  # the engine's own reason
    }
    for what, (line, reason) in refusals.items():
        ok, why = table.submit_line(line)
        assert not ok, what
        if reason is not None:
            assert why == reason
        else:
            assert why and table.last_error == why
        assert table.seq == 0 and not table.table_game.actions
        assert table.journal.current() is None  # nothing journaled, not even a game
    table.close()


def test_undo_takes_a_club_line_back_exactly_and_survives_a_restart(tmp_path: Path) -> None:
    journal = tmp_path / "j.sqlite"
    table = TableService(TableSettings(journal=journal), connect=False)
    table.new_game(club_header(Settings(seats=4)))
    for line in ({"action": "roles", "mafia": [2]}, {"action": "start"}):
        assert table.submit_line(line) == (True, "")
    before = table.table_game.state
    assert table.submit_line({"action": "day"}) == (True, "")
    assert table.table_game.state != before
    assert table.submit_line({"action": "undo"}) == (True, "")
    assert table.table_game.state == before and table.seq == 4
    table.close()
    again = TableService(TableSettings(journal=journal), connect=False)
    assert isinstance(again.table_game, ClubGame) and again.table_game.state == before
    assert again.seq == 4 and again.table_game.settings.seats == 4
    again.close()


def test_hub_commands_open_a_club_game_and_name_its_seats(tmp_path: Path) -> None:
    table = TableService(TableSettings(journal=tmp_path / "j.sqlite"), connect=False)
    head = club_header(Settings(seats=12))
    opened = table.run_command(Command(name="new_game", request_id="r1",
                                       args={"header": head, "game_id": "club-1"}))
    assert opened.ok and table.game_id == "club-1"
    assert isinstance(table.table_game, ClubGame) and table.table_game.settings.seats == 12
    ten = table.run_command(Command(name="roster", request_id="r2",
                                    args={"names": [f"P{x}" for x in range(1, 11)]}))
    assert not ten.ok and ten.error == "a roster is a list of 12 nicknames, seat 1 first"
    twelve = [f"P{x}" for x in range(1, 13)]
    assert table.run_command(Command(name="roster", request_id="r3",
                                     args={"names": twelve})).ok
    assert table.names == twelve
    action = table.run_command(Command(name="action", request_id="r4", args={
        "action": {"action": "roles", "mafia": [7, 10], "don": 4, "maniac": 9, "doctor": 1,
                   "commissar": 11, "kamikaze": 6}}))
    assert action.ok and action.result == {"seq": 1}
    bad = table.run_command(Command(name="action", request_id="r5", args={
        "action": {"action": "mafia_shot", "target": 13}}))
    assert not bad.ok and "1-12" in bad.error
    wrong = table.run_command(Command(name="new_game", request_id="r6", args={
        "header": {**head, "seats": 16}}))
    assert not wrong.ok and '"seats" must be a whole number 3-15' in wrong.error
    table.close()


def test_the_config_chooses_a_club_table_and_its_seats(tmp_path: Path) -> None:
    toml = tmp_path / "table.toml"
    toml.write_text('rules = "club"\nseats = 15\n', encoding="utf-8")
    settings = load_settings(toml, journal=tmp_path / "j.sqlite")
    table = TableService(settings, connect=False)
    assert isinstance(table.table_game, ClubGame) and table.table_game.settings.seats == 15
    assert table.header["rules"] == "club" and table.header["seats"] == 15
    table.close()
    toml.write_text('rules = "cml"\nseats = 12\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="seats = 12: the cml rules seat exactly 10 players; "
                                          "12 players play the club game"):
        load_settings(toml)


def test_club_snapshots_come_from_the_club_views(broker: MosquittoProcess,
                                                 tmp_path: Path) -> None:
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table="6",
                       rules="club", seats=7) as table:
        for line in ({"action": "roles", "mafia": [3], "maniac": 6, "doctor": 2},
                     {"action": "start"}):
            assert submit(table, line) == (True, "")
        watcher = connected_client(broker.config(), "watcher2", table_base(T, "6") + "/#")
        seq = table.screen_seqs.seq[InfoClass.PUBLIC]
        item = next_of(watcher, Received, lambda i:
                       i.topic == table_topic(T, "6", "public")
                       and json.loads(i.payload)["seq"] == seq)
        public = decode("public", item.payload)
        judge_item = next_of(watcher, Received, lambda i:
                             i.topic == table_topic(T, "6", "judge")
                             and json.loads(i.payload)["seq"] == 2)
        judge = decode("judge", judge_item.payload)
        watcher.close()
    assert isinstance(public, Snapshot) and isinstance(public.view, PublicView)
    assert public.view.rules == "club" and len(public.view.seats) == 7
    assert isinstance(judge, Snapshot) and isinstance(judge.view, JudgeView)
    assert judge.view.roles is not None and judge.view.roles[2] == "doctor"


@pytest.mark.parametrize("log", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_the_console_plays_a_club_log_and_exports_what_replay_reads_back(
        tmp_path: Path, log: Path) -> None:
    """`mafiakit table --stdin` takes the club header as a new_game command and then every
    line of the log; `--export` of that game replays to the same result as the log."""
    head, lines = lines_of(log)
    journal = tmp_path / "j.sqlite"
    typed = [json.dumps({"command": "new_game", "header": head, "game_id": "evening-1"}),
             *(json.dumps(line, ensure_ascii=False) for line in lines)]
    out = subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--no-broker",
                          "--journal", str(journal), "--stdin"], input="\n".join(typed) + "\n",
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[1:] == ["ok 0", *(f"ok {n}" for n in range(1, len(lines) + 1))]
    exported = subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--journal",
                               str(journal), "--export", "evening-1"],
                              capture_output=True, text=True, check=True).stdout
    rows = [json.loads(t) for t in exported.splitlines()]
    assert rows[0] == head
    assert [{k: v for k, v in r.items() if k != "t"} for r in rows[1:]] == lines
    (tmp_path / "export.jsonl").write_text(exported, encoding="utf-8")
    assert replay_cli(tmp_path / "export.jsonl") == replay_cli(log)


def test_an_undo_that_reopens_a_club_game_clears_its_retained_protocol(
        broker: MosquittoProcess, tmp_path: Path) -> None:
    """The reveal stays retained only while the game is decided (docs/mqtt.md): an undo of
    the deciding line publishes an empty retained protocol, so no card reaches a screen."""
    head, lines = lines_of(EXAMPLES[0])
    topic = table_topic(T, "7", "protocol")
    watcher = connected_client(broker.config(), "watcher3", topic)
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table="7") as table:
        table.inbox.put(NewGame(header=dict(head)))
        deciding = None
        for number, line in enumerate(lines):
            assert submit(table, line) == (True, "")
            if deciding is None and table.table_game.state.finished:
                deciding = number
        assert deciding is not None
        for _ in range(len(lines) - deciding):  # back to the line before the decision
            assert submit(table, {"action": "undo"}) == (True, "")
        assert not table.table_game.state.finished
        cleared = next_of(watcher, Received, lambda i: i.topic == topic
                          and i.payload == b"")
        saved = table.journal.current()
    watcher.close()
    assert cleared.payload == b""
    assert saved is not None and not saved.finished
