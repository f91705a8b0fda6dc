"""docs/benchmarks.md defines every benchmark the command runs (the project's own copy)."""

from __future__ import annotations

import re
from pathlib import Path

from mafiakit.bench.cli import NAMES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "benchmarks.md"
ROW = re.compile(r"^\| `(\w+)` \| (.+?) \|", re.MULTILINE)


def definitions() -> dict[str, str]:
    """The rows of the section "The benchmarks" (the page's figures below have rows too)."""
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("\n## The benchmarks\n", 1)[1].split("\n## ", 1)[0]
    return dict(ROW.findall(section))


def test_every_benchmark_of_the_command_has_a_row() -> None:
    rows = definitions()
    assert set(NAMES) | {"all"} <= set(rows)


def test_the_e2e_and_bus_rows_name_their_same_run_keys() -> None:
    rows = definitions()
    for key in ("p99_ms", "raw_p99_ms", "fsync_p99_ms", "frame_p99_ms", "limit_p99_ms",
                "target_met"):
        assert f"`{key}`" in rows["e2e"], key
    for key in ("raw_p99_ms", "fsync_p99_ms", "limit_p99_ms", "target_met"):
        assert f"`{key}`" in rows["bus"], key
