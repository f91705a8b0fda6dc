"""The table's journal: every accepted judge action, on disk before anything is published.

SQLite in WAL mode with synchronous=FULL: a line that `append` returned from survives a
power cut; one append is one commit and one fsync of the WAL. Copying the WAL back into the
database (a checkpoint: more writes and an fsync) is the table's idle work (`checkpoint`);
SQLite's own, inside whichever commit crosses its mark, stays only as a far-out backstop.
The journal is the game log itself (docs/game-log.md lines, undo lines included), so a
restart replays it and lands on the exact same state.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TypedDict

from bus.migrations import Migration, NewerSchema, migrate, statements
from engine.log import LogLine

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game_id   TEXT PRIMARY KEY,
    header    TEXT NOT NULL,
    names     TEXT NOT NULL DEFAULT '[]',
    created   TEXT NOT NULL,
    finished  INTEGER NOT NULL DEFAULT 0,
    result    TEXT
);
CREATE TABLE IF NOT EXISTS lines (
    game_id   TEXT NOT NULL REFERENCES games(game_id),
    seq       INTEGER NOT NULL,
    line      TEXT NOT NULL,
    at        REAL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS requests (
    request_id TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    game_id    TEXT NOT NULL,
    seq        INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
    key       TEXT PRIMARY KEY,
    value     TEXT NOT NULL
);
"""


