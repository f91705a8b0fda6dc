"""The countdown: mm:ss rounded up, red flash in the last ten seconds, pauses, clock skew.

A running timer is the seconds the table had left when the screen received it (`as_of`, the
screen's own clock: docs/clock.md)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from scoreboard.countdown import clock
from scoreboard.view import TimerSpec

START = 1_000_000.0
SPEECH = TimerSpec(kind="speech", seconds=60, remaining=60, as_of=START)


def test_text_counts_down_rounding_up() -> None:
    assert clock(SPEECH, START).text == "01:00"
    assert clock(SPEECH, START + 0.2).text == "01:00"
    assert clock(SPEECH, START + 18).text == "00:42"
    assert clock(SPEECH, START + 59.5).text == "00:01"
    assert clock(SPEECH, START + 60).text == "00:00"
    assert clock(TimerSpec("farewell", 90, remaining=90, as_of=START), START).text == "01:30"
    late = TimerSpec("speech", 60, remaining=41.6, as_of=START)  # sent 18.4 s into it
    assert clock(late, START).text == "00:42" and clock(late, START + 41).text == "00:01"


def test_the_last_ten_seconds_flash_every_half_second() -> None:
    assert not clock(SPEECH, START + 49).urgent
    pattern = [clock(SPEECH, START + 50.25 + 0.5 * i).flash for i in range(19)]
    assert all(clock(SPEECH, START + 50.25 + 0.5 * i).urgent for i in range(19))
    assert pattern == [i % 2 == 1 for i in range(19)]


def test_time_up_is_steady_red() -> None:
    late = [clock(SPEECH, START + 60 + 0.25 * i) for i in range(8)]
    assert all(c.expired and c.flash and c.text == "00:00" for c in late)


def test_a_paused_timer_shows_what_was_left_and_never_flashes() -> None:
    paused = TimerSpec("speech", 60, paused=True, remaining=7, as_of=START)
    for later in (0, 5, 500):
        state = clock(paused, START + later)
        assert state.text == "00:07" and state.paused and not state.flash


def test_a_timer_not_started_shows_its_full_length() -> None:
    state = clock(TimerSpec("speech", 60), START + 1000)
    assert state.text == "01:00" and not state.started and not state.urgent


def test_without_a_moment_the_time_left_is_shown_still() -> None:
    state = clock(TimerSpec("speech", 60, remaining=12.5), START)
    assert state.text == "00:13" and not state.flash


def test_a_moment_before_the_screen_received_it_never_shows_more_than_was_sent() -> None:
    assert clock(SPEECH, START - 3).text == "01:00"


@given(st.integers(-1_000_000, 1_000_000), st.floats(0, 60), st.floats(0, 120))
def test_the_screens_clock_reading_does_not_matter_only_its_steps(
    offset: int, left: float, later: float
) -> None:
    """A screen five minutes (or any time) off the table shows the same seconds."""
    here = TimerSpec("speech", 60, remaining=left, as_of=START)
    there = TimerSpec("speech", 60, remaining=left, as_of=START + offset)
    assert clock(here, START + later).text == clock(there, START + offset + later).text


def test_short_windows_never_flash() -> None:
    vote = TimerSpec("vote_window", 2, remaining=2, as_of=START)
    assert not clock(vote, START + 1).urgent and not clock(vote, START + 1).flash
    check = TimerSpec("sheriff_check", 10, remaining=10, as_of=START)
    assert not clock(check, START + 5).flash


@given(st.floats(0, 600), st.floats(0, 700), st.floats(0, 5))
def test_text_is_mm_ss_and_never_goes_up(seconds: float, elapsed: float, step: float) -> None:
    timer = TimerSpec("speech", seconds, remaining=seconds, as_of=START)
    first, second = clock(timer, START + elapsed), clock(timer, START + elapsed + step)
    assert re.fullmatch(r"\d\d:[0-5]\d", first.text)
    assert second.remaining <= first.remaining
    assert second.text <= first.text
