"""The classic game's timer that applies right now, as data from the ruleset: the device
runs it.

The engine has no clock: it says *what* is timed and for how long; the device starts,
pauses and publishes the countdown.
"""

from __future__ import annotations

from engine.classic.night import best_move_victim
from engine.classic.ruleset import Ruleset
from engine.classic.state import DAY, FAREWELL, NIGHT, SETUP, GameState
from engine.roles import Role
from engine.timer import Timer


def night_steps(s: GameState, rules: Ruleset) -> tuple[str, ...]:
    """Tonight's steps still to do, in the order of the script (000 I.7.3-7.8)."""
    night = s.night
    if s.phase != NIGHT or night is None or s.finished:
        return ()
    if not night.shot_done:
        return ("shoot",)
    steps: list[str] = []
    if night.don_check is None and s.seat_of(Role.DON) in s.at_table:
        steps.append("don_check")
    if night.sheriff_check is None and s.seat_of(Role.SHERIFF) in s.at_table:
        steps.append("sheriff_check")
    if best_move_victim(s, rules) is not None:
        steps.append("best_move")
    return tuple(steps)


def current_timer(s: GameState, rules: Ruleset) -> Timer | None:
    """What the device should count down now, or None when nothing is timed."""
    t = rules.timers
    speech = s.speech
    if speech is not None:
        if speech.kind == FAREWELL:
            day = s.day
            multiple = day is not None and day.lift is not None and day.lift[1]
            return Timer(FAREWELL, t.farewell_after_multiple if multiple else t.farewell)
        seconds: float = getattr(t, speech.kind)
        return Timer(speech.kind, seconds)
    if s.finished or s.phase == SETUP:
        return None
    if s.phase == DAY:
        if s.voting is not None or s.lift is not None:
            return Timer("vote_window", t.vote_window)
        return None
    if s.number == 0:
        return Timer("zero_night", sum(sec for _, sec in t.zero_night), t.zero_night)
    steps = night_steps(s, rules)
    if not steps or steps[0] == "shoot":
        return None
    step = steps[0]
    return Timer(step, float(getattr(t, step)))



def timer_identity(s: GameState, timer: Timer | None) -> tuple[object, ...] | None:
    """What makes "a new timer" (`timer` = the one that applies now): a new speaker, a new
    candidate on the vote, a new step."""
    if timer is None:
        return None
    voting, day, night = s.voting, s.day, s.night
    return (s.phase, s.number, s.speech, timer.kind, s.lift,
            None if voting is None else (voting.candidates, len(voting.entered)),
            None if day is None else len(day.rounds),
            None if night is None else (night.don_check, night.sheriff_check),
            s.best_move)
