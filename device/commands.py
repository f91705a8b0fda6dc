"""Commands to a table (from the hub over MQTT, or typed at the table): decoded strictly,
run on the engine thread, answered once per request id.

QoS 1 may deliver a command twice; the desk keeps the latest replies by request id and
answers a repeat with the first reply instead of applying it again (a foul given twice would
be a wrong protocol).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from bus.client import Received
from bus.errors import PayloadError
from bus.messages import decode_message
from bus.payloads import Command, Reply
from engine.errors import IllegalAction, LogError

if TYPE_CHECKING:
    from device.service import TableService

log = logging.getLogger("mafiakit.table")
ANSWERS_KEPT = 256


class CommandDesk:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._answered: dict[str, Reply] = {}  # request id -> reply, the latest ANSWERS_KEPT

    def received(self, item: Received) -> Reply | None:
        """A message on our cmd topics -> the reply to publish (None: not a command)."""
        try:
            _, payload = decode_message(item.topic, item.payload)
        except PayloadError as exc:
            log.warning("rejected a message on %s: %s", item.topic, exc)
            return None
        if not isinstance(payload, Command):
            log.warning("ignored a %s on %s", type(payload).__name__, item.topic)
            return None
        reply = self._answered.get(payload.request_id)
        if reply is None:
            ok, error, result = self.run(payload)
            reply = Reply(request_id=payload.request_id, name=payload.name, ok=ok,
                          error=error or None, result=result)
            self._answered[payload.request_id] = reply
            while len(self._answered) > ANSWERS_KEPT:
                self._answered.pop(next(iter(self._answered)))
        return reply

    def run(self, cmd: Command) -> tuple[bool, str, dict[str, Any] | None]:
        """Carry out one command: (ok, error for the judge, result)."""
        service, args = self.service, cmd.args
        try:
            if cmd.name == "action":
                ok, why = service.submit_line(dict(args["action"]))  # type: ignore[arg-type]
                return ok, why, {"seq": service.seq} if ok else None
            if cmd.name == "undo":
                ok, why = service.submit_line({"action": "undo"})
                return ok, why, None
            if cmd.name == "new_game":
                gid = service.new_game(dict(args["header"]),  # type: ignore[arg-type]
                                       game_id=args.get("game_id"))  # type: ignore[arg-type]
                return True, "", {"game_id": gid}
            if cmd.name == "roster":
                service.set_names(list(args["names"]))  # type: ignore[arg-type]
                return True, "", None
            if cmd.name == "rebirth":
                service.publish_all(force=True)
                return True, "", None
            return True, "", {"game_id": service.game_id, "actions": len(service.game.actions)}
        except (LogError, IllegalAction, ValueError) as exc:
            return False, str(exc), None
