"""`mafiakit evening LOG...` (docs/club-evening.md): what it loads and what it says when a
log cannot be added up (each through the real entry point, in its own process). The sums
themselves are tests/engine/test_club_evening.py's."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

from engine.club.evening import club_game, evening
from mafiakit.evening import render

ROOT = Path(__file__).resolve().parents[2]
CML = ROOT / "examples" / "cml-red-wins-by-lift.jsonl"
HEAVY = {"pygame", "gpiozero", "paho", "device"}


def mafiakit(*args: str, importtime: bool = False) -> subprocess.CompletedProcess[str]:
    flags = ["-X", "importtime"] if importtime else []
    return subprocess.run([sys.executable, *flags, "-m", "mafiakit.cli", *args],
                          capture_output=True, text=True, check=False)


def test_help_names_the_command_and_loads_nothing_heavy() -> None:
    done = mafiakit("evening", "--help", importtime=True)
    assert done.returncode == 0
    assert "usage: mafiakit evening" in done.stdout and "--format {json,csv}" in done.stdout
    names = {line.rsplit("|", 1)[1].strip().split(".")[0] for line in done.stderr.splitlines()
             if line.startswith("import time:") and "|" in line}
    assert names & HEAVY == set()
    assert "evening" in mafiakit("--help").stdout


def test_a_missing_log_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "game-4.jsonl"
    done = mafiakit("evening", str(missing))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"{missing}: cannot read: No such file or directory\n"


def test_a_tournament_log_of_the_classic_game_is_refused() -> None:
    done = mafiakit("evening", str(CML))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"{CML} plays 'cml': a club evening adds up club games only "
                           "(`mafiakit standings` totals a tournament)\n")


def test_the_same_log_twice_is_refused(tmp_path: Path) -> None:
    copy = tmp_path / "again.jsonl"
    copy.write_bytes(CML.read_bytes())
    done = mafiakit("evening", str(CML), str(copy), "--format", "csv")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"{copy}: the same game log as {CML}: give each game once\n"


def test_a_bad_line_is_reported_with_the_file_and_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.jsonl"
    head = json.dumps({"format": "mafia-game-log", "version": 1, "rules": "cml"})
    broken.write_text(f"{head}\nnot json\n", encoding="utf-8")
    done = mafiakit("evening", str(broken))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f"{broken}: line 2: ") and "not valid JSON" in done.stderr


def test_nothing_is_printed_when_a_later_log_is_bad(tmp_path: Path) -> None:
    """All or nothing: a host never gets a table missing a game."""
    done = mafiakit("evening", str(CML), str(tmp_path / "missing.jsonl"))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1


def test_what_is_printed_for_the_hand_checked_evening() -> None:
    """The three club examples as one evening, printed both ways (their sums are checked in
    tests/engine/test_club_evening.py)."""
    games = []
    for stem in ("club-seven-maniac-and-doctor", "club-twelve-catastrophe-and-cancelled-vote",
                 "club-fifteen-putana-sapper-fouls"):
        log = ROOT / "examples" / f"{stem}.jsonl"
        head = json.loads(log.read_text("utf-8").splitlines()[0])
        result = json.loads(log.with_suffix("").with_suffix(".result.json").read_text("utf-8"))
        games.append(club_game(head, result, log.name))
    night = evening(games)
    printed = render(night, "json")
    assert printed.endswith("}\n") and printed.count("\n") == 1
    assert json.loads(printed) == night.as_dict()
    assert "Кит" in printed  # names as written, not escaped
    rows = list(csv.reader(io.StringIO(render(night, "csv"))))
    assert rows[0] == ["place", "player", "games", "wins", "points", "rated_points", "extras",
                       "penalties"]
    assert rows[1] == ["1", "Рысь", "2", "2", "8", "4", "2", "0"] and len(rows) == 18
