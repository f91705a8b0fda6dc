"""What the seat LEDs show: only the public view, nothing secret, every phase of the game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from device.hardware.leds import Pattern
from device.hardware.pins import KEYS
from device.table.feedback import press_feedback_seat, seat_pattern
from engine.classic.game import Game
from engine.classic.ruleset import load_ruleset
from engine.classic.views import judge_view
from engine.viewmodels import AudienceView, PublicView, Reveal

P = Pattern


def public(
    phase: str = "day",
    step: str = "speech",
    *,
    speaker: int | None = None,
    out: tuple[int, ...] = (),
    **extra: object,
) -> PublicView:
    return PublicView.model_validate({
        "view": "public", "rules": "cml", "phase": phase, "step": step, "number": 1,
        "speaker": speaker, "timer": None,
        "seats": [{"seat": s, "at_table": s not in out, "out": None, "fouls": 0,
                   "muted": False} for s in range(1, 11)],
        "nominations": None, "vote": None, "rounds": [], "lift": None, "day_vote": None,
    } | extra)


def decided(winner: str) -> Reveal:
    """The protocol's reveal of a decided game with ROLES (the LEDs' winners)."""
    return Reveal.model_validate({"roles": ROLES, "winner": winner,
                                  "termination": "all_black_out", "nights": [],
                                  "best_move": None})


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
        public(step="vote", vote={"round": 1, "candidates": [4, 9], "current": 9, "votes": {}}),
        1.5,
        seats(s4=P.SLOW_PULSE, s9=P.STEADY)),
    "the lift question: candidates pulse": (
        public(step="lift", lift={"candidates": [4, 9], "yes": None, "passed": None}), None,
        seats(s4=P.SLOW_PULSE, s9=P.SLOW_PULSE)),
    "red wins: the red seats pulse, the black are dark": (
        public("finished", "over", out=(2, 4, 7)), (None, decided("red")),
        tuple(P.SLOW_PULSE if s in RED else P.OFF for s in range(1, 11))),
    "black wins": (
        public("finished", "over"), (None, decided("black")),
        tuple(P.OFF if s in RED else P.SLOW_PULSE for s in range(1, 11))),
    "a draw: the table stays dim": (
        public("finished", "over", out=(3,)), (None, decided("draw")),
        seats(s3=P.OFF)),
    "a last farewell after the game": (
        public("finished", "farewell", speaker=4, out=(4,)), (20.0, decided("red")),
        tuple(P.SLOW_PULSE if s in RED else P.STEADY if s == 4 else P.OFF
              for s in range(1, 11))),
}


@pytest.mark.parametrize("name", list(CASES))
def test_seat_patterns(name: str) -> None:
    view, when, expected = CASES[name]
    left, reveal = when if isinstance(when, tuple) else (when, None)
    assert seat_pattern(view, left, reveal) == expected


def test_a_decided_game_without_its_reveal_shows_no_winners() -> None:
    """The public view has no roles: without the protocol's reveal nobody pulses."""
    assert seat_pattern(public("finished", "over", out=(3,)), None) == seats(s3=P.OFF)


@pytest.mark.parametrize("kind", ["judge", "audience", None])
def test_only_the_public_view_may_reach_the_leds(kind: str | None) -> None:
    data = public(speaker=1).model_dump(mode="json")
    other: object = data | {"view": kind}
    if kind == "audience":
        other = AudienceView.model_validate(data | {"view": "audience"})
    elif kind == "judge":
        other = judge_view(Game("cml").state, load_ruleset("cml"))
    with pytest.raises(ValueError, match="only show the public view"):
        seat_pattern(other, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="only show the public view"):
        press_feedback_seat(other, "4")  # type: ignore[arg-type]


@given(
    speaker=st.none() | st.integers(1, 10),
    out=st.sets(st.integers(1, 10), max_size=6),
    left=st.none() | st.floats(0, 60),
    key=st.sampled_from(KEYS),
    step=st.sampled_from(["night", "zero_night"]),
)
def test_at_night_the_leds_are_dark_and_a_press_lights_nothing(
    speaker: int | None, out: set[int], left: float | None, key: str, step: str
) -> None:
    number = 0 if step == "zero_night" else 1
    view = public("night", step, speaker=speaker if number == 0 else None, out=tuple(out),
                  number=number)
    assert seat_pattern(view, left) == (P.OFF,) * 10
    assert press_feedback_seat(view, key) is None


@pytest.mark.parametrize("step", ["shoot", "checks", "best_move", "morning"])
def test_a_public_view_cannot_even_hold_a_secret_night_step(step: str) -> None:
    """The night steps once reached the LED code and were ignored; now the type refuses."""
    with pytest.raises(ValidationError, match="must not show the night step"):
        public("night", step)
    with pytest.raises(ValidationError, match="no speaker or timer at night"):
        public("night", "night", speaker=4)


@given(key=st.sampled_from(KEYS))
def test_keys_during_the_deal_light_no_seat(key: str) -> None:
    assert press_feedback_seat(public("setup", "deal"), key) is None


def test_by_day_a_seat_key_lights_its_seat_and_a_function_key_none() -> None:
    assert press_feedback_seat(public(speaker=2), "7") == 7
    assert press_feedback_seat(public(speaker=2), "FOUL") is None
    assert press_feedback_seat(public("finished", "over"), "3") == 3


@pytest.mark.parametrize("seats", [3, 7, 10, 12, 15])
def test_one_pattern_per_seat_of_any_table(seats: int) -> None:
    """The club game seats 3 to 15 (004 §1): the chain shows exactly the view's seats."""
    from bus.testing import sample_snapshot

    view = sample_snapshot("public", seats).view
    assert isinstance(view, PublicView)
    patterns = seat_pattern(view, 30.0)
    assert len(patterns) == seats
    assert patterns[view.speaker - 1 if view.speaker else 0] == P.STEADY
    assert patterns[2] == P.OFF  # seat 3 left on day 1
    night = view.model_copy(update={"phase": "night", "step": "night", "speaker": None,
                                    "timer": None})
    assert seat_pattern(night, None) == (P.OFF,) * seats
    assert press_feedback_seat(view, str(seats)) == seats
    assert press_feedback_seat(view, str(seats + 1)) is None  # no such seat at this table
