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
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from importlib.metadata import version as _version
from pathlib import Path
from typing import Any

from bus import topics
from bus.client import BusClient, LinkDown, LinkUp, Presence, Received
from bus.errors import PayloadError
from bus.messages import decode_message
from bus.payloads import (
    ClubProtocol,
    Command,
    DecisionReply,
    Event,
    Heartbeat,
    Protocol,
    Reply,
    Snapshot,
    Status,
)
from engine.vocab import Phase
from hub.checks import (
    CLUB,
    GameCheck,
    apply_event,
    check_club_protocol,
    check_protocol,
    open_check,
)
from hub.club import EveningPages, club_games, club_tonight
from hub.config import HubConfigError, HubSettings, StandingsView, reload_standings_view
from hub.decisions import effective_games
from hub.players import public_pages
from hub.registry import Liveness, Registry, Verdict
from hub.remote import RemoteDesk, judge_pages
from hub.roster_csv import read_seating
from hub.seating import Seating
from hub.standings import CountCache, games_as_they_count, latest_round, tournament_standings
from hub.store import Store
from hub.tablelog import liveness_line

log = logging.getLogger("mafiakit.hub")
VERSION = _version("mafiakit")
AGGREGATE = "public/aggregate"
# The public snapshot gives the phase (sent only when it changes: never at night, so the hub
# keeps up with many tables); the winner comes with the protocol, the only place a result is
# published since secrecy became a matter of type.
KINDS = ("status", "heartbeat", "public", "events", "protocol", "reply")
BATCH = 500
TICK_S = 0.05  # the timed work, at most this often (not after every message under load)
CONFIG_CHECK_S = 1.0  # how often the hub looks whether hub.toml's [standings] changed


class Stop:
    """Ask the hub's thread to finish."""


