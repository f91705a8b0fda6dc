"""Commands to a table (from the hub over MQTT, or typed at the table): decoded strictly,
answered once per request id.

The desk never touches the table service: `received` says what to do with a message (run a
command, publish a reply without running anything, or nothing) and the service runs the
command and hands the outcome back with `answered`.

QoS 1 may deliver a command twice and a hub may retry: a request that was carried out is
kept in the journal with what it did (device.table.journal.Request), so a repeat, even after a
restart, gets the first answer instead of being applied again (a foul given twice would be a
wrong protocol). Refusals changed nothing; the latest are remembered so a retry gets the same
words. Every command with a readable request id gets a reply; a retained command is never
carried out (it would run again at every restart).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from pydantic import JsonValue

from bus import topics
from bus.client import Received
from bus.errors import PayloadError
from bus.messages import decode_message
from bus.payloads import MAX_PAYLOAD_BYTES, Command, Reply
from device.table.journal import Answered
from engine.refusals import Phrase

log = logging.getLogger("mafiakit.table")
REFUSALS_KEPT: Final = 256
MAX_ERROR: Final = 500  # bus.payloads.Text
_REQUEST_ID: Final = re.compile(r'"request_id"\s*:\s*"([A-Za-z0-9_.:-]{1,64})"')


@dataclass(frozen=True)
class RunCommand:
    """A new command: run it, then give the outcome to `CommandDesk.answered`."""

    command: Command


@dataclass(frozen=True)
class Repeat:
    """Publish this reply and run nothing: a request answered before (from the journal or
    the refusals kept), a retained command, or a refused one whose request id we can read."""

    reply: Reply


@dataclass(frozen=True)
class NotACommand:
    """Garbage without a readable request id, or another payload on a cmd topic: logged."""


DeskWish = RunCommand | Repeat | NotACommand


@dataclass(frozen=True)
class CommandOutcome:
    """How a command went: ok, or an error in words the judge understands; and a result."""

    ok: bool
    error: str = ""
    result: dict[str, JsonValue] | None = None
    refusal: Phrase | None = None  # the error by key: the console says it in its language


def words(text: str) -> str:
    """An error text for a reply: one line, at most MAX_ERROR characters, never empty."""
    text = " ".join(text.split()) or "refused"
    return text if len(text) <= MAX_ERROR else text[:MAX_ERROR - 3] + "..."


class CommandDesk:
    def __init__(self, carried_out: Callable[[str], Answered | None]) -> None:
        """`carried_out(request_id)`: what the journal kept of a request (None: never run)."""
        self._carried_out = carried_out
        self._refused: dict[str, Reply] = {}  # request id -> refusal, the latest REFUSALS_KEPT

    def received(self, item: Received) -> DeskWish:
        """A message on our cmd topics -> what the service should do about it."""
        try:
            _, payload = decode_message(item.topic, item.payload)
        except PayloadError as exc:
            log.warning("rejected a message on %s: %s", item.topic, exc)
            refusal = _refusal_of_garbage(item, str(exc))
            return NotACommand() if refusal is None else Repeat(refusal)
        if not isinstance(payload, Command):
            log.warning("ignored a %s on %s", type(payload).__name__, item.topic)
            return NotACommand()
        rid = payload.request_id
        done = self._carried_out(rid)
        if done is not None:
            return Repeat(_answer(rid, done))
        if item.retain:
            log.warning("ignored a retained %s command (request %s)", payload.name, rid)
            return Repeat(Reply(request_id=rid, name=payload.name, ok=False, error=(
                "a retained command is never carried out (it would run again at every "
                "restart); send it again without the retain flag")))
        reply = self._refused.get(rid)
        return RunCommand(payload) if reply is None else Repeat(reply)

    def answered(self, command: Command, outcome: CommandOutcome) -> Reply:
        """The reply to publish for a command just run; a refusal is kept for a retry."""
        reply = Reply(request_id=command.request_id, name=command.name, ok=outcome.ok,
                      error=words(outcome.error) if not outcome.ok else None,
                      result=outcome.result if outcome.ok else None)
        if not outcome.ok:
            self._refused[command.request_id] = reply
            while len(self._refused) > REFUSALS_KEPT:
                self._refused.pop(next(iter(self._refused)))
        return reply


def _answer(request_id: str, done: Answered) -> Reply:
    """The reply a request carried out earlier got (rebuilt from what the journal kept)."""
    result: dict[str, JsonValue] | None = None
    if done.name == "action":
        result = {"seq": done.seq}
    elif done.name == "new_game":
        result = {"game_id": done.game_id}
    return Reply.model_validate({"request_id": request_id, "name": done.name, "ok": True,
                                 "result": result})


def _refusal_of_garbage(item: Received, reason: str) -> Reply | None:
    """A command the bus refused still gets a reply when its request id can be read."""
    try:
        ref = topics.parse(item.topic)
    except topics.TopicError:
        return None
    if ref.kind != "cmd" or ref.name not in topics.COMMAND_NAMES:
        return None
    rid = _request_id_of(item.payload)
    if rid is None:
        return None
    return Reply.model_validate({"request_id": rid, "name": ref.name, "ok": False,
                                 "error": words(f"command refused: {reason}")})


def _request_id_of(raw: bytes) -> str | None:
    if len(raw) > MAX_PAYLOAD_BYTES:
        return None
    text = raw.decode("utf-8", errors="replace")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        found = _REQUEST_ID.findall(text)  # too deep to parse: only an unambiguous id
        return found[0] if len(found) == 1 else None
    rid = data.get("request_id") if isinstance(data, dict) else None
    return rid if isinstance(rid, str) and _REQUEST_ID.fullmatch(
        f'"request_id":"{rid}"') else None
