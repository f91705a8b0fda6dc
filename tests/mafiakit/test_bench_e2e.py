"""The e2e benchmark's path works end to end: every NEXT press at the table process shows up
as the next speaker's highlight in a frame of the screen process (its numbers belong to
`mafiakit bench e2e`; nothing here asserts a speed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bus.broker import MosquittoProcess
from mafiakit.bench.e2e import presses

KEYS = ("p50_ms", "p99_ms", "raw_p99_ms", "fsync_p99_ms", "frame_p99_ms", "limit_p99_ms")


def test_every_press_is_seen_on_screen_as_the_next_speaker(
    broker: MosquittoProcess, tmp_path: Path
) -> None:
    timed = presses(broker.url, tmp_path, 12)
    # Day 1 of a full table: seat 1 speaks first, each NEXT gives the floor to the next seat;
    # the NEXT after seat 10 ends the speeches (not timed) and a new day begins.
    assert [press.seat for press in timed] == [*range(2, 11), 2, 3, 4]
    assert all(press.shown > press.pressed for press in timed)


def test_a_club_table_of_fifteen_is_timed_through_its_own_screen(
    broker: MosquittoProcess, tmp_path: Path
) -> None:
    """The club part: a 15-seat club table (004 §1) and its screen of fifteen cards; after the
    general discussion (004 §6) the speeches go round from seat 1, so seats 11-15 are read
    from their own cards, and the NEXT after seat 15 ends them (not timed)."""
    timed = presses(broker.url, tmp_path, 16, club=True)
    assert [press.seat for press in timed] == [*range(2, 16), 2, 3]
    assert all(press.shown > press.pressed for press in timed)


def test_the_command_prints_one_json_object_with_the_floor(
    broker: MosquittoProcess,
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mafiakit.cli", "bench", "e2e", "--presses", "5",
         "--broker", broker.url],
        capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)  # the whole of stdout: one object, nothing else
    assert result["bench"] == "e2e" and result["presses"] == 5
    for part in (result, result["club"]):  # the classic table, then the 15-seat club table
        assert part["presses"] == 5
        for key in KEYS:
            assert isinstance(part[key], float) and part[key] > 0, key
        floor = part["fsync_p99_ms"] + 2 * part["raw_p99_ms"] + part["frame_p99_ms"]
        assert abs(part["limit_p99_ms"] - floor) < 0.01
        assert part["target_met"] == (part["p99_ms"] <= 2 * part["limit_p99_ms"])
