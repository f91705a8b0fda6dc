"""The countdown: time is data, warnings come once, pauses stop the count."""

from __future__ import annotations

import pytest

from device.table.timer import Countdown, TimerError, TimerEvent


def test_counts_down_and_never_below_zero() -> None:
    timer = Countdown.start("speech", 60, now=100.0)
    assert timer.remaining(100.0) == 60
    assert timer.remaining(130.5) == 29.5
    assert timer.remaining(500.0) == 0


def test_warning_at_ten_seconds_and_time_up_each_come_once() -> None:
    timer = Countdown.start("speech", 60, now=0.0)
    seen: list[TimerEvent] = []
    for second in range(90):
        timer, events = timer.poll(float(second))
        seen += events
    assert seen == [TimerEvent("warning", "speech", 50.0), TimerEvent("time_up", "speech", 60.0)]


def test_a_late_poll_reports_both_with_the_moments_they_fell_due() -> None:
    timer = Countdown.start("farewell", 60, now=0.0)
    timer, events = timer.poll(75.0)
    assert events == (
        TimerEvent("warning", "farewell", 50.0),
        TimerEvent("time_up", "farewell", 60.0),
    )
    assert timer.poll(80.0)[1] == ()


def test_a_short_timer_has_no_ten_second_warning() -> None:
    timer = Countdown.start("don_check", 10, now=0.0)
    timer, events = timer.poll(10.0)
    assert [event.kind for event in events] == ["time_up"]


def test_pause_stops_the_count_and_resume_continues_it() -> None:
    timer = Countdown.start("speech", 60, now=0.0).pause(20.0)
    assert not timer.running
    assert timer.remaining(45.0) == 40
    assert timer.poll(200.0)[1] == ()
    timer = timer.resume(45.0)
    assert timer.running
    assert timer.remaining(55.0) == 30
    timer, events = timer.poll(95.0)
    assert events == (TimerEvent("warning", "speech", 75.0), TimerEvent("time_up", "speech", 85.0))


def test_toggle_pauses_then_resumes() -> None:
    timer = Countdown.start("speech", 60, now=0.0).toggle(10.0).toggle(15.0)
    assert timer.running
    assert timer.remaining(15.0) == 50


def test_restart_starts_over_and_runs() -> None:
    timer = Countdown.start("speech", 60, now=0.0).pause(30.0).restart(40.0)
    assert timer.running
    assert timer.remaining(40.0) == 60
    assert not timer.warned


def test_the_countdown_is_a_value_nothing_changes_in_place() -> None:
    timer = Countdown.start("speech", 60, now=0.0)
    timer.pause(1.0)
    timer.poll(100.0)
    assert timer.running
    assert not timer.timed_out


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Countdown.start("speech", 60, 0.0).pause(1.0).pause(2.0), "already paused"),
        (lambda: Countdown.start("speech", 60, 0.0).resume(1.0), "already running"),
        (lambda: Countdown.start("speech", 0, 0.0), "needs a positive length"),
    ],
)
def test_commands_that_make_no_sense_are_refused(make: object, words: str) -> None:
    with pytest.raises(TimerError, match=words):
        make()  # type: ignore[operator]
