"""`mafiakit export --format mafiaratings FILE...` and `mafiakit import --format mafiaratings
FILE`: the commands a head judge runs, through the real entry point."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.classic.replay import replay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "cml-candidate-disqualified-after-the-result-is-known.jsonl"
COUNTED = ROOT / "examples" / "fiim-fourth-foul-after-the-result-is-known.jsonl"


def mafiakit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mafiakit.cli", *args], capture_output=True,
                          text=True, check=False, cwd=ROOT)


def test_export_then_import_on_the_command_line(tmp_path: Path) -> None:
    done = mafiakit("export", "--format", "mafiaratings", str(EXAMPLE), "--date", "2026-11-29",
                    "--club", "12")
    assert done.returncode == 0, done.stderr
    game = json.loads(done.stdout)
    assert game["clubId"] == 12 and game["rules"] == "0112300010020"
    site = tmp_path / "game.json"
    site.write_text(done.stdout, encoding="utf-8")
    back = mafiakit("import", "--format", "mafiaratings", str(site))
    assert back.returncode == 0, back.stderr
    _, original = replay(EXAMPLE.read_text(encoding="utf-8").splitlines())
    _, imported = replay(back.stdout.splitlines())
    assert imported.state.winner == original.state.winner
    assert imported.state.removed == original.state.removed


def test_what_is_left_out_and_every_inference_go_to_stderr(tmp_path: Path) -> None:
    done = mafiakit("export", "--format", "mafiaratings", str(COUNTED), str(EXAMPLE),
                    "--out", str(tmp_path / "site"), "--date", "2026-11-29")
    assert done.returncode == 0, done.stderr
    assert f"{COUNTED}: day 1: votes entered as counts" in done.stderr
    files = sorted(p.name for p in (tmp_path / "site").iterdir())
    assert files == [f"{EXAMPLE.stem}.json", f"{COUNTED.stem}.json"]
    back = mafiakit("import", "--format", "mafiaratings",
                    str(tmp_path / "site" / f"{COUNTED.stem}.json"), "--rules", "fiim")
    assert back.returncode == 0, back.stderr
    assert "day 1: the record has no votes: counts inferred" in back.stderr


def test_a_refused_game_is_named_with_the_reason(tmp_path: Path) -> None:
    done = mafiakit("export", "--format", "mafiaratings", str(EXAMPLE), "--date", "2026-11-29")
    games = [json.loads(done.stdout), json.loads(done.stdout)]
    games[1]["winner"] = "civ" if games[1]["winner"] == "maf" else "maf"
    games[1]["gameNum"] = 2
    many = tmp_path / "games.json"
    many.write_text(json.dumps({"games": games}), encoding="utf-8")
    alone = mafiakit("import", "--format", "mafiaratings", str(many))
    assert alone.returncode == 2 and "give --out DIR" in alone.stderr
    back = mafiakit("import", "--format", "mafiaratings", str(many), "--out",
                    str(tmp_path / "logs"))
    assert back.returncode == 2
    assert "game 2: the record's winner is" in back.stderr
    assert [p.name for p in (tmp_path / "logs").iterdir()] == [f"game-{games[0]['gameNum']}.jsonl"]


def test_an_unfinished_or_broken_log_is_named(tmp_path: Path) -> None:
    short = tmp_path / "short.jsonl"
    short.write_text("\n".join(EXAMPLE.read_text(encoding="utf-8").splitlines()[:12]) + "\n",
                     encoding="utf-8")
    done = mafiakit("export", "--format", "mafiaratings", str(short), "--date", "2026-11-29")
    assert done.returncode == 2
    assert f"{short}: the game is not finished" in done.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "mafia-game-log", "version": 1, "rules": "cml"}\n{"action": '
                   '"night"}\n', encoding="utf-8")
    done = mafiakit("export", "--format", "mafiaratings", str(bad))
    assert done.returncode == 2 and f"{bad}: line 2:" in done.stderr
