"""apply(state, event) -> state: one small pure function per event type.

The event's rule is looked up in a table keyed by the event's class (`APPLY`), the one
dispatch style of both engines (engine.classic.rules, engine.club.apply and
engine.club.decide do the same). Against the other style, a chain of `if type(e) is ev.X`
tests in order of frequency, the code otherwise the same (issue 27, measured under load):
- valgrind, instructions per pass of an in-process replay (runs of one tree vary by about
  0.4 %): the 22 examples 110.7 M with the table, 112.8 M with the chain (-1.9 %); 100
  random classic games of the bench 458.7 M against 469.2 M (-2.2 %); 100 random club
  games 428.8-430.6 M against 427.8-429.3 M, the 3 club examples 17.06-17.21 M against
  16.98-17.07 M (the club game: the same within one per cent);
- CPU time, the best of 7 passes over the same 100 games, 8 alternating A/B runs: the
  same within noise (classic: median ratio table/chain 1.008, best 52.0 against 52.8 ms;
  club: 0.994, best 49.5 against 49.6 ms).
A look-up costs the same for every event where the chain's rarer events pay a test for
each one before them. mypy checks each row (`_on`: the rule takes its key's class), and
the check below, when the module loads, that every event has a rule (what `assert_never`
proved of the chain).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeVar, cast, get_args

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


def _speech_ended(s: GameState, e: ev.SpeechEnded) -> GameState:
    return _evolve(s, speech=None)


def _sheet_line(s: GameState, e: sheet.SheetEvent) -> GameState:
    """The after-game sheet's events (engine.classic.scoring.sheet)."""
    return _evolve(s, sheet=sheet.fold(s.sheet, e))


Rule = Callable[[GameState, ev.Event], GameState]
"""How one class of event changes the state: called only with that class (its key in APPLY)."""
E = TypeVar("E", bound=ev.Event)


def _on(kind: type[E], rule: Callable[[GameState, E], GameState]) -> tuple[type, Rule]:
    """One row of APPLY; mypy checks that `rule` takes a `kind`."""
    return kind, cast("Rule", rule)


# One rule per event class, looked up by the event's class (see the module's docstring).
APPLY: dict[type, Rule] = dict((
    _on(ev.RolesDealt, _roles_dealt), _on(ev.GameStarted, _game_started),
    _on(ev.NightBegan, _night_began), _on(ev.DayBegan, _day_began),
    _on(ev.SpeechBegan, _speech_began), _on(ev.SpeechEnded, _speech_ended),
    _on(ev.Nominated, _nominated), _on(ev.Withdrawn, _withdrawn),
    _on(ev.RoundBegan, _round_began), _on(ev.VotesEntered, _votes_entered),
    _on(ev.RoundClosed, _round_closed), _on(ev.SpeechesQueued, _speeches_queued),
    _on(ev.LiftPut, _lift_put), _on(ev.LiftVoted, _lift_voted),
    _on(ev.VoteSettled, _vote_settled), _on(ev.VoteCancelled, _vote_cancelled),
    _on(ev.PlayerRemoved, _player_removed), _on(ev.LateDisqualified, _late_disqualified),
    _on(ev.FoulGiven, _foul_given), _on(ev.SpeechLost, _speech_lost), _on(ev.Shot, _shot),
    _on(ev.DonChecked, _don_checked), _on(ev.SheriffChecked, _sheriff_checked),
    _on(ev.BestMoveMade, _best_move_made), _on(ev.StreaksCounted, _streaks_counted),
    _on(ev.GameEnded, _game_ended),
    *(_on(kind, _sheet_line) for kind in get_args(sheet.SheetEvent)),
))
_ODD = set(get_args(ev.Event)) ^ APPLY.keys()
if _ODD:  # checked when the module loads: every test run would fail
    raise TypeError(f"events without a rule, or rules of no event: {_ODD}")


def apply(state: GameState, event: ev.Event) -> GameState:
    """The state after one event: its rule looked up by the event's class."""
    return APPLY[type(event)](state, event)


def fold(events: Iterable[ev.Event], state: GameState | None = None) -> GameState:
    """The state after a sequence of events (from the empty game by default)."""
    s = GameState() if state is None else state
    for event in events:
        s = apply(s, event)
    return s
