"""Schema versions of the table's journal (issue 27 item 7): a journal written by the previous
release (tests/fixtures/previous_release, made by that release's own code) opens, resumes its
running game and replays its finished one here; a journal of a newer kit is refused in one
line and left as it was."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from device.config import TableSettings
from device.table.journal import MIGRATIONS, Journal, JournalError
from device.table.service import TableService
from engine.classic.replay import replay
from engine.club.testing import replay_club

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "previous_release"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def old_journal(tmp_path: Path) -> Path:
    path = tmp_path / "journal.sqlite"
    shutil.copyfile(FIXTURES / "journal.sqlite", path)
    return path


def user_version(path: Path) -> int:
    assert path.stat().st_size > 0, f"{path} is missing or empty (sqlite would make it empty)"
    db = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


def test_the_fixture_is_a_journal_from_before_versions() -> None:
    assert user_version(FIXTURES / "journal.sqlite") == 0


def test_previous_release_journal_opens_at_the_current_version(tmp_path: Path) -> None:
    path = old_journal(tmp_path)
    journal = Journal(path)
    journal.close()
    assert user_version(path) == len(MIGRATIONS)
    again = Journal(path)  # a second open has nothing left to do and changes nothing
    assert again.current() is not None
    again.close()
    assert user_version(path) == len(MIGRATIONS)


def test_previous_release_finished_game_replays_to_its_result(tmp_path: Path) -> None:
    journal = Journal(old_journal(tmp_path))
    saved = journal.load("3-A")
    archive = {row["game_id"]: row for row in journal.archive()}
    journal.close()
    assert saved is not None and saved.finished
    _, game = replay([json.dumps(saved.log_header()), *(json.dumps(x) for x in saved.lines)])
    example = (EXAMPLES / "cml-red-wins-scored.jsonl").read_text(encoding="utf-8").splitlines()
    _, expected = replay(example)
    assert game.state == expected.state and game.state.finished
    assert archive["3-A"]["finished"] is True
    result = archive["3-A"]["result"]
    assert result is not None and result["winner"] == expected.state.winner
    assert archive["3-B"]["finished"] is False


def test_previous_release_running_game_resumes_and_plays_to_its_end(tmp_path: Path) -> None:
    """The table restarts on the running club game 3-B (its first 20 lines) and the judge
    keys in the rest of the example: the same game, decided as the example is."""
    settings = TableSettings(tournament="cup", table="3", rules="cml",
                             journal=old_journal(tmp_path), lang="en")
    table = TableService(settings, connect=False)
    example = (EXAMPLES / "club-seven-maniac-and-doctor.jsonl").read_text(
        encoding="utf-8").splitlines()
    rows = [json.loads(text) for text in example if text.strip()]
    assert table.game_id == "3-B" and not table.table_game.state.finished
    for line in rows[21:]:
        ok, why = table.submit_line(dict(line))
        assert ok, (line, why)
    _, expected = replay_club(example)
    assert table.table_game.state == expected.state and table.table_game.state.finished
    table.close()


def test_a_newer_journal_is_refused_in_one_line_and_left_untouched(tmp_path: Path) -> None:
    path = old_journal(tmp_path)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.close()
    before = path.read_bytes()
    with pytest.raises(JournalError) as refused:
        Journal(path)
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith(f"this journal {path} was written by a newer kit")
    assert f"schema version is {len(MIGRATIONS) + 1}" in message
    assert path.read_bytes() == before


def test_a_new_journal_starts_at_the_current_version(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    Journal(path).close()
    assert user_version(path) == len(MIGRATIONS)
