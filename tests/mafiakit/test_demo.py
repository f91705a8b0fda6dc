"""`mafiakit demo --headless`: the broker, the hub and a round at three tables with scripted
judges (table 1 keyed on its pins), screenshots per step, the hub's standings at the end;
then a club game at club table 5 keyed on its club pad, its screens per step and the hub's
club evening for it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame

from engine.classic.ruleset import load_ruleset
from engine.classic.scoring.logs import game_from_log
from engine.classic.scoring.standings import standings
from engine.club.evening import club_game, evening
from mafiakit.demo import EXAMPLE
from mafiakit.demo_club import CLUB_EXAMPLE, CLUB_TABLE, club_header
from mafiakit.demo_round import NAMES, TABLES, companions


def test_headless_demo_plays_the_game_and_shoots_every_screen(
    tmp_path: Path, mosquitto_binary: str
) -> None:
    out = tmp_path / "demo"
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "demo", "--headless",
                           "--out", str(out)], capture_output=True, text=True, timeout=300,
                          check=False, env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER":
                                            "dummy", "PATH": "/usr/sbin:/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "demo.json").read_text(encoding="utf-8"))
    # issue 25: a short summary, not the JSON, and the true count of the files written
    said = done.stdout.splitlines()
    assert len(said) < 10 and said[0].startswith("demo: tournament demo, round 1"), said
    assert said[-1] == f"  everything as JSON: {out / 'demo.json'}"
    pngs = len(list(out.rglob("*.png")))
    assert report["screenshots"] == pngs
    assert f"screenshots: {pngs} PNG files in {out}" in done.stdout
    expected = json.loads((Path(__file__).resolve().parents[2] / "examples"
                           / "cml-red-wins-by-lift.result.json").read_text(encoding="utf-8"))
    assert report["result"] == expected  # keyed in through the pins, same protocol
    files = sorted(out.glob("*.png"))
    assert len(files) == 4 * report["steps"]
    steps = {f.stem.split("-", 1)[1].rsplit("-", 1)[0] for f in files}
    for step in ("setup-0-deal", "night-0-zero_night", "day-1-speech", "day-1-vote",
                 "day-1-tie_speech", "night-1-night", "day-2-farewell", "day-3-lift",
                 "finished-3-farewell", "end"):
        assert step in steps, step
    for screen in ("table", "judge", "wall", "sim"):
        assert pygame.image.load(str(next(out.glob(f"*-end-{screen}.png")))).get_width() > 0
    # three complete games, and the hub's standings are the scoring library's on them
    logs = dict(zip(TABLES, (EXAMPLE, *companions(EXAMPLE, "cml")), strict=True))
    assert report["results"] == {t: json.loads(log.with_suffix(".result.json").read_text(
        encoding="utf-8"))["winner"] for t, log in logs.items()}
    names = {"1": None, "2": list(NAMES[:10]), "3": list(NAMES[10:20])}
    games = []
    for table, log in logs.items():
        lines = log.read_text(encoding="utf-8").splitlines()
        head = json.loads(lines[0])
        head["players"] = names[table] or head["players"]
        games.append(game_from_log([json.dumps(head), *lines[1:]], log.name))
    library = standings(games, load_ruleset("cml")).as_dict()
    assert report["standings"]["standings"] == library["standings"]
    assert len(library["standings"]) == 30 and report["standings"]["left_out"] == []
    assert [(g["table"], g["game_id"], g["counts"]) for g in report["standings"]["tables"]] == [
        (t, f"r1-t{t}", True) for t in TABLES]

    # the club part: the club game keyed on table 5's club pad reached the hub as played
    club = report["club"]
    expected = json.loads(CLUB_EXAMPLE.with_name(CLUB_EXAMPLE.stem + ".result.json")
                          .read_text(encoding="utf-8"))
    assert club["table"] == CLUB_TABLE and club["result"] == expected
    night = evening([club_game(club_header(), expected, CLUB_EXAMPLE.name)]).as_dict()
    assert club["evening"]["players"] == night["players"]  # `mafiakit evening` on the log
    assert club["evening"]["immunity_next"] == night["immunity_next"]
    assert len(club["evening"]["players"]) == club_header()["seats"] == 7
    shots = sorted((out / "club").glob("*.png"))
    assert len(shots) == 2 * club["steps"] == club["screenshots"]  # table's screen, judge's
    steps = {f.stem.split("-", 1)[1].rsplit("-", 1)[0] for f in shots}
    for step in ("setup-0-deal", "night-0-zero_night", "day-1-discussion", "day-1-speeches",
                 "day-1-nominations", "day-1-vote", "night-1-night", "finished-3-over", "end"):
        assert step in steps, step
    for screen in ("table", "judge"):
        assert pygame.image.load(str(next((out / "club").glob(f"*-end-{screen}.png")))
                                 ).get_width() == 1280
