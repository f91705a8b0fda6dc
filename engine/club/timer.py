"""The timer of the current club step (docs/club.md, "Timers"): data, the device runs it."""

from __future__ import annotations

from engine.club.night import ACTOR, ORDER, blocked, kamikaze_dies
from engine.club.state import ClubState
from engine.roles import Side
from engine.timer import Timer
from engine.vocab import ClubSpeech, ClubStep, NightAct

SPEECH = 30.0  # 004 §6 stages 2 and 4; a last word too (club R11)
STEP_SECONDS = {
    ClubStep.ZERO_NIGHT: 30.0,  # club R3
    ClubStep.DISCUSSION: 60.0,  # 004 §6 stage 1
    ClubStep.CATASTROPHE: 15.0,
    ClubStep.PICK: 15.0,
}
NIGHT_SECONDS = {  # 004 §7
    NightAct.PUTANA: 15.0, NightAct.MAFIA_SHOT: 30.0, NightAct.DON_CHECK: 15.0,
    NightAct.MANIAC_SHOT: 15.0, NightAct.HEAL: 15.0, NightAct.COMMISSAR_CHECK: 15.0,
    NightAct.KAMIKAZE: 15.0,
}


def night_steps(s: ClubState) -> tuple[NightAct, ...]:
    """Tonight's steps still to come whose player is awake, in the order of 004 §7 (the
    judge's pad walks them, device/table/clubkeys.py)."""
    if s.night is None or s.finished:
        return ()
    done = [ORDER.index(a) for a, _ in s.night.acts]
    steps: list[NightAct] = []
    for step in ORDER[(max(done) + 1) if done else 0:]:
        if step is NightAct.MAFIA_SHOT:
            if s.side_at_table(Side.MAFIA):
                steps.append(step)
            continue
        seat = s.present(ACTOR[step])
        if seat is None or seat == blocked(s):
            continue
        if step is NightAct.KAMIKAZE and not kamikaze_dies(s):
            continue
        steps.append(step)
    return tuple(steps)


def next_night_step(s: ClubState) -> NightAct | None:
    """Tonight's next step whose player is awake (004 §7 order), or None: time for `day`."""
    return next(iter(night_steps(s)), None)


def timer(s: ClubState) -> Timer | None:
    """What is timed now and for how long; None for untimed steps (nominations, the vote)."""
    head = s.speaking
    if head is not None:
        kind = "justification" if head.kind is ClubSpeech.JUSTIFICATION else head.kind.value
        return Timer(kind, SPEECH)
    if s.step is ClubStep.NIGHT:
        step = next_night_step(s)
        return None if step is None else Timer(step.value, NIGHT_SECONDS[step])
    seconds = STEP_SECONDS.get(s.step)
    return None if seconds is None or s.finished else Timer(s.step.value, seconds)
