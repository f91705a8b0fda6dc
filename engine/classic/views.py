"""What each information class may see (docs/views.md): public, audience, judge.

Secrecy is decided here, once, and held by the types (`engine.viewmodels`): the public and
audience views have no field for roles, shots, checks or the best move, decided game or not;
the end-of-game `reveal` goes only to the `protocol` topic. At night the public and audience
views show only "night" (no step, no timer: even the order of the night's steps would leak
who is out).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, assert_never, overload

from engine.classic.ruleset import Ruleset
from engine.classic.scoring.view import after_game_view
from engine.classic.state import DAY, NIGHT, SETUP, GameState, NightLog, Removal, Round
from engine.classic.timer import current_timer, night_steps
from engine.roles import BLACK_ROLES, Role
from engine.timer import Timer
from engine.viewmodels import (
    AudienceView,
    BestMoveView,
    DonCheck,
    JudgeTimerView,
    JudgeView,
    LiftView,
    NightView,
    Out,
    PublicView,
    Reveal,
    RoundView,
    SeatView,
    SheriffCheck,
    TimerStep,
    TimerView,
    View,
    VotersRoundView,
    VotersVoteView,
    VoteView,
)
from engine.vocab import Cause, DayVote, InfoClass, NightStep, Phase, Step, Termination, Winner

PUBLIC, AUDIENCE, JUDGE = InfoClass.PUBLIC, InfoClass.AUDIENCE, InfoClass.JUDGE
CLASSES = tuple(InfoClass)
_NIGHT_STEP = {"shoot": Step.SHOOT, "best_move": Step.BEST_MOVE}


def step(s: GameState, rules: Ruleset) -> Step:
    """The fine-grained step of the game now (docs/views.md, "Steps")."""
    if s.finished:
        return Step.FAREWELL if s.speech is not None else Step.OVER
    if s.phase == SETUP:
        return Step.DEAL if s.roles is None else Step.READY
    if s.phase == NIGHT:
        if s.number == 0:
            return Step.ZERO_NIGHT
        steps = night_steps(s, rules)
        if not steps:
            return Step.MORNING
        return _NIGHT_STEP.get(steps[0], Step.CHECKS)
    if s.speech is not None:
        return Step(s.speech.kind)
    if s.voting is not None:
        return Step.VOTE
    if s.lift is not None:
        return Step.LIFT
    return Step.AWAIT_NIGHT


@overload
def view(s: GameState, rules: Ruleset, info_class: Literal[InfoClass.PUBLIC, "public"],
         actions: int = 0) -> PublicView: ...
@overload
def view(s: GameState, rules: Ruleset, info_class: Literal[InfoClass.AUDIENCE, "audience"],
         actions: int = 0) -> AudienceView: ...
@overload
def view(s: GameState, rules: Ruleset, info_class: Literal[InfoClass.JUDGE, "judge"],
         actions: int = 0) -> JudgeView: ...
@overload
def view(s: GameState, rules: Ruleset, info_class: InfoClass | str, actions: int = 0) -> View: ...
def view(s: GameState, rules: Ruleset, info_class: InfoClass | str, actions: int = 0) -> View:
    """The state as the given information class may see it."""
    cls = _info_class(info_class)
    match cls:
        case InfoClass.PUBLIC:
            return public_view(s, rules)
        case InfoClass.AUDIENCE:
            return audience_view(s, rules)
        case InfoClass.JUDGE:
            return judge_view(s, rules, actions)
        case _:
            assert_never(cls)


def _info_class(value: InfoClass | str) -> InfoClass:
    try:
        return InfoClass(value)
    except ValueError:
        raise ValueError(f"unknown information class {value!r}") from None


def public_view(s: GameState, rules: Ruleset) -> PublicView:
    """What the players may see: never a role, shot, check or best move; at night, "night"."""
    dark = _dark(s)
    day = s.day if s.phase == DAY else None
    return PublicView(
        **_screen_common(s, rules, dark),
        nominations=_nominations(s, rules, InfoClass.PUBLIC),
        vote=_vote(s),
        rounds=tuple(_round(r) for r in day.rounds) if day is not None else (),
    )


def audience_view(s: GameState, rules: Ruleset) -> AudienceView:
    """The venue's screens: the public view plus nominations and who voted for whom."""
    dark = _dark(s)
    day = s.day if s.phase == DAY else None
    return AudienceView(
        **_screen_common(s, rules, dark),
        nominations=_nominations(s, rules, InfoClass.AUDIENCE),
        vote=_voters_vote(s),
        rounds=tuple(_voters_round(r) for r in day.rounds) if day is not None else (),
    )


