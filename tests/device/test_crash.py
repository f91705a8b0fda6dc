"""Crash safety: SIGKILL the table service at 100+ random points of a scripted game.

After every kill the service is restarted; it says where its journal stands ("ready ID N")
and the judge goes on from there. The finished game must equal the uninterrupted run,
action for action, and the retained protocol on the broker must say the same.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.payloads import Protocol, decode
from bus.testing import connected_client, next_of
from bus.topics import table_topic
from device.table.journal import Journal
from device.testing import send_line, start_table_process
from engine.classic.log import action_to_dict, dump_lines
from engine.classic.playout import Mix, random_game
from engine.classic.protocol import result
from engine.classic.replay import replay
from engine.log import header

KILLS = 110


def start_table(journal: Path, url: str) -> tuple[subprocess.Popen[str], int]:
    return start_table_process(journal, url, MAFIAKIT_TOURNAMENT="crash", MAFIAKIT_TABLE="9")


@pytest.mark.slow
def test_sigkill_at_random_points_loses_nothing(broker: MosquittoProcess, tmp_path: Path) -> None:
    rng = random.Random(20261130)
    play = random_game("cml", 4242, Mix(undo=0.05, foul=0.04))
    lines = [action_to_dict(a) for a in play.entered]
    assert play.game is not None
    expected = result(play.game.state, "cml")
    journal = tmp_path / "table.sqlite"
    watcher = connected_client(broker.config(), "watcher", table_topic("crash", "9", "protocol"))

    kills = 0
    done = 0
    while done < len(lines):
        proc, done = start_table(journal, broker.url)
        assert proc.stdin is not None and proc.stdout is not None
        if kills < KILLS:
            burst = rng.choice((0, 0, 1))  # lines acknowledged before the fatal one
            for line in lines[done:done + burst]:
                send_line(proc, line)
            if done + burst < len(lines):  # one more line, killed while it may be in flight
                proc.stdin.write(json.dumps(lines[done + burst]) + "\n")
                proc.stdin.flush()
                time.sleep(rng.uniform(0, 0.004))
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)
            kills += 1
            continue
        for line in lines[done:]:  # enough crashes: finish the game in one go
            send_line(proc, line)
        done = len(lines)
        proc.stdin.close()
        assert proc.wait(30) == 0

    # One more (clean) start: it resumes the finished game and republishes the protocol.
    proc, done = start_table(journal, broker.url)
    assert done == len(lines)
    final = [action_to_dict(a) for a in play.game.actions]
    topic = table_topic("crash", "9", "protocol")
    # (every start of the undecided game cleared the protocol: empty payloads come first)
    message = next_of(watcher, Received, lambda i: i.topic == topic and bool(i.payload)
                      and len(json.loads(i.payload)["actions"]) == len(final))
    retained = decode("protocol", message.payload)
    assert proc.stdin is not None
    proc.stdin.close()
    assert proc.wait(30) == 0

    assert kills >= 100
    saved = Journal(journal).current()
    assert saved is not None and saved.finished
    stripped = [{k: v for k, v in line.items() if k != "t"} for line in saved.lines]
    assert stripped == lines  # action for action, undo lines included
    _, replayed = replay(dump_lines(header("cml"), play.entered))
    assert result(replayed.state, "cml") == expected
    assert isinstance(retained, Protocol)
    assert retained.result == expected
    assert retained.actions == final
    watcher.close()
