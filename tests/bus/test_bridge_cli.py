"""`mafiakit broker --bridge` / `--outside` and `mafiakit acl --outside`: the trial on one
machine, run as a user would (two foreground brokers), and the refusals in words."""

from __future__ import annotations

import shlex
import signal
import subprocess
import sys
import threading

import pytest

from bus import topics
from bus.bridge import FOLLOWER, render_outside_acl
from bus.config import BrokerConfig
from bus.testing import GUARD_S, connected_client, next_message, raw_publish
from tests.bus.test_cli import run


def test_acl_outside_prints_the_outside_acl(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["acl", "--outside", "cup", "--outside", "league"]) == 0
    assert capsys.readouterr().out == render_outside_acl(["cup", "league"])
    assert run(["acl", "--outside", "cup", "--table", "cup/1"]) == 2
    assert "no --table" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "words"), [
    (["--bridge", "mqtt://bridge-cup:pw@fans.example.org:1883", "--tournament", "cup"],
     "must use TLS"),
    (["--bridge", "mqtts://bridge-cup:pw@fans.example.org:8883"], "needs --tournament"),
    (["--tournament", "cup"], "only matter with --bridge"),
    (["--bridge", "mqtts://bridge-cup:pw@h:8883", "--tournament", "c/1"], "tournament id"),
    (["--outside", "cup", "--bridge", "mqtts://b-cup:pw@h:8883", "--tournament", "cup"],
     "takes no --bridge, --acl"),
])
def test_broker_refuses_a_bridge_in_words(argv: list[str], words: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["broker", "--port", "0", *argv]) == 2
    assert words in capsys.readouterr().err


def start(argv: list[str]) -> tuple[subprocess.Popen[str], list[str]]:
    """`mafiakit broker ...` in the foreground; its first lines, up to the last it prints."""
    process = subprocess.Popen([sys.executable, "-m", "mafiakit.cli", "broker", "--port", "0",
                                *argv], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    guard = threading.Timer(GUARD_S, process.kill)  # a hang becomes a failure, not a wait
    guard.start()
    try:
        lines = [process.stdout.readline()]
        lines += [process.stdout.readline() for _ in range(3 if "--outside" in argv else 1)]
    finally:
        guard.cancel()
    assert lines[0].startswith("mosquitto running at") and all(lines), lines
    return process, lines


def test_a_trial_on_one_machine_bridges_the_public_set(mosquitto_binary: str) -> None:
    outside, said = start(["--outside", "cup"])
    venue = None
    try:
        command = next(line for line in said if "the venue:" in line).split("mafiakit ", 1)[1]
        assert any("/followers/index.html?tournament=cup&user=follower" in line
                   for line in said)
        venue, told = start([*shlex.split(command)[1:]])
        assert "bridge: tournament cup" in told[1]
        outside_url = said[0].split()[3]
        venue_url = told[0].split()[3]
        fan = connected_client(BrokerConfig.from_url(outside_url).as_user(FOLLOWER, FOLLOWER),
                               "fan", "mafia/v1/#")
        next_message(fan, topics.bridge_topic("cup"))  # the venue is linked
        public, judge = (topics.table_topic("cup", "1", k) for k in ("public", "judge"))
        raw_publish(BrokerConfig.from_url(venue_url), [(judge, b"{}", True),
                                                       (public, b"{}", True)])
        assert next_message(fan, public).payload == b"{}"
        fan.close()
    finally:
        for process in (venue, outside):
            if process is not None:
                process.send_signal(signal.SIGTERM)
                assert process.wait(30) == 0
