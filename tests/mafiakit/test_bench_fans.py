"""`mafiakit bench fans` small, against real brokers: the venue's mosquitto bridged over TLS
to an outside one, ten tables playing, twenty MQTT.js followers over WebSockets under Node
(its numbers belong to the README, not to a test)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from mafiakit.bench.fans import FollowerReport, run, tally
from tests.mafiakit.figures import figure

SPEC_KEYS = ("followers", "p50_ms", "p99_ms", "lost", "venue_cpu_percent_0",
             "venue_cpu_percent_n")


def test_every_follower_has_every_snapshot_of_the_round(mosquitto_binary: str) -> None:
    result = run(argparse.Namespace(quick=True, followers=20, follower_processes=2,
                                    seconds=6))
    assert set(SPEC_KEYS) <= set(result)
    assert result["followers"] == 20
    snapshots = figure(result, "snapshots")
    assert snapshots > 20  # ten tables played: public snapshots went out
    assert figure(result, "deliveries") >= 20 * snapshots  # each follower had each, live
    assert result["lost"] == 0 and result["refused"] == 0
    assert 0 < figure(result, "p50_ms") <= figure(result, "p99_ms") <= figure(result, "max_ms")
    assert result["one_p99_ms"] is not None
    assert figure(result, "venue_cpu_percent_0") >= 0
    assert figure(result, "venue_cpu_percent_n") >= 0
    assert result["target_met"] is False  # 20 followers are not the target's 2,000


def test_a_snapshot_no_follower_had_is_lost_unless_a_reconnect_caught_it_up() -> None:
    expected = {("1", "g", 1), ("1", "g", 2), ("1", "g", 3), ("2", "h", 7)}
    report: FollowerReport = {
        "bucket_ms": 0.1, "histogram": [(100, 5)], "duplicates": 0, "reconnects": 1,
        "refused": 0, "seen": [("1 g 1", 2), ("1 g 3", 2), ("2 h 7", 1)], "catch_ups": []}
    assert tally([report], expected, 2)["lost"] == 3  # 1 g 2 twice, 2 h 7 once
    report["catch_ups"] = [{"table": "1", "from_game": "g", "from_seq": 1, "game": "g",
                            "seq": 3}]
    counted = tally([report], expected, 2)
    assert (counted["lost"], counted["caught_up"]) == (2, 1)  # one had a newer one retained
    assert counted["p50_ms"] == counted["p99_ms"] == 10.0


def test_the_command_prints_one_json_object_with_the_spec_keys(mosquitto_binary: str) -> None:
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "bench", "fans", "--quick",
                           "--followers", "4", "--seconds", "3"],
                          capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["bench"] == "fans" and set(SPEC_KEYS) <= set(result)
