"""Hardening (issue 9): whatever a hub, a console or a player's laptop sends, the table
answers in words, journals only what it accepted, never applies a request twice, and starts
again on whatever its journal holds."""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.client import BusClient, Received
from bus.payloads import Command, Reply, decode
from bus.testing import connected_client, next_of, raw_publish
from bus.topics import command_topic, table_topic
from device.table.journal import Journal
from device.table.service import TableService
from device.testing import running_table, submit
from engine.log import LogLine
from tests.classic import classic_game

T, N = "hard", "1"
ROLES: LogLine = {"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1}
HEADER: LogLine = {"format": "mafia-game-log", "version": 1, "rules": "cml"}
NAMES = ["Анна", "Bob", "דוד", "علي", "Eve O'Neil", "Frank-2", "Gülşen", "H", "Ivan", "Jo"]


def reply_to(hub: BusClient, rid: str) -> Reply:
    item = next_of(hub, Received, lambda i: i.topic.endswith("/reply")
                   and json.loads(i.payload)["request_id"] == rid)
    reply = decode("reply", item.payload)
    assert isinstance(reply, Reply)
    if reply.error is not None:
        assert "http" not in reply.error and len(reply.error) <= 500
    return reply


def command(hub: BusClient, name: str, rid: str | None = None, /, **args: object) -> Reply:
    rid = rid or secrets.token_hex(4)
    hub.publish(command_topic(T, N, name), Command.model_validate(
        {"name": name, "request_id": rid, "args": args}))
    return reply_to(hub, rid)


def raw(hub: BusClient, name: str, payload: Mapping[str, object] | bytes) -> None:
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    hub.publish(command_topic(T, N, name), data, qos=1, retain=False)


def journal_lines(path: Path) -> list[LogLine]:
    journal = Journal(path)
    try:
        saved = journal.current()
        assert saved is not None
        return saved.lines
    finally:
        journal.close()


@pytest.fixture
def hub(broker: MosquittoProcess) -> Iterator[BusClient]:
    client = connected_client(broker.config(), "hub", table_topic(T, N, "reply"))
    yield client
    client.close()


def play_to_day(table: TableService) -> None:
    for line in (ROLES, {"action": "start"}):
        assert submit(table, line) == (True, "")


# -- item 1 and 4: validate everything before the journal; the journal always restarts ------


BAD_ACTIONS = [
    ({"action": "foul", "seat": 6, "reason": "x" * 20_000}, "reason is 20000 characters"),
    ({"action": "foul", "seat": 6, "reason": "x" * 65_390}, "reason is 65390 characters"),
    ({"action": "foul", "seat": 6, "reason": "bad\u0000"}, "U+0000"),
    ({"action": "foul", "seat": 6, "t": "y" * 5000}, "'t' must be"),
    ({"action": "foul", "seat": [[[[[[[[[[6]]]]]]]]]]}, "nested"),
    ({"action": "foul", "seat": 6, "reason": 5}, "'reason' must be text"),
]


@pytest.mark.parametrize(("line", "message"), BAD_ACTIONS)
def test_bad_actions_are_refused_before_the_journal(
    broker: MosquittoProcess, hub: BusClient, tmp_path: Path, line: LogLine, message: str
) -> None:
    journal = tmp_path / "j.sqlite"
    with running_table(journal, broker.url, tournament=T, table=N) as table:
        play_to_day(table)
        reply = command(hub, "action", action=line)
        assert not reply.ok and reply.error is not None and message in reply.error
        ok, why = submit(table, line)  # the console's way in
        assert not ok and message in why
        assert table.seq == 2
    assert len(journal_lines(journal)) == 2
    with running_table(journal, broker.url, tournament=T, table=N) as table:
        assert table.seq == 2  # and it starts again


def test_seven_long_reasons_still_fit_one_protocol(
    broker: MosquittoProcess, hub: BusClient, tmp_path: Path
) -> None:
    """Seven fouls with 11 KB reasons made a protocol over 64 KiB: refused at every restart.
    A reason is short now, and no accepted game has a protocol the bus refuses."""
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N) as table:
        play_to_day(table)
        reply = command(hub, "action", action={"action": "foul", "seat": 2,
                                               "reason": "r" * 11_000})
        assert not reply.ok
        reply = command(hub, "action", action={"action": "foul", "seat": 2, "reason": "r" * 200})
        assert reply.ok


