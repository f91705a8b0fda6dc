"""The scoreboard benchmark runs and reports its keys (speed itself is not asserted here)."""

from __future__ import annotations

import argparse

from mafiakit.bench.scoreboard import run
from tests.mafiakit.figures import figure


def test_quick_benchmark_reports_every_key() -> None:
    result = run(argparse.Namespace(quick=True, broker=None))
    for key in ("frame_p50_ms", "frame_p99_ms", "idle_cpu_percent", "countdown_cpu_percent",
                "first_frame_ms", "model_us_per_frame"):
        assert isinstance(result[key], float) and figure(result, key) >= 0
    assert result["frames"] == 120 and result["size"] == "1920x1080"
    assert figure(result, "frame_p99_ms") >= figure(result, "frame_p50_ms")
    assert result["idle_redraws"] == 1
    club = result["club"]  # a 15-seat club table's frames (004 §1), as many
    assert isinstance(club, dict)
    assert club["frames"] == 120 and club["samples"] == "seats15_mid"
    assert 0 < figure(club, "frame_p50_ms") <= figure(club, "frame_p99_ms") \
        <= figure(club, "frame_max_ms")
