"""The hub: a client of the broker that follows every table, stores every game, sends each
table its game for the round and publishes one retained aggregate for the wall.

One thread (`run`) owns the store and the registry; paho's callbacks only enqueue (as in
the table service). Each pass drains a batch of messages into one SQLite transaction, then
`tick` does the timed work: stale tables, rebirths on gaps, command resends, decisions
written by `mafiakit hub decide` in another process, alerts, the aggregate.

Bad input of any kind (not a payload, an unknown table, a replayed old boot, an action the
rules refuse, a protocol that does not replay) is logged and quarantined in the store; it
never stops the hub and never reaches the results.
"""

from __future__ import annotations

import json
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from datetime import UTC, datetime
from importlib.metadata import version as _version
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bus import topics
from bus.client import BusClient, LinkDown, LinkUp, Presence, Received
from bus.errors import PayloadError, describe_validation_error
from bus.linklog import LinkLog
from bus.messages import decode_message
from bus.payloads import (
    Claim,
    Command,
    DecisionReply,
    Event,
    Heartbeat,
    Protocol,
    Reply,
    Snapshot,
    Status,
    encode,
)
from bus.settings import CLUB
from engine.variant import find_variant
from engine.vocab import Phase
from hub.alerts import command_alerts, game_alerts, table_alerts, waiting_alerts
from hub.checks import (
    GameCheck,
    apply_event,
    check_protocol,
    open_check,
)
from hub.club import EveningPages, club_games, club_tonight, evening_rating
from hub.config import (
    HubConfigError,
    HubSettings,
    StandingsView,
    read_seating_of,
    reload_standings_view,
    tournament_tables,
)
from hub.decisions import effective_games, round_of
from hub.gaps import rebirth_words
from hub.outbox import queue_round, requeue_fixed
from hub.pacing import Grid, RetainedSync, Sent
from hub.players import public_pages
from hub.registry import Liveness, Registry, Verdict, two_tables_alert
from hub.remote import RemoteDesk, judge_pages
from hub.seating import Seating
from hub.stall import StoreStall
from hub.standings import CountCache, games_as_they_count, latest_round, tournament_standings
from hub.store import OutboxRow, Store
from hub.tablelog import liveness_line

log = logging.getLogger("mafiakit.hub")
VERSION = _version("mafiakit")
AGGREGATE = "public/aggregate"
# The public snapshot gives the phase (sent only when it changes: never at night, so the hub
# keeps up with many tables); the winner comes with the protocol, the only place a result is
# published since secrecy became a matter of type.
KINDS = ("status", "heartbeat", "public", "events", "protocol", "reply", "claim")
SYNC = "sync"  # the marker the hub sends itself after connecting (hub/pacing.py)
BATCH = 500
TICK_S = 0.05  # the timed work, at most this often (not after every message under load)
CONFIG_CHECK_S = 1.0  # how often the hub looks whether hub.toml's [standings] changed


class Stop:
    """Ask the hub's thread to finish."""


