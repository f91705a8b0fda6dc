"""The debounce / hold state machine, fed with edges and times as data (no pins, no threads)."""

from __future__ import annotations

import pytest

from device.hardware.pad import KeyEvent, KeyFilter, PadTiming

MS = 0.001
TIMING = PadTiming(settle=1 * MS, chatter=20 * MS, hold=0.8)

Edges = list[tuple[float, str, bool]]
# (edges as (ms, key, low)), tick at ms, expected (key, kind, ms)
CASES: dict[str, tuple[Edges, float, list[tuple[str, str, float]]]] = {
    "clean press": (
        [(0, "4", True)],
        10,
        [("4", "press", 1)],
    ),
    "five edges in three ms are one press": (
        [(0, "4", True), (0.75, "4", False), (1.5, "4", True), (2.25, "4", False), (3, "4", True)],
        50,
        [("4", "press", 4)],
    ),
    "a glitch shorter than settle is nothing": (
        [(0, "4", True), (0.5, "4", False)],
        100,
        [],
    ),
    "release bounce inside the chatter window is swallowed": (
        [(0, "4", True), (5, "4", False), (6, "4", True), (7, "4", False)],
        100,
        [("4", "press", 1), ("4", "release", 21)],
    ),
    "a press that ends in a bounce high is still one press and one release": (
        [(0, "NEXT", True), (0.3, "NEXT", False), (0.6, "NEXT", True), (60, "NEXT", False),
         (60.4, "NEXT", True), (60.8, "NEXT", False)],
        200,
        [("NEXT", "press", 1.6), ("NEXT", "release", 61.8)],
    ),
    "a second press right after a release waits for the chatter window": (
        [(0, "1", True), (30, "1", False), (32, "1", True)],
        100,
        [("1", "press", 1), ("1", "release", 31), ("1", "press", 51)],
    ),
    "held key: one hold, no repeats": (
        [(0, "FOUL", True)],
        5000,
        [("FOUL", "press", 1), ("FOUL", "hold", 801)],
    ),
    "hold then release": (
        [(0, "FOUL", True), (1000, "FOUL", False)],
        2000,
        [("FOUL", "press", 1), ("FOUL", "hold", 801), ("FOUL", "release", 1001)],
    ),
    "released just before the hold time: no hold": (
        [(0, "NOMINATE", True), (700, "NOMINATE", False)],
        2000,
        [("NOMINATE", "press", 1), ("NOMINATE", "release", 701)],
    ),
    "two keys interleave in time order": (
        [(0, "3", True), (0.5, "VOTE", True), (40, "3", False), (41, "VOTE", False)],
        100,
        [("3", "press", 1), ("VOTE", "press", 1.5), ("3", "release", 41), ("VOTE", "release", 42)],
    ),
}


def _run(edges: Edges, until_ms: float) -> list[KeyEvent]:
    keys = KeyFilter(timing=TIMING)
    out = []
    for ms, key, low in edges:
        out += keys.edge(key, low, ms * MS)
    out += keys.tick(until_ms * MS)
    return out


@pytest.mark.parametrize("name", list(CASES))
def test_filter_table(name: str) -> None:
    edges, until, expected = CASES[name]
    events = _run(edges, until)
    got: list[tuple[str, str, float]] = [(e.key, e.kind, round(e.t / MS, 6)) for e in events]
    assert got == [(key, kind, round(ms, 6)) for key, kind, ms in expected]


@pytest.mark.parametrize("name", list(CASES))
def test_ticking_often_gives_the_same_events_as_ticking_once(name: str) -> None:
    edges, until, _ = CASES[name]
    keys = KeyFilter(timing=TIMING)
    out: list[KeyEvent] = []
    pending = list(edges)
    ms = 0.0
    while ms <= until:
        while pending and pending[0][0] <= ms:
            at, key, low = pending.pop(0)
            out += keys.edge(key, low, at * MS)
        out += keys.tick(ms * MS)
        ms += 0.25
    assert out == _run(edges, until)


def test_deadline_says_when_the_next_event_can_fall_due() -> None:
    keys = KeyFilter(timing=TIMING)
    assert keys.deadline() is None
    keys.edge("4", True, 0.0)
    assert keys.deadline() == pytest.approx(1 * MS)
    keys.tick(1 * MS)
    assert keys.deadline() == pytest.approx(801 * MS)
    keys.tick(1.0)
    assert keys.deadline() is None


def test_an_edge_stamped_before_the_last_tick_counts_from_that_tick() -> None:
    keys = KeyFilter(timing=TIMING)
    keys.tick(10 * MS)
    assert keys.edge("2", True, 9 * MS) == []
    assert [(e.kind, round(e.t / MS, 6)) for e in keys.tick(20 * MS)] == [("press", 11)]


def test_a_repeated_level_is_not_an_edge() -> None:
    keys = KeyFilter(timing=TIMING)
    keys.edge("2", True, 0.0)
    keys.edge("2", True, 0.5 * MS)  # same level again: the line did not move
    assert [e.t for e in keys.tick(10 * MS)] == [pytest.approx(1 * MS)]


def test_an_unknown_key_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown key 'STOP'"):
        KeyFilter().edge("STOP", True, 0.0)


@pytest.mark.parametrize(
    ("settle", "chatter", "hold"), [(0, 0.02, 0.8), (0.03, 0.02, 0.8), (0.001, 0.9, 0.8)]
)
def test_inconsistent_timing_is_refused(settle: float, chatter: float, hold: float) -> None:
    with pytest.raises(ValueError, match="pad timing must satisfy"):
        PadTiming(settle=settle, chatter=chatter, hold=hold)


def test_defaults_are_the_documented_ones() -> None:
    assert PadTiming() == PadTiming(settle=0.001, chatter=0.020, hold=0.8)
