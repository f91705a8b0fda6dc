"""apply(state, event) -> state: one small pure function per event type."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, assert_never

from engine.classic import events as ev
from engine.classic.scoring import sheet
from engine.classic.state import (
    CANCELLED,
    DAY,
    FAREWELL,
    MUTED_TURN,
    NIGHT,
    REGULAR,
    REGULAR_KINDS,
    SPEECHES,
    THEN_NIGHT,
    THEN_VOTE,
    BestMoveLog,
    DayLog,
    GameState,
    NightLog,
    Removal,
    Round,
)
from engine.evolve import replacer

if TYPE_CHECKING:  # mypy checks each field against the class's own _replace
    _evolve = GameState._replace
    _evolve_day = DayLog._replace
    _evolve_night = NightLog._replace
    _evolve_round = Round._replace
else:
    _evolve, _evolve_day, _evolve_night, _evolve_round = map(
        replacer, (GameState, DayLog, NightLog, Round))


def _roles_dealt(s: GameState, e: ev.RolesDealt) -> GameState:
    return _evolve(s, roles=e.roles)


def _game_started(s: GameState, e: ev.GameStarted) -> GameState:
    return _evolve(s, started=True, phase=NIGHT, number=0, phase_removals=0)


def _night_began(s: GameState, e: ev.NightBegan) -> GameState:
    days = s.days if s.day is None else (*s.days, s.day)
    return _evolve(
        s, phase=NIGHT, number=e.number, day=None, days=days, night=NightLog(e.number),
        speech=None, queue=(), then=THEN_NIGHT, phase_removals=0,
    )


def _day_began(s: GameState, e: ev.DayBegan) -> GameState:
    nights = s.nights if s.night is None else (*s.nights, s.night)
    vote = CANCELLED if s.cancel_next_vote else "pending"
    return _evolve(
        s, phase=DAY, number=e.number, night=None, nights=nights,
        day=DayLog(e.number, e.opener, vote=vote), queue=e.queue, then=THEN_VOTE,
        cancel_next_vote=False, phase_removals=0,
    )


def _speech_began(s: GameState, e: ev.SpeechBegan) -> GameState:
    """The head of the queue speaks; a regular turn joins the day's speakers (and the muted,
    003 6.4) in one copy of the day."""
    speech = SPEECHES[e.kind][e.seat]
    queue = s.queue[1:]
    kind = e.kind
    if kind in REGULAR_KINDS:
        day = s.day
        assert day is not None
        speakers = (*day.speakers, e.seat)
        if kind == MUTED_TURN:
            day = _evolve_day(day, speakers=speakers, muted=(*day.muted, e.seat))
        else:
            day = _evolve_day(day, speakers=speakers)
        loses = s.loses_speech
        return _evolve(
            s, speech=speech, queue=queue, day=day,
            loses_speech=loses - {e.seat} if e.seat in loses else loses,
        )
    return _evolve(s, speech=speech, queue=queue)


def _nominated(s: GameState, e: ev.Nominated) -> GameState:
    day = s.day
    assert day is not None
    return _evolve(s, day=_evolve_day(day,
        nominations=(*day.nominations, e.seat), nominators=(*day.nominators, e.by)))


def _withdrawn(s: GameState, e: ev.Withdrawn) -> GameState:
    day = s.day
    assert day is not None
    i = day.nominations.index(e.seat)
    return _evolve(s, day=_evolve_day(day,
        nominations=day.nominations[:i] + day.nominations[i + 1:],
        nominators=day.nominators[:i] + day.nominators[i + 1:]))


def _round_began(s: GameState, e: ev.RoundBegan) -> GameState:
    return _evolve(s, voting=Round(e.candidates, electorate=len(s.at_table)), revote=())


def _votes_entered(s: GameState, e: ev.VotesEntered) -> GameState:
    voting = s.voting
    assert voting is not None
    entered = (*voting.entered, (e.seat, e.votes, e.voters))
    return _evolve(s, voting=_evolve_round(voting, entered=entered))


def _round_closed(s: GameState, e: ev.RoundClosed) -> GameState:
    voting, day = s.voting, s.day
    assert voting is not None and day is not None
    closed = _evolve_round(voting, votes=e.votes)
    return _evolve(s, voting=None, day=_evolve_day(day, rounds=(*day.rounds, closed)))


def _speeches_queued(s: GameState, e: ev.SpeechesQueued) -> GameState:
    return _evolve(s, queue=(*s.queue, *e.speeches), then=e.then, revote=e.revote)


def _lift_put(s: GameState, e: ev.LiftPut) -> GameState:
    return _evolve(s, lift=e.candidates)


def _lift_voted(s: GameState, e: ev.LiftVoted) -> GameState:
    day = s.day
    assert day is not None
    return _evolve(s, lift=None, day=_evolve_day(day, lift=(e.yes, e.passed)))


def _vote_settled(s: GameState, e: ev.VoteSettled) -> GameState:
    day = s.day
    assert day is not None
    return _evolve(s, day=_evolve_day(day, vote=e.status), then=THEN_NIGHT)


def _vote_cancelled(s: GameState, e: ev.VoteCancelled) -> GameState:
    if e.next_day:
        return _evolve(s, cancel_next_vote=True)
    day = s.day
    assert day is not None
    queue = tuple(q for q in s.queue if q.kind in (FAREWELL, REGULAR))
    then = THEN_NIGHT if s.then != THEN_VOTE else THEN_VOTE
    return _evolve(s, day=_evolve_day(day, vote=CANCELLED), voting=None, lift=None, queue=queue,
                      then=then, revote=())


def _player_removed(s: GameState, e: ev.PlayerRemoved) -> GameState:
    """A removal during an open round (by discipline: the others come between rounds)
    leaves the round as it stands; if the removal cancels the vote, `VoteCancelled` drops
    the round right after (engine.classic.flow)."""
    seat = e.seat
    queue = tuple(q for q in s.queue if q.seat != seat or q.kind == FAREWELL)
    voting = s.voting if s.voting is None else s.voting.without(seat)
    return _evolve(
        s, at_table=s.at_table - {seat}, voting=voting,
        removed=(*s.removed, Removal(seat, e.cause, s.phase, s.number)),
        queue=queue, loses_speech=s.loses_speech - {seat},
        phase_removals=s.phase_removals + 1,
    )


def _late_disqualified(s: GameState, e: ev.LateDisqualified) -> GameState:
    return _evolve(
        s, late_disqualifications=(*s.late_disqualifications, (e.seat, e.kind)),
        queue=tuple(q for q in s.queue if q.seat != e.seat),
    )


def _foul_given(s: GameState, e: ev.FoulGiven) -> GameState:
    fouls = list(s.fouls)
    fouls[e.seat - 1] += 1
    return _evolve(s, fouls=tuple(fouls))


def _speech_lost(s: GameState, e: ev.SpeechLost) -> GameState:
    return _evolve(s, loses_speech=s.loses_speech | {e.seat})


def _shot(s: GameState, e: ev.Shot) -> GameState:
    night = s.night
    assert night is not None
    return _evolve(s, night=_evolve_night(night, shot_done=True, shot=e.target, shots=e.shots))


def _don_checked(s: GameState, e: ev.DonChecked) -> GameState:
    night = s.night
    assert night is not None
    return _evolve(s, night=_evolve_night(night, don_check=e.seat))


def _sheriff_checked(s: GameState, e: ev.SheriffChecked) -> GameState:
    night = s.night
    assert night is not None
    return _evolve(s, night=_evolve_night(night, sheriff_check=e.seat))


def _best_move_made(s: GameState, e: ev.BestMoveMade) -> GameState:
    return _evolve(s, best_move=BestMoveLog(e.seat, e.guess, e.black_found))


def _streaks_counted(s: GameState, e: ev.StreaksCounted) -> GameState:
    return _evolve(s, quiet=e.quiet, black_misses=e.black_misses)


def _game_ended(s: GameState, e: ev.GameEnded) -> GameState:
    return _evolve(s, winner=e.winner, termination=e.termination, voting=None, lift=None,
                      queue=tuple(q for q in s.queue if q.kind == FAREWELL))


def apply(state: GameState, event: ev.Event) -> GameState:
    """The state after one event. One function per event, the event told by its exact type
    (the classes are final: a `match` class pattern that misses costs an isinstance each),
    the most frequent first; `assert_never` makes a new event without one a type error."""
    s, e = state, event
    if type(e) is ev.SpeechEnded:
        return _evolve(s, speech=None)  # the most frequent event: no call
    if type(e) is ev.SpeechBegan:
        return _speech_began(s, e)
    if type(e) is ev.Nominated:
        return _nominated(s, e)
    if type(e) is ev.VotesEntered:
        return _votes_entered(s, e)
    if type(e) is ev.PlayerRemoved:
        return _player_removed(s, e)
    if type(e) is ev.SpeechesQueued:
        return _speeches_queued(s, e)
    if type(e) is ev.RoundBegan:
        return _round_began(s, e)
    if type(e) is ev.RoundClosed:
        return _round_closed(s, e)
    if type(e) is ev.DayBegan:
        return _day_began(s, e)
    if type(e) is ev.VoteSettled:
        return _vote_settled(s, e)
    if type(e) is ev.Shot:
        return _shot(s, e)
    if type(e) is ev.NightBegan:
        return _night_began(s, e)
    if type(e) is ev.FoulGiven:
        return _foul_given(s, e)
    if type(e) is ev.DonChecked:
        return _don_checked(s, e)
    if type(e) is ev.SheriffChecked:
        return _sheriff_checked(s, e)
    if type(e) is ev.StreaksCounted:
        return _streaks_counted(s, e)
    if type(e) is ev.GameEnded:
        return _game_ended(s, e)
    if type(e) is ev.GameStarted:
        return _game_started(s, e)
    if type(e) is ev.RolesDealt:
        return _roles_dealt(s, e)
    if type(e) is ev.BestMoveMade:
        return _best_move_made(s, e)
    if type(e) is ev.Withdrawn:
        return _withdrawn(s, e)
    if type(e) is ev.VoteCancelled:
        return _vote_cancelled(s, e)
    if type(e) is ev.LiftPut:
        return _lift_put(s, e)
    if type(e) is ev.LiftVoted:
        return _lift_voted(s, e)
    if type(e) is ev.LateDisqualified:
        return _late_disqualified(s, e)
    if type(e) is ev.SpeechLost:
        return _speech_lost(s, e)
    match e:  # the after-game sheet's events (engine.classic.scoring.sheet)
        case (sheet.ExtraSet() | sheet.PenaltyGiven() | sheet.ColourLeftNoted()
              | sheet.ProtestWritten() | sheet.ProtocolClosed()):
            return _evolve(s, sheet=sheet.fold(s.sheet, e))
        case _:
            assert_never(e)


def fold(events: Iterable[ev.Event], state: GameState | None = None) -> GameState:
    """The state after a sequence of events (from the empty game by default)."""
    s = GameState() if state is None else state
    for event in events:
        s = apply(s, event)
    return s
