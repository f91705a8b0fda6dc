"""The journal's WAL goes back into the database while the table is idle, not inside a
judge's commit (device/table/journal.py): the lines stay in the WAL while actions come, and are
in the database file itself after an idle moment. Read here from the database file alone
(`immutable=1` ignores the WAL), which is what a checkpoint fills."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from device.config import TableSettings
from device.table.service import TableService
from engine.classic.log import action_to_dict
from engine.classic.playout import random_game


def _lines_in_the_database_file(path: Path) -> int:
    db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        return int(db.execute("SELECT COUNT(*) FROM lines").fetchone()[0])
    finally:
        db.close()


def test_the_wal_is_checkpointed_when_idle_and_not_per_line(tmp_path: Path) -> None:
    journal = tmp_path / "t.sqlite"
    table = TableService(TableSettings(journal=journal), connect=False)
    try:
        table.step()  # idle once: the new game's rows go home
        before = _lines_in_the_database_file(journal)
        for action in random_game("cml", 3).entered[:40]:
            ok, why = table.submit_line(action_to_dict(action))
            assert ok, why
        assert _lines_in_the_database_file(journal) == before == 0  # all still in the WAL
        table.step()  # nothing in the inbox: the table is idle
        assert _lines_in_the_database_file(journal) == 40
        # and every line survives reopening, as before
        again = TableService(TableSettings(journal=journal), connect=False)
        assert again.seq == 40
        again.close()
    finally:
        table.close()