class HubService:
    def __init__(self, settings: HubSettings, *, connect: bool = True,
                 mono: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time,
                 config_path: Path | None = None) -> None:
        self.settings, self.mono, self.wall = settings, mono, wall
        self.config_path = config_path  # followed for `[standings]` while the hub runs
        self._standings_view = settings.standings
        self._config_mtime = (config_path.stat().st_mtime_ns
                              if config_path is not None and config_path.is_file() else None)
        self._next_config_check = 0.0
        self.tournament = settings.tournament
        self.seating: Seating | None = read_seating_of(settings)  # HubConfigError in words
        tables = tournament_tables(settings, self.seating)
        self.registry = Registry(tables, settings.heartbeat_s, settings.missed_heartbeats,
                                 settings.rebirth_every_s)
        self.store = Store(settings.database)
        self.store.check_integrity()
        self.remote = RemoteDesk(self.store, tuple(self.registry.tables), self._now_iso)
        self.stall = StoreStall(self.store.path)  # the store refusing writes (hub/stall.py)
        self._backlog: list[Any] = []  # taken from the inbox, not written yet
        self._replies: list[DecisionReply] = []  # sent after their batch commits
        self._pages = Sent()  # what each retained page said when last published
        self._grid = Grid(settings.aggregate_s, TICK_S)  # when pages may go out (hub/pacing.py)
        self._sync = RetainedSync()  # pages and commands wait for the retained state
        self._pages_due: dict[str, Any] | None = None  # the aggregate to extend, after commit
        self._waiting: dict[str, tuple[str, str]] = {}  # table -> (game it plays, game queued)
        self._evenings = EveningPages()  # the head judge's page of each club evening
        self._told = dict.fromkeys(tables, Liveness.UNKNOWN)  # liveness as last logged
        self.inbox: queue.Queue[Any] = queue.Queue()
        self._sent: dict[str, float] = {}  # request id -> when last sent
        self._dirty = True
        self._paged_decided: set[tuple[str, str]] = set()  # the decided games the last page knew
        self._timed: list[dict[str, Any]] = []  # the clock-moved alerts the last page said
        self._next_tick = 0.0
        self._decisions_seen = 0
        self._counted = CountCache()  # the games as they count, replayed only when changed
        self.ingested = 0  # messages handled (bench)
        self.bus: BusClient | None = None
        broker = settings.broker.config()
        self._link = LinkLog(log, f"{broker.host}:{broker.port}", mono)
        if connect:
            self.bus = BusClient(settings.broker.config(), name="hub",
                                 presence=Presence(topics.hub_topic(self.tournament, "status"),
                                                   VERSION),
                                 inbox=self.inbox)
        self._remember_store()
        for live in self.registry.tables.values():
            if live.game_id is not None:
                live.game_started = self.mono()
        if self.seating is not None:  # a seating fixed since: its games not yet taken
            requeue_fixed(self.store, settings, self.seating, self._now_iso())

    # -- life cycle ----------------------------------------------------------------------------

    def _remember_store(self) -> None:
        """What the hub keeps in memory of its store: at start, and again after the store
        refused a batch (rolled back: the batch's messages are handled again)."""
        # (table, game) -> actions in the stored protocol: a decided game whose judge snapshot
        # shows more actions than that has a protocol the hub missed (asked for again)
        self._protocol_actions = self.store.protocol_actions()
        self._withdrawn = self.store.withdrawn()  # games back in play after their decision
        self._club_seen: set[tuple[str, str]] = set()  # club games noted in the store
        self.checks: dict[tuple[str, str], GameCheck] = {}
        for table, game_id in self.store.open_games():  # follow them from the stored events
            if table not in self.registry.tables:
                continue
            check = self._check(table, game_id)
            for seq, action in self.store.events(table, game_id):
                apply_event(check, Event(seq=seq, game_id=game_id, action=action,
                                         accepted=True, at=datetime.now(UTC)))
                check.seqs.add(seq)
            self.registry.restore(table, game_id, sorted(check.seqs), self.mono())

    def start(self) -> HubService:
        if self.bus is not None:
            for kind in KINDS:
                self.bus.subscribe(topics.table_filter(kind, self.tournament))
            self.bus.subscribe(topics.decide_filter(self.tournament))
            self.bus.subscribe(self._sync_topic)
            self.bus.start()
        return self

    @property
    def _sync_topic(self) -> str:
        return topics.hub_topic(self.tournament, SYNC)

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
        wait = min(timeout, max(0.0, self._grid.next - now))  # the page grid, on time
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

    def _write(self, items: list[Any], *, final: bool) -> bool:
        """Handle `items` and the timed work in one transaction; False if the store refused
        it (rolled back whole: held by `stall`, and the hub's memory of the store reread)."""
        try:
            with self.store.batch():
                for item in items:
                    self.handle(item)
                now = self.mono()
                if now >= self._next_tick or now >= self._grid.next or final:
                    self._next_tick = now + TICK_S
                    self.tick()
        except sqlite3.Error as exc:
            self._replies.clear()  # nothing of this batch was recorded: no answer yet
            self._pages_due = None
            self.stall.failed(exc, items, self.mono())
            with suppress(sqlite3.Error):  # a damaged file may refuse reads too
                self._remember_store()
            self._tell_stall()
            return False
        if self.stall.active:
            self.stall.recovered()
            self._dirty = True
        self._send_replies()
        if self._pages_due is not None:
            aggregate, self._pages_due = self._pages_due, None
            self._publish_pages(aggregate)
        return True

    def _tell_stall(self) -> None:
        """While the store refuses writes, the wall and the head judge's page say so (the
        pages are read from the store, which a full disk still lets the hub do)."""
        if self.bus is None or not self._sync.done(self.mono()):
            return
        with suppress(sqlite3.Error):  # a damaged file: the log line has said it
            self._publish_pages(self.aggregate())

    def handle(self, item: Any) -> None:
        if isinstance(item, Received):
            self.ingested += 1
            try:
                self.ingest(item.topic, item.payload, retained=item.retain)
            except sqlite3.Error:
                raise  # the store's trouble, not the message's: the batch is held (step)
            except Exception as exc:  # never let one message stop the hub
                log.exception("the hub failed on a message on %s", item.topic)
                self._quarantine(item.topic, item.payload, f"the hub failed on it: {exc!r}")
        elif isinstance(item, LinkUp):
            self._link.up()
            self._sent.clear()  # resend what is still unanswered at once
            self._pages.forget()  # and every page (a broker may have lost them)
            self._dirty = True
            if self.bus is not None:  # the retained state comes before this marker
                self.bus.publish(self._sync_topic, self._sync.begin(item.bdseq, self.mono()),
                                 qos=1, retain=False)
        elif isinstance(item, LinkDown):
            self._link.down(item.reason)  # once, then once a minute (bus/linklog.py)

    # -- ingest --------------------------------------------------------------------------------

    def ingest(self, topic: str, raw: bytes, *, retained: bool = False) -> None:
        """One message from the broker; `retained`: a copy the broker kept, not sent now."""
        if topic == self._sync_topic:
            if self._sync.arrived(raw):
                log.info("hub: the broker's retained state is in; pages and commands go out")
            return
        account = topics.decide_account(self.tournament, topic)
        if account is not None:
            if not raw:
                return  # a retained request cleared (by this hub, `_retained_request`)
            if retained:
                self._retained_request(topic, raw)
            else:
                self._decide(topic, raw, account)
            return
        if not raw and self._protocol_cleared(topic):
            return
        try:
            ref, payload = decode_message(topic, raw)
        except PayloadError as exc:
            self._quarantine(topic, raw, str(exc))
            return
        table = ref.table
        if ref.tournament != self.tournament or table is None:
            self._quarantine(topic, raw, f"not a table of tournament {self.tournament}")
            return
        if table not in self.registry.tables:
            self._quarantine(topic, raw, f"table {table} is not a table of this tournament")
            return
        now = self.mono()
        if isinstance(payload, Status):
            verdict, why = self.registry.status(table, payload, now)
            self._verdict(verdict, why, topic, raw)
        elif isinstance(payload, Heartbeat):
            self.registry.heartbeat(table, payload, now)
        elif isinstance(payload, Event):
            self._event(table, payload, topic, raw, now)
        elif isinstance(payload, Snapshot):
            self._snapshot(table, payload, now)
        elif isinstance(payload, Protocol):
            self._protocol(table, payload, topic, raw)
        elif isinstance(payload, Reply):
            self._reply(table, payload)
        elif isinstance(payload, Claim):
            line = self.registry.claim(table, payload, now)
            if line is not None:
                log.warning(line)
        else:
            self._quarantine(topic, raw, f"the hub does not read {type(payload).__name__}")
        self._dirty = True
        self._tell(table)

    def _tell(self, table: str) -> None:
        """One log line when a table comes up, goes quiet or comes back (hub/tablelog.py)."""
        now = self.registry.tables[table].state
        line = liveness_line(table, self._told[table], now,
                             self.settings.heartbeat_s * self.settings.missed_heartbeats)
        self._told[table] = now
        if line is not None:
            log.info(line)

    def _protocol_cleared(self, topic: str) -> bool:
        """An empty retained protocol: the table took its reveal back (an undo of the end,
        or no decided game at a link-up). Not bad input; the table's snapshot, which comes
        first, says which game is back in play (`_snapshot`)."""
        try:
            ref = topics.parse(topic)
        except topics.TopicError:
            return False
        if (ref.kind != "protocol" or ref.tournament != self.tournament
                or ref.table not in self.registry.tables):
            return False
        log.info("table %s: its retained protocol is cleared", ref.table)
        return True

    def _retained_request(self, topic: str, raw: bytes) -> None:
        """A decision request the broker kept (someone published it retained): only a head
        judge acting now is answered, so it is refused, kept in the quarantine and cleared
        from the broker (the hub may write `hub/#`)."""
        self._quarantine(topic, raw, "a retained decision request: only a head judge's live "
                                     "request is taken; the retained copy is cleared")
        if self.bus is not None:
            self.bus.publish(topic, b"", qos=1, retain=True)

    def _decide(self, topic: str, raw: bytes, account: str) -> None:
        """A head judge's page asks for a decision (hub/remote.py); answer on judge/reply.
        `account` is the topic's last level, which the broker's ACL ties to the login."""
        reply = self.remote.decide(raw, account)
        if reply is None:
            self._quarantine(topic, raw, "a decision request without a request id to answer")
            return
        self._replies.append(reply)
        self._dirty = True

    def _send_replies(self) -> None:
        """The head judge's answers, sent only once their batch is committed: "recorded"
        must never reach the page for a decision a crash could still lose."""
        replies, self._replies = self._replies, []
        if self.bus is not None:
            for reply in replies:
                self.bus.publish(topics.judge_reply_topic(self.tournament), reply)

    def _verdict(self, verdict: Verdict, why: str, topic: str, raw: bytes) -> None:
        if verdict is Verdict.CLAIMED:
            log.warning(why)  # not bad input: the head judge's alert "two tables claim"
        if verdict is Verdict.REFUSED:
            self._quarantine(topic, raw, why)
        elif verdict is Verdict.IGNORED and why:
            log.info(why)

    def _event(self, table: str, event: Event, topic: str, raw: bytes, now: float) -> None:
        if not event.accepted:
            return  # a rejected action changed nothing at the table
        check = self._check(table, event.game_id)
        if event.seq in check.seqs:
            return  # a duplicate (QoS 1, reconnect): stored once
        refused = apply_event(check, event)
        if refused is not None:
            self._quarantine(topic, raw, refused)
            return
        check.seqs.add(event.seq)
        self.store.add_event(table, event.game_id, event.seq, action=dict(event.action),
                             at=event.at.isoformat(), received=self._now_iso())
        self.registry.event(table, event, now)

    def _snapshot(self, table: str, snapshot: Snapshot, now: float) -> None:
        live = self.registry.tables[table]
        self.registry.seen(live, now)
        if snapshot.game_id is not None and snapshot.game_id != live.game_id:
            self.registry.new_game(live, snapshot.game_id, now)
        live.snapshot_seq = snapshot.seq
        live.phase = str(snapshot.view.phase.value)
        live.speaking = snapshot.view.speaker is not None
        key = (table, snapshot.game_id or "")
        if (snapshot.game_id is not None and snapshot.view.rules == CLUB
                and key not in self._club_seen):
            self._club_seen.add(key)  # its events are a club game's (hub/checks.py)
            self.store.note_club_game(table, snapshot.game_id, len(snapshot.view.seats))
        decided = snapshot.view.phase == Phase.FINISHED
        if decided and live.decided_game != snapshot.game_id:
            live.decided_at, live.decided_game = self.wall(), snapshot.game_id
        if not decided:
            live.winner = None
            if snapshot.game_id is not None:
                self._back_in_play(table, snapshot.game_id)
        if snapshot.game_id is not None:  # a decided game's protocol is due (hub/gaps.py);
            # one withdrawn by an undo of its end is due again once decided again
            self.registry.decided(table, snapshot.game_id, decided,
                                  key in self._protocol_actions and key not in self._withdrawn,
                                  now)

    def _back_in_play(self, table: str, game_id: str) -> None:
        """The table plays `game_id`: if the hub holds its protocol (an undo of the end), the
        game leaves everything the hub shows at once (standings, aggregate, every page,
        decisions), and stays out, across restarts, until the table decides it again."""
        key = (table, game_id)
        live = self.registry.tables[table]
        if live.decided_game == game_id:
            live.decided_at = live.decided_game = None  # no protest window of a running game
        if key not in self._protocol_actions or key in self._withdrawn:
            return
        self.store.withdraw(table, game_id, self._now_iso())
        self._withdrawn.add(key)
        self._dirty = True
        log.info("table %s: game %s is back in play (an undo after its end): it leaves the "
                 "standings and every page until it is decided again", table, game_id)

    def _decided(self, table: str, game_id: str, winner: str | None) -> None:
        """A protocol of `game_id` came: the game counts, unless the table's snapshot says it
        plays that game right now (a retained protocol older than an undo)."""
        key = (table, game_id)
        live = self.registry.tables[table]
        live.protocol_game = game_id
        self.checks.pop(key, None)
        if live.game_id == game_id and live.phase not in (None, Phase.FINISHED.value):
            self._back_in_play(table, game_id)
            return
        if key in self._withdrawn:
            self.store.reinstate(table, game_id)
            self._withdrawn.discard(key)
            log.info("table %s: game %s is decided again", table, game_id)
        if game_id == live.game_id:
            live.winner = winner

    def _protocol(self, table: str, protocol: Protocol, topic: str, raw: bytes) -> None:
        """A decided game of any variant, checked by replaying it (hub/checks.py), stored in
        the one table of games; one whose games add up in a club evening rather than the
        standings (its variant says, engine/variant.py) is marked so (hub/store.py)."""
        refused = check_protocol(protocol, table)
        if refused is not None:
            self._quarantine(topic, raw, refused)
            return
        store = (self.store.add_club_protocol if find_variant(protocol.header).evening
                 else self.store.add_protocol)
        if store(table, protocol.game_id, json.loads(encode(protocol)), self._now_iso()):
            log.info("table %s: protocol of game %s stored", table, protocol.game_id)
        self.registry.protocol_stored(table, protocol.game_id)
        self._protocol_actions[(table, protocol.game_id)] = len(protocol.actions)
        self._decided(table, protocol.game_id, protocol.reveal.winner.value)

    def _reply(self, table: str, reply: Reply) -> None:
        ok = reply.ok or (reply.name == "new_game" and "already used" in (reply.error or ""))
        if self.store.answer_command(reply.request_id, ok, reply.error, self._now_iso()):
            if not ok:
                log.warning("table %s refused %s (%s): %s", table, reply.name,
                            reply.request_id, reply.error)
            self._sent.pop(reply.request_id, None)

    def _check(self, table: str, game_id: str) -> GameCheck:
        key = (table, game_id)
        check = self.checks.get(key)
        if check is None:
            check = self.checks[key] = open_check(self.store.game_header(table, game_id),
                                                  self.settings.rules,
                                                  self.store.club_seats(table, game_id))
        return check

    def _quarantine(self, topic: str, raw: bytes, reason: str) -> None:
        log.warning("quarantined a message on %s: %s", topic, reason)
        self.store.quarantine(topic, raw[:65536], reason, self._now_iso())

    # -- rounds and commands -------------------------------------------------------------------

    def start_round(self, number: int) -> list[str]:
        """Queue every table's game of round `number` (new game, then its roster)."""
        return queue_round(self.store, self.settings, self._seating(), number,
                           self._now_iso()).games

    def _seating(self) -> Seating:
        if self.seating is None:
            raise ValueError("no seating: give one in hub.toml (seating = \"seating.csv\")")
        return self.seating

    def _resend(self, now: float) -> None:
        """Send each table its first unanswered command, again every resend_s; a new game
        waits while the table still plays another one (an alert says so), and nothing goes
        out before the table's retained state is in (its phase decides that)."""
        if self.bus is None or not self.bus.connected or not self._sync.done(now):
            return
        first: dict[str, OutboxRow] = {}
        for row in self.store.pending_commands():
            first.setdefault(row.table, row)
        waiting: dict[str, tuple[str, str]] = {}
        for table, row in first.items():
            playing = self._plays_another(table, row)
            if playing is not None:
                waiting[table] = (playing, str(row.args.get("game_id", "")))
                continue
            last = self._sent.get(row.request_id)
            if last is not None and now - last < self.settings.resend_s:
                continue
            try:
                command = Command(name=row.name, request_id=row.request_id, args=row.args)
            except ValidationError as exc:  # a row no table could take: refuse it here
                why = f"the hub cannot send it: {describe_validation_error(exc)}"[:500]
                log.warning("table %s: command %s not sent: %s", table, row.request_id, why)
                self.store.answer_command(row.request_id, False, why, self._now_iso())
                self._dirty = True
                continue
            self._sent[row.request_id] = now
            self.bus.publish(topics.command_topic(self.tournament, table, row.name), command)
        if waiting != self._waiting:
            for table, (playing, queued) in waiting.items():
                if self._waiting.get(table) != (playing, queued):
                    log.warning("table %s still plays %s: %s waits until it is decided",
                                table, playing, queued)
            self._waiting, self._dirty = waiting, True

    def _plays_another(self, table: str, row: OutboxRow) -> str | None:
        """The game `table` is still playing (started and not decided, or decided with a
        farewell speech running), if `row` would open another one over it; a game still in
        its setup has nothing to lose."""
        live = self.registry.tables[table]
        if row.name != "new_game" or live.game_id in (None, row.args.get("game_id")):
            return None
        playing = live.phase in (Phase.NIGHT.value, Phase.DAY.value) or (
            live.phase == Phase.FINISHED.value and live.speaking)
        return live.game_id if playing else None

    # -- timed work ----------------------------------------------------------------------------

    def tick(self) -> None:
        now = self.mono()
        changed = self.registry.tick(now)
        if changed:
            self._dirty = True
        for table in changed:
            self._tell(table)
        for table in self.registry.tables:
            args = self.registry.want_rebirth(table, now) if self.bus is not None else None
            if args is not None and self.bus is not None:
                log.info("table %s: %s", table, rebirth_words(args))
                self.bus.publish(topics.command_topic(self.tournament, table, "rebirth"),
                                 Command(name="rebirth", request_id=f"rebirth-{int(now * 1000)}",
                                         args=dict(args)))
        self._resend(now)
        self._follow_config(now)
        latest = self.store.decisions(self._decisions_seen)
        if latest:
            self._decisions_seen = latest[-1][0]
            self._dirty = True
        # pages on the grid only, and only once the retained state is in (hub/pacing.py)
        due = self._grid.due(now)
        if due and not self._dirty and self._clock_moved():
            self._dirty = True
        if due and self._dirty and self.bus is not None and self._sync.done(now):
            self._pages_due = self.aggregate()  # published once this batch is committed
            self._dirty = False

    def _publish_pages(self, aggregate: dict[str, Any]) -> None:
        """The public aggregate, the head judge's retained pages and the players' public ones
        (hub/remote.py, hub/players.py); a page is sent only when what it says changed."""
        assert self.bus is not None
        lives = self.registry.tables.values()
        running = {(live.table, live.game_id) for live in lives
                   if live.game_id is not None and live.phase != Phase.FINISHED.value}
        now = self.mono()
        # the time in game on the hub's monotonic clock, and the table's own clock at the same
        # moment: the page counts on from either, never from a wall clock (docs/clock.md)
        started = {live.table: {"in_game_s": round(now - live.game_started, 1),
                                "uptime_s": None if (up := live.uptime(now)) is None
                                else round(up, 1)}
                   for live in lives if live.game_started is not None}
        protocols, decisions = self.store.protocols(), self.store.decisions()
        rounds = self.store.game_rounds()
        # every round of the seating, and the round of every game back in play: a round
        # page is sent emptied too, or the retained one would keep the game's roles
        numbers = sorted({*(r.number for r in (self.seating.rounds if self.seating else ())),
                          *(rounds.get((t, g), round_of(p)) or 0
                            for t, g, p in self.store.withdrawn_protocols())})
        full = self._standings(protocols, decisions, rounds, public=False)
        # the alerts' parameters, each table's public seq and gap are for the head judge's
        # page (judge/state) only: the public aggregate keeps its size (one message of 64 KiB
        # at twenty tables) and carries nothing that moves with what a table's judge enters
        public = {**aggregate, "alerts": [{k: v for k, v in a.items() if k != "params"}
                                          for a in aggregate["alerts"]],
                  "tables": [{k: v for k, v in t.items() if k not in ("seq", "gap")}
                             for t in aggregate["tables"]]}
        pages = {AGGREGATE: public,
                 **judge_pages({**aggregate, "standings": full},
                               protocols, decisions, rounds, started,
                               undecided=running, round_numbers=numbers,
                               club_rows=self.store.club_protocols(), evenings=self._evenings),
                 **public_pages(self.seating, effective_games(protocols, decisions, rounds),
                                protocols, decisions, undecided=running,
                                aggregate=aggregate, round_numbers=numbers)}
        tonight = pages.get("public/club")
        if tonight is not None:  # the players' page: tonight's rating, as the Club tab's,
            date = tonight.get("date")  # of its decided games (none back in play after undo)
            rows = [r for r in self.store.club_protocols() if (r[0], r[1]) not in running
                    and r[2].get("header", {}).get("date") == date]
            tonight["evening"] = evening_rating(rows, decisions, date)
        for name, data in pages.items():
            due = self._pages.changed(name, data)
            if due is None:
                continue
            try:
                self.bus.publish(topics.hub_topic(self.tournament, name), due[0])
            except Exception:  # too large for one packet: the other pages still go out
                log.exception("the hub could not publish hub/%s", name)
                continue
            self._pages.mark(name, due[1])

    def alerts(self, games: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """What the head judge must look at now, most urgent first (hub/alerts.py; `games`:
        as they count, when the caller has them already)."""
        if games is None:
            games = effective_games(self.store.protocols(), self.store.decisions(), {})
        return self._alerts(games, self._timed_alerts(decided_in(games)))

    def _alerts(self, games: list[dict[str, Any]],
                timed: list[dict[str, Any]]) -> list[dict[str, Any]]:
        stalled = self.stall.alert()
        return [*([] if stalled is None else [stalled]), *timed,
                *game_alerts(games), *waiting_alerts(self._waiting),
                *command_alerts(self.store.command_answers())]

    def _timed_alerts(self, decided: set[tuple[str, str]]) -> list[dict[str, Any]]:
        """The alerts the clocks move (a protest window counting down, a game running over
        time, a table gone quiet, two machines on one number)."""
        now_mono, now_wall = self.mono(), self.wall()
        contested = ((t, self.registry.contested(t, now_mono)) for t in self.registry.tables)
        return [*(two_tables_alert(t, c) for t, c in contested if c is not None),
                *(a for live in self.registry.tables.values() for a in table_alerts(
                    live, self.settings, decided, now_mono=now_mono, now_wall=now_wall))]

    def _clock_moved(self) -> bool:
        """Whether the clocks alone changed what the pages say since they were last made: then
        they are made again on this grid instant. Without it a protest window's countdown
        went out only when something else made the pages dirty: right after a night action
        at another table (issue 24, the timing side channel)."""
        return self._timed_alerts(self._paged_decided) != self._timed

    def games(self) -> list[dict[str, Any]]:
        """Every finished game as it counts, with its points per seat (hub/standings.py)."""
        return games_as_they_count(self.store.protocols(), self.store.decisions(),
                                   self.store.game_rounds(), self._counted)

    def standings_view(self) -> StandingsView:
        """The public's standings: as of which round, hidden or not (hub.toml `[standings]`,
        followed while the hub runs)."""
        return self._standings_view

    def standings(self, *, public: bool = True) -> dict[str, Any] | None:
        """The scoring library's table "as of round N"; None when there is no countable game,
        or for the public while the head judge hides them. `public=False`: the head judge's
        (`hub/judge/state`), shown even when hidden."""
        return self._standings(self.store.protocols(), self.store.decisions(),
                               self.store.game_rounds(), public=public)

    def _standings(self, protocols: list[tuple[str, str, dict[str, Any]]],
                   decisions: list[tuple[int, str, str, str, str, str, str, dict[str, Any]]],
                   rounds: dict[tuple[str, str], int], *, public: bool
                   ) -> dict[str, Any] | None:
        view = self._standings_view
        if public and view.hidden:
            return None
        table, left_out = tournament_standings(protocols, decisions, self.settings.rules,
                                               rounds, as_of_round=view.as_of_round,
                                               cache=self._counted)
        if table is None:
            return None
        return {**table.as_dict(), **({} if public else {"left_out": left_out})}

    def _as_of(self, protocols: list[tuple[str, str, dict[str, Any]]],
               rounds: dict[tuple[str, str], int]) -> dict[str, Any]:
        view = self._standings_view
        return {"as_of_round": (view.as_of_round if view.as_of_round is not None
                                else latest_round(protocols, rounds)),
                "hidden": view.hidden}

    def aggregate(self) -> dict[str, Any]:
        """The retained aggregate for the wall view and web pages (public data only):
        `standings_as_of` says which round the standings are as of and whether the head
        judge hides them (then `standings` is null)."""
        protocols, decisions = self.store.protocols(), self.store.decisions()
        rounds = self.store.game_rounds()
        games = games_as_they_count(protocols, decisions, rounds, self._counted)
        self._paged_decided = decided_in(games)
        self._timed = timed = self._timed_alerts(self._paged_decided)
        return {
            "tournament": self.tournament,
            "name": self.settings.name,
            "as_of": self._now_iso(),
            "tables": [{"table": live.table, "state": live.state.value,
                        "game_id": live.game_id, "phase": live.phase,
                        "winner": live.winner, "seq": live.snapshot_seq,
                        "gap": live.seqs.gap}
                       for live in self.registry.tables.values()],
            "alerts": self._alerts(games, timed),
            "games": [{k: g[k] for k in ("table", "game_id", "round", "winner", "counts")}
                      for g in games],
            # the latest evening only: a season of Fridays would not fit one message
            "club_games": club_tonight(
                club_games(self.store.club_protocols(), decisions))["games"],
            # The standings come from the scoring library only (never a second computation).
            "standings_as_of": self._as_of(protocols, rounds),
            "standings": self._standings(protocols, decisions, rounds, public=True),
        }

    def _follow_config(self, now: float) -> None:
        """Pick up a head judge's edit of hub.toml's `[standings]` (no restart needed)."""
        if self.config_path is None or now < self._next_config_check:
            return
        self._next_config_check = now + CONFIG_CHECK_S
        try:
            mtime = self.config_path.stat().st_mtime_ns
        except OSError:
            return
        if mtime == self._config_mtime:
            return
        self._config_mtime = mtime
        try:
            view = reload_standings_view(self.config_path)
        except HubConfigError as exc:
            log.warning("hub.toml changed but its standings are not read: %s", exc)
            return
        if view != self._standings_view:
            log.info("standings now: as of round %s, %s", view.as_of_round or "(latest)",
                     "hidden" if view.hidden else "shown")
            self._standings_view = view
            self._dirty = True

    def _now_iso(self) -> str:
        return datetime.fromtimestamp(self.wall(), UTC).isoformat()


def decided_in(games: list[dict[str, Any]]) -> set[tuple[str, str]]:
    """(table, game id) of every game that counts."""
    return {(g["table"], g["game_id"]) for g in games}
