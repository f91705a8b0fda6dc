"""Schema versions of the kit's SQLite files: the table's journal and the hub's store.

Each file keeps its version in SQLite's own `PRAGMA user_version` (0 in a file written before
versions existed, and in a new file). A part lists its migrations in order; opening a file
runs those it has not had yet, each in its own transaction with the version it reaches, so a
crash half-way leaves the file at the last version it completed, never between two. A file
of a newer kit (a version past the last migration this kit knows) is refused with one line,
before anything is written to it: an older kit must never "repair" a newer file.

Here, not in device/ or hub/, because both parts keep a file and one runner serves both
(like bus/linklog.py); the engine does no I/O.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    """One step from version N-1 to N: `why` says what it changes (docs/architecture.md
    "Schema versions" lists them)."""

    why: str
    run: Callable[[sqlite3.Connection], None]


class NewerSchema(RuntimeError):
    """The file was written by a newer kit; the message is the one line to show."""


def statements(script: str) -> Callable[[sqlite3.Connection], None]:
    """A migration that runs each `;`-separated statement of `script` (never executescript:
    it commits by itself, outside the migration's transaction)."""
    parts = [part.strip() for part in script.split(";") if part.strip()]

    def run(db: sqlite3.Connection) -> None:
        for part in parts:
            db.execute(part)
    return run


def version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate(db: sqlite3.Connection, migrations: Sequence[Migration], what: str) -> int:
    """Bring the file of `db` (opened with isolation_level=None) to the last version of
    `migrations`; returns the version it had. `what` names the file in the refusal ("this
    journal /srv/table.sqlite"). Raises NewerSchema for a file of a newer kit."""
    found = version(db)
    known = len(migrations)
    if found > known:
        raise NewerSchema(
            f"{what} was written by a newer kit: its schema version is {found}, this kit "
            f"knows versions up to {known}; update the kit here (nothing was changed in the "
            "file)")
    for number in range(found, known):
        db.execute("BEGIN IMMEDIATE")
        try:
            if version(db) == number:  # another process may have migrated it meanwhile
                migrations[number].run(db)
                db.execute(f"PRAGMA user_version = {number + 1}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    return found
