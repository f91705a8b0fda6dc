"""Schema versions of the hub's store (issue 27 item 7): a store written by the previous
release (tests/fixtures/previous_release, made by that release's own code) opens here with
every game, protocol, decision, command and quarantined message it held, its protocols
replay, and the head judge's export reads it; a store of a newer hub is refused in one line
and left as it was."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Mapping
from pathlib import Path

import pytest

from engine.classic.replay import replay
from engine.club.testing import replay_club
from hub.export import export
from hub.store import MIGRATIONS, Store, StoreError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "previous_release"


def old_store(tmp_path: Path) -> Path:
    path = tmp_path / "hub.sqlite"
    shutil.copyfile(FIXTURES / "hub.sqlite", path)
    return path


def user_version(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


def log_of(protocol: Mapping[str, object]) -> list[str]:
    actions = protocol["actions"]
    assert isinstance(actions, list)
    return [json.dumps(protocol["header"]), *(json.dumps(a) for a in actions)]


def test_the_fixture_is_a_store_from_before_versions() -> None:
    assert user_version(FIXTURES / "hub.sqlite") == 0


def test_previous_release_store_keeps_everything_it_held(tmp_path: Path) -> None:
    path = old_store(tmp_path)
    store = Store(path)
    try:
        assert user_version(path) == len(MIGRATIONS)
        store.check_integrity()
        # the classic protocol of 3-A counts; 4-D is back in play; 5-C is the club game
        assert [(t, g) for t, g, _ in store.protocols()] == [("3", "3-A")]
        assert store.withdrawn() == {("4", "4-D")}
        assert [(t, g) for t, g, _ in store.withdrawn_protocols()] == [("4", "4-D")]
        assert [(t, g) for t, g, _, _ in store.club_protocols()] == [("5", "5-C")]
        assert store.club_seats("3", "3-B") == 7 and store.club_seats("3", "3-A") is None
        assert store.unfinished_games() == {"3": ["3-B"]}
        assert store.known_games("3") == ["3-A", "3-B"]
        assert store.game_rounds() == {("3", "3-A"): 1, ("4", "4-D"): 1}
        assert len(store.events("3", "3-B")) == 20
        assert [kind for _, _, _, _, kind, *_ in store.decisions()] == [
            "protest_filed", "protest_rejected", "protest_filed"]
        assert store.decision_answer("judge-req-1") == (2, None)
        assert store.quarantined() == [("mafia/v1/cup/table/9/events",
                                        "table 9 is not a table of this tournament")]
        assert [(c.request_id, c.ok) for c in store.commands("2")] == [("hub-round-1-2", True)]
        assert store.pending_commands() == []
        # the protocols replay as the games they record
        classic = store.protocol("3", "3-A")
        assert classic is not None
        _, game = replay(log_of(classic))
        assert game.state.finished and classic["result"]["winner"] == game.state.winner
        club = store.club_protocol("5", "5-C")
        assert club is not None
        _, club_game = replay_club(log_of(club))
        assert club_game.state.finished
        counts = export(store, tmp_path / "out")
        tables = {name for (name,) in store._db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert "club_protocols" not in tables  # one table of decided games (version 2)
    finally:
        store.close()
    assert counts == {"protocols": 1, "games": 1, "decisions": 3, "quarantined": 1,
                      "club_protocols": 1}


def test_a_newer_store_is_refused_in_one_line_and_left_untouched(tmp_path: Path) -> None:
    path = old_store(tmp_path)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as refused:
        Store(path)
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith(f"the hub's store {path} was written by a newer kit")
    assert path.read_bytes() == before


def test_a_new_store_starts_at_the_current_version(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    Store(path).close()
    assert user_version(path) == len(MIGRATIONS)
