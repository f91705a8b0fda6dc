"""The hub's store: every event, every finished protocol in one table (a club game's marked
by its variant: it is no tournament game and never enters the standings), the commands it
owes the tables, the head judge's decisions and everything it refused, in one SQLite file
(WAL).

Idempotent by construction: an event is keyed by (table, game, seq) and a protocol by
(table, game), so QoS 1 duplicates, retained copies after a reconnect and a hub restart
store nothing twice. WAL lets `mafiakit hub export`, `hub round` and `hub decide` read and
write while the hub runs; the running hub polls for what they add.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, TypeAlias, TypedDict, TypeGuard

from pydantic import JsonValue

from bus.migrations import Migration, NewerSchema, migrate, statements

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    tbl       TEXT NOT NULL,
    game_id   TEXT NOT NULL,
    seq       INTEGER NOT NULL,
    action    TEXT NOT NULL,
    at        TEXT NOT NULL,
    received  TEXT NOT NULL,
    PRIMARY KEY (tbl, game_id, seq)
);
CREATE TABLE IF NOT EXISTS protocols (
    tbl       TEXT NOT NULL,
    game_id   TEXT NOT NULL,
    protocol  TEXT NOT NULL,
    received  TEXT NOT NULL,
    PRIMARY KEY (tbl, game_id)
);
CREATE TABLE IF NOT EXISTS club_protocols (
    tbl       TEXT NOT NULL,
    game_id   TEXT NOT NULL,
    protocol  TEXT NOT NULL,
    received  TEXT NOT NULL,
    PRIMARY KEY (tbl, game_id)
);
CREATE TABLE IF NOT EXISTS club_games (
    tbl       TEXT NOT NULL,
    game_id   TEXT NOT NULL,
    seats     INTEGER NOT NULL,
    PRIMARY KEY (tbl, game_id)
);
CREATE TABLE IF NOT EXISTS quarantine (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    received  TEXT NOT NULL,
    topic     TEXT NOT NULL,
    reason    TEXT NOT NULL,
    payload   BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox (
    request_id TEXT PRIMARY KEY,
    tbl        TEXT NOT NULL,
    name       TEXT NOT NULL,
    args       TEXT NOT NULL,
    queued     TEXT NOT NULL,
    answered   TEXT,
    ok         INTEGER,
    error      TEXT
);
CREATE TABLE IF NOT EXISTS decisions (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    at        TEXT NOT NULL,
    who       TEXT NOT NULL,
    why       TEXT NOT NULL,
    kind      TEXT NOT NULL,
    tbl       TEXT NOT NULL,
    game_id   TEXT NOT NULL,
    args      TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS decision_requests (
    request_id  TEXT PRIMARY KEY,
    decision_id INTEGER,
    error       TEXT,
    answered    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    tbl       TEXT NOT NULL,
    game_id   TEXT NOT NULL,
    round     INTEGER,
    header    TEXT,
    PRIMARY KEY (tbl, game_id)
);
CREATE TABLE IF NOT EXISTS withdrawn (
    tbl       TEXT NOT NULL,
    game_id   TEXT NOT NULL,
    since     TEXT NOT NULL,
    PRIMARY KEY (tbl, game_id)
);
"""
# The store's schema versions, in order (PRAGMA user_version, bus/migrations.py): a store
# of any earlier hub opens and serves (tests/hub/test_store_versions.py).
MIGRATIONS = (
    Migration("events, protocols (club ones apart), club games, quarantine, the outbox, "
              "decisions and their requests, the rounds' games, games back in play (every "
              "store before versions: 0.2.0)", statements(SCHEMA)),
    Migration("one table of decided games: every protocol in `protocols`, its variant in "
              "a column (the club's moved over from `club_protocols`, which goes; a game id "
              "a table used for both keeps its club protocol, the later kind)",
              statements("""
ALTER TABLE protocols ADD COLUMN variant TEXT NOT NULL DEFAULT 'classic';
INSERT OR REPLACE INTO protocols (tbl, game_id, protocol, received, variant)
    SELECT tbl, game_id, protocol, received, 'club' FROM club_protocols;
DROP TABLE club_protocols
""")),
)
CLASSIC, CLUB_GAME = "classic", "club"  # the variant column of `protocols`
# A stored protocol counts only while its game is decided at the table: an undo of the end
# puts the game in `withdrawn` until the table decides it again (hub/service.py).
_DECIDED = ("NOT EXISTS (SELECT 1 FROM withdrawn w WHERE w.tbl = {0}.tbl "
            "AND w.game_id = {0}.game_id)")


