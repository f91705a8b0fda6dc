"""`mafiakit replay` with after-game lines, `mafiakit standings`, `mafiakit bench scoring`."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCORED = EXAMPLES / "cml-red-wins-scored.jsonl"
CML = [EXAMPLES / f"cml-{name}.jsonl" for name in ("quiet-draw", "red-wins-by-lift",
                                                  "red-wins-scored")]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mafiakit.cli", *args], capture_output=True,
                          text=True, check=False)


def with_lines(tmp_path: Path, *lines: dict[str, object]) -> Path:
    path = tmp_path / "game.jsonl"
    text = SCORED.read_text(encoding="utf-8").rstrip("\n").splitlines()[:-1]  # no "close"
    path.write_text("\n".join([*text, *(json.dumps(x) for x in lines)]) + "\n", "utf-8")
    return path


def test_replay_adds_score_protests_and_closed() -> None:
    done = run("replay", str(SCORED))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["closed"] is True
    assert out["protests"] == [{"seat": 5, "text": "Голосование на третий день посчитано неверно"}]
    assert out["score"]["2"]["total"] == 1.4
    assert out["score"]["7"] == {  # best move 0.3 beats his extra 0.2 (000 III.11)
        "base": 1.0, "best_move": 0.3, "extra": 0.0, "mechanical": 0.0, "penalties": 0.0,
        "total": 1.3, "reasons": [{"points": 1.0, "clause": "000 III.1.2"},
                                  {"points": 0.3, "clause": "000 III.2"}]}


def test_an_extra_over_the_limit_is_refused_with_the_limit_named(tmp_path: Path) -> None:
    """000 III.4.2; nothing on stdout, `line N: REASON` on stderr, exit 2."""
    path = with_lines(tmp_path, {"action": "extra", "seat": 2, "points": 0},  # withdrawn
                      {"action": "extra", "seat": 6, "points": 0},
                      {"action": "extra", "seat": 9, "points": 0.7},
                      {"action": "extra", "seat": 10, "points": 0.2})
    done = run("replay", str(path))
    n = len(path.read_text(encoding="utf-8").splitlines())
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.strip() == (f"line {n}: extra points: seat 9 has 0.7, so no other red "
                                   "player may get any (000 III.4.2)")


def test_after_close_only_undo(tmp_path: Path) -> None:
    path = with_lines(tmp_path, {"action": "close", "judge": "Ivanova"},
                      {"action": "extra", "seat": 9, "points": 0.2})
    done = run("replay", str(path))
    assert done.returncode == 2
    assert "the protocol is closed and signed: only undo is accepted" in done.stderr
    path = with_lines(tmp_path, {"action": "close"}, {"action": "undo"},
                      {"action": "extra", "seat": 9, "points": 0.2})
    out = json.loads(run("replay", str(path)).stdout)
    assert (out["closed"], out["score"]["9"]["extra"]) == (False, 0.2)


def test_standings_json_and_csv_do_not_depend_on_the_order() -> None:
    first = run("standings", *map(str, CML))
    again = run("standings", *map(str, reversed(CML)))
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    table = json.loads(first.stdout)
    assert (table["rules"], table["games"]) == ("cml", len(CML))
    assert table["standings"][0]["player"] == "Туман"  # two wins, best move, Ci
    rows = list(csv.reader(io.StringIO(run("standings", "--csv", *map(str, CML)).stdout)))
    assert rows[0][:3] == ["place", "player", "total"] and len(rows) == 11
    assert rows[1][1] == "Туман"


def test_standings_refuse_what_a_tournament_cannot_count(tmp_path: Path) -> None:
    mixed = run("standings", str(CML[0]), str(EXAMPLES / "fiim-third-foul-black-wins.jsonl"))
    assert mixed.returncode == 2 and "one tournament has one ruleset" in mixed.stderr
    twice = run("standings", str(CML[0]), str(CML[0]))
    assert twice.returncode == 2 and "the same game log as" in twice.stderr
    nameless = run("standings", str(EXAMPLES / "fiim-2015-random-7.jsonl"))
    assert nameless.returncode == 2 and 'has no "players"' in nameless.stderr
    bad = with_lines(tmp_path, {"action": "extra", "seat": 9, "points": 0.9})
    refused = run("standings", str(bad))
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"{bad}: line ") and "(000 III.4)" in refused.stderr


def test_bench_scoring_prints_the_documented_keys() -> None:
    done = run("bench", "scoring", "--quick")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert {"players", "rounds", "seconds", "games_per_s"} <= set(out)
    assert (out["players"], out["rounds"]) == (100, 3)