def _add_line_times(db: sqlite3.Connection) -> None:
    """A journal of an older kit has no `lines.at` (when the table journaled each line,
    by its own clock: the delayed stream's time, device/table/stream.py). Its lines count as
    journaled now: the stream may show them late, never early."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(lines)")}
    if "at" not in columns:
        db.execute("ALTER TABLE lines ADD COLUMN at REAL")
        db.execute("UPDATE lines SET at = CAST(strftime('%s', 'now') AS REAL)")


def _base(db: sqlite3.Connection) -> None:
    statements(SCHEMA)(db)
    _add_line_times(db)


# The journal's schema versions, in order (PRAGMA user_version, bus/migrations.py): a journal
# of any earlier kit opens, resumes and replays (tests/device/test_journal_versions.py).
MIGRATIONS = (
    Migration("the games, their lines (with the time each was journaled), the hub's "
              "requests and the table's own values (every journal before versions: 0.2.0)",
              _base),
)


log = logging.getLogger("mafiakit.journal")
BACKSTOP_PAGES = 8000  # ~32 MB of WAL: SQLite checkpoints by itself only past this


@dataclass(frozen=True)
class Request:
    """A hub's request id and command name, kept in the same transaction as what it did:
    a repeat (QoS 1, a hub's retry, a restart in between) is answered, never applied again."""

    request_id: str
    name: str


@dataclass(frozen=True)
class Answered:
    """What an earlier request did: its command, the game, and the journal line after it."""

    name: str
    game_id: str
    seq: int


@dataclass(frozen=True)
class JournalGame:
    game_id: str
    header: LogLine
    names: list[str]
    lines: list[LogLine]
    finished: bool

    def log_header(self) -> LogLine:
        return game_log_header(self.header, self.names)


def game_log_header(header: LogLine, names: list[str]) -> LogLine:
    """The game log's header line: the header the game was opened with, its `players` the
    roster the table has (a club game opened at the table gets its names by `roster`; the
    evening counts points by name, docs/club-evening.md)."""
    return {**header, "players": list(names)} if names else header


class Archived(TypedDict):
    """A game of the archive as `Journal.archive` lists it."""

    game_id: str
    header: LogLine
    finished: bool
    result: LogLine | None
    created: str


class JournalError(RuntimeError):
    """The journal file cannot be opened or is not a journal; the message says what to do."""


class Journal:
    """One SQLite file per table. Only the engine thread touches it (one thread at a time)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._checked_at = -1  # the connection's total_changes at the last checkpoint
        try:
            if str(path) != ":memory:":
                self.path.parent.mkdir(parents=True, exist_ok=True)
            # Built on one thread, then used only by the engine thread (never concurrently).
            self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_PAGES}")
            migrate(self._db, MIGRATIONS, f"this journal {self.path}")
        except NewerSchema as exc:
            self._db.close()
            raise JournalError(str(exc)) from None
        except (OSError, sqlite3.Error) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise JournalError(
                f"cannot open the journal {self.path}: {reason}; check that its folder exists "
                "and that this user may write there, or give another file with --journal"
            ) from None

    def close(self) -> None:
        self._db.close()

    def checkpoint(self) -> None:
        """Copy what the WAL holds into the database, when anything was written since the
        last time (PASSIVE: never waits for a reader). Run while the table is idle, so no
        judge action pays for it. A failed one loses nothing: the WAL keeps every line."""
        changes = self._db.total_changes
        if changes == self._checked_at:
            return
        try:
            self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
            self._checked_at = changes
        except sqlite3.Error as exc:
            log.warning("journal %s: the WAL could not be copied into the database yet (%s); "
                        "nothing is lost, the table tries again when idle", self.path, exc)

    # -- games -----------------------------------------------------------------------------

    def new_game(self, game_id: str, header: LogLine, names: list[str],
                 created: str, request: Request | None = None) -> None:
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT INTO games (game_id, header, names, created) VALUES (?, ?, ?, ?)",
                (game_id, json.dumps(header, ensure_ascii=False),
                 json.dumps(names, ensure_ascii=False), created))
            self._set_meta("current", game_id)
            self._remember(request, game_id, 0)

    def set_names(self, game_id: str, names: list[str], request: Request | None = None,
                  seq: int = 0) -> None:
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("UPDATE games SET names = ? WHERE game_id = ?",
                             (json.dumps(names, ensure_ascii=False), game_id))
            self._remember(request, game_id, seq)

    def answered(self, request_id: str) -> Answered | None:
        """What the request `request_id` did, if it was carried out (None: never)."""
        row = self._db.execute("SELECT name, game_id, seq FROM requests WHERE request_id = ?",
                               (request_id,)).fetchone()
        return None if row is None else Answered(row[0], row[1], row[2])

    def _remember(self, request: Request | None, game_id: str, seq: int) -> None:
        if request is not None:
            self._db.execute(
                "INSERT INTO requests (request_id, name, game_id, seq) VALUES (?, ?, ?, ?)",
                (request.request_id, request.name, game_id, seq))

    def append(self, game_id: str, seq: int, line: LogLine,
               result: Mapping[str, object] | None = None, *, decided_changed: bool = False,
               request: Request | None = None, at: float | None = None) -> None:
        """Durably record action number `seq` (1-based) of the game; raises on a gap.

        `result` is the result object when the game is decided after this line (None while
        it goes on). When `result` is given or `decided_changed` (an undo reopened the game)
        it is stored in the same transaction, so a crash never splits the two. `at` is the
        table's wall clock (s) when it journaled the line, not the line's `t`, which a hub
        may set: the delayed stream counts its minutes from `at`.
        """
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            last = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM lines WHERE game_id = ?",
                                    (game_id,)).fetchone()[0]
            if seq != last + 1:
                raise ValueError(f"journal gap: line {seq} after line {last}")
            self._db.execute(
                "INSERT INTO lines (game_id, seq, line, at) VALUES (?, ?, ?, ?)",
                (game_id, seq, json.dumps(line, ensure_ascii=False), at))
            if result is not None or decided_changed:
                self._set_result(game_id, result)
            self._remember(request, game_id, seq)

    def set_result(self, game_id: str, result: Mapping[str, object] | None) -> None:
        """Mark the game decided (with its result) or open again (None)."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._set_result(game_id, result)

    def _set_result(self, game_id: str, result: Mapping[str, object] | None) -> None:
        self._db.execute(
            "UPDATE games SET finished = ?, result = ? WHERE game_id = ?",
            (int(result is not None),
             None if result is None else json.dumps(result, ensure_ascii=False), game_id))

    # -- reading ---------------------------------------------------------------------------

    def current(self) -> JournalGame | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'current'").fetchone()
        return None if row is None else self.load(row[0])

    def load(self, game_id: str) -> JournalGame | None:
        row = self._db.execute(
            "SELECT header, names, finished FROM games WHERE game_id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        lines = [json.loads(text) for (text,) in self._db.execute(
            "SELECT line FROM lines WHERE game_id = ? ORDER BY seq", (game_id,))]
        return JournalGame(game_id, json.loads(row[0]), json.loads(row[1]), lines, bool(row[2]))

    def decided(self, game_id: str) -> bool:
        """Whether the journal holds `game_id` as decided now (an undo of the end clears it,
        in the same transaction as the undo line)."""
        row = self._db.execute("SELECT finished FROM games WHERE game_id = ?",
                               (game_id,)).fetchone()
        return row is not None and bool(row[0])

    def last_decided(self, other_than: str) -> str | None:
        """The latest game opened before or after `other_than` that is decided now: the
        one whose protocol stays retained while `other_than` runs (None: there is none)."""
        row = self._db.execute(
            "SELECT game_id FROM games WHERE finished = 1 AND game_id != ? "
            "ORDER BY rowid DESC LIMIT 1", (other_than,)).fetchone()
        return None if row is None else str(row[0])

    def head(self, game_id: str) -> tuple[LogLine, list[str]] | None:
        """A game's header and names, without its lines (None: no such game)."""
        row = self._db.execute("SELECT header, names FROM games WHERE game_id = ?",
                               (game_id,)).fetchone()
        return None if row is None else (json.loads(row[0]), json.loads(row[1]))

    def lines_between(self, game_id: str, after: int, upto: int) -> list[LogLine]:
        """Lines `after`+1 .. `upto` of a game, in order."""
        return [json.loads(text) for (text,) in self._db.execute(
            "SELECT line FROM lines WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (game_id, after, upto))]

    def as_of(self, cutoff: float) -> tuple[str, int] | None:
        """The game that was open at wall time `cutoff` (s) and how many of its lines had been
        journaled by then: (game id, lines), None before the first game.

        Games in the order they were opened; lines up to the first one journaled after
        `cutoff` (or with no time), so a clock that stepped back never lets a later line
        through before an earlier one.
        """
        for game_id, created in self._db.execute(
                "SELECT game_id, created FROM games ORDER BY rowid DESC"):
            try:
                opened = datetime.fromisoformat(created)
            except ValueError:
                continue  # not written by a table: no moment to count from
            if opened.tzinfo is None:
                opened = opened.replace(tzinfo=UTC)
            if opened.timestamp() > cutoff:
                continue
            first_later = self._db.execute(
                "SELECT MIN(seq) FROM lines WHERE game_id = ? AND (at IS NULL OR at > ?)",
                (game_id, cutoff)).fetchone()[0]
            if first_later is None:
                last = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM lines "
                                        "WHERE game_id = ?", (game_id,)).fetchone()[0]
                return game_id, int(last)
            return game_id, int(first_later) - 1
        return None

    def archive(self) -> list[Archived]:
        """Every game of this table, newest first: id, header, finished, result."""
        rows = self._db.execute(
            "SELECT game_id, header, finished, result, created FROM games ORDER BY created DESC")
        return [{"game_id": g, "header": json.loads(h), "finished": bool(f),
                 "result": None if r is None else json.loads(r), "created": c}
                for g, h, f, r, c in rows]

    def _set_meta(self, key: str, value: str) -> None:
        self._db.execute("INSERT INTO meta (key, value) VALUES (?, ?) "
                         "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))

    def meta(self, key: str) -> str | None:
        """A value the table keeps about itself (its instance id: device/table/instance.py)."""
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        self._set_meta(key, value)
