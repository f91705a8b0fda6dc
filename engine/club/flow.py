"""What follows by itself in a club game: steps, speaking queues, removals, the win check.

Each step emits events through a `Tx`, which applies them at once so the next step sees the
updated state.
"""

from __future__ import annotations

from bisect import bisect_left

from engine.club import events as ev
from engine.club.apply import APPLY
from engine.club.setup import MAX_SEATS, Settings
from engine.club.state import ClubState, Speech
from engine.roles import CLUB_SIDES, ClubRole, Side
from engine.vocab import (
    ClubCause,
    ClubSpeech,
    ClubStep,
    ClubTermination,
    DayVote,
    Phase,
)

QUEUE_STEPS = frozenset({ClubStep.FAREWELL, ClubStep.SPEECHES, ClubStep.JUSTIFICATION})
# members read on most actions, bound once: on Python 3.11 (Raspberry Pi OS bookworm's) every
# `Enum.MEMBER` goes through `EnumType.__getattr__`'s slot, ~0.3 µs on the bench machine
_DAY, _SPEECHES, _NOMINATIONS = Phase.DAY, ClubStep.SPEECHES, ClubStep.NOMINATIONS
_JUSTIFICATION, _VOTE, _FAREWELL = ClubStep.JUSTIFICATION, ClubStep.VOTE, ClubStep.FAREWELL


def _speeches(kind: ClubSpeech) -> dict[int, Speech]:
    return {x: Speech(x, kind) for x in range(1, MAX_SEATS + 1)}


# every speech there can be, by seat, built once (a Speech is a value): building one per seat
# cost a discussion's end more than the rest of it
SPEECH, JUSTIFICATION, FAREWELL = map(_speeches, (ClubSpeech.SPEECH, ClubSpeech.JUSTIFICATION,
                                                   ClubSpeech.FAREWELL))


class Tx:
    """The events of one action, applied as they are emitted; the game's settings."""

    __slots__ = ("events", "settings", "state")

    def __init__(self, state: ClubState, settings: Settings) -> None:
        self.state = state
        self.settings = settings
        self.events: list[ev.ClubEvent] = []

    def emit(self, event: ev.ClubEvent) -> None:
        self.events.append(event)
        self.state = APPLY[type(event)](self.state, event)  # `apply`, one call fewer


def seats_from(s: ClubState, first: int) -> tuple[int, ...]:
    """Seats at the table in speaking order from `first`, cyclically (club R5)."""
    order = sorted(s.at_table)
    at = bisect_left(order, first)
    return (*order[at:], *order[:at])


def begin(tx: Tx, step: ClubStep) -> None:
    """Open a step of the day (004 §6); a speaking step with nobody to speak passes on."""
    s = tx.state
    d = s.day
    assert d is not None
    until, today = s.muted_until, d.number  # muted today: `s.muted`, without a call per seat
    if step is _SPEECHES:
        q = tuple(SPEECH[x] for x in seats_from(s, d.opener) if until[x - 1] < today)
        tx.emit(ev.StepBegan(step, q, _NOMINATIONS))
    elif step is _JUSTIFICATION:
        q = tuple(JUSTIFICATION[x] for x in d.candidates if until[x - 1] < today)
        tx.emit(ev.StepBegan(step, q, _VOTE))
    else:
        tx.emit(ev.StepBegan(step))
    advance(tx)


def advance(tx: Tx) -> None:
    """A speaking step whose queue is done moves on to the step after it."""
    s = tx.state
    if not s.queue and s.step in QUEUE_STEPS and s.phase is _DAY:
        begin(tx, s.then)


def farewells(tx: Tx, leavers: tuple[int, ...], then: ClubStep) -> None:
    """The last words of `leavers` who have one, in that order (club R11), then `then`."""
    if leavers:
        has = {r.seat for r in tx.state.removed if r.last_word}
        q = tuple(FAREWELL[x] for x in leavers if x in has)
    else:
        q = ()
    tx.emit(ev.StepBegan(_FAREWELL, q, then))
    advance(tx)


def winner(s: ClubState) -> tuple[Side, ClubTermination] | None:
    """Club R21: M = the mafia side at the table, K = the maniac, T = all at the table."""
    roles = s.roles
    assert roles is not None
    sides = [CLUB_SIDES[roles[x - 1]] for x in s.at_table]  # one pass: called per leaving
    m = sides.count(Side.MAFIA)
    k = 1 if Side.MANIAC in sides else 0
    t = len(sides)
    if m == 0 and k == 0:
        return Side.CITY, ClubTermination.MAFIA_AND_MANIAC_OUT
    if k == 1 and t <= 2:
        return Side.MANIAC, ClubTermination.MANIAC_LAST_TWO
    if k == 0 and m >= 1 and 2 * m >= t:
        return Side.MAFIA, ClubTermination.MAFIA_PARITY
    return None


def check_win(tx: Tx) -> bool:
    """After each leaving with its consequences (club R21); True once the game is decided."""
    if tx.state.finished:
        return True
    won = winner(tx.state)
    if won is not None:
        tx.emit(ev.GameEnded(won[0], won[1]))
    return won is not None


def remove(tx: Tx, seat: int, cause: ClubCause) -> None:
    """A removal (004 §9): no last word, his card stops; the vote may go on or be
    cancelled (004 §6, club R10); then the win check."""
    s = tx.state
    if cause is ClubCause.DROPPED:
        side = s.role(seat).side
        if s.side_at_table(side) == (seat,):
            tx.emit(ev.DropUnfined(seat))
    if any(x.seat == seat for x in s.queue):
        tx.emit(ev.QueueDropped(seat))
    tx.emit(ev.Left(seat, cause, False))
    d = tx.state.day
    if tx.state.phase is Phase.DAY and d is not None:
        if seat in d.candidates:
            tx.emit(ev.CandidateDropped(seat))
        if tx.state.step in (ClubStep.JUSTIFICATION, ClubStep.VOTE):
            if len(tx.state.day.candidates if tx.state.day else ()) >= 2:
                if tx.state.step is ClubStep.VOTE and d.entered:
                    tx.emit(ev.VotesVoided())
            else:
                tx.emit(ev.VoteSettled(DayVote.CANCELLED))
                tx.emit(ev.StepBegan(ClubStep.AWAIT_NIGHT))
    if not check_win(tx):
        advance(tx)


def team_loss(tx: Tx, seat: int) -> None:
    """004 §9 "особые нарушения": the other side wins (club R22); at the table he leaves."""
    s = tx.state
    side = s.role(seat).side
    if seat in s.at_table:
        if any(x.seat == seat for x in s.queue):
            tx.emit(ev.QueueDropped(seat))
        tx.emit(ev.Left(seat, ClubCause.DISQUALIFIED, False))
    won = Side.MAFIA if side is Side.CITY else Side.CITY
    tx.emit(ev.GameEnded(won, ClubTermination.TEAM_LOSS, seat))


def foul_day(s: ClubState) -> int:
    """The day a foul counts for: today, or the coming day for one given at night (004 §9)."""
    return s.number if s.phase is Phase.DAY else s.number + 1


def kamikaze_seat(s: ClubState) -> int | None:
    return s.present(ClubRole.KAMIKAZE)
