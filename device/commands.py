"""Commands to a table (from the hub over MQTT, or typed at the table): decoded strictly,
answered once per request id.

The desk never touches the table service: `received` says what to do with a message (run a
command, answer a repeat, or nothing) and the service runs the command and hands the outcome
back with `answered`. QoS 1 may deliver a command twice; the desk keeps the latest replies
by request id and answers a repeat with the first reply instead of applying it again (a foul
given twice would be a wrong protocol).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from pydantic import JsonValue

from bus.client import Received
from bus.errors import PayloadError
from bus.messages import decode_message
from bus.payloads import Command, Reply

log = logging.getLogger("mafiakit.table")
ANSWERS_KEPT = 256


@dataclass(frozen=True)
class RunCommand:
    """A new command: run it, then give the outcome to `CommandDesk.answered`."""

    command: Command


@dataclass(frozen=True)
class Repeat:
    """A request id answered before: publish the same reply again, run nothing."""

    reply: Reply


@dataclass(frozen=True)
class NotACommand:
    """Garbage or another payload on a cmd topic: logged, nothing to do."""


DeskWish = RunCommand | Repeat | NotACommand


@dataclass(frozen=True)
class CommandOutcome:
    """How a command went: ok, or an error in words the judge understands; and a result."""

    ok: bool
    error: str = ""
    result: dict[str, JsonValue] | None = None


class CommandDesk:
    def __init__(self) -> None:
        self._answered: dict[str, Reply] = {}  # request id -> reply, the latest ANSWERS_KEPT

    def received(self, item: Received) -> DeskWish:
        """A message on our cmd topics -> what the service should do about it."""
        try:
            _, payload = decode_message(item.topic, item.payload)
        except PayloadError as exc:
            log.warning("rejected a message on %s: %s", item.topic, exc)
            return NotACommand()
        if not isinstance(payload, Command):
            log.warning("ignored a %s on %s", type(payload).__name__, item.topic)
            return NotACommand()
        reply = self._answered.get(payload.request_id)
        return RunCommand(payload) if reply is None else Repeat(reply)

    def answered(self, command: Command, outcome: CommandOutcome) -> Reply:
        """The reply to publish for a command just run; kept for a repeat of its request id."""
        reply = Reply(request_id=command.request_id, name=command.name, ok=outcome.ok,
                      error=outcome.error or None, result=outcome.result)
        self._answered[command.request_id] = reply
        while len(self._answered) > ANSWERS_KEPT:
            self._answered.pop(next(iter(self._answered)))
        return reply
