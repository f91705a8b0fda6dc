"""The hub: a client of the broker that follows every table, stores every game, sends each
table its game for the round and publishes one retained aggregate for the wall.

One thread (`run`) owns the store and the registry; paho's callbacks only enqueue (as in
the table service). Each pass drains a batch of messages into one SQLite transaction, then
`tick` does the timed work: stale tables, rebirths on gaps, command resends, decisions
written by `mafiakit hub decide` in another process, alerts, the aggregate.

`HubService` is the composition of parts with one job each, sharing `HubContext`
(hub/context.py): `Ingest` (hub/ingest.py: statuses, events, snapshots, protocols, gaps),
`Pages` (hub/pages.py: the aggregate, the head judge's and the public pages on the grid),
`CommandSender` (hub/commands.py: commands, resends, replies, rebirths) and `Desk`
(hub/desk.py: the head judge's decisions). Its inbox takes a closed union of items
(`HubItem`), each handled by one case of a `match`.

Bad input of any kind (not a payload, an unknown table, a replayed old boot, an action the
rules refuse, a protocol that does not replay) is logged and quarantined in the store; it
never stops the hub and never reaches the results.
"""

from __future__ import annotations

import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from importlib.metadata import version as _version
from pathlib import Path
from typing import assert_never

from bus import topics
from bus.client import BusClient, LinkDown, LinkUp, Presence, Received
from bus.linklog import LinkLog
from hub.checks import GameCheck
from hub.commands import CommandSender
from hub.config import HubSettings, StandingsView, read_seating_of, tournament_tables
from hub.context import HubContext
from hub.desk import Desk
from hub.ingest import Ingest
from hub.outbox import requeue_fixed
from hub.pages import TICK_S, Pages
from hub.registry import Registry
from hub.remote import RemoteDesk
from hub.stall import StoreStall
from hub.store import Store

log = logging.getLogger("mafiakit.hub")
VERSION = _version("mafiakit")
# The public snapshot gives the phase (sent only when it changes: never at night, so the hub
# keeps up with many tables); the winner comes with the protocol, the only place a result is
# published since secrecy became a matter of type.
KINDS = ("status", "heartbeat", "public", "events", "protocol", "reply", "claim")
BATCH = 500


class Stop:
    """Ask the hub's thread to finish."""


HubItem = Received | LinkUp | LinkDown | Stop  # what the hub's inbox takes
Message = Received | LinkUp | LinkDown  # what a batch holds (Stop ends the batch)


