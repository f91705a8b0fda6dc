"""What the seat LEDs show: only the public view, nothing secret, every phase of the game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from device.feedback import press_feedback_seat, seat_pattern
from device.leds import Pattern
from device.pins import KEYS

P = Pattern


def public(
    phase: str = "day",
    step: str = "speech",
    *,
    speaker: int | None = None,
    out: tuple[int, ...] = (),
    **extra: Any,
) -> dict[str, Any]:
    return {
        "view": "public",
        "phase": phase,
        "step": step,
        "number": 1,
        "speaker": speaker,
        "seats": [{"seat": s, "at_table": s not in out} for s in range(1, 11)],
        "nominations": None,
        "vote": None,
        "lift": None,
        "winner": None,
        "roles": None,
        **extra,
    }


def seats(**marks: Pattern) -> tuple[Pattern, ...]:
    """Ten patterns: DIM unless given as s1=..., s10=..."""
    return tuple(marks.get(f"s{seat}", P.DIM) for seat in range(1, 11))


ROLES = {"1": "citizen", "2": "don", "3": "citizen", "4": "mafia", "5": "sheriff",
         "6": "citizen", "7": "mafia", "8": "citizen", "9": "citizen", "10": "citizen"}
RED = {1, 3, 5, 6, 8, 9, 10}

CASES = {
    "the deal: all dim": (public("setup", "deal"), None, (P.DIM,) * 10),
    "night: all dark": (public("night", "night"), None, (P.OFF,) * 10),
    "a speech: speaker steady, out dark": (
        public(speaker=4, out=(7,)), 42.0, seats(s4=P.STEADY, s7=P.OFF)),
    "the last ten seconds: speaker blinks fast": (
        public(speaker=4), 9.5, seats(s4=P.FAST_BLINK)),
    "time is up: still blinking": (public(speaker=4), 0.0, seats(s4=P.FAST_BLINK)),
    "a farewell of a player already out": (
        public(step="farewell", speaker=7, out=(7,)), 30.0, seats(s7=P.STEADY)),
    "public nominations pulse": (
        public(speaker=2, nominations=[4, 9]), 30.0,
        seats(s2=P.STEADY, s4=P.SLOW_PULSE, s9=P.SLOW_PULSE)),
    "hidden nominations show nothing": (public(speaker=2), 30.0, seats(s2=P.STEADY)),
    "a vote: candidates pulse, the current one steady": (
        public(step="vote", vote={"round": 1, "candidates": [4, 9], "current": 9}), 1.5,
        seats(s4=P.SLOW_PULSE, s9=P.STEADY)),
    "the lift question: candidates pulse": (
        public(step="lift", lift={"candidates": [4, 9], "yes": None, "passed": None}), None,
        seats(s4=P.SLOW_PULSE, s9=P.SLOW_PULSE)),
    "red wins: the red seats pulse, the black are dark": (
        public("finished", "over", out=(2, 4, 7), winner="red", roles=ROLES), None,
        tuple(P.SLOW_PULSE if s in RED else P.OFF for s in range(1, 11))),
    "black wins": (
        public("finished", "over", winner="black", roles=ROLES), None,
        tuple(P.OFF if s in RED else P.SLOW_PULSE for s in range(1, 11))),
    "a draw: the table stays dim": (
        public("finished", "over", out=(3,), winner="draw", roles=ROLES), None,
        seats(s3=P.OFF)),
    "a last farewell after the game": (
        public("finished", "farewell", speaker=4, out=(4,), winner="red", roles=ROLES), 20.0,
        tuple(P.SLOW_PULSE if s in RED else P.STEADY if s == 4 else P.OFF
              for s in range(1, 11))),
}


@pytest.mark.parametrize("name", list(CASES))
def test_seat_patterns(name: str) -> None:
    view, left, expected = CASES[name]
    assert seat_pattern(view, left) == expected


@pytest.mark.parametrize("kind", ["judge", "audience", None])
def test_only_the_public_view_may_reach_the_leds(kind: str | None) -> None:
    view = {**public(speaker=1), "view": kind}
    with pytest.raises(ValueError, match="only show the public view"):
        seat_pattern(view, None)
    with pytest.raises(ValueError, match="only show the public view"):
        press_feedback_seat(view, "4")


@given(
    speaker=st.none() | st.integers(1, 10),
    out=st.sets(st.integers(1, 10), max_size=6),
    left=st.none() | st.floats(0, 60),
    key=st.sampled_from(KEYS),
    step=st.sampled_from(["night", "shoot", "checks", "best_move", "morning", "zero_night"]),
)
def test_at_night_the_leds_are_dark_and_a_press_lights_nothing(
    speaker: int | None, out: set[int], left: float | None, key: str, step: str
) -> None:
    view = public("night", step, speaker=speaker, out=tuple(out))
    assert seat_pattern(view, left) == (P.OFF,) * 10
    assert press_feedback_seat(view, key) is None


@given(key=st.sampled_from(KEYS))
def test_keys_during_the_deal_light_no_seat(key: str) -> None:
    assert press_feedback_seat(public("setup", "deal"), key) is None


def test_by_day_a_seat_key_lights_its_seat_and_a_function_key_none() -> None:
    assert press_feedback_seat(public(speaker=2), "7") == 7
    assert press_feedback_seat(public(speaker=2), "FOUL") is None
    assert press_feedback_seat(public("finished", "over"), "3") == 3
