"""The club day (004 §6): speeches, nominations, the vote, авто катастрофа, the day pick."""

from __future__ import annotations

from typing import NamedTuple

from engine import actions as act
from engine.club import actions as ca
from engine.club import events as ev
from engine.club.flow import Tx, begin, check_win, farewells, seats_from
from engine.club.state import ClubDay, ClubState, Tally
from engine.errors import IllegalAction
from engine.refusals import CLUB_STEP_WORDS, Phrase, R, Refusal
from engine.roles import ClubRole
from engine.values import compare_by_class
from engine.vocab import ClubCause, ClubStep, DayVote, Phase


def _day(s: ClubState) -> ClubDay:
    assert s.day is not None
    return s.day


class Line(NamedTuple):
    """A line of the day: the step it belongs to, and its name in a refusal."""

    step: ClubStep
    words: Refusal


compare_by_class(Line)


# built once: on Python 3.11 each `Enum.MEMBER` costs as much as a tuple copy (see flow)
DISCUSSION_END = Line(ClubStep.DISCUSSION, R.CW_DISCUSSION)
NOMINATION = Line(ClubStep.NOMINATIONS, R.CW_NOMINATION)
NOMINATIONS_END = Line(ClubStep.NOMINATIONS, R.CW_NOMINATIONS_END)
VOTES = Line(ClubStep.VOTE, R.CW_VOTES)
MANIAC_CHOICE = Line(ClubStep.CATASTROPHE, R.CW_MANIAC_CHOICE)
_DAY, _HELD, _VOTE, _CATASTROPHE = Phase.DAY, DayVote.HELD, ClubCause.VOTE, ClubCause.CATASTROPHE
_AWAIT_NIGHT, _DISCUSSION = ClubStep.AWAIT_NIGHT, ClubStep.DISCUSSION


def _step(s: ClubState, line: Line) -> None:
    if s.step is not line.step or s.phase is not _DAY:
        raise IllegalAction(R.CLUB_NOT_NOW, what=Phrase(line.words),
                            step=Phrase(CLUB_STEP_WORDS[s.step]))


def open_day(tx: Tx, number: int, leavers: tuple[int, ...] = ()) -> None:
    """Day 1 opens from seat 1, later days after the previous opener (club R5); the
    night's leavers speak first (004 §6, club R11)."""
    s = tx.state
    first = 1 if number == 1 or not s.days else s.days[-1].opener % s.seats + 1
    order = seats_from(s, first)
    tx.emit(ev.DayBegan(number, order[0] if order else first))
    farewells(tx, leavers, _AWAIT_NIGHT if tx.state.finished else _DISCUSSION)


def discussion_end(tx: Tx, a: ca.DiscussionEnd) -> None:
    _step(tx.state, DISCUSSION_END)
    begin(tx, ClubStep.SPEECHES)


def nominate(tx: Tx, a: act.Nominate) -> None:
    """004 §6 stage 3: one nomination each, in any order; a seat named twice is "не принята"."""
    s = tx.state
    _step(s, NOMINATION)
    d = _day(s)
    if a.by is None:
        raise IllegalAction(R.CLUB_NOMINATION_BY)
    for seat in (a.by, a.seat):
        if not 1 <= seat <= s.seats:
            raise IllegalAction(R.CLUB_NOT_A_SEAT, seat=seat, seats=s.seats)
    if a.by not in s.at_table:
        raise IllegalAction(R.CLUB_CANNOT_NOMINATE, seat=a.by)
    if s.muted(a.by, d.number):
        raise IllegalAction(R.CLUB_MUTED_NOMINATE, seat=a.by)
    if a.by in d.nominators:
        raise IllegalAction(R.CLUB_ONE_NOMINATION, seat=a.by)
    if a.seat not in s.at_table:
        raise IllegalAction(R.CLUB_NOT_AT_TABLE, seat=a.seat)
    if a.seat in d.nominations:
        raise IllegalAction(R.CLUB_ALREADY_NOMINATED, seat=a.seat)
    if s.immune_now(a.seat):
        raise IllegalAction(R.CLUB_IMMUNE_NOMINATION, seat=a.seat)
    tx.emit(ev.Nominated(a.by, a.seat))


def nominations_end(tx: Tx, a: ca.NominationsEnd) -> None:
    s = tx.state
    _step(s, NOMINATIONS_END)
    if not _day(s).candidates:
        tx.emit(ev.VoteSettled(DayVote.NONE))
        tx.emit(ev.StepBegan(ClubStep.AWAIT_NIGHT))
        return
    begin(tx, ClubStep.JUSTIFICATION)