def judge_view(s: GameState, rules: Ruleset, actions: int = 0) -> JudgeView:
    """Everything: roles, the night's record and steps, the best move, the zero-night script."""
    day = s.day if s.phase == DAY else None
    timer = current_timer(s, rules)
    return JudgeView(
        rules=rules.id,
        actions=actions,
        phase=Phase.FINISHED if s.finished else Phase(s.phase),
        number=s.number,
        step=step(s, rules),
        speaker=s.speech.seat if s.speech is not None else None,
        timer=None if timer is None else _judge_timer(timer),
        seats=_seats(s),
        nominations=_nominations(s, rules, InfoClass.JUDGE),
        vote=_voters_vote(s),
        rounds=tuple(_voters_round(r) for r in day.rounds) if day is not None else (),
        lift=_lift(s),
        day_vote=DayVote(day.vote) if day is not None else None,
        winner=None if s.winner is None else Winner(s.winner),
        termination=None if s.termination is None else Termination(s.termination),
        roles=_roles(s),
        nights=tuple(night_view(n, s) for n in _all_nights(s)),
        best_move=best_move_view(s),
        night_steps=tuple(NightStep(n) for n in night_steps(s, rules)),
        after_game=after_game_view(s, rules),
    )


def reveal(s: GameState) -> Reveal | None:
    """The end-of-game reveal (roles, result, nights, best move), or None while undecided."""
    if not s.finished or s.roles is None:
        return None
    roles = _roles(s)
    assert roles is not None and s.winner is not None and s.termination is not None
    return Reveal(roles=roles, winner=Winner(s.winner), termination=Termination(s.termination),
                  nights=tuple(night_view(n, s) for n in _all_nights(s)),
                  best_move=best_move_view(s))


def _dark(s: GameState) -> bool:
    """Nights 1+ of an undecided game: the screens see only the word "night"."""
    return s.phase == NIGHT and not s.finished and s.number > 0


def _screen_common(s: GameState, rules: Ruleset, dark: bool) -> dict[str, object]:
    day = s.day if s.phase == DAY else None
    timer = current_timer(s, rules)
    return {
        "rules": rules.id,
        "phase": Phase.FINISHED if s.finished else Phase(s.phase),
        "number": s.number,
        "step": Step.NIGHT if dark else step(s, rules),
        "speaker": s.speech.seat if s.speech is not None and not dark else None,
        "timer": None if timer is None or dark else TimerView(kind=timer.kind,
                                                                 seconds=timer.seconds),
        "seats": _seats(s),
        "lift": _lift(s),
        "day_vote": DayVote(day.vote) if day is not None else None,
    }


def _judge_timer(timer: Timer) -> JudgeTimerView:
    script = tuple(TimerStep(kind=k, seconds=sec) for k, sec in timer.script) or None
    return JudgeTimerView(kind=timer.kind, seconds=timer.seconds, script=script)


def _seats(s: GameState) -> tuple[SeatView, ...]:
    return _seat_views(s.at_table, s.removed, s.fouls, s.loses_speech)


