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


# a protocol whose parts are not of their kind: each would reach a reader typed as the part
PROTOCOL: dict[str, object] = {"schema_version": 3, "game_id": "g1", "header": {"rules": "cml"},
            "actions": [{"action": "start"}], "result": {"winner": "red"},
            "reveal": {"variant": "classic", "roles": {"1": "don"}, "winner": "red",
                       "termination": "all_mafia_out", "nights": [], "best_move": None}}
BROKEN_PARTS: list[dict[str, object]] = [
    {"header": ["rules", "cml"]}, {"result": "red"}, {"actions": {"1": "start"}},
    {"actions": ["start"]}, {"reveal": []}, {"reveal": {"roles": ["don"]}},
    {"reveal": {"roles": {"1": 4}}}, {"reveal": {"nights": {}}}, {"reveal": {"winner": None}},
    {"reveal": {"best_move": "3 4 5"}}, {"game_id": 7}, {"schema_version": "3"}]


def test_a_protocol_reads_back_as_stored_and_older_ones_missing_parts_too(
        tmp_path: Path) -> None:
    store = Store(tmp_path / "hub.sqlite")
    try:
        store.add_protocol("1", "g1", PROTOCOL, AT)
        older = {k: v for k, v in PROTOCOL.items() if k not in ("reveal", "schema_version")}
        store.add_club_protocol("2", "g2", older, AT)
        assert store.protocol("1", "g1") == PROTOCOL
        assert store.protocols() == [("1", "g1", PROTOCOL)]
        assert store.club_protocols() == [("2", "g2", older, AT)]
    finally:
        store.close()


@pytest.mark.parametrize("broken", BROKEN_PARTS, ids=lambda b: str(b)[:30])
def test_a_protocol_with_a_part_of_the_wrong_kind_is_a_damaged_store(
        tmp_path: Path, broken: dict[str, object]) -> None:
    path = tmp_path / "hub.sqlite"
    store = Store(path)
    parts = dict(PROTOCOL)
    for key, part in broken.items():
        whole = PROTOCOL.get(key)
        parts[key] = {**whole, **part} if isinstance(whole, dict) and isinstance(
            part, dict) else part
    store.add_protocol("1", "g1", parts, AT)
    store.add_club_protocol("2", "g2", parts, AT)
    try:
        for read in (lambda: store.protocol("1", "g1"), store.protocols,
                     lambda: store.club_protocol("2", "g2"), store.club_protocols):
            with pytest.raises(StoreError) as refused:
                read()
            said = str(refused.value)
            assert str(path) in said and "protocol" in said and WHAT_TO_DO in said
            assert "\n" not in said
    finally:
        store.close()
