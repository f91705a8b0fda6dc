"""README commands a newcomer mistypes (issue 11): a wrong path is named with what to do next,
with no traceback and nothing written. Through the real entry point, in its own process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def mafiakit(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mafiakit.cli", *args], capture_output=True,
                          text=True, check=False, timeout=120, cwd=cwd)


def test_hub_seat_with_a_missing_players_file_names_it(tmp_path: Path) -> None:
    done = mafiakit("hub", "seat", "--players", "p.txt", "--tables", "3", "--rounds", "10",
                    cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("hub seat: cannot read the players' file p.txt")
    assert "one nickname a line" in done.stderr
    assert list(tmp_path.iterdir()) == []  # no seating.csv


def test_the_hub_without_its_config_says_where_an_example_is(tmp_path: Path) -> None:
    for args in (["hub"], ["hub", "round", "1"], ["hub", "export"]):
        done = mafiakit(*args, cwd=tmp_path)
        assert done.returncode == 2, args
        assert "hub.toml does not exist" in done.stderr
        assert "README.md" in done.stderr and "--config FILE" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_reading_a_journal_that_is_not_there_says_so_and_makes_none(tmp_path: Path) -> None:
    for args in (["--archive"], ["--export", "current"]):
        done = mafiakit("table", "--journal", "typo.sqlite", *args, cwd=tmp_path)
        assert done.returncode == 2, args
        assert done.stderr.startswith("table: no journal at typo.sqlite"), done.stderr
        assert done.stdout == ""
    assert list(tmp_path.iterdir()) == []  # before: an empty journal, and `[]` printed
