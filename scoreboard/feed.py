"""The latest state of every table a screen follows, and whether each table is alive.

`FeedStore` is fed on the screen's own thread (see `live.py` for the MQTT side) through three
calls: `on_snapshot`, `on_status`, `on_heartbeat` (plus `on_event` for the judge's last error
and `on_protocol` for the reveal of a decided game: the only way a role reaches a screen).
A message that cannot be read changes nothing and is kept in `problems` with the reason.

Liveness: a table is offline at once when its status says so (the broker's last will), stale
when no sign of life came for `stale_after` seconds, and online again by itself with the next
heartbeat. Retained snapshots are old news and do not count as a sign of life.

Time (docs/clock.md): `now` is the screen's own clock, whatever it says; only its differences
count. A snapshot's running timer holds `remaining` at the moment the screen received it; a
retained copy is older than that, and the next reading of the table's clock (a heartbeat's or
a live snapshot's `uptime_s`) tells by how much: until then its countdown is not shown.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from bus.errors import PayloadError
from bus.payloads import Snapshot
from engine.refusal_view import RefusalView
from engine.viewmodels import JudgeView
from engine.vocab import Phase
from scoreboard.board import HubBoard
from scoreboard.link import Link
from scoreboard.sizes import STALE_AFTER_S
from scoreboard.tablefeed import Payload, TableFeed, read_names, read_snapshot
from scoreboard.view import Revealed, ViewError

PROBLEMS_KEPT: Final = 50
Session = tuple[object, ...]  # (booted_at, bdseq): which connection of the table a status is
# about


def liveness(
    *, offline_at: float | None, last_seen: float | None, now: float, stale_after: float
) -> str:
    """online | offline | stale | unknown, from the last death and the last sign of life."""
    if offline_at is not None and (last_seen is None or offline_at >= last_seen):
        return "offline"
    if last_seen is None:
        return "unknown"
    if now - last_seen > stale_after:
        return "stale"
    return "online"


@dataclass
class _Table:
    snapshot: Snapshot | None = None
    names: tuple[str, ...] = ()
    last_seen: float | None = None
    offline_at: float | None = None
    session: Session | None = None
    last_error: str | None = None  # from the latest judge snapshot or refused action
    refusal: RefusalView | None = None  # the same by key (judge snapshots only)
    reveal: tuple[str, Revealed] | None = None  # (game id, reveal) from the retained protocol
    points: Mapping[int, int] = field(default_factory=dict)  # the club's score, same protocol
    received: float | None = None  # when the snapshot arrived (the screen's clock)
    reading: tuple[float, float] | None = None  # (table's uptime_s, screen clock) latest live
    dated: bool = False  # the snapshot's age is known: it came live, or a reading came since


def built_at(uptime_s: float, received: float, reading: tuple[float, float] | None) -> float:
    """When (on the screen's clock) the table built a snapshot stamped `uptime_s` on its own
    clock: the latest live reading of that clock counted back (a retained copy may be minutes
    old), never later than its arrival; without a reading, its arrival."""
    if reading is None:
        return received
    table_uptime, seen = reading
    return min(received, seen - (table_uptime - uptime_s))


class FeedStore:
    """Latest snapshot, names and liveness per table; not thread-safe by design (one owner)."""

    def __init__(
        self,
        stale_after: float = STALE_AFTER_S,
        names: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        if stale_after <= 0:
            raise ValueError("stale_after must be a positive number of seconds")
        self.stale_after = stale_after
        self._tables: dict[str, _Table] = {}
        self.problems: deque[str] = deque(maxlen=PROBLEMS_KEPT)
        # grows with every message that can change a screen: a cheap "something changed"
        # (a heartbeat of a table already online changes nothing and does not count)
        self.changes = 0
        # the hub's `standings_as_of` (docs/hub.md): (round or None, hidden), None unheard
        self.standings_as_of: tuple[int | None, bool] | None = None
        # the screen's own link to the broker (None: no broker, a sample): scoreboard/link.py
        self.link: Link | None = None
        # the hub's public pages, for the venue's screen (scoreboard/board.py)
        self.board = HubBoard()
        for table, roster in (names or {}).items():
            self._table(table).names = read_names(list(roster)) or ()

    def on_snapshot(self, table: str, payload: Payload, now: float,
                    retained: bool = False) -> bool:
        """A public/audience/judge message; False (and a problem noted) if unreadable."""
        try:
            snapshot = read_snapshot(payload)
            names = read_names(snapshot.names)
        except ViewError as exc:
            self.problem(table, f"state not shown: {exc}")
            return False
        entry = self._table(table)
        entry.snapshot, entry.received, entry.dated = snapshot, now, not retained
        view = snapshot.view
        entry.last_error = view.last_error if isinstance(view, JudgeView) else None
        entry.refusal = view.refusal if isinstance(view, JudgeView) else None
        if names is not None:
            entry.names = names
        if not retained:
            entry.last_seen, entry.reading = now, (snapshot.uptime_s, now)
        self.changes += 1
        return True

    def on_status(self, table: str, state: str, now: float, session: Session | None = None) -> bool:
        """online, or offline (a clean stop or the broker's last will for the table)."""
        if state not in ("online", "offline"):
            self.problem(table, f"status {state!r} not understood; expected online or offline")
            return False
        entry = self._table(table)
        if state == "online":
            entry.session, entry.last_seen, entry.offline_at = session, now, None
        elif session is not None and entry.session is not None and session != entry.session:
            return False  # a late will of an earlier connection: the table is back already
        else:
            entry.offline_at = now
        self.changes += 1
        return True

    def on_standings_as_of(self, as_of: tuple[int | None, bool] | None) -> None:
        if as_of != self.standings_as_of:
            self.standings_as_of = as_of
            self.changes += 1

    def on_hub_page(self, name: str, raw: bytes) -> bool:
        """One of the hub's retained public pages ("public/players", "public/rounds/3");
        False (and a problem noted) when it does not read: the screen keeps what it had."""
        try:
            self.board.on_page(name, raw)
        except PayloadError as exc:
            self.problems.append(f"hub: {exc}")
            return False
        self.changes += 1
        return True

    def on_link(self, link: Link) -> None:
        """The screen's connection changed (connecting, up, down, refused)."""
        if link != self.link:
            self.link = link
            self.changes += 1

    def on_heartbeat(self, table: str, now: float, uptime_s: float | None = None) -> None:
        """A sign of life and a reading of the table's clock (`uptime_s`); it changes a screen
        only when the table was not online."""
        entry = self._table(table)
        if uptime_s is not None:
            entry.reading, entry.dated = (uptime_s, now), True
        was = liveness(offline_at=entry.offline_at, last_seen=entry.last_seen, now=now,
                       stale_after=self.stale_after)
        entry.last_seen = now
        if was != "online":
            self.changes += 1

    def on_event(self, table: str, accepted: bool, reason: str | None) -> None:
        """An action the table received: a refusal becomes the judge's "last error"."""
        entry = self._table(table)
        entry.last_error = None if accepted else (reason or "refused")
        entry.refusal = None
        self.changes += 1

    def on_protocol(self, table: str, game_id: str | None, reveal: Revealed | None,
                    points: Mapping[int, int] | None = None) -> None:
        """The table's retained protocol: a decided game's reveal (a club game's with each
        seat's points, 004 §8), or None when cleared (an undo took the game back to running)."""
        entry = self._table(table)
        entry.reveal = None if reveal is None or game_id is None else (game_id, reveal)
        entry.points = dict(points or {}) if entry.reveal is not None else {}
        self.changes += 1

    def problem(self, table: str, text: str) -> None:
        """Note a message that was not used, in words a judge understands."""
        self.problems.append(f"table {table}: {text}")

    def tables(self) -> list[str]:
        """Every table heard of so far."""
        return list(self._tables)

    def feed(self, table: str, now: float) -> TableFeed:
        """What a screen should show for `table` at `now`."""
        entry = self._tables.get(table) or _Table()
        status = liveness(offline_at=entry.offline_at, last_seen=entry.last_seen, now=now,
                          stale_after=self.stale_after)
        snap = entry.snapshot
        feed = TableFeed(table=table, names=entry.names, status=status, link=self.link)
        if snap is None:
            return feed
        view = snap.view
        reveal: Revealed | None = None
        points: Mapping[int, int] = {}
        if view.phase == Phase.FINISHED and entry.reveal is not None and (
                entry.reveal[0] == snap.game_id):
            reveal, points = entry.reveal[1], entry.points
        received = now if entry.received is None else entry.received
        judge = view if isinstance(view, JudgeView) else None
        return replace(feed, view=view, seq=snap.seq,
                       pending_key=None if judge is None else judge.pad,
                       last_error=entry.last_error, refusal=entry.refusal,
                       after_game=None if judge is None else judge.after_game, reveal=reveal,
                       points=points,
                       as_of=(built_at(snap.uptime_s, received, entry.reading)
                              if entry.dated else None),
                       sent_at=snap.sent_at.timestamp())

    def feeds(self, now: float) -> list[TableFeed]:
        """Every table's feed at `now`."""
        return [self.feed(table, now) for table in self._tables]

    def _table(self, table: str) -> _Table:
        return self._tables.setdefault(table, _Table())
