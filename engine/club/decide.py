"""decide(state, action) -> Tx: every host action checked against the club rules.

An illegal action raises `IllegalAction` with a reason the host understands and changes
nothing; a legal one returns its events, consequences included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
from engine.vocab import ClubCause, ClubStep, NightAct, Phase

_AFTER_END = (act.SpeechEnd, act.Foul, act.Extra, act.Penalty, act.Protest, act.Close)


def decide(s: ClubState, action: ca.ClubAction, settings: Settings) -> Tx:
    tx = Tx(s)
    if s.closed:
        raise IllegalAction("the protocol is closed: only undo")
    if s.finished and not isinstance(action, _AFTER_END):
        raise IllegalAction(f"the game is over ({s.winner} won): only the end of a farewell, "
                            "fouls, after-game lines and undo")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"{type(action).__name__} is not part of the club game")
    handler(tx, action, settings)
    return tx


def _seat(s: ClubState, seat: int) -> None:
    if not 1 <= seat <= s.seats:
        raise IllegalAction(f"seat {seat} is not at this table (seats 1-{s.seats})")


def _roles(tx: Tx, a: ca.ClubRoles, settings: Settings) -> None:
    if tx.state.step is not ClubStep.DEAL:
        raise IllegalAction("the cards are already dealt")
    tx.emit(ev.Dealt(deal(a, settings)))


def _start(tx: Tx, a: act.Start, settings: Settings) -> None:
    if tx.state.step is not ClubStep.READY:
        raise IllegalAction("start: deal the cards first" if tx.state.step is ClubStep.DEAL
                            else "the game has already started")
    tx.emit(ev.ZeroNightBegan())


def _day(tx: Tx, a: act.Day, settings: Settings) -> None:
    s = tx.state
    if s.step is ClubStep.ZERO_NIGHT:
        open_day(tx, 1)
    elif s.step is ClubStep.NIGHT:
        dawn(tx)
    else:
        raise IllegalAction("day: it is not night")


def _night(tx: Tx, a: act.Night, settings: Settings) -> None:
    s = tx.state
    if s.phase is not Phase.DAY or s.step is not ClubStep.AWAIT_NIGHT:
        raise IllegalAction(f"night: the day is not over (it is at {s.step.value})")
    tx.emit(ev.NightBegan(s.number))


def _speech_end(tx: Tx, a: act.SpeechEnd, settings: Settings) -> None:
    head = tx.state.speaking
    if head is None:
        raise IllegalAction("nobody is speaking")
    tx.emit(ev.SpeechEnded(head.seat))
    advance(tx)


def _discussion_end(tx: Tx, a: ca.DiscussionEnd, settings: Settings) -> None:
    discussion_end(tx)


def _nominate(tx: Tx, a: act.Nominate, settings: Settings) -> None:
    nominate(tx, a)


def _nominations_end(tx: Tx, a: ca.NominationsEnd, settings: Settings) -> None:
    nominations_end(tx)


def _votes(tx: Tx, a: act.Votes, settings: Settings) -> None:
    votes(tx, a)


def _catastrophe(tx: Tx, a: ca.Catastrophe, settings: Settings) -> None:
    catastrophe(tx, a.seat)


def _night_action(tx: Tx, a: ca.NightAction, settings: Settings) -> None:
    s = tx.state
    if a.act is NightAct.KAMIKAZE and s.step is ClubStep.PICK:
        day_pick(tx, a.seat)
    elif a.act is NightAct.KAMIKAZE and s.phase is Phase.DAY:
        raise IllegalAction("kamikaze: by day he picks only when voted out (club R18)")
    else:
        night_action(tx, a.act, a.seat)


def _no_removal_now(s: ClubState) -> None:
    if s.step in (ClubStep.CATASTROPHE, ClubStep.PICK):
        raise IllegalAction("first enter the pending choice (the maniac's or the kamikaze's), "
                            "then the removal")


def _foul(tx: Tx, a: act.Foul, settings: Settings) -> None:
    """004 §9: 3rd muted, 4th no vote, both for this day and the next; 5th leaves."""
    s = tx.state
    _seat(s, a.seat)
    if a.kind is not None:
        raise IllegalAction("foul: a club foul has no 'kind'")
    if s.finished:
        tx.emit(ev.FoulGiven(a.seat))  # counted, no effect (club R21)
        return
    if s.step in (ClubStep.DEAL, ClubStep.READY):
        raise IllegalAction("foul: the game has not started")
    if a.seat not in s.at_table:
        raise IllegalAction(f"foul: seat {a.seat} is not at the table")
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


def _disqualify(tx: Tx, a: ca.ClubDisqualify, settings: Settings) -> None:
    s = tx.state
    _seat(s, a.seat)
    if s.step in (ClubStep.DEAL, ClubStep.READY):
        raise IllegalAction("disqualify: the game has not started")
    if a.kind == "team_loss":
        team_loss(tx, a.seat)
        return
    if a.seat not in s.at_table:
        raise IllegalAction(f"disqualify: seat {a.seat} is not at the table")
    _no_removal_now(s)
    remove(tx, a.seat, ClubCause.DROPPED if a.kind == "drop" else ClubCause.DISQUALIFIED)


def _after(s: ClubState, words: str) -> None:
    if not s.finished:
        raise IllegalAction(f"{words}: only after the result")


def _extra(tx: Tx, a: act.Extra, settings: Settings) -> None:
    """004 §8 "за красивую игру": 1 point to a seat of the winning side; 0 withdraws it."""
    s = tx.state
    _after(s, "extra")
    _seat(s, a.seat)
    if a.points not in (0, 100):
        raise IllegalAction("extra: the club's extra point is 1 (or 0 to withdraw it)")
    if s.role(a.seat).side is not s.winner:
        raise IllegalAction(f"extra: seat {a.seat} is not of the winning side (004 §8)")
    tx.emit(ev.ExtraGiven(a.seat, a.points // 100))


def _penalty(tx: Tx, a: act.Penalty, settings: Settings) -> None:
    s = tx.state
    _after(s, "penalty")
    _seat(s, a.seat)
    if a.points >= 0 or a.points % 100:
        raise IllegalAction("penalty: club points are whole and negative, e.g. -50")
    tx.emit(ev.PenaltyGiven(a.seat, a.points // 100, a.clause))


def _protest(tx: Tx, a: act.Protest, settings: Settings) -> None:
    _after(tx.state, "protest")
    _seat(tx.state, a.seat)
    tx.emit(ev.Protested(a.seat, a.text))


def _close(tx: Tx, a: act.Close, settings: Settings) -> None:
    _after(tx.state, "close")
    if tx.state.speaking is not None:
        raise IllegalAction("close: a farewell is still going on")
    tx.emit(ev.Closed())


_HANDLERS: dict[type, Callable[[Tx, Any, Settings], None]] = {
    ca.ClubRoles: _roles, act.Start: _start, act.Day: _day, act.Night: _night,
    act.SpeechEnd: _speech_end, ca.DiscussionEnd: _discussion_end, act.Nominate: _nominate,
    ca.NominationsEnd: _nominations_end, act.Votes: _votes, ca.Catastrophe: _catastrophe,
    ca.NightAction: _night_action, act.Foul: _foul, ca.ClubDisqualify: _disqualify,
    act.Extra: _extra, act.Penalty: _penalty, act.Protest: _protest, act.Close: _close,
}
