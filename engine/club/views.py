"""What each information class may see of a club game (docs/views.md, docs/club.md).

Public and audience screens get the typed `PublicView` / `AudienceView`: at night only
"night" (no step, timer or speaker), a night death shows as "kill" (who shot is the host's),
never who was healed, blocked or checked; the seats show the same to the judge, whose
`club_nights` hold who shot. A leaver's card is public by 004 §9 (club R29),
but these models have no field for a role, so the screens do not carry it. The judge gets
everything, each night action included (`club_nights`).
"""

from __future__ import annotations

from typing import TypedDict

from engine.club.game import ClubGame
from engine.club.result import commissar_found, don_found
from engine.club.state import ClubDay, ClubNight, ClubState
from engine.club.timer import next_night_step, timer
from engine.viewmodels import (
    AudienceView,
    ClubCheck,
    ClubNightView,
    JudgeTimerView,
    JudgeView,
    Out,
    PublicView,
    RoundView,
    SeatView,
    TimerView,
    VotersRoundView,
    VotersVoteView,
    VoteView,
)
from engine.vocab import (
    Cause,
    ClubCause,
    ClubOutCause,
    ClubStep,
    DayVote,
    NightAct,
    Phase,
    Step,
)

_CAUSE: dict[str, Cause | ClubOutCause] = {
    ClubCause.MAFIA: Cause.KILL, ClubCause.MANIAC: Cause.KILL, ClubCause.VOTE: Cause.VOTE,
    ClubCause.FOULS: Cause.FOULS, ClubCause.DISQUALIFIED: Cause.DISQUALIFIED,
    ClubCause.CATASTROPHE: ClubOutCause.CATASTROPHE, ClubCause.KAMIKAZE: ClubOutCause.KAMIKAZE,
    ClubCause.SAPPER: ClubOutCause.SAPPER, ClubCause.DROPPED: ClubOutCause.DROPPED,
}


def _phase(s: ClubState) -> Phase:
    return Phase.FINISHED if s.finished else s.phase


def _step(s: ClubState, dark: bool) -> Step | ClubStep:
    if s.finished:
        return ClubStep.FAREWELL if s.speaking is not None else Step.OVER
    if dark and s.phase is Phase.NIGHT:
        return Step.ZERO_NIGHT if s.number == 0 else Step.NIGHT
    return s.step


def _seats(s: ClubState) -> tuple[SeatView, ...]:
    """Who shot is in the judge's `club_nights`, never in the seats (`kill`)."""
    out: dict[int, Out] = {}
    for r in s.removed:
        out[r.seat] = Out(cause=_CAUSE[r.cause], **{r.phase.value: r.number})
    day = s.number if s.phase is Phase.DAY else s.number + 1
    return tuple(SeatView(seat=x, at_table=x in s.at_table, out=out.get(x),
                          fouls=s.fouls[x - 1], muted=s.muted(x, day))
                 for x in range(1, s.seats + 1))


def _today(s: ClubState) -> ClubDay | None:
    return s.day if s.phase is Phase.DAY else None


def _vote(d: ClubDay | None, voters: bool) -> VoteView | VotersVoteView | None:
    if d is None or d.tally is not None or not d.candidates or len(d.entered) >= len(
            d.candidates) or d.vote is not d.vote.PENDING:
        return None
    current, votes = d.candidates[len(d.entered)], {c: len(vs) for c, vs in d.entered}
    if voters:
        return VotersVoteView(round=1, candidates=d.candidates, current=current, votes=votes,
                              voters=dict(d.entered))
    return VoteView(round=1, candidates=d.candidates, current=current, votes=votes)


def _rounds(d: ClubDay | None) -> tuple[VotersRoundView, ...]:
    if d is None or d.tally is None:
        return ()
    return (VotersRoundView(candidates=d.candidates, votes=dict(d.tally.votes),
                            voters=dict(d.entered)),)


class _Common(TypedDict):
    """The fields every class's view shares (`engine.viewmodels._Common` and the timer)."""

    rules: str
    phase: Phase
    number: int
    step: Step | ClubStep
    speaker: int | None
    seats: tuple[SeatView, ...]
    nominations: tuple[int, ...] | None
    lift: None
    day_vote: DayVote | None
    timer: TimerView | None


def _common(s: ClubState, dark: bool) -> _Common:
    d = _today(s)
    t = timer(s)
    night = dark and s.phase is Phase.NIGHT and s.number > 0 and not s.finished
    return {
        "rules": "club", "phase": _phase(s), "number": s.number, "step": _step(s, dark),
        "speaker": None if night or s.speaking is None else s.speaking.seat,
        "seats": _seats(s),
        "nominations": None if d is None else d.nominations, "lift": None,
        "day_vote": None if d is None else d.vote,
        "timer": None if night or t is None else TimerView(kind=t.kind, seconds=t.seconds),
    }


def public_view(game: ClubGame) -> PublicView:
    s = game.state
    d = _today(s)
    vote = _vote(d, voters=False)
    rounds = tuple(RoundView(candidates=r.candidates, votes=r.votes) for r in _rounds(d))
    return PublicView(**_common(s, dark=True), vote=vote, rounds=rounds)


def audience_view(game: ClubGame) -> AudienceView:
    s = game.state
    d = _today(s)
    return AudienceView(**_common(s, dark=True), vote=_vote(d, voters=True), rounds=_rounds(d))


def _night_view(s: ClubState, n: ClubNight) -> ClubNightView:
    def seat(step: NightAct) -> int | None:
        return n.get(step)[1]

    don, com = seat(NightAct.DON_CHECK), seat(NightAct.COMMISSAR_CHECK)
    return ClubNightView(
        night=n.number, putana=seat(NightAct.PUTANA), mafia_shot=seat(NightAct.MAFIA_SHOT),
        don_check=None if don is None else ClubCheck(seat=don, found=don_found(s, don)),
        maniac_shot=seat(NightAct.MANIAC_SHOT), heal=seat(NightAct.HEAL), saved=n.saved,
        commissar_check=None if com is None else ClubCheck(seat=com,
                                                           found=commissar_found(s, com)),
        kamikaze=seat(NightAct.KAMIKAZE), blast=n.blast)


def judge_view(game: ClubGame) -> JudgeView:
    s = game.state
    d = _today(s)
    common = _common(s, dark=False)
    t = timer(s)
    common["timer"] = None if t is None else JudgeTimerView(kind=t.kind, seconds=t.seconds)
    nights = s.nights if s.night is None else (*s.nights, s.night)
    return JudgeView(
        **common, actions=len(game.actions), vote=_vote(d, voters=True), rounds=_rounds(d),
        winner=s.winner, termination=s.termination,
        roles=None if s.roles is None else dict(enumerate(s.roles, start=1)),
        nights=(), best_move=None, night_steps=(),
        club_nights=tuple(_night_view(s, n) for n in nights),
        club_night_step=next_night_step(s) if s.phase is Phase.NIGHT else None)