def game_id_of(round_number: int, table: str) -> str:
    return f"r{round_number}-t{table}"


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
        self.seating: Seating | None = (read_seating(settings.seating)
                                        if settings.seating is not None else None)
        tables = tuple(settings.tables) or (self.seating.plan.tables if self.seating else ())
        if not tables:
            raise ValueError("the hub needs the tables: list them in hub.toml (tables = [...]) "
                             "or give a seating CSV")
        self.registry = Registry(tables, settings.heartbeat_s, settings.missed_heartbeats,
                                 settings.rebirth_every_s)
        self.store = Store(settings.database)
        self.remote = RemoteDesk(self.store, tuple(self.registry.tables), self._now_iso)
        self._replies: list[DecisionReply] = []  # sent after their batch commits
        self._pages_sent: dict[str, bytes] = {}  # hub topic name -> the page last sent
        self._pages_due: dict[str, Any] | None = None  # the aggregate to extend, after commit
        # (table, game) -> actions in the stored protocol: a decided game whose judge snapshot
        # shows more actions than that has a protocol the hub missed (asked for again)
        self._protocol_actions: dict[tuple[str, str], int] = {
            (t, g): len(p.get("actions", ())) for t, g, p in self.store.protocols()}
        self._protocol_actions.update({(t, g): len(p.get("actions", ()))
                                       for t, g, p, _ in self.store.club_protocols()})
        self._club_seen: set[tuple[str, str]] = set()  # club games noted in the store
        self._evenings = EveningPages()  # the head judge's page of each club evening
        self._told = dict.fromkeys(tables, Liveness.UNKNOWN)  # liveness as last logged
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.checks: dict[tuple[str, str], GameCheck] = {}
        self._sent: dict[str, float] = {}  # request id -> when last sent
        self._dirty = True
        self._next_aggregate = 0.0
        self._next_tick = 0.0
        self._decisions_seen = 0
        self._counted = CountCache()  # the games as they count, replayed only when changed
        self.ingested = 0  # messages handled (bench)
        self.bus: BusClient | None = None
        if connect:
            self.bus = BusClient(settings.broker.config(), name="hub",
                                 presence=Presence(topics.hub_topic(self.tournament, "status"),
                                                   VERSION),
                                 inbox=self.inbox)
        self._restore()

    # -- life cycle ----------------------------------------------------------------------------

    def _restore(self) -> None:
        """After a restart: follow the open games from the stored events again."""
        for table, game_id in self.store.open_games():
            if table not in self.registry.tables:
                continue
            check = self._check(table, game_id)
            for seq, action in self.store.events(table, game_id):
                apply_event(check, Event(seq=seq, game_id=game_id, action=action,
                                         accepted=True, at=datetime.now(UTC)))
            live = self.registry.tables[table]
            live.game_id, live.last_event_seq = game_id, check.next_seq - 1
            live.game_started = self.mono()

    def start(self) -> HubService:
        if self.bus is not None:
            for kind in KINDS:
                self.bus.subscribe(topics.table_filter(kind, self.tournament))
            self.bus.subscribe(topics.decide_filter(self.tournament))
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
        """Drain a batch of messages into one transaction, then the timed work."""
        try:
            first = self.inbox.get(timeout=timeout) if timeout else self.inbox.get_nowait()
        except queue.Empty:
            first = None
        keep_going = True
        with self.store.batch():
            item = first
            count = 0
            while item is not None:
                if isinstance(item, Stop):
                    keep_going = False
                    break
                self.handle(item)
                count += 1
                if count >= BATCH:
                    break
                try:
                    item = self.inbox.get_nowait()
                except queue.Empty:
                    item = None
            now = self.mono()
            if now >= self._next_tick or not keep_going:
                self._next_tick = now + TICK_S
                self.tick()
        self._send_replies()
        if self._pages_due is not None:
            aggregate, self._pages_due = self._pages_due, None
            self._publish_pages(aggregate)
        return keep_going

    def handle(self, item: Any) -> None:
        if isinstance(item, Received):
            self.ingested += 1
            try:
                self.ingest(item.topic, item.payload)
            except Exception as exc:  # never let one message stop the hub
                log.exception("the hub failed on a message on %s", item.topic)
                self._quarantine(item.topic, item.payload, f"the hub failed on it: {exc!r}")
        elif isinstance(item, LinkUp):
            log.info("hub connected to the broker (bdseq %d)", item.bdseq)
            self._sent.clear()  # resend what is still unanswered at once
            self._pages_sent.clear()  # and every page (a broker may have lost them)
            self._dirty = True
        elif isinstance(item, LinkDown):
            log.warning("hub link down: %s", item.reason)

    # -- ingest --------------------------------------------------------------------------------

    def ingest(self, topic: str, raw: bytes) -> None:
        account = topics.decide_account(self.tournament, topic)
        if account is not None:
            self._decide(topic, raw, account)
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
        elif isinstance(payload, ClubProtocol):
            self._club_protocol(table, payload, topic, raw)
        elif isinstance(payload, Reply):
            self._reply(table, payload)
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
            live.game_id, live.last_event_seq, live.gap = snapshot.game_id, snapshot.seq, False
            live.game_started = now
        self.registry.healed(table, snapshot.seq, snapshot.game_id)
        live.snapshot_seq = snapshot.seq
        live.phase = str(snapshot.view.phase.value)
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
        elif (snapshot.game_id is not None
              and (table, snapshot.game_id) not in self._protocol_actions):
            live.gap = True  # decided, but its protocol never arrived: ask for a rebirth

    def _protocol(self, table: str, protocol: Protocol, topic: str, raw: bytes) -> None:
        refused = check_protocol(protocol, table)
        if refused is not None:
            self._quarantine(topic, raw, refused)
            return
        data = json.loads(raw)
        if self.store.add_protocol(table, protocol.game_id, data, self._now_iso()):
            log.info("table %s: protocol of game %s stored", table, protocol.game_id)
        live = self.registry.tables[table]
        live.protocol_game = protocol.game_id
        self._protocol_actions[(table, protocol.game_id)] = len(protocol.actions)
        if protocol.game_id == live.game_id:
            live.winner = protocol.reveal.winner.value if protocol.reveal.winner else None
        self.checks.pop((table, protocol.game_id), None)

    def _club_protocol(self, table: str, protocol: ClubProtocol, topic: str,
                       raw: bytes) -> None:
        """A decided club game (docs/club.md): checked by replaying it, stored apart from
        the tournament's protocols (it has no place in the standings)."""
        refused = check_club_protocol(protocol, table)
        if refused is not None:
            self._quarantine(topic, raw, refused)
            return
        if self.store.add_club_protocol(table, protocol.game_id, json.loads(raw),
                                        self._now_iso()):
            log.info("table %s: club protocol of game %s stored", table, protocol.game_id)
        live = self.registry.tables[table]
        live.protocol_game = protocol.game_id
        self._protocol_actions[(table, protocol.game_id)] = len(protocol.actions)
        if protocol.game_id == live.game_id:
            live.winner = protocol.reveal.winner.value
        self.checks.pop((table, protocol.game_id), None)

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
        return queue_round(self.store, self.settings, self._seating(), number, self._now_iso())

    def _seating(self) -> Seating:
        if self.seating is None:
            raise ValueError("no seating: give one in hub.toml (seating = \"seating.csv\")")
        return self.seating

    def _resend(self, now: float) -> None:
        """Send each table its first unanswered command, again every resend_s."""
        if self.bus is None or not self.bus.connected:
            return
        first: dict[str, Any] = {}
        for row in self.store.pending_commands():
            first.setdefault(row.table, row)
        for table, row in first.items():
            last = self._sent.get(row.request_id)
            if last is not None and now - last < self.settings.resend_s:
                continue
            self._sent[row.request_id] = now
            self.bus.publish(topics.command_topic(self.tournament, table, row.name),
                             Command(name=row.name, request_id=row.request_id, args=row.args))

    # -- timed work ----------------------------------------------------------------------------

    def tick(self) -> None:
        now = self.mono()
        changed = self.registry.tick(now)
        if changed:
            self._dirty = True
        for table in changed:
            self._tell(table)
        for table in self.registry.tables:
            if self.bus is not None and self.registry.want_rebirth(table, now):
                log.info("table %s: a gap in its events, asking for a rebirth", table)
                self.bus.publish(topics.command_topic(self.tournament, table, "rebirth"),
                                 Command(name="rebirth", request_id=f"rebirth-{int(now * 1000)}"))
        self._resend(now)
        self._follow_config(now)
        latest = self.store.decisions(self._decisions_seen)
        if latest:
            self._decisions_seen = latest[-1][0]
            self._dirty = True
        if self._dirty and now >= self._next_aggregate and self.bus is not None:
            aggregate = self.aggregate()
            # the alerts' parameters are for the head judge's page (judge/state) only: the
            # public aggregate keeps its size (one message of 64 KiB at twenty tables)
            public = {**aggregate, "alerts": [{k: v for k, v in a.items() if k != "params"}
                                              for a in aggregate["alerts"]]}
            self.bus.publish(topics.hub_topic(self.tournament, AGGREGATE),
                             json.dumps(public, ensure_ascii=False).encode())
            self._pages_due = aggregate  # published once this batch is committed
            self._dirty = False
            self._next_aggregate = now + self.settings.aggregate_s

    def _publish_pages(self, aggregate: dict[str, Any]) -> None:
        """The head judge's retained pages and the players' public ones (hub/remote.py,
        hub/players.py), with the aggregate they extend; a page is sent only when it changed."""
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
        numbers = [r.number for r in self.seating.rounds] if self.seating else []
        full = self._standings(protocols, decisions, rounds, public=False)
        pages = {**judge_pages({**aggregate, "standings": full},
                               protocols, decisions, rounds, started, undecided=running,
                               round_numbers=numbers, club_rows=self.store.club_protocols(),
                               evenings=self._evenings),
                 **public_pages(self.seating, effective_games(protocols, decisions, rounds),
                                protocols, decisions, undecided=running,
                                aggregate=aggregate)}
        for name, data in pages.items():
            raw = json.dumps(data, ensure_ascii=False).encode()
            if name != "judge/state" and self._pages_sent.get(name) == raw:
                continue
            try:
                self.bus.publish(topics.hub_topic(self.tournament, name), raw)
            except Exception:  # too large for one packet: the other pages still go out
                log.exception("the hub could not publish hub/%s", name)
                continue
            self._pages_sent[name] = raw

    def alerts(self, games: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """What the head judge must look at now, most urgent first (`games`: as they count,
        when the caller has them already)."""
        out: list[dict[str, Any]] = []
        now_wall = self.wall()
        s = self.settings
        if games is None:
            games = effective_games(self.store.protocols(), self.store.decisions(), {})
        stored = {(g["table"], g["game_id"]) for g in games}
        for live in self.registry.tables.values():
            t = live.table
            if live.state in (Liveness.LOST, Liveness.STALE, Liveness.OFFLINE):
                out.append({"kind": "table_offline", "table": t,
                            "params": {"state": live.state.value},
                            "text": f"table {t} is {live.state.value}"})
            if (live.game_started is not None and live.phase not in (None, "setup", "finished")
                    and self.mono() - live.game_started > s.max_game_minutes * 60):
                out.append({"kind": "game_over_time", "table": t,
                            "params": {"game": live.game_id,
                                       "minutes": f"{s.max_game_minutes:g}"},
                            "text": f"table {t}: game {live.game_id} runs over "
                                    f"{s.max_game_minutes:g} minutes"})
            if live.clock_step is not None and live.game_id is not None:
                step = f"{live.clock_step:+.0f}"
                out.append({"kind": "clock_step", "table": t,
                            "params": {"game": live.game_id, "seconds": step},
                            "text": f"table {t}: its clock jumped {step} s during game "
                                    f"{live.game_id}: the protocol's times jump there, the "
                                    "timers ran on; check the venue's time server"})
            if live.decided_at is not None:
                left = live.decided_at + s.protest_window_minutes * 60 - now_wall
                if left > 0:
                    clock = f"{int(left // 60)}:{int(left % 60):02d}"
                    out.append({"kind": "protest_window", "table": t,
                                "params": {"game": live.decided_game, "left": clock},
                                "text": f"table {t}: protest window of game "
                                        f"{live.decided_game} open, "
                                        f"{clock} left"})
                if (live.decided_game is not None and (t, live.decided_game) not in stored
                        and now_wall - live.decided_at > s.unclosed_protocol_s):
                    out.append({"kind": "protocol_not_closed", "table": t,
                                "params": {"game": live.decided_game},
                                "text": f"table {t}: game {live.decided_game} is decided but "
                                        "its protocol has not reached the hub"})
        for game in games:
            for protest in game["protests"]:
                if protest["state"] == "open":
                    out.append({"kind": "protest", "table": game["table"],
                                "params": {"game": game["game_id"], "seat": protest["seat"]},
                                "text": f"table {game['table']}: protest by seat "
                                        f"{protest['seat']} in game {game['game_id']} awaits "
                                        "the head judge"})
        for request_id, table, ok, error in self.store.command_answers():
            if ok is False:
                out.append({"kind": "command_refused", "table": table,
                            "params": {"request": request_id, "error": error},
                            "text": f"table {table} refused {request_id}: {error}"})
        return out

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
        return {
            "tournament": self.tournament,
            "name": self.settings.name,
            "as_of": self._now_iso(),
            "tables": [{"table": live.table, "state": live.state.value,
                        "game_id": live.game_id, "phase": live.phase,
                        "winner": live.winner, "seq": live.snapshot_seq, "gap": live.gap}
                       for live in self.registry.tables.values()],
            "alerts": self.alerts(games),
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


def queue_round(store: Store, settings: HubSettings, seating: Seating, number: int,
                now_iso: str) -> list[str]:
    """Write round `number`'s commands to the outbox (the running hub sends them)."""
    rounds = {r.number: r for r in seating.rounds}
    if number not in rounds:
        raise ValueError(f"the seating has rounds 1-{len(rounds)}, not {number}")
    queued = []
    for game in rounds[number].games:
        gid = game_id_of(number, game.table)
        header: dict[str, Any] = {"format": "mafia-game-log", "version": 1,
                                  "rules": settings.rules, "tournament": settings.name
                                  or settings.tournament, "table": game.table,
                                  "game": number, "players": list(game.seats)}
        if game.judge:
            header["judge"] = game.judge
        store.add_game(game.table, gid, number, header)
        store.queue_command(f"{gid}-new_game", game.table, "new_game",
                            {"header": header, "game_id": gid}, now_iso)
        store.queue_command(f"{gid}-roster", game.table, "roster",
                            {"names": list(game.seats)}, now_iso)
        queued.append(gid)
    return queued
