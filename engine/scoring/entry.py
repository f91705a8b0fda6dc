"""The after-game lines checked against the rules: each accepted one emits one sheet event.

`engine.rules.decide` hands these actions here (docs/scoring.md, "After-game actions").
"""

from __future__ import annotations

from engine import actions as act
from engine.checks import seat_number
from engine.errors import IllegalAction
from engine.flow import Tx
from engine.scoring import sheet
from engine.scoring.limits import check_entry
from engine.state import FAREWELL, GameState


def _decided(s: GameState, what: str) -> None:
    if s.winner is None:
        raise IllegalAction(f"{what} can be entered only after the result is decided")


def _extra(tx: Tx, a: act.Extra) -> None:
    s = tx.state
    _decided(s, "extra points")
    seat_number(a.seat)
    if a.points == 0 and s.sheet.extra_of(a.seat) is None:
        raise IllegalAction(f"seat {a.seat} has no extra points to withdraw")
    after = s._replace(sheet=sheet.fold(s.sheet, sheet.ExtraSet(a.seat, a.points, a.approved_by)))
    check_entry(after, tx.rules, a.seat, a.points, a.approved_by)
    tx.emit(sheet.ExtraSet(a.seat, a.points, a.approved_by))


def _penalty(tx: Tx, a: act.Penalty) -> None:
    _decided(tx.state, "a penalty")
    seat_number(a.seat)
    if a.points >= 0:
        raise IllegalAction("a penalty is negative points, e.g. -0.3")
    tx.emit(sheet.PenaltyGiven(sheet.PenaltyEntry(a.seat, a.points, a.clause, a.note,
                                                  a.approved_by)))


def _colour_left(tx: Tx, a: act.LeaveColour) -> None:
    s, rules = tx.state, tx.rules
    if not rules.scoring.colour_left.allowed:
        raise IllegalAction(f"{rules.id} has no colour left on record (only cml, 000 III.5)")
    seat_number(a.seat)
    seat_number(a.named, "named seat")
    sp = s.speech
    killed = any(r.seat == a.seat and r.cause == "kill" for r in s.removed)
    if sp is None or sp.kind != FAREWELL or sp.seat != a.seat or not killed:
        raise IllegalAction(f"seat {a.seat} can leave a colour only during his farewell "
                            "after a night kill (000 III.5.1)")
    if a.named == a.seat:
        raise IllegalAction(f"seat {a.seat} cannot leave himself on record")
    if any(c.seat == a.seat for c in s.sheet.colour_left):
        raise IllegalAction(f"seat {a.seat} has already left a colour in this farewell")
    tx.emit(sheet.ColourLeftNoted(sheet.ColourLeft(a.seat, a.named, a.colour)))


def _protest(tx: Tx, a: act.Protest) -> None:
    _decided(tx.state, "a protest")
    seat_number(a.seat)
    tx.emit(sheet.ProtestWritten(sheet.Protest(a.seat, a.text)))


def _close(tx: Tx, a: act.Close) -> None:
    s = tx.state
    _decided(s, "the signature")
    if s.speech is not None:
        raise IllegalAction(f"seat {s.speech.seat} is still speaking: end the speech first")
    tx.emit(sheet.ProtocolClosed(a.judge))


def decide_after_game(state: GameState, action: act.Action, tx: Tx) -> bool:
    """Handle an after-game line; False when the action is none of them. Once the protocol
    is closed, nothing but undo is accepted."""
    if state.sheet.closed:
        raise IllegalAction("the protocol is closed and signed: only undo is accepted")
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
