"""What the hub reads from the tables (docs/hub.md): statuses and heartbeats (the registry),
events (followed and checked game by game, hub/checks.py), snapshots (a table's phase, a
game back in play after an undo of its end), protocols (stored once they replay) and the
gaps between them (hub/gaps.py); and the hub's own marker on `hub/sync` (hub/pacing.py).

Bad input of any kind (not a payload, an unknown table, a replayed old boot, an action the
rules refuse, a protocol that does not replay) is quarantined in the store (`HubContext`).
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

from bus import topics
from bus.errors import PayloadError
from bus.messages import decode_message
from bus.payloads import (
    Claim,
    Event,
    Heartbeat,
    Protocol,
    Reply,
    Snapshot,
    Status,
    encode,
)
from engine.variant import find_variant
from engine.vocab import Phase
from hub.checks import GameCheck, apply_event, check_protocol, open_check
from hub.commands import CommandSender
from hub.context import HubContext
from hub.desk import Desk
from hub.registry import Liveness, Verdict
from hub.tablelog import liveness_line

log = logging.getLogger("mafiakit.hub")
SYNC = "sync"  # the marker the hub sends itself after connecting (hub/pacing.py)


class Ingest:
    """One message at a time, from the broker into the registry and the store."""

    def __init__(self, ctx: HubContext, desk: Desk, commands: CommandSender) -> None:
        self.ctx, self.desk, self.commands = ctx, desk, commands
        self.sync_topic = topics.hub_topic(ctx.tournament, SYNC)
        self._told = dict.fromkeys(ctx.registry.tables, Liveness.UNKNOWN)  # as last logged
        self.remember_store()

    def remember_store(self) -> None:
        """What the hub keeps in memory of its store: at start, and again after the store
        refused a batch (rolled back: the batch's messages are handled again)."""
        ctx = self.ctx
        # (table, game) -> actions in the stored protocol: a decided game whose judge snapshot
        # shows more actions than that has a protocol the hub missed (asked for again)
        self.protocol_actions = ctx.store.protocol_actions()
        self.withdrawn = ctx.store.withdrawn()  # games back in play after their decision
        self._evening_seen: set[tuple[str, str]] = set()  # evening games noted in the store
        self.checks: dict[tuple[str, str], GameCheck] = {}
        for table, game_id in ctx.store.open_games():  # follow them from the stored events
            if table not in ctx.registry.tables:
                continue
            check = self._check(table, game_id)
            for seq, action in ctx.store.events(table, game_id):
                apply_event(check, Event(seq=seq, game_id=game_id, action=action,
                                         accepted=True, at=datetime.now(UTC)))
                check.seqs.add(seq)
            ctx.registry.restore(table, game_id, sorted(check.seqs), ctx.mono())

    def ingest(self, topic: str, raw: bytes, *, retained: bool = False) -> None:
        """One message from the broker; `retained`: a copy the broker kept, not sent now."""
        ctx = self.ctx
        if topic == self.sync_topic:
            if ctx.sync.arrived(raw):
                log.info("hub: the broker's retained state is in; pages and commands go out")
            return
        account = topics.decide_account(ctx.tournament, topic)
        if account is not None:
            self.desk.request(topic, raw, account, retained=retained)
            return
        if not raw and self._protocol_cleared(topic):
            return
        try:
            ref, payload = decode_message(topic, raw)
        except PayloadError as exc:
            ctx.quarantine(topic, raw, str(exc))
            return
        table = ref.table
        if ref.tournament != ctx.tournament or table is None:
            ctx.quarantine(topic, raw, f"not a table of tournament {ctx.tournament}")
            return
        if table not in ctx.registry.tables:
            ctx.quarantine(topic, raw, f"table {table} is not a table of this tournament")
            return
        now = ctx.mono()
        if isinstance(payload, Status):
            verdict, why = ctx.registry.status(table, payload, now)
            self._verdict(verdict, why, topic, raw)
        elif isinstance(payload, Heartbeat):
            ctx.registry.heartbeat(table, payload, now)
        elif isinstance(payload, Event):
            self._event(table, payload, topic, raw, now)
        elif isinstance(payload, Snapshot):
            self._snapshot(table, payload, now)
        elif isinstance(payload, Protocol):
            self._protocol(table, payload, topic, raw)
        elif isinstance(payload, Reply):
            self.commands.reply(table, payload)
        elif isinstance(payload, Claim):
            line = ctx.registry.claim(table, payload, now)
            if line is not None:
                log.warning(line)
        else:
            ctx.quarantine(topic, raw, f"the hub does not read {type(payload).__name__}")
        ctx.dirty = True
        self.tell(table)

    def tell(self, table: str) -> None:
        """One log line when a table comes up, goes quiet or comes back (hub/tablelog.py)."""
        settings = self.ctx.settings
        now = self.ctx.registry.tables[table].state
        line = liveness_line(table, self._told[table], now,
                             settings.heartbeat_s * settings.missed_heartbeats)
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
        if (ref.kind != "protocol" or ref.tournament != self.ctx.tournament
                or ref.table not in self.ctx.registry.tables):
            return False
        log.info("table %s: its retained protocol is cleared", ref.table)
        return True

    def _verdict(self, verdict: Verdict, why: str, topic: str, raw: bytes) -> None:
        if verdict is Verdict.CLAIMED:
            log.warning(why)  # not bad input: the head judge's alert "two tables claim"
        if verdict is Verdict.REFUSED:
            self.ctx.quarantine(topic, raw, why)
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
            self.ctx.quarantine(topic, raw, refused)
            return
        check.seqs.add(event.seq)
        self.ctx.store.add_event(table, event.game_id, event.seq, action=dict(event.action),
                                 at=event.at.isoformat(), received=self.ctx.now_iso())
        self.ctx.registry.event(table, event, now)

    def _snapshot(self, table: str, snapshot: Snapshot, now: float) -> None:
        registry = self.ctx.registry
        live = registry.tables[table]
        registry.seen(live, now)
        if snapshot.game_id is not None and snapshot.game_id != live.game_id:
            registry.new_game(live, snapshot.game_id, now)
        live.snapshot_seq = snapshot.seq
        live.phase = str(snapshot.view.phase.value)
        live.speaking = snapshot.view.speaker is not None
        key = (table, snapshot.game_id or "")
        if snapshot.game_id is not None and key not in self._evening_seen:
            # a game that adds up in a club evening (its variant says, not its name) has
            # seats and a header of its own: its seats are noted to follow it (hub/checks.py)
            self._evening_seen.add(key)
            if find_variant({"rules": snapshot.view.rules}).evening:
                self.ctx.store.note_club_game(table, snapshot.game_id,
                                              len(snapshot.view.seats))
        decided = snapshot.view.phase == Phase.FINISHED
        if decided and live.decided_game != snapshot.game_id:
            live.decided_at, live.decided_game = self.ctx.wall(), snapshot.game_id
        if not decided:
            live.winner = None
            if snapshot.game_id is not None:
                self._back_in_play(table, snapshot.game_id)
        if snapshot.game_id is not None:  # a decided game's protocol is due (hub/gaps.py);
            # one withdrawn by an undo of its end is due again once decided again
            registry.decided(table, snapshot.game_id, decided,
                             key in self.protocol_actions and key not in self.withdrawn, now)

    def _back_in_play(self, table: str, game_id: str) -> None:
        """The table plays `game_id`: if the hub holds its protocol (an undo of the end), the
        game leaves everything the hub shows at once (standings, aggregate, every page,
        decisions), and stays out, across restarts, until the table decides it again."""
        key = (table, game_id)
        live = self.ctx.registry.tables[table]
        if live.decided_game == game_id:
            live.decided_at = live.decided_game = None  # no protest window of a running game
        if key not in self.protocol_actions or key in self.withdrawn:
            return
        self.ctx.store.withdraw(table, game_id, self.ctx.now_iso())
        self.withdrawn.add(key)
        self.ctx.dirty = True
        log.info("table %s: game %s is back in play (an undo after its end): it leaves the "
                 "standings and every page until it is decided again", table, game_id)

    def _decided(self, table: str, game_id: str, winner: str | None) -> None:
        """A protocol of `game_id` came: the game counts, unless the table's snapshot says it
        plays that game right now (a retained protocol older than an undo)."""
        key = (table, game_id)
        live = self.ctx.registry.tables[table]
        live.protocol_game = game_id
        self.checks.pop(key, None)
        if live.game_id == game_id and live.phase not in (None, Phase.FINISHED.value):
            self._back_in_play(table, game_id)
            return
        if key in self.withdrawn:
            self.ctx.store.reinstate(table, game_id)
            self.withdrawn.discard(key)
            log.info("table %s: game %s is decided again", table, game_id)
        if game_id == live.game_id:
            live.winner = winner

    def _protocol(self, table: str, protocol: Protocol, topic: str, raw: bytes) -> None:
        """A decided game of any variant, checked by replaying it (hub/checks.py), stored in
        the one table of games; one whose games add up in a club evening rather than the
        standings (its variant says, engine/variant.py) is marked so (hub/store.py)."""
        refused = check_protocol(protocol, table)
        if refused is not None:
            self.ctx.quarantine(topic, raw, refused)
            return
        store = (self.ctx.store.add_club_protocol if find_variant(protocol.header).evening
                 else self.ctx.store.add_protocol)
        if store(table, protocol.game_id, json.loads(encode(protocol)), self.ctx.now_iso()):
            log.info("table %s: protocol of game %s stored", table, protocol.game_id)
        self.ctx.registry.protocol_stored(table, protocol.game_id)
        self.protocol_actions[(table, protocol.game_id)] = len(protocol.actions)
        self._decided(table, protocol.game_id, protocol.reveal.winner.value)

    def _check(self, table: str, game_id: str) -> GameCheck:
        key = (table, game_id)
        check = self.checks.get(key)
        if check is None:
            ctx = self.ctx
            check = self.checks[key] = open_check(ctx.store.game_header(table, game_id),
                                                  ctx.settings.rules,
                                                  ctx.store.club_seats(table, game_id))
        return check
