"""Commands to a table (from the hub over MQTT, or typed at the table): checked by
device.admission, run on the engine thread, answered once per request id.

QoS 1 may deliver a command twice and a hub may retry: a request that was carried out is
kept in the journal with what it did (device.journal.Request), so a repeat, even after
a restart, gets the first answer instead of being applied again (a foul given twice would be
a wrong protocol). Refusals changed nothing; the latest are remembered so a retry gets the
same words. Every command with a readable request id gets a reply; a retained command is
never carried out (it would run again at every restart).
"""

from __future__ import annotations

import json
import logging
import re
from typing import TYPE_CHECKING, Any, Final

from bus import topics
from bus.client import Received
from bus.errors import PayloadError
from bus.messages import decode_message
from bus.payloads import MAX_PAYLOAD_BYTES, Command, Reply
from device.admission import admit_action, admit_game_id, admit_header, admit_names
from device.journal import Answered, Request
from engine.errors import IllegalAction, LogError

if TYPE_CHECKING:
    from device.service import TableService

log = logging.getLogger("mafiakit.table")
REFUSALS_KEPT: Final = 256
MAX_ERROR: Final = 500  # bus.payloads.Text
_REQUEST_ID: Final = re.compile(r'"request_id"\s*:\s*"([A-Za-z0-9_.:-]{1,64})"')


def words(text: str) -> str:
    """An error text for a reply: one line, at most MAX_ERROR characters, never empty."""
    text = " ".join(text.split()) or "refused"
    return text if len(text) <= MAX_ERROR else text[:MAX_ERROR - 3] + "..."


class CommandDesk:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._refused: dict[str, Reply] = {}  # request id -> refusal, the latest REFUSALS_KEPT

    def received(self, item: Received) -> Reply | None:
        """A message on our cmd topics -> the reply to publish (None: nobody to answer)."""
        try:
            _, payload = decode_message(item.topic, item.payload)
        except PayloadError as exc:
            log.warning("rejected a message on %s: %s", item.topic, exc)
            return _refusal_of_garbage(item, str(exc))
        if not isinstance(payload, Command):
            log.warning("ignored a %s on %s", type(payload).__name__, item.topic)
            return None
        rid = payload.request_id
        done = self.service.journal.answered(rid)
        if done is not None:
            return _answer(rid, done)
        if item.retain:
            log.warning("ignored a retained %s command (request %s)", payload.name, rid)
            return Reply(request_id=rid, name=payload.name, ok=False, error=(
                "a retained command is never carried out (it would run again at every "
                "restart); send it again without the retain flag"))
        reply = self._refused.get(rid)
        if reply is not None:
            return reply
        ok, error, result = self.run(payload, Request(rid, payload.name))
        reply = Reply(request_id=rid, name=payload.name, ok=ok,
                      error=words(error) if not ok else None, result=result if ok else None)
        if not ok:
            self._refused[rid] = reply
            while len(self._refused) > REFUSALS_KEPT:
                self._refused.pop(next(iter(self._refused)))
        return reply

    def run(self, cmd: Command, request: Request | None = None
            ) -> tuple[bool, str, dict[str, Any] | None]:
        """Carry out one command: (ok, error for the judge, result)."""
        service, args = self.service, cmd.args
        try:
            if cmd.name == "action":
                ok, why = service.submit_line(admit_action(args["action"]), request)
                return ok, why, {"seq": service.seq} if ok else None
            if cmd.name == "undo":
                ok, why = service.submit_line({"action": "undo"}, request)
                return ok, why, None
            if cmd.name == "new_game":
                header = admit_header(args["header"])
                gid = admit_game_id(args["game_id"]) if "game_id" in args else None
                gid = service.new_game(header, game_id=gid, request=request)
                return True, "", {"game_id": gid}
            if cmd.name == "roster":
                service.set_names(admit_names(args["names"]), request)
                return True, "", None
            if cmd.name == "rebirth":
                service.publish_all()
                return True, "", None
            return True, "", {"game_id": service.game_id, "actions": len(service.game.actions)}
        except (LogError, IllegalAction) as exc:
            return False, str(exc), None
        except Exception as exc:  # a bug must cost one refusal, never the table
            log.exception("the %s command failed", cmd.name)
            return False, (f"the table could not carry out {cmd.name} ({type(exc).__name__}); "
                           "nothing was changed if the reply says so: ask for a ping"), None


def _answer(request_id: str, done: Answered) -> Reply:
    """The reply a request carried out earlier got (rebuilt from what the journal kept)."""
    result: dict[str, Any] | None = None
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
