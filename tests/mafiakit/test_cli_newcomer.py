"""README commands a newcomer mistypes (issue 11): a wrong path is named with what to do next,
with no traceback and nothing written. Through the real entry point, in its own process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bus.broker import free_port


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
        assert "docs/hub.md" in done.stderr and "--config FILE" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_reading_a_journal_that_is_not_there_says_so_and_makes_none(tmp_path: Path) -> None:
    for args in (["--archive"], ["--export", "current"]):
        done = mafiakit("table", "--journal", "typo.sqlite", *args, cwd=tmp_path)
        assert done.returncode == 2, args
        assert done.stderr.startswith("table: no journal at typo.sqlite"), done.stderr
        assert done.stdout == ""
    assert list(tmp_path.iterdir()) == []  # before: an empty journal, and `[]` printed


def _doc_block(doc: str, title: str) -> list[str]:
    """The indented command lines of the section `title` of docs/`doc` (up to its next
    section)."""
    text = (Path(__file__).resolve().parents[2] / "docs" / doc).read_text(encoding="utf-8")
    section = text.split(f"# {title}\n", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines()
            if line.startswith(("    mafiakit", "    SDL_"))]


def test_the_table_setup_puts_the_screen_beside_the_simulator() -> None:
    """Issue 11: both windows open in the middle of the desktop, so the screen covered the
    simulator whole; the commands of docs/table.md (once the README's "Running a table")
    place them side by side on a 1920x1080 desktop."""
    from firmware_sim.window import SIZE

    boxes = []
    for line in _doc_block("table.md", "Running a table"):
        words = line.split()
        at = next((w.split("=", 1)[1] for w in words if w.startswith("SDL_VIDEO_WINDOW_POS=")),
                  None)
        if "sim" in words:
            size = SIZE
        elif "scoreboard" in words:
            w, h = words[words.index("--window") + 1].split("x")
            size = (int(w), int(h))
        else:
            continue
        assert at is not None, f"{line}: opens in the middle of the desktop"
        x, y = (int(v) for v in at.split(","))
        boxes.append((x, y, x + size[0], y + size[1]))
    assert len(boxes) == 2
    (a, b) = boxes
    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], boxes
    assert all(box[2] <= 1920 and box[3] <= 1080 for box in boxes)


# --- issue 25: the trial tournament and the mistakes a newcomer makes on the way ---------

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"1": ROOT / "examples" / "cml-red-wins-by-lift.jsonl",
         "2": ROOT / "examples" / "cml-quiet-draw.jsonl"}


def one_line(done: subprocess.CompletedProcess[str], starts: str) -> str:
    """The one line a mistake gets: no traceback, no library's own words."""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(starts), lines
    for raw in ("Traceback", "Value error,", "errors.pydantic.dev", "validation error",
                "JSONDecodeError", "mosquitto version", "Error found at"):
        assert raw not in done.stderr, done.stderr
    return lines[0]


# `mafiakit ARGS` as a terminal starts it: Ctrl-C delivered (a test run from a background
# job inherits SIGINT ignored, and exec keeps an ignored signal ignored)
TERMINAL = [sys.executable, "-c", "import os, signal, sys\n"
            "signal.signal(signal.SIGINT, signal.SIG_DFL)\n"
            "os.execv(sys.executable, [sys.executable, '-m', 'mafiakit.cli', *sys.argv[1:]])"]


def test_a_two_table_trial_round_from_the_console_judges(tmp_path: Path,
                                                         mosquitto_binary: str) -> None:
    """docs/trial-round.md, as a newcomer types it: a broker, the hub, two console judges,
    round 1 sent by the hub and shown at each console, both games typed to their end, the
    standings exported; each table's journal holds only the hub's game."""
    import json

    port = free_port()
    url = f"mqtt://127.0.0.1:{port}"
    (tmp_path / "players.txt").write_text("".join(f"P{n}\n" for n in range(1, 21)))
    assert mafiakit("hub", "seat", "--players", "players.txt", "--tables", "2", "--rounds",
                    "2", "--seed", "1", "--out", "seating.csv", cwd=tmp_path).returncode == 0
    (tmp_path / "hub.toml").write_text(
        'tournament = "trial"\nname = "Trial round"\nrules = "cml"\nseating = "seating.csv"\n'
        f'database = "hub.sqlite"\n[broker]\nurl = "{url}"\n', encoding="utf-8")
    quiet = {"stdin": subprocess.DEVNULL, "text": True, "cwd": tmp_path}
    me = TERMINAL
    broker = subprocess.Popen([*me, "broker", "--port", str(port)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, **quiet)  # type: ignore[call-overload]
    assert broker.stdout is not None and broker.stdout.readline().startswith("mosquitto running")
    hub = subprocess.Popen([*me, "hub", "--config", "hub.toml"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, **quiet)  # type: ignore[call-overload]
    tables = {t: subprocess.Popen(
        [*me, "table", "--broker", url, "--journal", f"table-{t}.sqlite", "--stdin"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=tmp_path, env={**os.environ, "MAFIAKIT_TOURNAMENT": "trial", "MAFIAKIT_TABLE": t})
        for t in GAMES}
    try:
        for proc in tables.values():
            assert proc.stdout is not None and proc.stdout.readline() == "ready - 0\n"
        assert mafiakit("hub", "round", "1", "--config", "hub.toml", cwd=tmp_path
                        ).returncode == 0
        for table, proc in tables.items():
            assert proc.stderr is not None and proc.stdin is not None and proc.stdout
            while not (line := proc.stderr.readline()).startswith(f"table: игра r1-t{table}"):
                assert line, "the console never showed the hub's game"
            assert "игроки: 1 P" in line and "правила cml" in line  # the hub's roster
            for action in GAMES[table].read_text(encoding="utf-8").splitlines()[1:]:
                proc.stdin.write(action + "\n")
                proc.stdin.flush()
                answer = proc.stdout.readline()
                assert answer.startswith("ok "), (action, answer)
        standings = tmp_path / "results" / "standings.csv"
        deadline = time.monotonic() + 120
        while not (standings.is_file() and len(standings.read_text().splitlines()) == 21):
            assert time.monotonic() < deadline, "the standings never had 20 rows"
            assert mafiakit("hub", "export", "--config", "hub.toml", "--out", "results",
                            cwd=tmp_path).returncode == 0
        for table in GAMES:
            archive = mafiakit("table", "--journal", f"table-{table}.sqlite", "--archive",
                               cwd=tmp_path)
            assert [g["game_id"] for g in json.loads(archive.stdout)] == [f"r1-t{table}"]
    finally:
        for proc in (*tables.values(), hub, broker):
            proc.send_signal(signal.SIGINT)  # Ctrl-C in each terminal
        outs = {name: proc.communicate(timeout=60) for name, proc in
                (*tables.items(), ("hub", hub), ("broker", broker))}
    for name, (_, err) in outs.items():
        assert "Traceback" not in (err or ""), (name, err)
    hub_log = outs["hub"][1]
    assert "asking" not in hub_log, hub_log  # the hub asked no table for a rebirth


def test_the_hub_with_a_missing_seating_file_says_so_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "hub.toml").write_text('tournament = "cup"\nseating = "seating.csv"\n')
    for args in (["hub"], ["hub", "round", "1"], ["hub", "decide", "--table", "1", "--game",
                                                  "r1-t1", "--kind", "order_replay", "--who",
                                                  "x", "--why", "a typo"]):
        line = one_line(mafiakit(*args, cwd=tmp_path), "hub")
        assert "seating = seating.csv: no such file" in line, line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hub.toml"]  # no store made


def test_hub_decide_refuses_a_table_or_a_game_the_hub_does_not_know(tmp_path: Path) -> None:
    (tmp_path / "players.txt").write_text("".join(f"P{n}\n" for n in range(1, 21)))
    mafiakit("hub", "seat", "--players", "players.txt", "--tables", "2", "--rounds", "1",
             "--out", "seating.csv", cwd=tmp_path)
    (tmp_path / "hub.toml").write_text('tournament = "cup"\nseating = "seating.csv"\n')
    assert mafiakit("hub", "round", "1", cwd=tmp_path).returncode == 0
    why = ["--kind", "order_replay", "--who", "Petrova", "--why", "a broken chair"]
    line = one_line(mafiakit("hub", "decide", "--table", "9", "--game", "r1-t9", *why,
                             cwd=tmp_path), "hub decide: not recorded: ")
    assert "table 9 is not a table of this tournament (its tables: 1, 2)" in line
    line = one_line(mafiakit("hub", "decide", "--table", "2", "--game", "r1-t1", *why,
                             cwd=tmp_path), "hub decide: not recorded: ")
    assert "the hub knows no game r1-t1 at table 2 (its games: r1-t2)" in line
    import sqlite3

    with sqlite3.connect(tmp_path / "hub.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM decisions").fetchone() == (0,)


def test_settings_mistakes_say_the_option_without_pydantic_words(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--no-broker",
                           "--journal", "t.sqlite"], capture_output=True, text=True,
                          cwd=tmp_path, env={**os.environ, "MAFIAKIT_TABLE": "a b"},
                          stdin=subprocess.DEVNULL, check=False, timeout=120)
    assert "table id 'a b' may contain only letters" in one_line(done, "config: ")
    (tmp_path / "hub.toml").write_text('tournament = "autumn cup"\n')
    assert "tournament id 'autumn cup'" in one_line(mafiakit("hub", cwd=tmp_path), "hub: ")
    line = one_line(mafiakit("sim", "--rules", "fiim2015", "--headless", "--script",
                             "/dev/null", cwd=tmp_path), "sim: --rules fiim2015: unknown ruleset")
    assert "fiim-2015" in line  # what it should have been is listed


def test_the_broker_s_ports_in_one_line(tmp_path: Path, mosquitto_binary: str) -> None:
    import socket

    one_line(mafiakit("broker", "--port", "99999", cwd=tmp_path),
             "broker: --port 99999 is not a port")
    one_line(mafiakit("broker", "--port", "0", "--ws-port", "70000", cwd=tmp_path),
             "broker: --ws-port 70000 is not a port")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line(mafiakit("broker", "--port", "0", "--ws-port", str(port), cwd=tmp_path),
                        f"broker: web port {port} on 127.0.0.1 is already taken")
        assert "another port" in line


def test_a_log_that_is_not_json_says_where_it_breaks(tmp_path: Path) -> None:
    (tmp_path / "bad.jsonl").write_text('{"format": "mafia-game-log", \n')
    one_line(mafiakit("replay", "bad.jsonl", cwd=tmp_path), "line 1: not valid JSON (it breaks")


def test_standings_on_club_logs_points_to_the_evening(tmp_path: Path) -> None:
    club = str(ROOT / "examples" / "club-seven-maniac-and-doctor.jsonl")
    line = one_line(mafiakit("standings", club, cwd=tmp_path), club)
    assert line.endswith(f"a club night adds up with `mafiakit evening {club}` (004 §8)")


def test_the_console_help_lists_the_penalty_and_its_clause(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--no-broker",
                           "--journal", "t.sqlite", "--stdin"], input="help\n", text=True,
                          capture_output=True, cwd=tmp_path, check=False, timeout=120)
    assert '{"action": "penalty", "seat": 4, "points": -0.3, "clause": "000 III.6.1.7"' \
        in done.stdout
    assert "штраф: clause - пункт правил, обязательно" in done.stdout  # Russian by default
    assert "(поля: clause, points, seat, [approved_by], [note])" in done.stdout
    assert done.stdout.startswith("ready - 0\n")  # no game of its own until the first line
    assert list(tmp_path.glob("t.sqlite")) and "игры ещё нет" in done.stderr


def interrupted(args: list[str], tmp: Path, ready: str, env: dict[str, str] | None = None,
                settle_s: float = 2.0) -> tuple[int, str]:
    """Start a command as a terminal would, wait for its `ready` words on stderr or stdout,
    press Ctrl-C (SIGINT to its process group, children included); (exit code, stderr)."""
    with (tmp / "out.txt").open("w+") as out, (tmp / "err.txt").open("w+") as err:
        proc = subprocess.Popen([*TERMINAL, *args], cwd=tmp, stdin=subprocess.PIPE,
                                stdout=out, stderr=err, text=True, start_new_session=True,
                                env={**os.environ, **(env or {})})
        deadline = time.monotonic() + 120
        while ready not in (tmp / "out.txt").read_text() + (tmp / "err.txt").read_text():
            assert proc.poll() is None, (tmp / "err.txt").read_text()
            assert time.monotonic() < deadline, f"{args}: never said {ready!r}"
            time.sleep(0.1)
        time.sleep(settle_s)  # into its loop (a window's, a hub's)
        os.killpg(proc.pid, signal.SIGINT)
        code = proc.wait(60)
        err.seek(0)
        return code, err.read()


def test_ctrl_c_stops_every_command_without_a_traceback(tmp_path: Path,
                                                        mosquitto_binary: str) -> None:
    """Issue 25: Ctrl-C in `mafiakit sim` (its window, and its own broker), the table, the
    hub (here with its broker away: one line, not one a second) and a screen."""
    screen = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    dead = f"mqtt://127.0.0.1:{free_port()}"
    (tmp_path / "hub.toml").write_text(f'tournament = "cup"\ntables = ["1"]\n'
                                       f'[broker]\nurl = "{dead}"\n')
    runs = {
        "sim": (["sim"], "sim: broker at", screen),
        "table": (["table", "--no-broker", "--journal", "t.sqlite", "--stdin"], "ready", {}),
        "hub": (["hub", "--config", "hub.toml"], "no connection to the broker", {}),
        "screen": (["scoreboard", "--table", "1", "--broker", dead], "", screen),
    }
    for name, (args, ready, env) in runs.items():
        code, err = interrupted(args, tmp_path, ready, env, settle_s=3.0)
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, (name, err)
        assert code in (0, 130), (name, code, err)
        if name == "hub":
            lines = [line for line in err.splitlines() if "connection to the broker" in line]
            assert len(lines) == 1 and dead.removeprefix("mqtt://") in lines[0], err
