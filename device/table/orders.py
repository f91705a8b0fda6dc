"""What a judge asks the table to do, carried out: the hub's and the console's commands
(docs/mqtt.md "Commands"), the pad's keys (device/table/bridge.py), and the new game that
waits for the judge's answer (device/table/newgame.py).

One job: turn a request into the table's own operations (`Table`: record a line, open a
game, set the roster, publish) and say how it went. A refusal is an outcome in words and by
key, never an exception: nothing a client sends may stop the engine thread.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Protocol, assert_never

from bus.client import Received
from bus.payloads import Command, Reply
from device.hardware.pad import KeyEvent
from device.table.admission import admit_action, admit_names
from device.table.bridge import PadBridge, PadRecord, PadRefusal, PadTimer, PadWait, PadWish
from device.table.commands import CommandOutcome, NotACommand, Repeat, RunCommand
from device.table.core import GameCore
from device.table.journal import Request
from device.table.link import TableLink
from device.table.newgame import GateStep, Waiting
from device.table.notes import JudgeNotes
from device.table.publisher import Publisher
from engine.errors import IllegalAction, LogError
from engine.refusals import Phrase, R
from engine.vocab import InfoClass

log = logging.getLogger("mafiakit.table")
JUDGE_ONLY = (InfoClass.JUDGE,)


class Table(Protocol):
    """The table service's operations the orders use (device/table/service.py)."""

    core: GameCore
    notes: JudgeNotes
    publisher: Publisher
    link: TableLink

    @property
    def pad_seats(self) -> int | None: ...

    def submit_line(self, line: Mapping[str, object],
                    request: Request | None = None) -> tuple[bool, str]: ...

    def new_game(self, header: Mapping[str, object], game_id: str | None = None,
                 names: list[str] | None = None, request: Request | None = None) -> str: ...

    def set_names(self, names: list[str], request: Request | None = None) -> None: ...

    def timer_key(self, restart: bool = False) -> None: ...

    def publish_all(self, only: tuple[InfoClass, ...] = ..., force: bool = False,
                    protocol: bytes | None = None) -> None: ...


def received(table: Table, item: Received) -> Reply | None:
    """A message on the table's cmd topics, carried out once per request id (the command
    desk, device/table/commands.py): the reply to publish (None: nothing to answer)."""
    wish = table.link.received(item)
    match wish:
        case RunCommand(command=command):
            outcome = run_command(table, command, Request(command.request_id, command.name))
            return table.link.desk.answered(command, outcome)
        case Repeat(reply=reply):
            return reply
        case NotACommand():
            return None
        case _:
            assert_never(wish)


def run_command(table: Table, cmd: Command, request: Request | None = None) -> CommandOutcome:
    """Carry out one hub or console command (checked by device.table.admission); a refusal is
    an outcome, never an exception. `request` keeps a hub's request id in the journal."""
    args, core = cmd.args, table.core
    try:
        match cmd.name:
            case "action":
                ok, why = table.submit_line(admit_action(args["action"], core.game), request)
                return CommandOutcome(ok, why, {"seq": core.seq} if ok else None)
            case "undo":
                ok, why = table.submit_line({"action": "undo"}, request)
                return CommandOutcome(ok, why)
            case "new_game":
                header, gid = core.admit_new_game(args["header"], args.get("game_id"),
                                                  table.pad_seats)
                if core.running():  # the judge says yes or no at the table
                    return _new_game_waits(table, Waiting(header, gid, request))
                gid = table.new_game(header, game_id=gid, request=request)
                return CommandOutcome(True, "", {"game_id": gid})
            case "roster":
                names = admit_names(args["names"], seats=core.game.seats)
                waiting = table.notes.gate.waiting
                if request is not None and waiting is not None:  # the new game's roster
                    phrase = Phrase(R.ROSTER_WAITS, {"new": waiting.name, "game": core.game_id})
                    return CommandOutcome(False, phrase.text("en"), refusal=phrase)
                table.set_names(names, request)
                return CommandOutcome(True)
            case "rebirth":
                table.publish_all(force=True)
                table.publisher.send_events_again(args)
                return CommandOutcome(True)
            case "ping":
                return CommandOutcome(True, "", {"game_id": core.game_id,
                                                 "actions": len(core.game.actions)})
            case _:
                assert_never(cmd.name)
    except (LogError, IllegalAction) as exc:
        return CommandOutcome(False, str(exc), refusal=exc.phrase)
    except Exception as exc:  # a bug must cost one refusal, never the table
        log.exception("the %s command failed", cmd.name)
        return CommandOutcome(False, f"the table could not carry out {cmd.name} "
                                     f"({type(exc).__name__}); ask for a ping to see "
                                     "whether anything changed")


