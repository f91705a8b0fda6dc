"""`mafiakit table --stdin`: the console judge, local roster and new games, the archive."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from device.config import TableSettings
from device.table.service import TableService
from engine.classic.log import action_to_dict
from engine.classic.playout import random_game
from engine.classic.protocol import result


def table(journal: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--no-broker",
                           "--journal", str(journal), *args], input=stdin,
                          capture_output=True, text=True, check=False, timeout=120)


def test_console_plays_two_games_and_the_archive_keeps_both(tmp_path: Path) -> None:
    journal = tmp_path / "t.sqlite"
    names = [f"P{i}" for i in range(1, 11)]
    first = [action_to_dict(a) for a in random_game("cml", 3).entered]
    second = [action_to_dict(a) for a in random_game("fiim", 4).entered]
    lines = [{"command": "roster", "names": names}, *first,
             {"command": "new_game", "header": {"format": "mafia-game-log", "version": 1,
                                                 "rules": "fiim"}, "game_id": "evening-2"},
             *second[:10], {"action": "day", "oops": 1}, {"command": "nope"}]
    done = table(journal, "--stdin", "--lang", "en",
                 stdin="\n".join(json.dumps(x) for x in lines) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0].startswith("ready ")
    accepted = 1 + len(first) + 1 + 10  # roster, game 1, new game, 10 lines of game 2
    assert all(line.startswith("ok") for line in out[1:1 + accepted])
    assert out[1 + accepted] == "error: day: unknown field oops"
    assert out[2 + accepted] == ('error: unknown command "nope": the console takes "roster" and '
                                 '"new_game"; type `help` for examples')
    assert len(out) == 3 + accepted
    archive = json.loads(table(journal, "--archive").stdout)
    assert [g["game_id"] for g in archive] == ["evening-2", archive[1]["game_id"]]
    assert archive[1]["finished"] is True and archive[1]["result"]["rules"] == "cml"
    assert archive[0]["finished"] is False
    resumed = table(journal, "--stdin", stdin=json.dumps(second[10]) + "\n")
    assert resumed.stdout.splitlines() == ["ready evening-2 10", "ok 11"]


def test_export_gives_a_game_log_that_replays(tmp_path: Path) -> None:
    journal = tmp_path / "t.sqlite"
    played = random_game("cml", 8)
    lines = [json.dumps(action_to_dict(a)) for a in played.entered]
    assert table(journal, "--stdin", stdin="\n".join(lines) + "\n").returncode == 0
    exported = table(journal, "--export", "current")
    assert exported.returncode == 0, exported.stderr
    log = tmp_path / "game.jsonl"
    log.write_text(exported.stdout, encoding="utf-8")
    replayed = subprocess.run([sys.executable, "-m", "mafiakit.cli", "replay", str(log)],
                              capture_output=True, text=True, check=False)
    assert replayed.returncode == 0, replayed.stderr
    assert played.game is not None
    assert json.loads(replayed.stdout) == result(played.game.state, "cml", played.game.rules)
    missing = table(journal, "--export", "nope")
    assert missing.returncode == 2 and "no game 'nope'" in missing.stderr


def test_hardware_from_the_config_is_built_and_released(tmp_path: Path) -> None:
    """pins = "mock" in the config: the service builds the pad, LEDs and music itself."""
    settings = TableSettings(journal=tmp_path / "t.sqlite", hardware={"pins": "mock"})
    service = TableService(settings, connect=False)
    assert service.hardware is not None and service.bridge is not None
    devices = [*service.hardware.pad._inputs.values(), service.hardware.leds._chain]
    assert len(devices) == 16 + 1  # the pad's keys and the seat LED chain
    service.close()
    assert all(device.closed for device in devices)  # every pin released


def test_a_journal_that_cannot_be_opened_is_one_line_that_says_what_to_do(
    tmp_path: Path,
) -> None:
    """A file where the folder should be, a folder where the file should be, a file that
    is not a journal: one line naming the file and what to do; no traceback."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"this is not a journal\n" * 100)
    (tmp_path / "a-folder.sqlite").mkdir()
    for journal in (blocker / "t.sqlite", tmp_path / "a-folder.sqlite", garbage):
        for args in ((), ("--archive",)):
            done = table(journal, *args)
            assert done.returncode == 1, (journal, done.stdout)
            assert "Traceback" not in done.stderr
            lines = done.stderr.strip().splitlines()
            assert len(lines) == 1, done.stderr
            assert lines[0].startswith(f"table: cannot open the journal {journal}: ")
            assert "--journal" in lines[0]