# What the store keeps as JSON text (an event's action, a header, a command's or a decision's
# arguments): read back as the JSON object it was written from. The readers narrow it (the bus
# payloads validate it; `section` gives a part that should be an object, or an empty one).
Json: TypeAlias = dict[str, JsonValue]
Written: TypeAlias = Mapping[str, object]  # what the writers hand in: any JSON object


class StoredReveal(TypedDict, total=False):
    """A decided game's reveal as stored (`bus.payloads.ClassicReveal` or `ClubReveal` as
    JSON): every seat's role by seat number, the winner and why, the nights."""

    variant: str
    roles: dict[str, str]
    winner: str
    termination: str
    nights: list[Json]
    best_move: Json | None


class StoredProtocol(TypedDict, total=False):
    """A decided game's protocol as the table sent it (`bus.payloads.Protocol` as JSON, of
    whichever schema version the store took it in): its parts' shapes are checked when it is
    read back (`Store._protocol`), so readers index header, result and reveal as objects.

    Not read back through the payload model: a store of an earlier hub holds protocols of
    earlier versions, the model keeps header, result and actions as JSON objects all the
    same, and `mafiakit hub club-game` prints the protocol as it came."""

    schema_version: int
    game_id: str
    header: Json
    actions: list[Json]
    result: Json
    reveal: StoredReveal


# The store's rows, one alias each, imported by every reader: plain tuples, which the readers
# unpack (a page or a test may hand in rows it made itself).
ProtocolRow: TypeAlias = tuple[str, str, StoredProtocol]  # (table, game, protocol)
ClubProtocolRow: TypeAlias = tuple[str, str, StoredProtocol, str]  # ... and when received


class DecisionRow(NamedTuple):
    """One stored decision of the head judge (hub/decisions.py says what each kind does)."""

    id: int
    at: str
    who: str
    why: str
    kind: str
    table: str
    game_id: str
    args: Json


Decisions: TypeAlias = Sequence[DecisionRow]  # the head judge's decisions, in order


def section(obj: Json, key: str) -> Json:
    """`obj[key]` when it is a JSON object (a result's score, a header's rating), else an
    empty one: a part that is missing reads as having nothing in it."""
    value = obj.get(key)
    return value if isinstance(value, dict) else {}


def _objects(value: JsonValue) -> bool:
    return isinstance(value, list) and all(isinstance(item, dict) for item in value)


def _is_reveal(value: JsonValue) -> bool:
    if not isinstance(value, dict):
        return False
    roles = value.get("roles", {})
    best = value.get("best_move")
    return (isinstance(roles, dict) and all(isinstance(r, str) for r in roles.values())
            and all(isinstance(value.get(k, ""), str) for k in ("variant", "winner",
                                                                  "termination"))
            and _objects(value.get("nights", [])) and (best is None or isinstance(best, dict)))


def _is_protocol(value: Json) -> TypeGuard[StoredProtocol]:
    """Every part a protocol has is of its kind (a part may be missing: older protocols)."""
    return (isinstance(value.get("header", {}), dict) and isinstance(value.get("result", {}),
                                                                     dict)
            and _is_reveal(value.get("reveal", {})) and _objects(value.get("actions", []))
            and isinstance(value.get("game_id", ""), str)
            and isinstance(value.get("schema_version", 0), int))


WHAT_TO_DO = ("Stop the hub, move the file aside (for the venue tech) and put back its latest "
              "copy; every table's journal still keeps its games")


@dataclass(frozen=True)
class OutboxRow:
    request_id: str
    table: str
    name: str
    args: Json


@dataclass(frozen=True)
class CommandState:
    """A command of the outbox and how it ended: `ok` None while unanswered, or when it was
    replaced by a later version (hub/outbox.py)."""

    request_id: str
    name: str
    args: Json
    answered: str | None
    ok: bool | None


class StoreError(Exception):
    """The store cannot be used: one line naming the file, what is wrong and what to do."""


def _count(actions: JsonValue) -> int:
    return len(actions) if isinstance(actions, list) else 0


def store_trouble(exc: sqlite3.Error) -> str:
    """What went wrong with the store, in a venue tech's words (SQLite's own in brackets)."""
    text = str(exc)
    if "full" in text:
        return f"the disk is full ({text})"
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return f"the file is damaged: truncated or overwritten ({text})"
    if "I/O" in text or "readonly" in text or "read-only" in text:
        return f"the disk refuses to write it ({text})"
    return text