def _new_game_waits(table: Table, waiting: Waiting) -> CommandOutcome:
    """Refuse a new game mid-game in words and keep it for the judge's answer at the
    table (device/table/newgame.py): the judge's screen shows it until he answers."""
    notes, core = table.notes, table.core
    notes.gate.wait(waiting)
    phrase = notes.waits_phrase(core.game_id, len(core.game.actions))
    log.warning("%s", phrase.text("en"))
    table.publish_all(only=JUDGE_ONLY)
    return CommandOutcome(False, phrase.text("en"), refusal=phrase)


def confirm_new_game(table: Table) -> CommandOutcome:
    """The judge's yes (the console's `confirm`, the pad's hold of NEXT): the waiting game
    opens; the game at the table stays in the journal's archive."""
    gate = table.notes.gate
    waiting = gate.waiting
    if waiting is None:
        return CommandOutcome(False, Phrase(R.NEW_GAME_NONE_WAITS).text("en"),
                              refusal=Phrase(R.NEW_GAME_NONE_WAITS))
    try:
        gid = table.new_game(waiting.header, waiting.game_id, request=waiting.request)
    except LogError as exc:
        gate.clear()
        return CommandOutcome(False, str(exc), refusal=exc.phrase)
    log.info("the judge opened the new game %s", gid)
    return CommandOutcome(True, "", {"game_id": gid})


def key_pressed(table: Table, bridge: PadBridge, event: KeyEvent) -> None:
    """One pad event: the new game's question when one waits, else the pad's grammar."""
    gate = table.notes.gate
    waiting, step = gate.waiting, gate.key(event)
    if step == "pass":
        game = table.core.game
        _pad_wish(table, bridge, bridge.key(event, game))
    else:
        _gate_step(table, bridge, step, waiting)


def _pad_wish(table: Table, bridge: PadBridge, wish: PadWish) -> None:
    """Do what the judge keyed in; then show the pad's unfinished sequence."""
    notes, game = table.notes, table.core.game
    match wish:
        case PadRecord(line=line, key=key):
            ok, why = table.submit_line(line)
            bridge.recorded(ok, key, game)
            if not ok:  # the rules refused it: the notes kept the reason and its key
                notes.last_error = why
        case PadTimer(restart=restart):
            table.timer_key(restart=restart)
        case PadRefusal(message=message, refusal=refusal):
            notes.say(message, refusal)
        case PadWait():
            pass
        case _:
            assert_never(wish)
    text = bridge.text(game)
    if text != notes.pad_text or isinstance(wish, PadRefusal | PadRecord):
        notes.pad_text = text
        table.publish_all(only=JUDGE_ONLY)


def _gate_step(table: Table, bridge: PadBridge, step: GateStep, waiting: Waiting | None) -> None:
    """A pad key while a new game waits and the judge is asked (device/table/newgame.py)."""
    notes = table.notes
    if step == "open":
        outcome = confirm_new_game(table)
        bridge.recorded(outcome.ok, "NEXT", table.core.game)
        if not outcome.ok:
            notes.say(outcome.error, outcome.refusal)
    elif step == "keep":
        phrase = Phrase(R.NEW_GAME_KEPT_OUT, {
            "new": "" if waiting is None else waiting.name, "game": table.core.game_id})
        notes.refuse(phrase)
    notes.pad_text = notes.gate.pad_text() or bridge.text(table.core.game)
    table.publish_all(only=JUDGE_ONLY)
