"""The `mafiakit` command line as a newcomer meets it: what each command loads, and what it
says when something is off (each through the real entry point, in its own process)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "cml-red-wins-by-lift.jsonl"
HEAVY = {"pygame", "gpiozero", "paho"}
SUBCOMMANDS = ("replay", "schema", "broker", "acl", "table", "sim", "scoreboard", "demo",
               "bench")


def mafiakit(*args: str, stdin: str = "", importtime: bool = False,
             cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    flags = ["-X", "importtime"] if importtime else []
    return subprocess.run([sys.executable, *flags, "-m", "mafiakit.cli", *args], input=stdin,
                          capture_output=True, text=True, check=False, timeout=120, cwd=cwd)


def loaded(done: subprocess.CompletedProcess[str]) -> set[str]:
    """The top-level packages a `-X importtime` run imported."""
    names = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
             if line.startswith("import time:") and "|" in line}
    return {name.split(".")[0] for name in names}


@pytest.mark.parametrize("args", [["--help"], *[[name, "--help"] for name in SUBCOMMANDS]],
                         ids=" ".join)
def test_help_loads_no_hardware_screen_or_mqtt_library(args: list[str]) -> None:
    done = mafiakit(*args, importtime=True)
    assert done.returncode == 0
    assert "usage: mafiakit" in done.stdout
    assert loaded(done) & (HEAVY | {"device"}) == set()


@pytest.mark.parametrize("args", [["replay", str(EXAMPLE)], ["schema"]], ids=" ".join)
def test_replay_and_schema_load_no_hardware_screen_or_mqtt_library(args: list[str]) -> None:
    done = mafiakit(*args, importtime=True)
    assert done.returncode == 0
    assert json.loads(done.stdout)
    assert "engine" in loaded(done) or "bus" in loaded(done)  # (the parse is not empty)
    assert loaded(done) & HEAVY == set()


def test_the_console_table_without_sound_loads_no_pygame(tmp_path: Path) -> None:
    done = mafiakit("table", "--no-broker", "--journal", str(tmp_path / "t.sqlite"), "--stdin",
                    stdin='{"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1}\n',
                    importtime=True)
    assert done.returncode == 0
    assert done.stdout.splitlines()[1] == "ok 1"
    assert "pygame" not in loaded(done)


def test_every_subcommand_argument_says_what_it_is_for() -> None:
    from mafiakit.cli import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    missing = [f"{name} {action.dest}" for name, parser in sub.choices.items()
               if name in SUBCOMMANDS for action in parser._actions if not action.help]
    assert missing == []
    for name in SUBCOMMANDS:
        assert ".py)" not in mafiakit(name, "--help").stdout, name  # no pointers into source


# -- replay --------------------------------------------------------------------------------


def test_replay_into_a_closed_pipe_is_quiet() -> None:
    done = subprocess.run(f"{sys.executable} -m mafiakit.cli replay {EXAMPLE} | head -c 20",
                          shell=True, capture_output=True, text=True, check=False, timeout=60)
    assert len(done.stdout) == 20
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_replay_rules_with_a_builtin_id_says_the_header_chooses_it() -> None:
    done = mafiakit("replay", str(EXAMPLE), "--rules", "fiim")
    assert done.returncode == 2
    assert "'fiim' is built in and the log's header already chooses it" in done.stderr
    assert "unknown ruleset" not in done.stderr


def test_replay_rules_with_a_missing_file_says_no_such_file(tmp_path: Path) -> None:
    done = mafiakit("replay", str(EXAMPLE), "--rules", str(tmp_path / "nope.toml"))
    assert done.returncode == 2
    assert f"no such file: {tmp_path / 'nope.toml'}" in done.stderr


def test_replay_rules_file_of_another_ruleset_is_refused(tmp_path: Path) -> None:
    league = tmp_path / "my-league.toml"
    text = (ROOT / "engine" / "rulesets" / "cml.toml").read_text(encoding="utf-8")
    league.write_text(text.replace('id = "cml"', 'id = "my-league"', 1), encoding="utf-8")
    assert 'id = "my-league"' in league.read_text(encoding="utf-8")
    done = mafiakit("replay", str(EXAMPLE), "--rules", str(league))
    assert done.returncode == 2
    assert "is ruleset 'my-league' but the log's header plays 'cml'" in done.stderr
    assert done.stdout == ""


# -- the console judge and the table -------------------------------------------------------


def test_console_judge_answers_help_and_names_invalid_json(tmp_path: Path) -> None:
    done = mafiakit("table", "--no-broker", "--journal", str(tmp_path / "t.sqlite"), "--stdin",
                    stdin='help\n{"action": "day"\n[1, 2]\n')
    assert done.returncode == 0
    out = done.stdout
    assert '{"command": "roster"' in out and '{"command": "new_game"' in out
    assert "error: the line is not JSON; type `help` for examples" in out
    assert 'error: a line is one JSON object, e.g. {"action": "day"}' in out
    assert "`help`" in done.stderr  # the hint at start-up


def test_table_without_a_journal_or_config_asks_for_one(tmp_path: Path) -> None:
    done = mafiakit("table", cwd=tmp_path)
    assert done.returncode == 2
    assert "--journal FILE" in done.stderr and "mafiakit table --no-broker" in done.stderr
    assert list(tmp_path.iterdir()) == []  # no table.sqlite left behind


def test_table_help_shows_the_config_file_instead_of_pointing_into_the_source() -> None:
    text = mafiakit("table", "--help").stdout
    assert "device/config.py" not in text
    assert 'pins = "lgpio"' in text and "[broker]" in text


def test_a_table_without_its_broker_says_so_once_and_what_to_do(tmp_path: Path) -> None:
    import socket
    import time

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]  # nobody listens there once it is closed
    proc = subprocess.Popen([sys.executable, "-m", "mafiakit.cli", "table", "--journal",
                             str(tmp_path / "t.sqlite"), "--broker",
                             f"mqtt://u:secret@127.0.0.1:{port}"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().startswith("ready ")
        time.sleep(4)  # paho retries about every second meanwhile
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=60)
    lines = [line for line in err.splitlines() if "broker link down" in line]
    assert len(lines) == 1, err
    assert f"127.0.0.1:{port}" in lines[0] and "--no-broker" in lines[0]
    assert "secret" not in err


@pytest.mark.parametrize("headless", [True, False], ids=["headless", "windowed"])
@pytest.mark.parametrize("line", ['{"action": "day"', '{"action": "vote", "seat": 42}'],
                         ids=["bad-json", "illegal"])
def test_demo_refuses_a_bad_game_log_before_starting_anything(
    tmp_path: Path, headless: bool, line: str
) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(EXAMPLE.read_text(encoding="utf-8").splitlines()[0] + "\n" + line + "\n",
                   encoding="utf-8")
    done = mafiakit("demo", *(["--headless", "--out", str(tmp_path / "out")] if headless
                              else []), "--game", str(log))
    assert done.returncode == 2
    assert done.stderr.startswith(f"demo: {log}: line 2: ")
    assert "Traceback" not in done.stderr and "--game" in done.stderr
    assert not (tmp_path / "out").exists()


def test_a_scoreboard_without_any_screen_says_so_instead_of_drawing_into_memory() -> None:
    import os

    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "scoreboard", "--table", "3",
                           "--sample", "vote"], env=env, capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 1
    assert "scoreboard: no screen found" in done.stderr and "--screenshot PATH" in done.stderr


def test_each_part_adds_exactly_the_commands_the_dispatch_table_names() -> None:
    """`mafiakit COMMAND` registers only the part PARTS names for it, so the table must
    match what each part's register() really adds."""
    from mafiakit.cli import PARTS, build_parser

    def commands(parser: argparse.ArgumentParser) -> set[str]:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        return set(sub.choices)

    everything = commands(build_parser())
    assert everything == {c for part in PARTS.values() for c in part}
    for part in PARTS.values():
        for command in part:
            assert commands(build_parser(command)) == set(part)


def test_an_unknown_command_lists_every_command() -> None:
    done = mafiakit("replya", "x.jsonl")
    assert done.returncode == 2
    assert "invalid choice: 'replya'" in done.stderr
    assert all(name in done.stderr for name in SUBCOMMANDS)
