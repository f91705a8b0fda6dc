"""A club game survives SIGKILL: the table service is killed at random points of a random
club game, restarted, and the judge goes on from where `ready ID N` says. The finished game
equals the uninterrupted one, the retained protocol carries its club result with `score`, and
`mafiakit table --export` gives a log that `mafiakit replay` reads back identically."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.payloads import ClubReveal, Protocol, decode
from bus.testing import connected_client, next_of
from bus.topics import table_topic
from device.table.journal import Journal
from device.testing import send_line, start_table_process
from engine.club.log import action_to_dict, dump_lines, header
from engine.club.playout import ClubMix, random_club_game
from engine.club.result import result

KILLS = 25
SEATS = 12


def cli(*args: str, stdin: str | None = None) -> str:
    out = subprocess.run([sys.executable, "-m", "mafiakit.cli", *args], input=stdin,
                         capture_output=True, text=True, check=True)
    return out.stdout


def start_table(journal: Path, url: str) -> tuple[subprocess.Popen[str], int]:
    return start_table_process(journal, url, MAFIAKIT_TOURNAMENT="crash", MAFIAKIT_TABLE="12",
                               MAFIAKIT_RULES="club", MAFIAKIT_SEATS=str(SEATS))


@pytest.mark.slow
def test_sigkill_during_a_club_game_loses_nothing(broker: MosquittoProcess,
                                                  tmp_path: Path) -> None:
    rng = random.Random(20261201)
    play = random_club_game(SEATS, 77, ClubMix(undo=0.05, foul=0.04))
    assert play.game is not None
    lines = [action_to_dict(a) for a in play.entered]
    head = header(play.game.settings, table="12")
    expected = result(play.game)
    journal = tmp_path / "table.sqlite"
    topic = table_topic("crash", "12", "protocol")
    watcher = connected_client(broker.config(), "watcher", topic)

    proc, done = start_table(journal, broker.url)  # the config's club table: 12 seats
    send_line(proc, {"command": "new_game", "header": head, "game_id": "club-crash"})
    kills = 0
    while done < len(lines):
        assert proc.stdin is not None
        if kills < KILLS:
            burst = rng.choice((0, 1, 3))  # lines acknowledged before the fatal one
            for line in lines[done:done + burst]:
                send_line(proc, line)
            if done + burst < len(lines):  # one more line, killed while it may be in flight
                proc.stdin.write(json.dumps(lines[done + burst]) + "\n")
                proc.stdin.flush()
                time.sleep(rng.uniform(0, 0.004))
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)
            kills += 1
            proc, done = start_table(journal, broker.url)
            continue
        for line in lines[done:]:  # enough crashes: finish the game in one go
            send_line(proc, line)
        done = len(lines)
    assert proc.stdin is not None
    proc.stdin.close()
    assert proc.wait(30) == 0

    proc, done = start_table(journal, broker.url)  # resumes the decided game, republishes
    assert done == len(lines)
    final = [action_to_dict(a) for a in play.game.actions]
    message = next_of(watcher, Received, lambda i: i.topic == topic
                      and bool(i.payload)
                      and len(json.loads(i.payload)["actions"]) == len(final))
    assert proc.stdin is not None
    proc.stdin.close()
    assert proc.wait(30) == 0
    watcher.close()

    assert kills == KILLS
    saved = Journal(journal).current()
    assert saved is not None and saved.finished and saved.game_id == "club-crash"
    assert saved.header == head
    assert [{k: v for k, v in line.items() if k != "t"} for line in saved.lines] == lines
    retained = decode("protocol", message.payload)
    assert isinstance(retained, Protocol) and isinstance(retained.reveal, ClubReveal)
    assert retained.result == expected and retained.actions == final

    exported = cli("table", "--journal", str(journal), "--export", "club-crash")
    export_file = tmp_path / "export.jsonl"
    export_file.write_text(exported, encoding="utf-8")
    original = tmp_path / "original.jsonl"
    original.write_text("\n".join(dump_lines(head, play.entered)) + "\n", encoding="utf-8")
    replayed = json.loads(cli("replay", str(export_file)))
    assert replayed == json.loads(cli("replay", str(original))) == expected