@pytest.mark.parametrize(("args", "message"), [
    ({"header": HEADER, "game_id": "my game"}, "game id"),
    ({"header": HEADER, "game_id": 5}, "game id"),
    ({"header": HEADER, "game_id": "g" * 65}, "game id"),
    ({"header": 5}, "header"),
    ({"header": None}, "header"),
    ({"header": {**HEADER, "players": ["x" * 41, *NAMES[1:]]}}, "41 characters"),
    ({"header": {**HEADER, "players": ["a\u202eb", *NAMES[1:]]}}, "U+202E"),
    ({"header": {**HEADER, "note": "n" * 10_000}}, "header"),
])
def test_bad_new_games_are_refused_and_nothing_changes(
    broker: MosquittoProcess, hub: BusClient, tmp_path: Path, args: LogLine, message: str
) -> None:
    journal = tmp_path / "j.sqlite"
    with running_table(journal, broker.url, tournament=T, table=N) as table:
        assert command(hub, "action", action=ROLES).ok  # the table's own game, opened
        first = table.game_id
        reply = command(hub, "new_game", **args)
        assert not reply.ok and reply.error is not None and message in reply.error
        assert table.game_id == first  # the open game goes on
    with running_table(journal, broker.url, tournament=T, table=N) as table:
        assert (table.game_id, table.seq) == (first, 1)
        assert len(Journal(journal).archive()) == 1


def test_a_journal_written_by_an_older_kit_still_starts(tmp_path: Path) -> None:
    """Whatever the journal holds, the table starts: a game it cannot publish (a game id
    with a space, names of 41 characters) is left in the archive and a new one opened;
    a game whose long foul reason an older kit accepted resumes."""
    journal = tmp_path / "j.sqlite"
    old = Journal(journal)
    old.new_game("my game", HEADER, ["x" * 41] * 10, "2026-11-30T18:00:00+00:00")
    old.append("my game", 1, dict(ROLES))
    old.close()
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--no-broker",
                           "--journal", str(journal), "--stdin"], input=json.dumps(ROLES) + "\n",
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    ready, answer = done.stdout.splitlines()
    assert ready.startswith("ready ") and not ready.startswith("ready my game")
    assert answer == "ok 1"
    assert "game 'my game' could not be resumed" in done.stderr
    assert "--export 'my game'" in done.stderr or "--export \"my game\"" in done.stderr
    games = Journal(journal).archive()
    assert {g["game_id"] for g in games} >= {"my game"} and len(games) == 2

    long_reason = tmp_path / "long.sqlite"
    old = Journal(long_reason)
    old.new_game("g1", HEADER, [], "2026-11-30T18:00:00+00:00")
    lines: list[LogLine] = [ROLES, {"action": "start"},
                                   {"action": "foul", "seat": 2, "reason": "r" * 20_000}]
    for seq, line in enumerate(lines, 1):
        old.append("g1", seq, line)
    old.close()
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--no-broker",
                           "--journal", str(long_reason), "--stdin"], input="",
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "ready g1 3"


# -- item 3: nothing a client sends kills the table or its console --------------------------


def test_deep_and_mistyped_commands_never_kill_the_table(
    broker: MosquittoProcess, hub: BusClient, tmp_path: Path
) -> None:
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N) as table:
        raw(hub, "ping", b'{"schema_version": 1, "name": "ping", "request_id": "deep", "args": '
            + b"[" * 3000 + b"]" * 3000 + b"}")
        reply = reply_to(hub, "deep")
        assert not reply.ok and reply.error is not None and "nested" in reply.error
        header: object
        for number, header in enumerate((5, None, [], "cml")):
            raw(hub, "new_game", {"schema_version": 1, "name": "new_game",
                                  "request_id": f"h{number}", "args": {"header": header}})
            reply = reply_to(hub, f"h{number}")
            assert not reply.ok and reply.error is not None and "header" in reply.error
        assert command(hub, "ping").ok
        assert classic_game(table).actions == ()


def console(journal: Path, lines: list[str]) -> list[str]:
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--no-broker",
                           "--journal", str(journal), "--stdin"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout.splitlines()[1:]


def test_the_console_answers_every_line_whatever_it_is(tmp_path: Path) -> None:
    journal = tmp_path / "j.sqlite"
    lines = [json.dumps(ROLES), "[" * 5000 + "]" * 5000, "{" * 5000,
             '{"action": "foul", "seat": 2, "reason": "' + "r" * 70_000 + '"}',
             '{"command": "new_game", "header": 5}', '{"command": "roster", "names": 5}',
             '{"command": "new_game", "header": ' + "[" * 900 + "]" * 900 + "}",
             '{"command": "roster", "names": ["a\\u0000", "b", "c", "d", "e", "f", "g", "h",'
             ' "i", "j"]}', '{"command": 5}', "\"\\ud800\"", json.dumps({"action": "start"})]
    out = console(journal, lines)
    assert len(out) == len(lines)
    assert out[0] == "ok 1" and out[-1] == "ok 2"
    assert all(line.startswith("error: ") for line in out[1:-1]), out
    assert not any("http" in line or "Traceback" in line for line in out)
    assert len(journal_lines(journal)) == 2


# -- item 6: retained commands and request ids ------------------------------------------------


