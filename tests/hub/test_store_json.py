"""The store reads back the JSON objects it wrote (issue 27 item 4: typed as
dict[str, JsonValue], not Any): a row that holds anything else is a damaged file, refused in
one line that names the file and what to do, never handed on as a value of the wrong type."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hub.store import WHAT_TO_DO, Store, StoreError

AT = "2026-12-05T07:00:00+00:00"


def test_what_the_store_wrote_it_reads_back_as_the_same_objects(tmp_path: Path) -> None:
    store = Store(tmp_path / "hub.sqlite")
    try:
        action = {"action": "foul", "seat": 4, "t": "19:02:11"}
        assert store.add_event("1", "g1", 1, action=action, at=AT, received=AT)
        store.add_game("1", "g1", 1, {"rules": "cml", "players": ["А", "B"]})
        store.queue_command("g1-new_game", "1", "new_game", {"game_id": "g1"}, AT)
        assert store.events("1", "g1") == [(1, action)]
        assert store.game_header("1", "g1") == {"rules": "cml", "players": ["А", "B"]}
        assert [row.args for row in store.pending_commands()] == [{"game_id": "g1"}]
    finally:
        store.close()


@pytest.mark.parametrize("damaged", ["[1, 2]", "\"foul\"", "4", "null"])
def test_a_row_that_is_no_json_object_is_a_damaged_store(tmp_path: Path, damaged: str) -> None:
    path = tmp_path / "hub.sqlite"
    store = Store(path)
    store.add_event("1", "g1", 1, action={"action": "start"}, at=AT, received=AT)
    store.add_game("1", "g1", 1, {"rules": "cml"})
    store.close()
    with sqlite3.connect(path) as db:  # what a bad sector or a hand edit leaves
        db.execute("UPDATE events SET action = ?", (damaged,))
        db.execute("UPDATE games SET header = ?", (damaged,))
    store = Store(path)
    try:
        for read in (lambda: store.events("1", "g1"), lambda: store.game_header("1", "g1")):
            with pytest.raises(StoreError) as refused:
                read()
            said = str(refused.value)
            assert str(path) in said and damaged in said and WHAT_TO_DO in said
            assert "\n" not in said
    finally:
        store.close()
