"""The countdown: mm:ss rounded up, red flash in the last ten seconds, pauses, clock skew."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from scoreboard.countdown import clock
from scoreboard.view import TimerSpec

START = 1_000_000.0
SPEECH = TimerSpec(kind="speech", seconds=60, started_at=START)


def test_text_counts_down_rounding_up() -> None:
    assert clock(SPEECH, START).text == "01:00"
    assert clock(SPEECH, START + 0.2).text == "01:00"
    assert clock(SPEECH, START + 18).text == "00:42"
    assert clock(SPEECH, START + 59.5).text == "00:01"
    assert clock(SPEECH, START + 60).text == "00:00"
    assert clock(TimerSpec("farewell", 90, START), START).text == "01:30"


def test_the_last_ten_seconds_flash_every_half_second() -> None:
    assert not clock(SPEECH, START + 49).urgent
    pattern = [clock(SPEECH, START + 50.25 + 0.5 * i).flash for i in range(19)]
    assert all(clock(SPEECH, START + 50.25 + 0.5 * i).urgent for i in range(19))
    assert pattern == [i % 2 == 1 for i in range(19)]


def test_time_up_is_steady_red() -> None:
    late = [clock(SPEECH, START + 60 + 0.25 * i) for i in range(8)]
    assert all(c.expired and c.flash and c.text == "00:00" for c in late)


def test_a_paused_timer_shows_what_was_left_and_never_flashes() -> None:
    paused = TimerSpec("speech", 60, started_at=START, paused=True, remaining=7)
    for later in (0, 5, 500):
        state = clock(paused, START + later)
        assert state.text == "00:07" and state.paused and not state.flash


def test_a_timer_not_started_shows_its_full_length() -> None:
    state = clock(TimerSpec("speech", 60), START + 1000)
    assert state.text == "01:00" and not state.started and not state.urgent


def test_without_a_start_time_the_time_left_is_shown() -> None:
    state = clock(TimerSpec("speech", 60, remaining=12.5), START)
    assert state.text == "00:13" and not state.flash


def test_a_screen_clock_behind_the_table_never_shows_more_than_the_length() -> None:
    assert clock(SPEECH, START - 3).text == "01:00"


def test_short_windows_never_flash() -> None:
    vote = TimerSpec("vote_window", 2, started_at=START)
    assert not clock(vote, START + 1).urgent and not clock(vote, START + 1).flash
    check = TimerSpec("sheriff_check", 10, started_at=START)
    assert not clock(check, START + 5).flash


@given(st.floats(0, 600), st.floats(0, 700), st.floats(0, 5))
def test_text_is_mm_ss_and_never_goes_up(seconds: float, elapsed: float, step: float) -> None:
    timer = TimerSpec("speech", seconds, started_at=START)
    first, second = clock(timer, START + elapsed), clock(timer, START + elapsed + step)
    assert re.fullmatch(r"\d\d:[0-5]\d", first.text)
    assert second.remaining <= first.remaining
    assert second.text <= first.text
