"""A new game mid-game only with the judge's yes (issue 24, item 3, the table's side).

The attack: a hub's `new_game` at action 60 abandoned the game at the table, and `mafiakit
hub round 2` did it to every table still playing round 1, silently. Now the table refuses
it in words (the hub's reply, the judge's screen), keeps it waiting, and the judge answers
on the pad (hold TIMER, then hold NEXT; UNDO says no) or at the console (`confirm`). A
decided game, or one with nothing in effect yet, still takes a new game at once.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.payloads import Command, Reply, decode
from bus.testing import connected_client, next_of
from bus.topics import command_topic, table_topic
from device.config import TableSettings
from device.hardware.kit import TableHardware
from device.hardware.pins import PinMap
from device.table.commands import CommandOutcome
from device.table.journal import Request
from device.table.service import TableService
from device.testing import running_table, submit
from engine.classic.log import action_to_dict
from engine.classic.playout import Mix, random_game
from engine.jsonvalue import JsonValue
from engine.log import LogLine, header
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock

T, N = "cup", "8"  # a table no other test uses: the session's broker keeps retained state
LINES = [action_to_dict(a) for a in random_game("cml", 21, Mix(undo=0.0)).entered]
PLAYERS_2 = [f"R2-{n}" for n in range(1, 11)]
ROUND_2: LogLine = {"header": header("cml", game=2, players=list(PLAYERS_2)),
                           "game_id": "r2-t8"}


def hub_command(name: str, request_id: str, **args: JsonValue) -> Command:
    return Command(name=name, request_id=request_id, args=args)


def ask(table: TableService, command: Command) -> CommandOutcome:
    return table.run_command(command, Request(command.request_id, command.name))


def test_the_hubs_new_game_mid_game_is_refused_in_words_and_waits(
        broker: MosquittoProcess, tmp_path: Path) -> None:
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N) as table:
        for line in LINES[:60]:
            assert submit(table, line) == (True, "")
        before = (table.game_id, table.seq)
        hub = connected_client(broker.config(), "hub", table_topic(T, N, "reply"),
                               table_topic(T, N, "judge"))
        judges: list[Received] = []

        def reply_or_judge(item: Received) -> bool:
            judges.extend([item] if item.topic.endswith("/judge") else [])
            return item.topic.endswith("/reply")

        for name, rid, args in (("new_game", "r2-new", ROUND_2),
                                ("roster", "r2-roster", {"names": PLAYERS_2})):
            hub.publish(command_topic(T, N, name), hub_command(name, rid, **args))
            reply = decode("reply", next_of(hub, Received, reply_or_judge).payload)
            assert isinstance(reply, Reply) and reply.request_id == rid and not reply.ok
            assert reply.error is not None
            if name == "new_game":
                assert reply.error.startswith("a new game r2-t8 waits while game "
                                              f"{before[0]} is running (60 actions)")
                assert "hold TIMER, then hold NEXT" in reply.error and "`confirm`" in reply.error
            else:
                assert "the roster was not applied to game" in reply.error
        view = json.loads(judges[-1].payload)["view"]
        assert "waits while game" in view["last_error"]
        assert view["refusal"]["key"] == "new_game_waits"
        assert (table.game_id, table.seq) == before  # nothing changed
        assert table.names == []  # the roster was for the new game
        assert submit(table, LINES[60]) == (True, "")  # the game goes on
        hub.close()


def test_the_console_confirms_the_waiting_game_and_a_repeat_gets_the_same_answer(
        tmp_path: Path) -> None:
    table = TableService(TableSettings(journal=tmp_path / "j.sqlite"), connect=False)
    try:
        for line in LINES[:60]:
            assert table.submit_line(line)[0]
        running = table.game_id
        refused = ask(table, hub_command("new_game", "r2-new", **ROUND_2))
        assert not refused.ok and refused.refusal is not None
        assert refused.refusal.text("ru").startswith("новая игра r2-t8 ждёт")
        assert table.judge_extra().refusal is not None  # on the judge's screen meanwhile
        assert table.submit_line(LINES[60])[0]
        assert table.judge_extra().last_error is not None  # still there after an action
        opened = table.confirm_new_game()
        assert opened.ok and table.game_id == "r2-t8" and table.seq == 0
        assert table.names == PLAYERS_2  # from the hub's header
        assert table.judge_extra().last_error is None
        assert table.journal.answered("r2-new") is not None  # the request, carried out
        saved = table.journal.load(running)
        assert saved is not None and len(saved.lines) == 61  # the old game: in the archive
        again = table.confirm_new_game()
        assert not again.ok and again.error == "no new game waits for a confirmation"
    finally:
        table.close()


@pytest.mark.parametrize("upto", [0, len(LINES)], ids=["nothing-in-effect", "decided"])
def test_a_new_game_goes_at_once_when_nothing_would_be_abandoned(
        tmp_path: Path, upto: int) -> None:
    table = TableService(TableSettings(journal=tmp_path / "j.sqlite"), connect=False)
    try:
        for line in LINES[:upto]:
            assert table.submit_line(line)[0]
        outcome = ask(table, hub_command("new_game", "r2-new", **ROUND_2))
        assert outcome.ok and table.game_id == "r2-t8"
    finally:
        table.close()


@pytest.fixture
def pad_table(tmp_path: Path) -> Iterator[tuple[TableService, MockBoard, ManualClock]]:
    clock = ManualClock()
    factory = MockFactory()
    pins = PinMap()
    board = MockBoard(pins, factory)
    hardware = TableHardware(pins, factory, clock, background=False)
    table = TableService(TableSettings(journal=tmp_path / "j.sqlite"), connect=False,
                         hardware=hardware, mono=clock)
    for line in LINES[:60]:
        assert table.submit_line(line)[0]
    yield table, board, clock
    table.close()


def key(table: TableService, board: MockBoard, clock: ManualClock, name: str,
        hold: bool = False) -> None:
    """Press (and hold for a second) a key on the mock pins; the table takes its events."""
    assert table.hardware is not None
    board.press(name)
    clock.advance(1.0 if hold else 0.06)
    table.hardware.poll()
    board.release(name)
    clock.advance(0.06)
    table.hardware.poll()
    while not table.inbox.empty():
        table.step()


def test_the_judge_says_yes_on_the_pad(
        pad_table: tuple[TableService, MockBoard, ManualClock]) -> None:
    table, board, clock = pad_table
    running = table.game_id
    assert not ask(table, hub_command("new_game", "r2-new", **ROUND_2)).ok
    key(table, board, clock, "NEXT", hold=True)  # without the question: no new game
    assert table.game_id == running
    key(table, board, clock, "TIMER", hold=True)
    assert table.pad_text == "NEW GAME r2-t8: hold NEXT (UNDO: keep playing)"
    seq = table.seq
    key(table, board, clock, "NEXT")  # a press alone opens nothing, records nothing
    assert table.game_id == running and table.seq == seq
    key(table, board, clock, "NEXT", hold=True)
    assert table.game_id == "r2-t8" and table.seq == 0
    assert table.pad_text == "DON _  MAFIA _ _  SHERIFF _"  # the new deal, no question


def test_the_judge_says_no_on_the_pad(
        pad_table: tuple[TableService, MockBoard, ManualClock]) -> None:
    table, board, clock = pad_table
    running = table.game_id
    assert not ask(table, hub_command("new_game", "r2-new", **ROUND_2)).ok
    key(table, board, clock, "TIMER", hold=True)
    key(table, board, clock, "UNDO")  # no: nothing undone, the question forgotten
    assert table.game_id == running and table.seq == 60
    assert table.gate.waiting is None and table.pad_text == ""
    extra = table.judge_extra()
    assert extra.last_error == f"the new game r2-t8 was not opened: game {running} goes on"
    assert extra.refusal is not None and extra.refusal.key == "new_game_kept_out"
    key(table, board, clock, "TIMER", hold=True)  # no question now: the timer's restart
    key(table, board, clock, "NEXT", hold=True)
    assert table.game_id == running


def test_the_console_judge_confirms_with_a_word(tmp_path: Path) -> None:
    """`mafiakit table --stdin`: the judge's own new_game mid-game waits for `confirm` too."""
    new = {"command": "new_game", "header": header("fiim"), "game_id": "evening-2"}
    lines = [json.dumps(line) for line in [*LINES[:60], new]] + ["confirm", "confirm"]
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--no-broker",
                           "--journal", str(tmp_path / "t.sqlite"), "--stdin", "--lang", "en"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()[61:]
    assert out[0].startswith("error: a new game evening-2 waits while game ")
    assert "type `confirm` at the judge's console" in out[0]
    assert out[1:] == ["ok 0", "error: no new game waits for a confirmation"]
