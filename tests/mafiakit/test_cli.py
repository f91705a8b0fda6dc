"""The `mafiakit` command line as a newcomer meets it: what each command loads, and what it
says when something is off (each through the real entry point, in its own process)."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bus.broker import free_port
from mafiakit.cli import PARTS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "cml-red-wins-by-lift.jsonl"
HEAVY = {"pygame", "gpiozero", "paho"}
# what `mafiakit replay` and every --help must not load: the screen, the hardware, MQTT,
# pydantic (docs/architecture.md, "The engine starts without pydantic") and the journal
NOT_AT_STARTUP = HEAVY | {"pydantic", "pydantic_core", "sqlite3"}
SUBCOMMANDS = tuple(command for commands in PARTS.values() for command in commands)
HUB_COMMANDS = ("seat", "round", "decide", "export")
# a path into the source: "device/config.py", "engine/classic/ruleset.py" ...
SOURCE_PATH = re.compile(r"[\w/]+\.py\b")
# run the real entry point, then name every module it loaded (after a marker, on stderr)
MARK = "loaded modules:"
RUN_AND_LIST = f"""
import sys
from mafiakit.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:  # --help and argparse's errors
    code = exc.code
sys.stdout.flush()
print("{MARK}", *sorted(sys.modules), file=sys.stderr)
sys.exit(code)
"""


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


def run_listing(*args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """`mafiakit ARGS` through cli.main, and every module in sys.modules at its end (the
    interpreter's own included, so nothing imported late escapes)."""
    done = subprocess.run([sys.executable, "-c", RUN_AND_LIST, *args], capture_output=True,
                          text=True, check=False, timeout=120, cwd=ROOT)
    before, _, listing = done.stderr.rpartition(MARK)
    assert listing, done.stderr
    done.stderr = before
    return done, set(listing.split())


def packages(modules: set[str]) -> set[str]:
    return {name.split(".")[0] for name in modules}


HELPS = [["--help"], *[[name, "--help"] for name in SUBCOMMANDS],
         *[["hub", name, "--help"] for name in HUB_COMMANDS]]


@pytest.mark.parametrize("args", HELPS, ids=" ".join)
def test_every_help_loads_only_the_command_line(args: list[str]) -> None:
    """Issue 11 item 12: every --help is instant and correct: it registers argparse-level
    code only (no engine, table, screen, hardware, MQTT or pydantic), exits 0 without a
    traceback, and points into no source file."""
    done, modules = run_listing(*args)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: mafiakit")
    assert "Traceback" not in done.stderr
    assert SOURCE_PATH.findall(done.stdout) == []
    assert packages(modules) & (NOT_AT_STARTUP | {"engine"}) == set()
    assert {name for name in modules if name.startswith("device.")} <= {"device.cli"}


@pytest.mark.parametrize("example", ["cml-colour-left-on-record", "club-seven-maniac-and-doctor"])
def test_replay_loads_the_engine_and_nothing_else(example: str) -> None:
    """Issue 8: `mafiakit replay` (a classic and a club log) loads no pydantic, screen,
    hardware, MQTT or journal library, and prints the example's result."""
    log = ROOT / "examples" / f"{example}.jsonl"
    done, modules = run_listing("replay", str(log))
    assert done.returncode == 0, done.stderr
    expected = json.loads(log.with_suffix(".result.json").read_text(encoding="utf-8"))
    assert json.loads(done.stdout) == expected
    assert "engine" in modules
    assert packages(modules) & NOT_AT_STARTUP == set()
    # nor what only --rules, help's layout or a refusal needs (mafiakit/cli.py's
    # help_formatter, engine/classic/ruleset.py, engine/refusal_texts.py)
    assert modules & {"pathlib", "shutil", "engine.refusal_texts"} == set()


def test_replay_with_a_league_file_loads_pydantic_for_that_file_only(tmp_path: Path) -> None:
    """A league's own ruleset file is checked option by option (pydantic): that is the one
    replay that pays for it, and it still loads no screen, hardware or MQTT library."""
    league = tmp_path / "cml.toml"
    cml = ROOT / "engine" / "classic" / "rulesets" / "cml.toml"
    league.write_text(cml.read_text(encoding="utf-8"), encoding="utf-8")
    done, modules = run_listing("replay", str(EXAMPLE), "--rules", str(league))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rules"] == "cml"
    assert "pydantic" in modules
    assert packages(modules) & (HEAVY | {"sqlite3"}) == set()


def test_schema_loads_no_hardware_screen_or_mqtt_library() -> None:
    done = mafiakit("schema", importtime=True)
    assert done.returncode == 0
    assert json.loads(done.stdout)
    assert "bus" in loaded(done)  # (the parse is not empty)
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

    def missing(parser: argparse.ArgumentParser, path: str) -> list[str]:
        found = []
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, inner in action.choices.items():
                    found += missing(inner, f"{path} {name}".strip())
            elif not action.help:
                found.append(f"{path} {action.dest}")
        return found

    assert missing(build_parser(), "") == []


# -- replay --------------------------------------------------------------------------------


def test_replay_into_a_closed_pipe_is_quiet() -> None:
    done = subprocess.run(f"{sys.executable} -m mafiakit.cli replay {EXAMPLE} | head -c 20",
                          shell=True, capture_output=True, text=True, check=False, timeout=60)
    assert len(done.stdout) == 20
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_replay_rules_with_a_builtin_id_says_the_header_chooses_it() -> None:
    """The example plays cml: the answer must not say its header chooses fiim (issue 11)."""
    done = mafiakit("replay", str(EXAMPLE), "--rules", "fiim")
    assert done.returncode == 2
    assert "'fiim' is built in, and a log's header chooses its own ruleset" in done.stderr
    assert '("rules": "fiim")' in done.stderr and "already chooses it" not in done.stderr
    assert "unknown ruleset" not in done.stderr


def test_replay_rules_with_a_missing_file_says_no_such_file(tmp_path: Path) -> None:
    done = mafiakit("replay", str(EXAMPLE), "--rules", str(tmp_path / "nope.toml"))
    assert done.returncode == 2
    assert f"no such file: {tmp_path / 'nope.toml'}" in done.stderr


def test_replay_rules_file_of_another_ruleset_is_refused(tmp_path: Path) -> None:
    league = tmp_path / "my-league.toml"
    text = (ROOT / "engine" / "classic" / "rulesets" / "cml.toml").read_text(encoding="utf-8")
    league.write_text(text.replace('id = "cml"', 'id = "my-league"', 1), encoding="utf-8")
    assert 'id = "my-league"' in league.read_text(encoding="utf-8")
    done = mafiakit("replay", str(EXAMPLE), "--rules", str(league))
    assert done.returncode == 2
    assert "is ruleset 'my-league' but the log's header plays 'cml'" in done.stderr
    assert done.stdout == ""


# -- the console judge and the table -------------------------------------------------------


def test_console_judge_answers_help_and_names_invalid_json(tmp_path: Path) -> None:
    done = mafiakit("table", "--no-broker", "--journal", str(tmp_path / "t.sqlite"), "--stdin",
                    "--lang", "en", stdin='help\n{"action": "day"\n[1, 2]\n')
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
    import time

    port = free_port()  # nobody listens there
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


@pytest.mark.parametrize("columns", ["44", "120"])
def test_help_is_laid_out_at_the_terminals_width(columns: str) -> None:
    """help_formatter finds the width as shutil would (COLUMNS first), without shutil."""
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "replay", "--help"],
                          capture_output=True, text=True, check=True, timeout=120,
                          env={**os.environ, "COLUMNS": columns})
    lines = done.stdout.splitlines()
    assert max(map(len, lines)) <= int(columns) - 2
    assert max(map(len, lines)) > int(columns) - 20  # filled up to the width, not to 80