class Store:
    """One connection per process; the hub writes from its one engine thread only."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        try:
            if str(path) != ":memory:":
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(path), isolation_level=None,
                                       check_same_thread=False, timeout=30)
            self._db.execute("PRAGMA journal_mode=WAL")
            # NORMAL in WAL: a power cut may lose the last transactions, never corrupt;
            # anything lost is still on the tables (journals) and comes back as their
            # retained protocol.
            self._db.execute("PRAGMA synchronous=NORMAL")
            migrate(self._db, MIGRATIONS, f"the hub's store {self.path}")
        except NewerSchema as exc:
            self._db.close()
            raise StoreError(f"{exc}. Run this store with the newer hub") from None
        except (sqlite3.Error, OSError) as exc:
            trouble = store_trouble(exc) if isinstance(exc, sqlite3.Error) else str(exc)
            raise StoreError(f"the hub's store {self.path} cannot be opened: {trouble}. "
                             f"{WHAT_TO_DO}") from None
        self._depth = 0
        # events of the open batch, written with one executemany at its commit (the hub's
        # hot path: one statement per event cost it about a third of its time at 500 tables)
        self._events: list[tuple[str, str, int, str, str, str]] = []

    def _json(self, text: str) -> Json:
        """A stored JSON object (the store wrote it from an object: anything else is a
        damaged file, and says so in one line)."""
        value = json.loads(text)
        if not isinstance(value, dict):
            raise StoreError(f"the hub's store {self.path} holds {text[:40]!r} where a JSON "
                             f"object belongs. {WHAT_TO_DO}")
        return value

    def _protocol(self, text: str) -> StoredProtocol:
        """A stored protocol (the hub validated it before storing: a part of the wrong kind
        is a damaged file, and says so in one line)."""
        value = self._json(text)
        if not _is_protocol(value):
            raise StoreError(f"the hub's store {self.path} holds a protocol whose parts are "
                             f"not what a protocol has ({text[:40]!r}). {WHAT_TO_DO}")
        return value

    def check_integrity(self) -> None:
        """SQLite's `PRAGMA integrity_check` over the whole file (the hub runs it at start):
        StoreError naming the file and the first problem found. 0.17-0.21 s for a store of
        300 games and 45,000 events (9.3 MB; measured on the shared dev machine, loaded)."""
        try:
            found = [str(row[0]) for row in self._db.execute("PRAGMA integrity_check(5)")]
        except sqlite3.Error as exc:
            found = [store_trouble(exc)]
        if found != ["ok"]:
            raise StoreError(f"the hub's store {self.path} fails SQLite's integrity check "
                             f"({'; '.join(found)[:300]}). {WHAT_TO_DO}")

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def batch(self) -> Iterator[None]:
        """One transaction for many writes (the hub commits once per drained batch). A
        failed write or commit (a full disk) rolls the whole batch back and raises
        sqlite3.Error: the caller keeps what it was writing and tries again."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self._db.execute("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            yield
            self._flush_events()
            self._db.execute("COMMIT")
        except BaseException:
            self._events.clear()
            if self._db.in_transaction:  # SQLite may have rolled back already (SQLITE_FULL)
                with suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise
        finally:
            self._depth = 0

    def _flush_events(self) -> None:
        if self._events:
            self._db.executemany("INSERT OR IGNORE INTO events VALUES (?, ?, ?, ?, ?, ?)",
                                 self._events)
            self._events.clear()

    # -- events and protocols -----------------------------------------------------------------

    def add_event(self, table: str, game_id: str, seq: int, *, action: Written,
                  at: str, received: str) -> bool:
        """Store one event; False if it was already stored (a duplicate). Inside a batch it
        is written at the batch's commit and True means only "taken" (the hub finds
        duplicates by seq before it stores)."""
        row = (table, game_id, seq, json.dumps(action, ensure_ascii=False), at, received)
        if self._depth:
            self._events.append(row)
            return True
        cur = self._db.execute("INSERT OR IGNORE INTO events VALUES (?, ?, ?, ?, ?, ?)", row)
        return cur.rowcount == 1

    def game_times(self, table: str, game_id: str) -> tuple[str, str] | None:
        """When the game's first and last accepted lines were entered at the table (the
        events' `at`), else when its protocol came in; None if the hub saw neither."""
        self._flush_events()
        first, last = self._db.execute(
            "SELECT min(at), max(at) FROM events WHERE tbl = ? AND game_id = ?",
            (table, game_id)).fetchone()
        if first is not None:
            return str(first), str(last)
        row = self._db.execute("SELECT received FROM protocols WHERE tbl = ? AND game_id = ?",
                               (table, game_id)).fetchone()
        return None if row is None else (str(row[0]), str(row[0]))

    def events(self, table: str, game_id: str) -> list[tuple[int, Json]]:
        self._flush_events()  # a read inside a batch sees the batch's events
        rows = self._db.execute(
            "SELECT seq, action FROM events WHERE tbl = ? AND game_id = ? ORDER BY seq",
            (table, game_id))
        return [(seq, self._json(action)) for seq, action in rows]

    def event_count(self) -> int:
        self._flush_events()
        return int(self._db.execute("SELECT count(*) FROM events").fetchone()[0])

    def open_games(self) -> list[tuple[str, str]]:
        """(table, game) of every game with events and no protocol yet."""
        self._flush_events()
        rows = self._db.execute(
            "SELECT DISTINCT e.tbl, e.game_id FROM events e LEFT JOIN protocols p "
            "ON p.tbl = e.tbl AND p.game_id = e.game_id WHERE p.game_id IS NULL")
        return [(t, g) for t, g in rows]

    def add_protocol(self, table: str, game_id: str, protocol: Written,
                     received: str) -> bool:
        """Store a finished game's protocol; False if this very protocol was stored before.

        A table may republish a different protocol for the same game (an action after the
        decision, e.g. a disqualification recorded for scoring): the latest replaces it."""
        return self._add_protocol(table, game_id, protocol, received, CLASSIC)

    def _add_protocol(self, table: str, game_id: str, protocol: Written,
                      received: str, variant: str) -> bool:
        text = json.dumps(protocol, ensure_ascii=False, sort_keys=True)
        row = self._db.execute("SELECT protocol, variant FROM protocols WHERE tbl = ? AND "
                               "game_id = ?", (table, game_id)).fetchone()
        if row is not None and row[0] == text and row[1] == variant:
            return False
        self._db.execute("INSERT OR REPLACE INTO protocols (tbl, game_id, protocol, received, "
                         "variant) VALUES (?, ?, ?, ?, ?)",
                         (table, game_id, text, received, variant))
        return True

    def protocols(self) -> list[ProtocolRow]:
        """Every game decided now (a game back in play after an undo is left out)."""
        rows = self._db.execute("SELECT tbl, game_id, protocol FROM protocols p WHERE "
                                "variant = ? AND " + _DECIDED.format("p")
                                + " ORDER BY tbl, game_id", (CLASSIC,))
        return [(t, g, self._protocol(p)) for t, g, p in rows]

    def protocol(self, table: str, game_id: str) -> StoredProtocol | None:
        """The game's protocol while it is decided, else None."""
        row = self._db.execute("SELECT protocol FROM protocols p WHERE tbl = ? AND game_id = ? "
                               "AND variant = ? AND " + _DECIDED.format("p"),
                               (table, game_id, CLASSIC)).fetchone()
        return None if row is None else self._protocol(row[0])

    def protocol_actions(self) -> dict[tuple[str, str], int]:
        """(table, game) -> how many actions its stored protocol has, classic and club, back
        in play or not (the hub asks for a protocol it misses by this)."""
        rows = self._db.execute("SELECT tbl, game_id, protocol FROM protocols")
        return {(t, g): _count(self._json(p).get("actions")) for t, g, p in rows}

    # -- games back in play: an undo of the end at the table ------------------------------------

    def withdraw(self, table: str, game_id: str, since: str) -> bool:
        """The table took game `game_id` back into play: its stored protocol (classic or club)
        stops counting everywhere until `reinstate`. False if it had none or was out already."""
        stored = self._db.execute("SELECT 1 FROM protocols WHERE tbl = ? AND game_id = ?",
                                  (table, game_id)).fetchone()
        if stored is None:
            return False
        cur = self._db.execute("INSERT OR IGNORE INTO withdrawn VALUES (?, ?, ?)",
                               (table, game_id, since))
        return cur.rowcount == 1

    def reinstate(self, table: str, game_id: str) -> bool:
        """The game is decided again (its protocol came): it counts again. False if it was
        not out."""
        cur = self._db.execute("DELETE FROM withdrawn WHERE tbl = ? AND game_id = ?",
                               (table, game_id))
        return cur.rowcount == 1

    def withdrawn(self) -> set[tuple[str, str]]:
        """(table, game) of every game back in play after its decision."""
        return {(t, g) for t, g in self._db.execute("SELECT tbl, game_id FROM withdrawn")}

    def withdrawn_protocols(self) -> list[ProtocolRow]:
        """The stored protocols of the games back in play (their rounds' pages must be sent
        again without them, whether the seating has those rounds or not)."""
        rows = self._db.execute("SELECT p.tbl, p.game_id, p.protocol FROM protocols p JOIN "
                                "withdrawn w ON w.tbl = p.tbl AND w.game_id = p.game_id "
                                "WHERE p.variant = ?", (CLASSIC,))
        return [(t, g, self._protocol(p)) for t, g, p in rows]

    # -- club games (docs/club.md, docs/hub.md "Club tables") ----------------------------------

    def add_club_protocol(self, table: str, game_id: str, protocol: Written,
                          received: str) -> bool:
        """Store a decided club game's protocol (the latest replaces an earlier one, e.g. a
        point "за красивую игру" given after the result); False if stored before as it is."""
        return self._add_protocol(table, game_id, protocol, received, CLUB_GAME)

    def club_protocols(self) -> list[ClubProtocolRow]:
        """(table, game, protocol, received) of every club game decided now, in the order
        received."""
        rows = self._db.execute("SELECT tbl, game_id, protocol, received FROM protocols c "
                                "WHERE variant = ? AND " + _DECIDED.format("c")
                                + " ORDER BY received, tbl, game_id", (CLUB_GAME,))
        return [(t, g, self._protocol(p), r) for t, g, p, r in rows]

    def club_protocol(self, table: str, game_id: str) -> StoredProtocol | None:
        """The club game's protocol while it is decided, else None."""
        row = self._db.execute("SELECT protocol FROM protocols c WHERE tbl = ? AND "
                               "game_id = ? AND variant = ? AND " + _DECIDED.format("c"),
                               (table, game_id, CLUB_GAME)).fetchone()
        return None if row is None else self._protocol(row[0])

    def note_club_game(self, table: str, game_id: str, seats: int) -> None:
        """A table plays this club game (its snapshots say so): its events are followed as
        a club game's, also after a restart."""
        self._db.execute("INSERT OR IGNORE INTO club_games VALUES (?, ?, ?)",
                         (table, game_id, seats))

    def club_seats(self, table: str, game_id: str) -> int | None:
        """The seats of a club game seen at the table, or None: not a club game (as far as
        the hub has seen)."""
        row = self._db.execute("SELECT seats FROM club_games WHERE tbl = ? AND game_id = ?",
                               (table, game_id)).fetchone()
        return None if row is None else int(row[0])

    # -- games the hub opened ------------------------------------------------------------------

    def add_game(self, table: str, game_id: str, round_number: int,
                 header: Written) -> None:
        self._db.execute("INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?)",
                         (table, game_id, round_number, json.dumps(header, ensure_ascii=False)))

    def game_header(self, table: str, game_id: str) -> Json | None:
        row = self._db.execute("SELECT header FROM games WHERE tbl = ? AND game_id = ?",
                               (table, game_id)).fetchone()
        return None if row is None or row[0] is None else self._json(row[0])

    def known_games(self, table: str) -> list[str]:
        """Every game of `table` the hub has heard of: sent by a round, seen in an event, a
        protocol or a club game's snapshot (a decision names one of these)."""
        rows = self._db.execute(
            "SELECT game_id FROM games WHERE tbl = ?1 UNION SELECT game_id FROM events WHERE "
            "tbl = ?1 UNION SELECT game_id FROM protocols WHERE tbl = ?1 UNION SELECT game_id "
            "FROM club_games WHERE tbl = ?1 ORDER BY 1", (table,))
        return [str(g) for (g,) in rows]

    def set_game_header(self, table: str, game_id: str, header: Written) -> None:
        """The header of a game queued again from a fixed seating (hub/outbox.py)."""
        self._db.execute("UPDATE games SET header = ? WHERE tbl = ? AND game_id = ?",
                         (json.dumps(header, ensure_ascii=False), table, game_id))

    def unfinished_games(self) -> dict[str, list[str]]:
        """Table -> its games under way: played there (events stored) and not decided now,
        in the order first seen."""
        self._flush_events()
        rows = self._db.execute(
            "SELECT tbl, game_id FROM events e GROUP BY tbl, game_id HAVING NOT EXISTS ("
            "SELECT 1 FROM protocols p WHERE p.tbl = e.tbl AND p.game_id = e.game_id AND "
            + _DECIDED.format("p") + ") ORDER BY min(rowid)")
        out: dict[str, list[str]] = {}
        for table, game_id in rows:
            out.setdefault(table, []).append(game_id)
        return out

    def game_rounds(self) -> dict[tuple[str, str], int]:
        rows = self._db.execute("SELECT tbl, game_id, round FROM games")
        return {(t, g): r for t, g, r in rows}

    # -- quarantine ----------------------------------------------------------------------------

    def quarantine(self, topic: str, payload: bytes, reason: str, received: str) -> None:
        self._db.execute("INSERT INTO quarantine (received, topic, reason, payload) "
                         "VALUES (?, ?, ?, ?)", (received, topic, reason, payload))

    def quarantined(self) -> list[tuple[str, str]]:
        return [(t, r) for t, r in self._db.execute(
            "SELECT topic, reason FROM quarantine ORDER BY id")]

    # -- commands the hub owes the tables -------------------------------------------------------

    def queue_command(self, request_id: str, table: str, name: str, args: Written,
                      queued: str) -> None:
        self._db.execute("INSERT OR IGNORE INTO outbox (request_id, tbl, name, args, queued) "
                         "VALUES (?, ?, ?, ?, ?)",
                         (request_id, table, name, json.dumps(args, ensure_ascii=False), queued))

    def pending_commands(self) -> list[OutboxRow]:
        rows = self._db.execute("SELECT request_id, tbl, name, args FROM outbox "
                                "WHERE answered IS NULL ORDER BY rowid")
        return [OutboxRow(r, t, n, self._json(a)) for r, t, n, a in rows]

    def answer_command(self, request_id: str, ok: bool, error: str | None,
                       answered: str) -> bool:
        cur = self._db.execute("UPDATE outbox SET answered = ?, ok = ?, error = ? "
                               "WHERE request_id = ? AND answered IS NULL",
                               (answered, int(ok), error, request_id))
        return cur.rowcount == 1

    def commands(self, table: str) -> list[CommandState]:
        """Every command queued for `table`, in the order queued."""
        rows = self._db.execute("SELECT request_id, name, args, answered, ok FROM outbox "
                                "WHERE tbl = ? ORDER BY rowid", (table,))
        return [CommandState(r, n, self._json(a), w, None if ok is None else bool(ok))
                for r, n, a, w, ok in rows]

    def supersede(self, request_id: str, why: str, when: str) -> None:
        """A command replaced by a later version: no longer sent, and its refusal (if the
        table refused it) no longer an alert."""
        self._db.execute("UPDATE outbox SET answered = ?, ok = NULL, error = ? "
                         "WHERE request_id = ?", (when, why, request_id))

    def command_answers(self) -> list[tuple[str, str, bool | None, str | None]]:
        rows = self._db.execute("SELECT request_id, tbl, ok, error FROM outbox ORDER BY rowid")
        return [(r, t, None if ok is None else bool(ok), e) for r, t, ok, e in rows]

    # -- the head judge's decisions ----------------------------------------------------------------

    def add_decision(self, at: str, *, who: str, why: str, kind: str, table: str,
                     game_id: str, args: Written) -> int:
        cur = self._db.execute(
            "INSERT INTO decisions (at, who, why, kind, tbl, game_id, args) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (at, who, why, kind, table, game_id, json.dumps(args, ensure_ascii=False)))
        return int(cur.lastrowid or 0)

    def decisions(self, after: int = 0) -> list[DecisionRow]:
        rows = self._db.execute("SELECT id, at, who, why, kind, tbl, game_id, args "
                                "FROM decisions WHERE id > ? ORDER BY id", (after,))
        return [DecisionRow(i, at, who, why, k, t, g, self._json(a))
                for i, at, who, why, k, t, g, a in rows]

    # -- decisions asked for over MQTT (hub/remote.py) ----------------------------------------

    def decision_answer(self, request_id: str) -> tuple[int | None, str | None] | None:
        """(decision id, refusal) given to an earlier request with this id, or None."""
        row = self._db.execute("SELECT decision_id, error FROM decision_requests "
                               "WHERE request_id = ?", (request_id,)).fetchone()
        return None if row is None else (row[0], row[1])

    def add_decision_answer(self, request_id: str, decision_id: int | None, error: str | None,
                            answered: str) -> None:
        self._db.execute("INSERT INTO decision_requests VALUES (?, ?, ?, ?)",
                         (request_id, decision_id, error, answered))
