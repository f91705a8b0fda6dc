"""Decode a received MQTT message by its topic, checking that topic and payload agree."""

from __future__ import annotations

from typing import Final

from bus.errors import PayloadError
from bus.payloads import Command, Payload, Snapshot, StreamSnapshot, decode
from bus.topics import HUB_DECIDE, HUB_JUDGE_REPLY, HUB_STATUS, TopicError, TopicRef, parse

# Topic kind -> payload name (see payloads.MODELS).
PAYLOAD_OF_KIND: Final = {
    "status": "status",
    "heartbeat": "heartbeat",
    "public": "public",
    "audience": "audience",
    "judge": "judge",
    "events": "event",
    "protocol": "protocol",
    "cmd": "command",
    "reply": "reply",
    "stream": "stream",
    "claim": "claim",
}
# Hub topic -> payload name; the hub's retained JSON (aggregate, judge state, players) is
# the hub's own and has no model here.
PAYLOAD_OF_HUB_TOPIC: Final = {
    HUB_STATUS: "status",
    HUB_DECIDE: "decision_request",
    HUB_JUDGE_REPLY: "decision_reply",
}


def decode_message(topic: str, raw: bytes) -> tuple[TopicRef, Payload]:
    """Parse the topic, decode the payload it implies, and refuse a mismatch between them.

    A snapshot must name the table of its topic and a command the name of its topic, so a
    misrouted message cannot be shown as another table's game.
    """
    try:
        ref = parse(topic)
    except TopicError as exc:
        raise PayloadError(str(exc)) from None
    if ref.kind == "hub":
        name = ref.name or ""
        kind = PAYLOAD_OF_HUB_TOPIC.get(HUB_DECIDE if name.startswith(HUB_DECIDE + "/") else name)
        if kind is None:
            raise PayloadError(f"the bus has no payload model for hub topic {ref.name!r}")
        return ref, decode(kind, raw)
    payload = decode(PAYLOAD_OF_KIND[ref.kind], raw)
    if isinstance(payload, Snapshot | StreamSnapshot) and (payload.tournament, payload.table) != (
        ref.tournament, ref.table
    ):
        raise PayloadError(
            f"a snapshot of table {payload.tournament}/{payload.table} "
            f"arrived on the topic of table {ref.tournament}/{ref.table}"
        )
    if isinstance(payload, Command) and payload.name != ref.name:
        raise PayloadError(f"the {payload.name} command arrived on the cmd/{ref.name} topic")
    return ref, payload