def test_a_retained_command_is_not_applied_again_on_restart(
    broker: MosquittoProcess, tmp_path: Path
) -> None:
    journal = tmp_path / "j.sqlite"
    topic = command_topic(T, "9", "action")
    foul = Command(name="action", request_id="retained-foul",
                   args={"action": {"action": "foul", "seat": 6}}).model_dump_json().encode()
    watcher = connected_client(broker.config(), "w", table_topic(T, "9", "reply"))

    def answered() -> Reply:
        item = next_of(watcher, Received, lambda i:
                       json.loads(i.payload)["request_id"] == "retained-foul")
        reply = decode("reply", item.payload)
        assert isinstance(reply, Reply)
        return reply

    try:
        with running_table(journal, broker.url, tournament=T, table="9") as table:
            play_to_day(table)
            raw_publish(broker.config(), [(topic, foul, True)])
            first = answered()  # delivered live: carried out once
            assert first.ok and classic_game(table).state.fouls[5] == 1
        for _ in range(3):
            with running_table(journal, broker.url, tournament=T, table="9") as table:
                assert answered() == first  # delivered retained: answered, not applied
                assert classic_game(table).state.fouls[5] == 1 and table.seq == 3
    finally:
        raw_publish(broker.config(), [(topic, b"", True)])  # clear the retained message
        watcher.close()


def test_a_command_retained_while_the_table_was_away_is_never_applied(
    broker: MosquittoProcess, tmp_path: Path
) -> None:
    topic = command_topic(T, "8", "action")
    roles = Command(name="action", request_id="stale-roles",
                    args={"action": ROLES}).model_dump_json().encode()
    raw_publish(broker.config(), [(topic, roles, True)])
    watcher = connected_client(broker.config(), "w", table_topic(T, "8", "reply"))
    try:
        with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table="8") as table:
            item = next_of(watcher, Received)
            reply = decode("reply", item.payload)
            assert isinstance(reply, Reply) and not reply.ok
            assert reply.error is not None and "retained" in reply.error
            assert classic_game(table).actions == ()
    finally:
        raw_publish(broker.config(), [(topic, b"", True)])
        watcher.close()


def test_request_ids_are_kept_with_the_game(
    broker: MosquittoProcess, hub: BusClient, tmp_path: Path
) -> None:
    """A repeat after 300 other commands, or after a restart, is answered, not applied."""
    journal = tmp_path / "j.sqlite"
    with running_table(journal, broker.url, tournament=T, table=N) as table:
        play_to_day(table)
        first = command(hub, "action", "the-foul", action={"action": "foul", "seat": 6})
        assert first.ok
        for _ in range(300):
            assert command(hub, "ping").ok
        assert command(hub, "action", "the-foul", action={"action": "foul", "seat": 6}
                       ) == first
        assert classic_game(table).state.fouls[5] == 1
    with running_table(journal, broker.url, tournament=T, table=N) as table:
        assert command(hub, "action", "the-foul", action={"action": "foul", "seat": 6}
                       ) == first
        assert classic_game(table).state.fouls[5] == 1
        assert table.seq == 3


# -- item 7: nicknames ---------------------------------------------------------------------


@pytest.mark.parametrize(("name", "message"), [
    ("a\u0000b", "U+0000"), ("\u202eAnna", "U+202E"), ("Bo\u200fb", "U+200F"),
    ("x" * 41, "41 characters"), ("line\nbreak", "U+000A"), ("", "empty"), (" Ann", "spaces"),
    ("Z\u0301\u0302\u0303\u0304", "accents"), ("tab\there", "U+0009"),
])
def test_nicknames_a_screen_cannot_draw_are_refused_with_a_reply(
    broker: MosquittoProcess, hub: BusClient, tmp_path: Path, name: str, message: str
) -> None:
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N) as table:
        rid = secrets.token_hex(4)  # as a buggy hub sends it (the kit's model refuses it)
        raw(hub, "roster", {"schema_version": 1, "name": "roster", "request_id": rid,
                            "args": {"names": [name, *NAMES[1:]]}})
        reply = reply_to(hub, rid)
        assert not reply.ok and reply.error is not None and message in reply.error
        assert table.names == []
        assert command(hub, "roster", names=NAMES).ok  # every script, as players write them
        assert table.names == NAMES


# -- item 8: every command with a request id gets a reply in words ---------------------------


@pytest.mark.parametrize(("name", "payload", "message"), [
    ("action", {"args": {"action": "start"}}, "action object"),
    ("action", {"args": {"action": {"action": "start"}}, "extra": 1}, "unknown field 'extra'"),
    ("action", {"schema_version": 2}, "schema_version"),
    ("undo", {"name": "action", "args": {"action": {"action": "start"}}}, "cmd/undo"),
    ("roster", {"args": {"names": [1] * 10}}, "nickname"),
    ("ping", {"args": {"x": 1}}, "does not take x"),
])
def test_every_refused_command_is_answered_in_words(
    broker: MosquittoProcess, hub: BusClient, tmp_path: Path, name: str,
    payload: LogLine, message: str
) -> None:
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N):
        rid = secrets.token_hex(4)
        raw(hub, name, {"schema_version": 1, "name": name, "request_id": rid, "args": {}}
            | payload)
        reply = reply_to(hub, rid)
        assert not reply.ok and reply.error is not None and message in reply.error, reply
