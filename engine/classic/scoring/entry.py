"""The after-game lines checked against the rules: each accepted one emits one sheet event.

`engine.classic.rules.decide` hands these actions here (docs/scoring.md, "After-game actions").
"""

from __future__ import annotations

from engine import actions as act
from engine.classic.checks import seat_number
from engine.classic.flow import Tx
from engine.classic.scoring import sheet
from engine.classic.scoring.limits import check_entry
from engine.classic.state import FAREWELL, GameState
from engine.errors import IllegalAction
from engine.refusals import R, Refusal, phrase


def _decided(s: GameState, what: Refusal) -> None:
    if s.winner is None:
        raise IllegalAction(R.DECIDED_FIRST, what=phrase(what))


def _extra(tx: Tx, a: act.Extra) -> None:
    s = tx.state
    _decided(s, R.W_EXTRA_POINTS)
    seat_number(a.seat)
    if a.points == 0 and s.sheet.extra_of(a.seat) is None:
        raise IllegalAction(R.NO_EXTRA_TO_WITHDRAW, seat=a.seat)
    after = s._replace(sheet=sheet.fold(s.sheet, sheet.ExtraSet(a.seat, a.points, a.approved_by)))
    check_entry(after, tx.rules, a.seat, a.points, a.approved_by)
    tx.emit(sheet.ExtraSet(a.seat, a.points, a.approved_by))


def _penalty(tx: Tx, a: act.Penalty) -> None:
    _decided(tx.state, R.W_PENALTY)
    seat_number(a.seat)
    if a.points >= 0:
        raise IllegalAction(R.PENALTY_NEGATIVE)
    tx.emit(sheet.PenaltyGiven(sheet.PenaltyEntry(a.seat, a.points, a.clause, a.note,
                                                  a.approved_by)))


def _colour_left(tx: Tx, a: act.LeaveColour) -> None:
    s, rules = tx.state, tx.rules
    if not rules.scoring.colour_left.allowed:
        raise IllegalAction(R.NO_COLOUR_LEFT, rules=rules.id)
    seat_number(a.seat)
    seat_number(a.named, R.W_NAMED_SEAT)
    sp = s.speech
    killed = any(r.seat == a.seat and r.cause == "kill" for r in s.removed)
    if sp is None or sp.kind != FAREWELL or sp.seat != a.seat or not killed:
        raise IllegalAction(R.COLOUR_FAREWELL_ONLY, seat=a.seat)  # 000 III.5.1
    if a.named == a.seat:
        raise IllegalAction(R.COLOUR_SELF, seat=a.seat)
    if any(c.seat == a.seat for c in s.sheet.colour_left):
        raise IllegalAction(R.COLOUR_TWICE, seat=a.seat)
    tx.emit(sheet.ColourLeftNoted(sheet.ColourLeft(a.seat, a.named, a.colour)))


def _protest(tx: Tx, a: act.Protest) -> None:
    _decided(tx.state, R.W_PROTEST)
    seat_number(a.seat)
    tx.emit(sheet.ProtestWritten(sheet.Protest(a.seat, a.text)))


def _close(tx: Tx, a: act.Close) -> None:
    s = tx.state
    _decided(s, R.W_SIGNATURE)
    if s.speech is not None:
        raise IllegalAction(R.CLOSE_SPEAKING, seat=s.speech.seat)
    tx.emit(sheet.ProtocolClosed(a.judge))


def decide_after_game(state: GameState, action: act.Action, tx: Tx) -> bool:
    """Handle an after-game line; False when the action is none of them. Once the protocol
    is closed, nothing but undo is accepted."""
    if state.sheet.closed:
        raise IllegalAction(R.PROTOCOL_CLOSED)
    match action:
        case act.Extra():
            _extra(tx, action)
        case act.Penalty():
            _penalty(tx, action)
        case act.LeaveColour():
            _colour_left(tx, action)
        case act.Protest():
            _protest(tx, action)
        case act.Close():
            _close(tx, action)
        case _:
            return False
    return True