def test_console_takes_the_after_game_lines_and_refuses_an_extra_over_the_limit(
        tmp_path: Path) -> None:
    """docs/scoring.md: the judge types the after-game lines; 000 III.4.2 names the limit;
    the refused line is not journaled, the accepted ones are exported in order."""
    journal = tmp_path / "t.sqlite"
    example = Path(__file__).resolve().parents[2] / "examples" / "cml-red-wins-by-lift.jsonl"
    game = example.read_text(encoding="utf-8").splitlines()[1:]
    after = [{"action": "extra", "seat": 2, "points": 0.7},
             {"action": "extra", "seat": 4, "points": 0.2},
             {"action": "protest", "seat": 5, "text": "Протест"},
             {"action": "close", "judge": "Ivanova"}]
    done = table(journal, "--stdin", "--lang", "en",
                 stdin="\n".join([*game, *(json.dumps(x) for x in after)]) + "\n")
    out = done.stdout.splitlines()
    assert out[-3:] == ["error: extra points: seat 2 has 0.7, so no other red player may get "
                        "any (000 III.4.2)", f"ok {len(game) + 2}", f"ok {len(game) + 3}"]
    exported = [json.loads(x) for x in table(journal, "--export", "current").stdout.splitlines()]
    tail = [{k: v for k, v in x.items() if k != "t"} for x in exported[-3:]]
    assert tail == [after[0], after[2], after[3]]


def test_the_console_refuses_in_the_tables_language(tmp_path: Path) -> None:
    """Issue 11: a Russian table answers its judge in Russian (the hub's replies and the
    journal stay English); the English text is the same refusal."""
    example = Path(__file__).resolve().parents[2] / "examples" / "cml-red-wins-by-lift.jsonl"
    game = example.read_text(encoding="utf-8").splitlines()[1:]
    after = [{"action": "extra", "seat": 2, "points": 0.7},
             {"action": "extra", "seat": 4, "points": 0.2}]
    done = table(tmp_path / "t.sqlite", "--stdin", "--lang", "ru",
                 stdin="\n".join([*game, *(json.dumps(x) for x in after), "{\"action\": "
                                  "\"day\"}"]) + "\n")
    out = done.stdout.splitlines()
    assert out[-2:] == ["error: доп. баллы: у №2 0.7, поэтому больше никто из красных их не "
                        "получает (000 III.4.2)",
                        "error: игра окончена (победа красных): можно ввести только конец "
                        "прощальной речи, фолы, дисквалификации, строки после игры и отмену"]


def test_the_judge_view_carries_the_refusal_by_key(tmp_path: Path) -> None:
    """The judge's screen renders the refusal in its own language from the key."""
    service = TableService(TableSettings(journal=tmp_path / "t.sqlite"), connect=False)
    ok, why = service.submit_line({"action": "nominate", "seat": 4})
    extra = service.judge_extra()
    assert not ok and extra.last_error == why
    assert extra.refusal is not None and extra.refusal.text("en") == why
    assert extra.refusal.text("ru") == ("выставление делается только во время собственной "
                                        "дневной речи игрока")
    ok, _ = service.submit_line({"action": "roles", "don": 1, "mafia": [2, 3], "sheriff": 4})
    assert ok and service.judge_extra().refusal is None
    service.close()