@lru_cache(maxsize=64)
def _seat_views(at_table: frozenset[int], removed: tuple[Removal, ...], fouls: tuple[int, ...],
                loses_speech: frozenset[int]) -> tuple[SeatView, ...]:
    """Built once per seating (the views are frozen): the three views of a state share them,
    and most lines leave the seats as they were (bench bus)."""
    outs = {r.seat: Out(cause=Cause(r.cause), **{r.phase: r.number}) for r in removed}
    return tuple(
        SeatView(seat=seat, at_table=seat in at_table, out=outs.get(seat),
                 fouls=fouls[seat - 1], muted=seat in loses_speech)
        for seat in range(1, 11)
    )


def _nominations(s: GameState, rules: Ruleset, info_class: InfoClass) -> tuple[int, ...] | None:
    day = s.day
    if s.phase != DAY or day is None:
        return None
    voting_started = bool(day.rounds) or s.voting is not None
    if info_class == PUBLIC and not voting_started and not rules.day.players_may_ask_nominations:
        return None  # 000 I.8.3, 003 7.4: players get no nomination list from the judge
    return day.nominations


def _vote(s: GameState) -> VoteView | None:
    voting, day = s.voting, s.day
    if voting is None or day is None:
        return None
    entered = voting.entered
    return VoteView(round=len(day.rounds) + 1, candidates=voting.candidates,
                    current=voting.candidates[len(entered)],
                    votes={seat: n for seat, n, _ in entered})


def _voters_vote(s: GameState) -> VotersVoteView | None:
    vote = _vote(s)
    if vote is None:
        return None
    assert s.voting is not None
    voters = {seat: v for seat, _, v in s.voting.entered if v is not None}
    return VotersVoteView(**dict(vote), voters=voters)


def _round(r: Round) -> RoundView:
    return RoundView(candidates=r.candidates,
                     votes=dict(zip(r.candidates, r.votes, strict=True)))


def _voters_round(r: Round) -> VotersRoundView:
    return VotersRoundView(candidates=r.candidates,
                           votes=dict(zip(r.candidates, r.votes, strict=True)),
                           voters={seat: v for seat, _, v in r.entered if v is not None})


def _lift(s: GameState) -> LiftView | None:
    day = s.day
    if s.lift is not None:
        return LiftView(candidates=s.lift, yes=None, passed=None)
    if day is not None and day.lift is not None and s.phase == DAY:
        lifted = tuple(r.seat for r in s.removed if r.cause == Cause.LIFT
                       and r.number == day.number and r.phase == DAY)
        cands = lifted or day.rounds[-1].candidates
        return LiftView(candidates=cands, yes=day.lift[0], passed=day.lift[1])
    return None


def _roles(s: GameState) -> dict[int, Role] | None:
    if s.roles is None:
        return None
    return {seat: s.roles[seat - 1] for seat in range(1, 11)}


def _all_nights(s: GameState) -> tuple[NightLog, ...]:
    return s.nights if s.night is None else (*s.nights, s.night)


def night_view(n: NightLog, s: GameState) -> NightView:
    """One night as the protocol records it (judge class)."""
    assert s.roles is not None
    return _night_view(n, s.roles)


@lru_cache(maxsize=64)
def _night_view(n: NightLog, roles: tuple[Role, ...]) -> NightView:
    """Built once per night and deal (the views are frozen): the judge view and the reveal
    repeat every past night on every line."""
    return NightView(
        night=n.number,
        shot=n.shot if n.shot_done else None,
        shots=None if n.shots is None else dict(n.shots),
        don_check=None if n.don_check is None else DonCheck(
            seat=n.don_check, sheriff=roles[n.don_check - 1] is Role.SHERIFF),
        sheriff_check=None if n.sheriff_check is None else SheriffCheck(
            seat=n.sheriff_check, black=roles[n.sheriff_check - 1] in BLACK_ROLES),
    )


def best_move_view(s: GameState) -> BestMoveView | None:
    bm = s.best_move
    if bm is None:
        return None
    return BestMoveView(seat=bm.seat, guess=bm.guess, black_found=bm.black_found)