class HubService:
    def __init__(self, settings: HubSettings, *, connect: bool = True,
                 mono: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time,
                 config_path: Path | None = None) -> None:
        self.settings, self.mono, self.wall = settings, mono, wall
        self.config_path = config_path  # followed for `[standings]` while the hub runs
        self.tournament = settings.tournament
        self.seating = read_seating_of(settings)  # HubConfigError in words
        tables = tournament_tables(settings, self.seating)
        self.registry = Registry(tables, settings.heartbeat_s, settings.missed_heartbeats,
                                 settings.rebirth_every_s)
        self.store = store = Store(settings.database)
        store.check_integrity()
        self.ctx = ctx = HubContext(settings, self.registry, store, self.seating,
                                    mono=mono, wall=wall)
        self.remote = RemoteDesk(store, tuple(self.registry.tables), ctx.now_iso)
        self.stall = StoreStall(store.path)  # the store refusing writes (hub/stall.py)
        self.commands = CommandSender(ctx)
        self.desk = Desk(ctx, self.remote)
        self.ingest_part = Ingest(ctx, self.desk, self.commands)
        self.pages = Pages(ctx, self.commands, self.stall, config_path)
        # what the pages say, as the command line, the benches and the tests ask it
        self.aggregate, self.alerts = self.pages.aggregate, self.pages.alerts
        self.games, self.standings = self.pages.games, self.pages.standings
        self._backlog: list[Message] = []  # taken from the inbox, not written yet
        self.inbox: queue.Queue[HubItem] = queue.Queue()
        self._next_tick = 0.0
        self.ingested = 0  # messages handled (bench)
        broker = settings.broker.config()
        self._link = LinkLog(log, f"{broker.host}:{broker.port}", mono)
        if connect:
            ctx.bus = BusClient(broker, name="hub",
                                presence=Presence(topics.hub_topic(self.tournament, "status"),
                                                  VERSION),
                                inbox=self.inbox)
        for live in self.registry.tables.values():
            if live.game_id is not None:
                live.game_started = self.mono()
        if self.seating is not None:  # a seating fixed since: its games not yet taken
            requeue_fixed(store, settings, self.seating, ctx.now_iso())

    @property
    def bus(self) -> BusClient | None:
        return self.ctx.bus

    @property
    def checks(self) -> dict[tuple[str, str], GameCheck]:
        """The games followed from their events, not decided yet (hub/checks.py)."""
        return self.ingest_part.checks

    # -- life cycle ----------------------------------------------------------------------------

    def start(self) -> HubService:
        if self.bus is not None:
            for kind in KINDS:
                self.bus.subscribe(topics.table_filter(kind, self.tournament))
            self.bus.subscribe(topics.decide_filter(self.tournament))
            self.bus.subscribe(self.ingest_part.sync_topic)
            self.bus.start()
        return self

    def close(self) -> None:
        if self.bus is not None:
            self.bus.close()
        self.store.close()

    def run(self, stop: threading.Event | None = None) -> None:
        while stop is None or not stop.is_set():
            if not self.step(timeout=TICK_S):
                return

    def step(self, timeout: float = 0.0) -> bool:
        """Take a batch of messages, write them in one transaction, then the timed work. A
        batch the store refuses (a full disk) is held and written again later, before
        anything newer (hub/stall.py); False once asked to stop."""
        now = self.mono()
        wait = min(timeout, max(0.0, self.pages.grid.next - now))  # the page grid, on time
        if self.stall.active:
            wait = min(timeout, max(0.0, self.stall.retry_at - now))
        keep_going = self._take(wait if not self._backlog or self.stall.active else 0.0)
        if self.stall.active and self.mono() < self.stall.retry_at and keep_going:
            return True
        batch = self._backlog[:BATCH]
        if self._write(batch, final=not keep_going):
            del self._backlog[:len(batch)]
        elif not keep_going:
            log.error("hub: stopping with %d messages its store refused; the tables keep "
                      "them and send their protocols again when the hub is back",
                      len(self._backlog))
        return keep_going

    def _take(self, timeout: float) -> bool:
        """Move up to a batch of messages from the inbox to the backlog, in the order they
        came; False on Stop."""
        try:
            item = self.inbox.get(timeout=timeout) if timeout else self.inbox.get_nowait()
        except queue.Empty:
            return True
        for _ in range(BATCH):
            if isinstance(item, Stop):
                return False
            self._backlog.append(item)
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                return True
        if isinstance(item, Stop):
            return False
        self._backlog.append(item)  # (a batch and one: never put back, order is kept)
        return True

    def _write(self, items: list[Message], *, final: bool) -> bool:
        """Handle `items` and the timed work in one transaction; False if the store refused
        it (rolled back whole: held by `stall`, and the hub's memory of the store reread)."""
        try:
            with self.store.batch():
                for item in items:
                    self.handle(item)
                now = self.mono()
                if now >= self._next_tick or now >= self.pages.grid.next or final:
                    self._next_tick = now + TICK_S
                    self.tick()
        except sqlite3.Error as exc:
            self.desk.forget_replies()  # nothing of this batch was recorded: no answer yet
            self.pages.due = None
            self.stall.failed(exc, items, self.mono())
            with suppress(sqlite3.Error):  # a damaged file may refuse reads too
                self.ingest_part.remember_store()
            self._tell_stall()
            return False
        if self.stall.active:
            self.stall.recovered()
            self.ctx.dirty = True
        self.desk.send_replies()
        self.pages.publish_due()
        return True

    def _tell_stall(self) -> None:
        """While the store refuses writes, the wall and the head judge's page say so (the
        pages are read from the store, which a full disk still lets the hub do)."""
        if self.bus is None or not self.ctx.sync.done(self.mono()):
            return
        with suppress(sqlite3.Error):  # a damaged file: the log line has said it
            self.pages.publish(self.aggregate())

    def handle(self, item: Message) -> None:
        """One item of a batch: every kind the inbox takes has its case (`Stop` ends the
        batch in `_take` and never gets here)."""
        match item:
            case Received():
                self.ingested += 1
                try:
                    self.ingest(item.topic, item.payload, retained=item.retain)
                except sqlite3.Error:
                    raise  # the store's trouble, not the message's: the batch is held (step)
                except Exception as exc:  # never let one message stop the hub
                    log.exception("the hub failed on a message on %s", item.topic)
                    self.ctx.quarantine(item.topic, item.payload,
                                        f"the hub failed on it: {exc!r}")
            case LinkUp():
                self._link.up()
                self.commands.link_up()  # resend what is still unanswered at once
                self.pages.forget()  # and every page (a broker may have lost them)
                self.ctx.dirty = True
                if self.bus is not None:  # the retained state comes before this marker
                    self.bus.publish(self.ingest_part.sync_topic,
                                     self.ctx.sync.begin(item.bdseq, self.mono()),
                                     qos=1, retain=False)
            case LinkDown():
                self._link.down(item.reason)  # once, then once a minute (bus/linklog.py)
            case _:
                assert_never(item)

    def ingest(self, topic: str, raw: bytes, *, retained: bool = False) -> None:
        """One message from the broker; `retained`: a copy the broker kept, not sent now."""
        self.ingest_part.ingest(topic, raw, retained=retained)

    # -- rounds and the timed work -------------------------------------------------------------

    def start_round(self, number: int) -> list[str]:
        """Queue every table's game of round `number` (new game, then its roster)."""
        return self.commands.start_round(number)

    def tick(self) -> None:
        now = self.mono()
        changed = self.registry.tick(now)
        if changed:
            self.ctx.dirty = True
        for table in changed:
            self.ingest_part.tell(table)
        self.commands.rebirths(now)
        self.commands.resend(now)
        self.desk.follow_store()
        self.pages.tick(now)

    # -- what the pages say (hub/pages.py) ---------------------------------------------------

    def standings_view(self) -> StandingsView:
        """The public's standings: as of which round, hidden or not (hub.toml `[standings]`,
        followed while the hub runs)."""
        return self.pages.standings_view.view
