"""decide(state, action) -> Tx: every host action checked against the club rules.

An illegal action raises `IllegalAction` with a reason the host understands and changes
nothing; a legal one returns its events, consequences included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast, get_args

from engine import actions as act
from engine.club import actions as ca
from engine.club import events as ev
from engine.club.day import (
    catastrophe,
    day_pick,
    discussion_end,
    nominate,
    nominations_end,
    open_day,
    votes,
)
from engine.club.flow import Tx, advance, foul_day, remove, team_loss
from engine.club.night import dawn, night_action
from engine.club.setup import Settings, deal
from engine.club.state import ClubState
from engine.errors import IllegalAction
from engine.refusals import CLUB_SIDE_WORDS, CLUB_STEP_WORDS, Phrase, R, Refusal
from engine.vocab import ClubCause, ClubStep, NightAct, Phase

Handler = Callable[[Tx, object], None]
"""A rule taking exactly one class of action (the key it is filed under in `_HANDLERS`)."""
A = TypeVar("A", bound=ca.ClubAction)


def _on(kind: type[A], rule: Callable[[Tx, A], None]) -> tuple[type, Handler]:
    """One row of the table: `rule` is only ever called with a `kind` (the table's key)."""
    return kind, cast("Handler", rule)


# members read on every `day`, `night` and night line, bound once: on Python 3.11 each
# `Enum.MEMBER` costs about as much as a copy of the state (see engine.club.flow)
_ZERO_NIGHT, _NIGHT_STEP, _AWAIT_NIGHT = ClubStep.ZERO_NIGHT, ClubStep.NIGHT, ClubStep.AWAIT_NIGHT
_DAY, _KAMIKAZE_PICK = Phase.DAY, NightAct.KAMIKAZE


def decide(s: ClubState, action: ca.ClubAction, settings: Settings) -> Tx:
    if s.closed:
        raise IllegalAction(R.CLUB_CLOSED)
    own = type(action)
    rule = _HANDLERS.get(own)  # one look-up for the action's own class
    kind: type | None = own
    if rule is None:  # a subclass, or no club action at all
        kind = kind_of(action)
        rule = None if kind is None else _HANDLERS[kind]
    if s.winner is not None and kind not in _AFTER_END:
        raise IllegalAction(R.CLUB_GAME_OVER, winner=Phrase(CLUB_SIDE_WORDS[s.winner]))
    if rule is None:  # a classic action from an untyped caller
        raise IllegalAction(R.CLUB_NOT_IN_GAME, action=type(action).__name__)
    tx = Tx(s, settings)
    rule(tx, action)
    return tx


def kind_of(action: object) -> type | None:
    """The club action class `action` is one of (its own, or a base class for a subclass);
    None for anything else. One dict look-up: a failed `isinstance` against a `Value` class
    costs as much as a whole rule (its metaclass is looked up for `__instancecheck__`)."""
    kind = type(action)
    if kind in _HANDLERS:
        return kind
    return next((base for base in kind.__mro__ if base in _HANDLERS), None)


def _seat(s: ClubState, seat: int) -> None:
    if not 1 <= seat <= s.seats:
        raise IllegalAction(R.CLUB_NOT_A_SEAT, seat=seat, seats=s.seats)


def _roles(tx: Tx, a: ca.ClubRoles) -> None:
    if tx.state.step is not ClubStep.DEAL:
        raise IllegalAction(R.CLUB_ALREADY_DEALT)
    tx.emit(ev.Dealt(deal(a, tx.settings)))


def _start(tx: Tx, a: act.Start) -> None:
    if tx.state.step is not ClubStep.READY:
        raise IllegalAction(R.CLUB_DEAL_FIRST if tx.state.step is ClubStep.DEAL
                            else R.CLUB_ALREADY_STARTED)
    tx.emit(ev.ZeroNightBegan())


def _day(tx: Tx, a: act.Day) -> None:
    s = tx.state
    if s.step is _ZERO_NIGHT:
        open_day(tx, 1)
    elif s.step is _NIGHT_STEP:
        dawn(tx)
    else:
        raise IllegalAction(R.CLUB_NOT_NIGHT)


def _night(tx: Tx, a: act.Night) -> None:
    s = tx.state
    if s.step is not _AWAIT_NIGHT or s.phase is not _DAY:
        raise IllegalAction(R.CLUB_DAY_NOT_OVER, step=Phrase(CLUB_STEP_WORDS[s.step]))
    tx.emit(ev.NightBegan(s.number))


def _speech_end(tx: Tx, a: act.SpeechEnd) -> None:
    head = tx.state.speaking
    if head is None:
        raise IllegalAction(R.CLUB_NOBODY_SPEAKING)
    tx.emit(ev.SpeechEnded(head.seat))
    advance(tx)


def _night_action(tx: Tx, a: ca.NightAction) -> None:
    s = tx.state
    if a.act is _KAMIKAZE_PICK and s.step is ClubStep.PICK:
        day_pick(tx, a.seat)
    elif a.act is _KAMIKAZE_PICK and s.phase is Phase.DAY:
        raise IllegalAction(R.CLUB_KAMIKAZE_DAY)
    else:
        night_action(tx, a.act, a.seat)


def _no_removal_now(s: ClubState) -> None:
    if s.step in (ClubStep.CATASTROPHE, ClubStep.PICK):
        raise IllegalAction(R.CLUB_PENDING_CHOICE)


def _foul(tx: Tx, a: act.Foul) -> None:
    """004 §9: 3rd muted, 4th no vote, both for this day and the next; 5th leaves."""
    s = tx.state
    _seat(s, a.seat)
    if a.kind is not None:
        raise IllegalAction(R.CLUB_FOUL_KIND)
    if s.finished:
        tx.emit(ev.FoulGiven(a.seat))  # counted, no effect (club R21)
        return
    if s.step in (ClubStep.DEAL, ClubStep.READY):
        raise IllegalAction(R.CLUB_FOUL_NOT_STARTED)
    if a.seat not in s.at_table:
        raise IllegalAction(R.CLUB_FOUL_NOT_AT_TABLE, seat=a.seat)
    count = s.fouls[a.seat - 1] + 1
    if count == 5:
        _no_removal_now(s)
    tx.emit(ev.FoulGiven(a.seat))
    day = foul_day(s)
    if count == 3:
        tx.emit(ev.Muted(a.seat, day + 1))
        if s.phase is Phase.DAY and any(x.seat == a.seat for x in s.queue):
            tx.emit(ev.QueueDropped(a.seat))  # his speech ends at once (club R30)
            advance(tx)
    elif count == 4:
        tx.emit(ev.Banned(a.seat, day + 1))
        d = s.day
        if s.step is ClubStep.VOTE and d is not None and any(a.seat in v for _, v in d.entered):
            tx.emit(ev.VoteStruck(a.seat))  # club R31
    elif count == 5:
        remove(tx, a.seat, ClubCause.FOULS)


def _disqualify(tx: Tx, a: ca.ClubDisqualify) -> None:
    s = tx.state
    _seat(s, a.seat)
    if s.step in (ClubStep.DEAL, ClubStep.READY):
        raise IllegalAction(R.CLUB_DISQUALIFY_NOT_STARTED)
    if a.kind == "team_loss":
        team_loss(tx, a.seat)
        return
    if a.seat not in s.at_table:
        raise IllegalAction(R.CLUB_DISQUALIFY_NOT_AT_TABLE, seat=a.seat)
    _no_removal_now(s)
    remove(tx, a.seat, ClubCause.DROPPED if a.kind == "drop" else ClubCause.DISQUALIFIED)


def _after(s: ClubState, words: Refusal) -> None:
    if not s.finished:
        raise IllegalAction(R.CLUB_AFTER_RESULT, what=Phrase(words))


def _extra(tx: Tx, a: act.Extra) -> None:
    """004 §8 "за красивую игру": 1 point to a seat of the winning side; 0 withdraws it."""
    s = tx.state
    _after(s, R.CW_EXTRA)
    _seat(s, a.seat)
    if a.points not in (0, 100):
        raise IllegalAction(R.CLUB_EXTRA_POINT)
    if s.role(a.seat).side is not s.winner:
        raise IllegalAction(R.CLUB_EXTRA_SIDE, seat=a.seat)
    tx.emit(ev.ExtraGiven(a.seat, a.points // 100))


def _penalty(tx: Tx, a: act.Penalty) -> None:
    s = tx.state
    _after(s, R.CW_PENALTY)
    _seat(s, a.seat)
    if a.points >= 0 or a.points % 100:
        raise IllegalAction(R.CLUB_PENALTY_POINTS)
    tx.emit(ev.PenaltyGiven(a.seat, a.points // 100, a.clause))


def _protest(tx: Tx, a: act.Protest) -> None:
    _after(tx.state, R.CW_PROTEST)
    _seat(tx.state, a.seat)
    tx.emit(ev.Protested(a.seat, a.text))


def _close(tx: Tx, a: act.Close) -> None:
    _after(tx.state, R.CW_CLOSE)
    if tx.state.speaking is not None:
        raise IllegalAction(R.CLUB_CLOSE_FAREWELL)
    tx.emit(ev.Closed())


def _catastrophe(tx: Tx, a: ca.Catastrophe) -> None:
    catastrophe(tx, a.seat)


def _undo(tx: Tx, a: act.Undo) -> None:
    raise IllegalAction(R.CLUB_NOT_IN_GAME, action=type(a).__name__)  # the game pops it


# one rule per action class, looked up by the action's class, a subclass by `kind_of`
# (engine.classic.apply says why this style)
_HANDLERS: dict[type, Handler] = dict((
    _on(act.SpeechEnd, _speech_end), _on(ca.NightAction, _night_action), _on(act.Day, _day),
    _on(ca.DiscussionEnd, discussion_end), _on(ca.NominationsEnd, nominations_end),
    _on(act.Nominate, nominate), _on(act.Votes, votes), _on(act.Night, _night),
    _on(act.Foul, _foul), _on(act.Start, _start), _on(ca.ClubRoles, _roles),
    _on(ca.ClubDisqualify, _disqualify), _on(ca.Catastrophe, _catastrophe),
    _on(act.Extra, _extra), _on(act.Penalty, _penalty), _on(act.Protest, _protest),
    _on(act.Close, _close), _on(act.Undo, _undo),
))
_AFTER_END = frozenset((act.SpeechEnd, act.Foul, act.Extra, act.Penalty, act.Protest, act.Close))
_ODD = set(get_args(ca.ClubAction)) ^ _HANDLERS.keys()
if _ODD:  # checked when the module loads: every test run would fail
    raise TypeError(f"club actions without a rule, or rules of no club action: {_ODD}")
