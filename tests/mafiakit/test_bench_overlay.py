"""`mafiakit bench overlay` end to end (its numbers belong to the README, not to a test)."""

from __future__ import annotations

import argparse

from mafiakit.bench.overlay import run
from tests.mafiakit.figures import figure


def test_every_press_is_seen_redrawn_by_the_overlay(mosquitto_binary: str) -> None:
    result = run(argparse.Namespace(quick=True, broker=None))
    assert result["presses"] == 60
    assert 0 < figure(result, "p50_ms") <= figure(result, "p99_ms") <= figure(result, "max_ms")
    assert isinstance(result["target_met"], bool)
