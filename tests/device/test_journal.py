"""The journal: durable, gap-free, and a restart resumes the exact game."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.config import TableSettings
from device.table.journal import Journal
from device.table.service import TableService
from engine.classic.log import action_to_dict
from engine.classic.playout import Mix, random_game
from engine.classic.timer import current_timer
from tests.classic import classic_game


def test_sqlite_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    j = Journal(tmp_path / "t.sqlite")
    assert j._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert j._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    j.close()


def test_append_refuses_a_gap_and_survives_reopening(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    j = Journal(path)
    j.new_game("g1", {"format": "mafia-game-log", "version": 1, "rules": "cml"}, [], "now")
    j.append("g1", 1, {"action": "start"})
    with pytest.raises(ValueError, match="gap"):
        j.append("g1", 3, {"action": "day"})
    j.close()
    again = Journal(path).current()
    assert again is not None and again.lines == [{"action": "start"}]


@pytest.mark.parametrize("seed", range(6))
def test_restart_resumes_the_same_game_at_the_same_step(tmp_path: Path, seed: int) -> None:
    rules = ("cml", "fiim", "fiim-2015")[seed % 3]
    p = random_game(rules, seed, Mix(undo=0.05))
    cut = len(p.entered) * (seed + 1) // 8
    settings = TableSettings(journal=tmp_path / "t.sqlite", rules=rules)
    first = TableService(settings, connect=False)
    for action in p.entered[:cut]:
        assert first.submit_line(action_to_dict(action)) == (True, "")
    game = classic_game(first)
    state, timer = game.state, current_timer(game.state, game.rules)
    first.close()
    second = TableService(settings, connect=False)
    assert classic_game(second).state == state
    assert current_timer(classic_game(second).state, classic_game(second).rules) == timer
    for action in p.entered[cut:]:
        assert second.submit_line(action_to_dict(action)) == (True, "")
    assert p.game is not None and classic_game(second).state == p.game.state
    archive = second.journal.archive()
    result = archive[0]["result"]
    assert archive[0]["finished"] is True and result is not None
    assert result["winner"] == p.game.state.winner
    second.close()


def test_rejected_action_changes_nothing_and_is_not_journaled(tmp_path: Path) -> None:
    service = TableService(TableSettings(journal=tmp_path / "t.sqlite"), connect=False)
    before = service.table_game.state
    ok, why = service.submit_line({"action": "day"})
    assert not ok and "cards are not dealt" in why
    ok, why = service.submit_line({"action": "nominate", "seat": "x"})
    assert not ok and "seat number" in why
    assert service.table_game.state is before
    assert service.last_error == why
    assert service.journal.current() is None  # nothing journaled, not even a game
    service.close()
