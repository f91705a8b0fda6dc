"""One table per number: before a table says anything on the bus, it asks whether its
number is held by another live instance (docs/mqtt.md "One table per number").

The broker's retained status of the number says who had it last. Free: no status, or
`offline` / `lost`, or `online` from this very instance (its own earlier life after a crash:
the broker has not noticed the dead link yet, and its will comes later). Otherwise the table
asks on the number's `claim` topic; a live holder answers from its network thread (bus/client.py)
and the newcomer stops with one line naming the machine. A holder that does not answer within
`wait_s` is gone (a crashed machine whose will the broker has not sent yet): the number is
taken over.

The question is asked on a connection of its own with no will and no birth, so a refused
instance leaves the holder's retained status, snapshots and protocol exactly as they were, and
the screens keep the real table. Its own probe coming back is the barrier after which the
retained status, if any, has arrived (one client's messages are delivered in order).
"""

from __future__ import annotations

import queue
import time
from dataclasses import dataclass
from typing import Final

from bus import topics
from bus.client import BusClient, LinkDown, Received
from bus.config import BrokerConfig
from bus.errors import PayloadError
from bus.payloads import Claim, Status, decode, utc_now

ANSWER_WAIT_S: Final = 5.0  # a live holder answers in milliseconds; a loaded Pi in seconds
CONNECT_WAIT_S: Final = 10.0


@dataclass(frozen=True)
class Holder:
    """The live instance that holds the number."""

    instance: str
    where: str  # "pi-3 (192.168.1.23)"
    since: str  # when it started, "10:32:05 UTC"


class NumberHeld(RuntimeError):
    """Another live instance holds this table's number; the message says who, in one line."""


class ClaimUnanswered(RuntimeError):
    """The broker could not be asked (unreachable, refused): the message says so."""


def probe(config: BrokerConfig, tournament: str, table: str, *, instance: str,
          host: str | None, wait_s: float = ANSWER_WAIT_S) -> Holder | None:
    """The live holder of `table`, or None when the number is free (or held by a dead
    instance, or by this one). ClaimUnanswered if the broker cannot be reached."""
    status_topic = topics.table_topic(tournament, table, "status")
    claim_topic = topics.table_topic(tournament, table, "claim")
    client = BusClient(config, name=f"claim-{table}"[:40])
    try:
        client.subscribe(status_topic)
        client.subscribe(claim_topic)
        client.start()
        _connected(client)
        asked = Claim(kind="probe", instance=instance, host=host,
                      address=client.local_address(), booted_at=utc_now())
        client.publish(claim_topic, asked)
        return _answer(client, status_topic, claim_topic, asked, wait_s)
    finally:
        client.close()


def _answer(client: BusClient, status_topic: str, claim_topic: str, asked: Claim,
            wait_s: float) -> Holder | None:
    retained: Status | None = None
    back = False  # our own probe came back: every retained message has been delivered
    deadline = time.monotonic() + CONNECT_WAIT_S
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            if not back:
                raise ClaimUnanswered("the broker did not pass this table's question on")
            return None  # the holder did not answer: it is gone
        try:
            item = client.inbox.get(timeout=min(left, 0.2))
        except queue.Empty:
            continue
        if isinstance(item, LinkDown):  # e.g. an ACL rendered before the claim topic
            raise ClaimUnanswered(f"the broker would not let this table ask ({item.reason}): "
                                  "render the broker's ACL again (`mafiakit acl`)")
        if not isinstance(item, Received) or not item.payload:
            continue
        kind = "status" if item.topic == status_topic else "claim"
        try:
            said = decode(kind, item.payload)
        except PayloadError:
            continue  # garbage on our topics: the hub quarantines it
        if isinstance(said, Status) and item.retain:
            retained = said
        elif isinstance(said, Claim) and said.kind == "held" and said.instance != asked.instance:
            return Holder(said.instance, said.where(), f"{said.booted_at:%H:%M:%S} UTC")
        elif isinstance(said, Claim) and said == asked and not back:
            back = True
            if not _contested(retained, asked.instance):
                return None
            deadline = time.monotonic() + wait_s  # now wait for the holder's answer


def _contested(status: Status | None, instance: str) -> bool:
    """A retained birth of another instance: someone may hold the number."""
    return status is not None and status.state == "online" and status.instance != instance


def _connected(client: BusClient) -> None:
    """Wait for the link; ClaimUnanswered at its first failure (the table then starts
    anyway and the hub still sees two instances: docs/mqtt.md)."""
    where = f"{client.config.host}:{client.config.port}"
    deadline = time.monotonic() + CONNECT_WAIT_S
    while not client.wait_ready(0.05):
        try:
            item = client.inbox.get_nowait()
        except queue.Empty:
            item = None
        if isinstance(item, LinkDown):
            raise ClaimUnanswered(f"no connection to the broker at {where} ({item.reason})")
        if time.monotonic() > deadline:
            raise ClaimUnanswered(f"no connection to the broker at {where}")
