"""apply(state, event) -> state: one function per event type, no rules, no checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, cast, get_args

from engine.club import events as ev
from engine.club.state import ClubDay, ClubNight, ClubState, Leave
from engine.evolve import replacer
from engine.roles import ClubRole
from engine.vocab import ClubSpeech, ClubStep, NightAct, Phase

if TYPE_CHECKING:  # mypy checks each field against the class's own _replace
    _evolve = ClubState._replace
    _evolve_day = ClubDay._replace
    _evolve_night = ClubNight._replace
else:
    _evolve, _evolve_day, _evolve_night = map(replacer, (ClubState, ClubDay, ClubNight))


# bound once: on Python 3.11 an `Enum.MEMBER` look-up is slow (see engine.club.flow)
_DAY, _NIGHT, _NIGHT_STEP = Phase.DAY, Phase.NIGHT, ClubStep.NIGHT
_SPEECH, _HEAL, _DOCTOR = ClubSpeech.SPEECH, NightAct.HEAL, ClubRole.DOCTOR


def _day(s: ClubState) -> ClubDay:
    assert s.day is not None
    return s.day


def _night(s: ClubState) -> ClubNight:
    assert s.night is not None
    return s.night


def _set(t: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return (*t[:seat - 1], value, *t[seat:])


def _dealt(s: ClubState, e: ev.Dealt) -> ClubState:
    return _evolve(s, roles=e.roles, step=ClubStep.READY)


def _zero(s: ClubState, e: ev.ZeroNightBegan) -> ClubState:
    return _evolve(s, phase=Phase.NIGHT, number=0, step=ClubStep.ZERO_NIGHT)


def _day_began(s: ClubState, e: ev.DayBegan) -> ClubState:
    nights = s.nights if s.night is None else (*s.nights, s.night)
    until = s.muted_until  # filtered first, then sorted: most days nobody is muted
    muted = tuple(sorted(x for x in s.at_table if until[x - 1] >= e.number))
    return _evolve(s, phase=_DAY, number=e.number, nights=nights, night=None,
                      day=ClubDay(e.number, e.opener, muted=muted))


def _night_began(s: ClubState, e: ev.NightBegan) -> ClubState:
    return _evolve(s, phase=_NIGHT, number=e.number, days=(*s.days, _day(s)), day=None,
                   night=ClubNight(e.number), step=_NIGHT_STEP, queue=())


def _step(s: ClubState, e: ev.StepBegan) -> ClubState:
    return _evolve(s, step=e.step, queue=e.queue, then=e.then)


def _speech_ended(s: ClubState, e: ev.SpeechEnded) -> ClubState:
    head, day = s.queue[0], s.day
    if head.kind is _SPEECH and day is not None:
        return _evolve(s, day=_evolve_day(day, speakers=(*day.speakers, head.seat)),
                       queue=s.queue[1:])
    return _evolve(s, queue=s.queue[1:])


def _dropped(s: ClubState, e: ev.QueueDropped) -> ClubState:
    head = s.queue[0] if s.queue else None
    if head is not None and head.seat == e.seat and head.kind is ClubSpeech.SPEECH \
            and s.day is not None:  # his turn was given, cut short (club R30)
        s = _evolve(s, day=_evolve_day(s.day, speakers=(*s.day.speakers, e.seat)))
    return _evolve(s, queue=tuple(x for x in s.queue if x.seat != e.seat))


def _nominated(s: ClubState, e: ev.Nominated) -> ClubState:
    d = _day(s)
    return _evolve(s, day=_evolve_day(d, nominations=(*d.nominations, e.seat),
                                     nominators=(*d.nominators, e.by),
                                     candidates=(*d.candidates, e.seat)))


def _votes(s: ClubState, e: ev.VotesEntered) -> ClubState:
    d = _day(s)
    return _evolve(s, day=_evolve_day(d, entered=(*d.entered, (e.seat, e.voters))))


def _voided(s: ClubState, e: ev.VotesVoided) -> ClubState:
    return _evolve(s, day=_evolve_day(_day(s), entered=()))


def _cand_dropped(s: ClubState, e: ev.CandidateDropped) -> ClubState:
    d = _day(s)
    return _evolve(s, day=_evolve_day(d, candidates=tuple(c for c in d.candidates if c != e.seat)))


def _closed(s: ClubState, e: ev.VoteClosed) -> ClubState:
    return _evolve(s, day=_evolve_day(_day(s), tally=e.tally))


def _settled(s: ClubState, e: ev.VoteSettled) -> ClubState:
    return _evolve(s, day=_evolve_day(_day(s), vote=e.status))


def _tied(s: ClubState, e: ev.Tied) -> ClubState:
    return _evolve(s, day=_evolve_day(_day(s), tied=e.tied))


def _chosen(s: ClubState, e: ev.Chosen) -> ClubState:
    return _evolve(s, day=_evolve_day(_day(s), chosen=e.seat))


def _pick(s: ClubState, e: ev.PickAwaited) -> ClubState:
    return _evolve(s, pick_by=e.kamikaze)


def _left(s: ClubState, e: ev.Left) -> ClubState:
    return _evolve(s, at_table=s.at_table - {e.seat},
                      removed=(*s.removed, Leave(e.seat, e.cause, s.phase, s.number, e.last_word)))


def _foul(s: ClubState, e: ev.FoulGiven) -> ClubState:
    return _evolve(s, fouls=_set(s.fouls, e.seat, s.fouls[e.seat - 1] + 1))


def _muted(s: ClubState, e: ev.Muted) -> ClubState:
    s = _evolve(s, muted_until=_set(s.muted_until, e.seat, e.until))
    if s.day is not None and s.phase is Phase.DAY and e.seat not in s.day.muted:
        s = _evolve(s, day=_evolve_day(s.day, muted=tuple(sorted((*s.day.muted, e.seat)))))
    return s


def _banned(s: ClubState, e: ev.Banned) -> ClubState:
    return _evolve(s, banned_until=_set(s.banned_until, e.seat, e.until))


def _struck(s: ClubState, e: ev.VoteStruck) -> ClubState:
    d = _day(s)
    entered = tuple((c, tuple(v for v in vs if v != e.seat)) for c, vs in d.entered)
    return _evolve(s, day=_evolve_day(d, entered=entered))


def _acted(s: ClubState, e: ev.NightActed) -> ClubState:
    n = _night(s)
    s = _evolve(s, night=_evolve_night(n, acts=(*n.acts, (e.act, e.seat))))
    if e.act is _HEAL and e.seat is not None and s.roles is not None \
            and s.roles[e.seat - 1] is _DOCTOR:
        s = _evolve(s, self_healed=True)
    return s


def _dawn(s: ClubState, e: ev.Dawn) -> ClubState:
    return _evolve(s, night=_evolve_night(_night(s), saved=e.saved, blast=e.blast))


def _unfined(s: ClubState, e: ev.DropUnfined) -> ClubState:
    return _evolve(s, dropped_last=(*s.dropped_last, e.seat))


def _ended(s: ClubState, e: ev.GameEnded) -> ClubState:
    return _evolve(s, winner=e.winner, termination=e.termination, offender=e.offender)


def _extra(s: ClubState, e: ev.ExtraGiven) -> ClubState:
    rest = tuple(x for x in s.extras if x[0] != e.seat)
    return _evolve(s, extras=rest if e.points == 0 else (*rest, (e.seat, e.points)))


def _penalty(s: ClubState, e: ev.PenaltyGiven) -> ClubState:
    return _evolve(s, penalties=(*s.penalties, (e.seat, e.points, e.clause)))


def _protest(s: ClubState, e: ev.Protested) -> ClubState:
    return _evolve(s, protests=(*s.protests, (e.seat, e.text)))


def _close(s: ClubState, e: ev.Closed) -> ClubState:
    return _evolve(s, closed=True)




Rule = Callable[[ClubState, ev.ClubEvent], ClubState]
"""How one class of event changes the state: called only with that class (its key in APPLY)."""
E = TypeVar("E", bound=ev.ClubEvent)


def _on(kind: type[E], rule: Callable[[ClubState, E], ClubState]) -> tuple[type, Rule]:
    """One row of APPLY; mypy checks that `rule` takes a `kind`."""
    return kind, cast("Rule", rule)


# One rule per event class, looked up by the event's class: the one dispatch style of both
# engines (engine.classic.apply's docstring gives the measurements); a `match` tried the
# classes one by one, up to 2 µs an event on the bench machine (docs/benchmarks.md).
APPLY: dict[type, Rule] = dict((
    _on(ev.Dealt, _dealt), _on(ev.ZeroNightBegan, _zero), _on(ev.DayBegan, _day_began),
    _on(ev.NightBegan, _night_began), _on(ev.StepBegan, _step),
    _on(ev.SpeechEnded, _speech_ended), _on(ev.QueueDropped, _dropped),
    _on(ev.Nominated, _nominated), _on(ev.VotesEntered, _votes), _on(ev.VotesVoided, _voided),
    _on(ev.CandidateDropped, _cand_dropped), _on(ev.VoteClosed, _closed),
    _on(ev.VoteSettled, _settled), _on(ev.Tied, _tied), _on(ev.Chosen, _chosen),
    _on(ev.PickAwaited, _pick), _on(ev.Left, _left), _on(ev.FoulGiven, _foul),
    _on(ev.Muted, _muted), _on(ev.Banned, _banned), _on(ev.VoteStruck, _struck),
    _on(ev.NightActed, _acted), _on(ev.Dawn, _dawn), _on(ev.DropUnfined, _unfined),
    _on(ev.GameEnded, _ended), _on(ev.ExtraGiven, _extra), _on(ev.PenaltyGiven, _penalty),
    _on(ev.Protested, _protest), _on(ev.Closed, _close),
))
_ODD = set(get_args(ev.ClubEvent)) ^ APPLY.keys()
if _ODD:  # checked when the module loads: every test run would fail
    raise TypeError(f"club events without a rule, or rules of no club event: {_ODD}")


def apply(state: ClubState, event: ev.ClubEvent) -> ClubState:
    """The state after one event."""
    return APPLY[type(event)](state, event)


def fold(initial: ClubState, events: tuple[ev.ClubEvent, ...]) -> ClubState:
    """The state the events produce from the game's first state."""
    s = initial
    for e in events:
        s = apply(s, e)
    return s
