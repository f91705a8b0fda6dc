"""The MQTT side of a screen: subscribe through `bus`, feed a FeedStore.

paho's callbacks only put items on the client's inbox (`BusClient`); `pump()` drains it on the
screen's thread and is also how the display loop sleeps: it waits for the next message or
the next redraw, whichever comes first, so an idle screen uses next to no CPU.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from bus.client import BusClient, LinkDown, Received
from bus.config import BrokerConfig
from bus.errors import PayloadError
from bus.hubpages import read_aggregate
from bus.messages import decode_message
from bus.payloads import Event, Heartbeat, Protocol, Snapshot, Status
from bus.topics import VIEW_CLASSES, TopicError, hub_topic, parse, table_filter
from scoreboard.board import PLAYERS, ROUNDS
from scoreboard.feed import FeedStore
from scoreboard.link import SILENCE_S, Link
from scoreboard.view import ViewError, club_points

REFUSED: Final = "the broker refused the connection"  # bus.client's LinkDown for a CONNACK
# failure: a wrong account or password (the screen says so, not "no connection")


def subscriptions(tournament: str, table: str | None, view_class: str) -> list[str]:
    """Topic filters a screen needs: its view class, status, heartbeat and protocol (the
    reveal of a decided game); the judge's also events."""
    if view_class not in VIEW_CLASSES:
        raise ValueError(f"view class {view_class!r} is not one of {', '.join(VIEW_CLASSES)}")
    kinds = [view_class, "status", "heartbeat", "protocol"]
    if view_class == "judge":
        kinds.append("events")
    return [table_filter(kind, tournament, table) for kind in kinds]


class LiveFeed:
    """One broker connection feeding `store`; call `pump()` from the screen's loop."""

    def __init__(
        self,
        config: BrokerConfig,
        store: FeedStore,
        *,
        tournament: str,
        table: str | None,
        view_class: str = "public",
        clock: Callable[[], float] = time.monotonic,
        silence_after: float = SILENCE_S,
        venue: bool = False,
    ) -> None:
        self.store = store
        self.view_class = view_class
        self.clock = clock
        self.link_problem: str | None = None
        # what the screen shows of its own link (scoreboard/link.py): never the password
        self.link = Link(address=f"{config.host}:{config.port}", tournament=tournament,
                         since=clock(), silence_after=silence_after)
        store.on_link(self.link)
        self.link_tls = False  # the problem is TLS (a certificate), not a missing broker
        self.client = BusClient(config, name=f"scoreboard-{'venue' if venue else view_class}")
        # the venue's screen reads the hub's public pages only (scoreboard/board.py)
        self.hub_pages = hub_topic(tournament, "public") + "/" if venue else None
        if venue:  # the players' page, and every round's (`rounds/+`)
            self.client.subscribe(hub_topic(tournament, PLAYERS))
            self.client.subscribe(hub_topic(tournament, ROUNDS.rstrip("/")) + "/+")
        for topic_filter in subscriptions(tournament, table, view_class) if not venue else ():
            self.client.subscribe(topic_filter)
        # the wall (every table) also reads the hub's aggregate: "standings as of round N"
        self.aggregate = hub_topic(tournament, "public/aggregate") if (
            table is None and not venue) else None
        if self.aggregate is not None:
            self.client.subscribe(self.aggregate)

    def start(self) -> LiveFeed:
        """Connect in the background."""
        self.client.start()
        return self

    def pump(self, timeout: float) -> int:
        """Wait up to `timeout` s for a message, then apply everything queued; count them."""
        count = 0
        try:
            item = self.client.inbox.get(timeout=max(0.0, timeout))
        except queue.Empty:
            return 0
        while True:
            self.handle(item)
            count += 1
            try:
                item = self.client.inbox.get_nowait()
            except queue.Empty:
                return count

    def handle(self, item: object) -> None:
        """Apply one inbox item to the store (on the owner's thread)."""
        now = self.clock()
        if isinstance(item, LinkDown):
            self.link_problem = item.reason
            self.link_tls = item.tls
            self._link("refused" if item.reason.startswith(REFUSED) else "down", now)
            return
        if not isinstance(item, Received):
            self.link_problem = None  # LinkUp
            self._link("up", now)
            return
        if item.topic == self.aggregate:
            self.store.on_standings_as_of(standings_as_of(item.payload))
            return
        if self.hub_pages is not None and item.topic.startswith(self.hub_pages):
            name = item.topic.removeprefix(self.hub_pages)
            self.store.on_hub_page(f"public/{name}", item.payload)
            return
        if not item.payload:  # a cleared retained message: only the protocol is ever cleared
            try:
                ref = parse(item.topic)
            except TopicError as exc:
                self.store.problem(item.topic, f"message refused: {exc}")
                return
            if ref.kind == "protocol" and ref.table is not None:
                self.store.on_protocol(ref.table, None, None)
            return
        try:
            ref, payload = decode_message(item.topic, item.payload)
        except PayloadError as exc:
            self.store.problem(item.topic, f"message refused: {exc}")
            return
        table = ref.table or "?"
        if isinstance(payload, Snapshot):
            if payload.view_class == self.view_class:
                self.store.on_snapshot(table, payload, now, retained=item.retain)
        elif isinstance(payload, Status):
            state = "online" if payload.state == "online" else "offline"
            self.store.on_status(table, state, now,
                                 session=(payload.booted_at, payload.bdseq))
        elif isinstance(payload, Heartbeat):
            self.store.on_heartbeat(table, now, payload.uptime_s)
        elif isinstance(payload, Event):
            self.store.on_event(table, payload.accepted, payload.reason)
        elif isinstance(payload, Protocol):
            try:  # the points a decided game shows (a club result's `score`; none yet else)
                points = club_points(payload.result)
            except ViewError as exc:
                self.store.problem(table, f"protocol refused: {exc}")
                return
            self.store.on_protocol(table, payload.game_id, payload.reveal, points)

    def waited(self) -> None:
        """The caller waited as long as it will (a screenshot's `--wait`): a table or
        tournament not heard of by now is unknown to the broker, said at once."""
        self.link = replace(self.link, silence_after=0.0)
        self.store.on_link(self.link)

    def _link(self, state: str, now: float) -> None:
        """A new link state for the screen (the time of an unchanged state is kept)."""
        if state != self.link.state:
            self.link = replace(self.link, state=state, since=now)
            self.store.on_link(self.link)

    def close(self) -> None:
        """Disconnect."""
        self.client.close()


def standings_as_of(raw: bytes) -> tuple[int | None, bool] | None:
    """(round, hidden) from the hub's aggregate (docs/hub.md), read through its model
    (bus/hubpages.py); None when it does not read."""
    try:
        as_of = read_aggregate(raw).standings_as_of
    except PayloadError:
        return None
    return as_of.as_of_round, as_of.hidden