def votes(tx: Tx, a: act.Votes) -> None:
    """004 §6 stage 5: one line per candidate in nomination order, each voter once."""
    s = tx.state
    _step(s, VOTES)
    d = _day(s)
    voters = a.voters
    if a.count is not None or voters is None:
        raise IllegalAction(R.CLUB_VOTERS_LISTED)
    entered = d.entered
    expected = d.candidates[len(entered)]
    if a.seat != expected:
        raise IllegalAction(R.CLUB_VOTE_ORDER, expected=expected, seat=a.seat)
    table, banned, today = s.at_table, s.banned_until, d.number  # `s.banned`, inlined
    already = {v for _, vs in entered for v in vs}
    seen: set[int] = set()
    for v in voters:
        if v not in table:
            raise IllegalAction(R.CLUB_VOTER_NOT_AT_TABLE, seat=v)
        if banned[v - 1] >= today:
            raise IllegalAction(R.CLUB_BANNED_VOTE, seat=v)
        if v in seen or v in already:
            raise IllegalAction(R.CLUB_ALREADY_VOTED, seat=v)
        seen.add(v)
    tx.emit(ev.VotesEntered(a.seat, voters))
    if len(entered) + 1 == len(d.candidates):  # this was the last candidate's line
        _close(tx)


def _close(tx: Tx) -> None:
    """Who did not vote voted against himself (004 §6, club R8); the top leaves."""
    s = tx.state
    d = _day(s)
    counts = dict.fromkeys(d.candidates, 0)
    voted: set[int] = set()
    for seat, vs in d.entered:
        counts[seat] += len(vs)
        voted.update(vs)
    banned, today = s.banned_until, d.number
    abstained = tuple(x for x in sorted(s.at_table) if x not in voted and banned[x - 1] < today)
    for x in abstained:
        counts[x] = counts.get(x, 0) + 1
    tally = tuple(counts.items())
    tx.emit(ev.VoteClosed(Tally(tally, abstained)))
    tx.emit(ev.VoteSettled(_HELD))
    immune = s.immune if s.number == 1 else ()  # 004 §5: cannot leave (`s.immune_now`)
    ranked = [(x, c) for x, c in tally if x not in immune]
    top = max((c for _, c in ranked), default=0)
    tops = tuple(x for x, c in ranked if c == top)
    if len(tops) == 1:
        _leave(tx, tops, _VOTE)
    elif not tops:
        farewells(tx, (), ClubStep.AWAIT_NIGHT)
    else:
        tx.emit(ev.Tied(tops))
        if s.present(ClubRole.MANIAC) is not None:  # "решает маньяк" (club R9)
            tx.emit(ev.StepBegan(ClubStep.CATASTROPHE))
        else:
            tx.emit(ev.Chosen(None))
            _leave(tx, tops, _CATASTROPHE)


def catastrophe(tx: Tx, seat: int) -> None:
    s = tx.state
    _step(s, MANIAC_CHOICE)
    tied = _day(s).tied
    if seat not in tied:
        raise IllegalAction(R.CLUB_NOT_TIED, seat=seat, tied=_list(tied))
    tx.emit(ev.Chosen(seat))
    _leave(tx, (seat,), ClubCause.CATASTROPHE)


def _leave(tx: Tx, seats: tuple[int, ...], cause: ClubCause) -> None:
    s = tx.state
    kamikaze = s.present(ClubRole.KAMIKAZE)
    for x in seats:
        tx.emit(ev.Left(x, cause, not s.muted(x, s.number)))
    if kamikaze in seats:  # he picks first (club R18)
        tx.emit(ev.PickAwaited(kamikaze))
        tx.emit(ev.StepBegan(ClubStep.PICK))
        return
    _after_vote(tx, seats)


def day_pick(tx: Tx, seat: int | None) -> None:
    """A kamikaze voted out takes one at the table with him (club R18); not an immune seat
    on day 1 (004 §5)."""
    s = tx.state
    kamikaze = s.pick_by
    assert kamikaze is not None
    if seat is not None:
        if seat not in s.at_table:
            raise IllegalAction(R.CLUB_NOT_AT_TABLE, seat=seat)
        if s.immune_now(seat):
            raise IllegalAction(R.CLUB_IMMUNE_KAMIKAZE, seat=seat)
    tx.emit(ev.PickAwaited(None))
    leavers = tuple(r.seat for r in s.removed if r.phase is Phase.DAY and r.number == s.number
                    and r.cause in (ClubCause.VOTE, ClubCause.CATASTROPHE))
    if seat is not None:
        tx.emit(ev.Left(seat, ClubCause.KAMIKAZE, not s.muted(seat, s.number)))
        at = leavers.index(kamikaze) + 1
        leavers = (*leavers[:at], seat, *leavers[at:])
    _after_vote(tx, leavers)


def _after_vote(tx: Tx, leavers: tuple[int, ...]) -> None:
    check_win(tx)
    farewells(tx, leavers, ClubStep.AWAIT_NIGHT)


def _list(seats: tuple[int, ...]) -> str:
    return ", ".join(str(x) for x in seats)
