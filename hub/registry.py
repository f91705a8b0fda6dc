"""Registry and liveness of every table, from its status, heartbeats and event seqs.

Pure bookkeeping: the caller passes the monotonic time, so tests need no clock. The rules
are docs/mqtt.md's (Sparkplug B + Homie):

- `online` with (booted_at, bdseq) is a birth. A birth of an older boot (earlier
  `booted_at`) or an older connection of this boot (lower bdseq) is a replay: refused.
- `lost` / `offline` count only if they speak of the last birth (`Status.same_session`);
  otherwise they are the late will of an older connection: ignored.
- `stale`: online, but no heartbeat (or any message) for `missed` heartbeat periods.
- A heartbeat whose `last_event_seq` is ahead of the events seen, or an event that skips a
  seq, is a gap: the caller asks the table for a rebirth (at most once per `rebirth_every_s`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from bus.payloads import Event, Heartbeat, Status


class Liveness(StrEnum):
    UNKNOWN = "unknown"  # never heard of since the hub started
    ONLINE = "online"
    STALE = "stale"  # online by its status, but its heartbeats stopped
    OFFLINE = "offline"  # stopped on purpose
    LOST = "lost"  # vanished (the broker sent its will)


class Verdict(StrEnum):
    TAKEN = "taken"
    IGNORED = "ignored"  # harmless and expected (a late will, a duplicate)
    REFUSED = "refused"  # bad input: quarantine it


@dataclass
class TableLive:
    table: str
    state: Liveness = Liveness.UNKNOWN
    birth: Status | None = None
    last_seen: float | None = None
    game_id: str | None = None
    last_event_seq: int = 0  # highest contiguous event seq of `game_id` seen
    gap: bool = False
    last_rebirth: float | None = None
    phase: str | None = None
    speaking: bool = False  # a speech runs (a farewell after the decision, too)
    winner: str | None = None
    snapshot_seq: int = 0
    game_started: float | None = None
    decided_at: float | None = None  # wall clock: when the last decided game was decided
    decided_game: str | None = None
    protocol_game: str | None = None  # latest game whose protocol the hub holds
    notes: list[str] = field(default_factory=list)


class Registry:
    def __init__(self, tables: tuple[str, ...], heartbeat_s: float, missed: int = 2,
                 rebirth_every_s: float = 5.0) -> None:
        self.known = tables
        self.tables = {t: TableLive(t) for t in tables}
        self.heartbeat_s, self.missed = heartbeat_s, missed
        self.rebirth_every_s = rebirth_every_s

    def status(self, table: str, status: Status, now: float) -> tuple[Verdict, str]:
        live = self.tables[table]
        birth = live.birth
        if status.state == "online":
            if birth is not None and (status.booted_at, status.bdseq) < (birth.booted_at,
                                                                         birth.bdseq):
                return Verdict.REFUSED, (
                    f"table {table}: a birth of an earlier boot or connection "
                    f"(booted {status.booted_at:%H:%M:%S}, bdseq {status.bdseq}) after "
                    f"the current one (booted {birth.booted_at:%H:%M:%S}, bdseq {birth.bdseq})")
            if birth is None or status.booted_at != birth.booted_at:
                live.game_id, live.last_event_seq, live.gap = None, 0, False
            live.birth, live.state, live.last_seen = status, Liveness.ONLINE, now
            return Verdict.TAKEN, ""
        if birth is None:
            live.state = Liveness(status.state)  # a retained death: it was here, now is not
            return Verdict.TAKEN, ""
        if not status.same_session(birth):
            return Verdict.IGNORED, (f"table {table}: the {status.state} status of an older "
                                     f"connection (bdseq {status.bdseq}) is ignored")
        live.state = Liveness(status.state)
        return Verdict.TAKEN, ""

    def heartbeat(self, table: str, hb: Heartbeat, now: float) -> tuple[Verdict, bool]:
        """(verdict, gap?). Heartbeats are read by screens too, so they carry only the public
        seq (which never counts night actions): event gaps are found from the events' own seq
        and closed by the judge snapshot (`healed`), never from a heartbeat."""
        live = self.tables[table]
        if live.birth is not None and hb.bdseq < live.birth.bdseq:
            return Verdict.IGNORED, False  # an old connection's heartbeat, delivered late
        self.seen(live, now)
        if hb.game_id is not None and hb.game_id != live.game_id:
            self._new_game(live, hb.game_id, now)
        return Verdict.TAKEN, False

    def event(self, table: str, event: Event, now: float) -> tuple[Verdict, bool]:
        """(verdict, gap?); IGNORED for a duplicate of a seq already seen."""
        live = self.tables[table]
        self.seen(live, now)
        if event.game_id != live.game_id:
            self._new_game(live, event.game_id, now)
        if event.seq <= live.last_event_seq:
            return Verdict.IGNORED, False
        if event.seq != live.last_event_seq + 1:
            live.gap = True
            live.last_event_seq = event.seq
            return Verdict.TAKEN, True
        live.last_event_seq = event.seq
        return Verdict.TAKEN, False

    def healed(self, table: str, seq: int, game_id: str | None) -> None:
        """A snapshot after a rebirth shows where the table is: the gap is closed (the
        protocol at the end carries every action; events only feed the live view)."""
        live = self.tables[table]
        if live.gap and game_id == live.game_id and seq >= live.last_event_seq:
            live.last_event_seq = seq
            live.gap = False

    def want_rebirth(self, table: str, now: float) -> bool:
        live = self.tables[table]
        if not live.gap or live.state is not Liveness.ONLINE:
            return False
        if live.last_rebirth is not None and now - live.last_rebirth < self.rebirth_every_s:
            return False
        live.last_rebirth = now
        return True

    def tick(self, now: float) -> list[str]:
        """Mark tables stale whose heartbeats stopped; returns the tables that changed."""
        changed = []
        limit = self.heartbeat_s * self.missed
        for live in self.tables.values():
            if (live.state is Liveness.ONLINE and live.last_seen is not None
                    and now - live.last_seen > limit):
                live.state = Liveness.STALE
                changed.append(live.table)
        return changed

    def seen(self, live: TableLive, now: float) -> None:
        """Any message from the table: it is alive (a stale or lost table is back)."""
        live.last_seen = now
        if live.state is Liveness.STALE or (live.state is not Liveness.ONLINE
                                            and live.birth is not None):
            live.state = Liveness.ONLINE

    def _new_game(self, live: TableLive, game_id: str, now: float) -> None:
        live.game_id, live.last_event_seq, live.gap = game_id, 0, False
        live.game_started, live.winner = now, None
