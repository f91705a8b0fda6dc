"""The club game's state: immutable values built only by folding events (`engine.club.apply`)."""

from __future__ import annotations

from typing import NamedTuple

from engine.roles import CLUB_SIDES, ClubRole, Side
from engine.values import compare_by_class
from engine.vocab import CLUB_REMOVALS, ClubSpeech, ClubStep, DayVote, NightAct, Phase


class Speech(NamedTuple):
    seat: int
    kind: ClubSpeech


class Leave(NamedTuple):
    seat: int
    cause: str
    phase: Phase
    number: int
    last_word: bool


class Tally(NamedTuple):
    """A closed vote: (seat, votes) in tally order, the non-voters, the leavers' choice."""

    votes: tuple[tuple[int, int], ...]
    abstained: tuple[int, ...]


class ClubDay(NamedTuple):
    number: int
    opener: int
    speakers: tuple[int, ...] = ()
    muted: tuple[int, ...] = ()
    nominations: tuple[int, ...] = ()
    nominators: tuple[int, ...] = ()
    candidates: tuple[int, ...] = ()  # the live candidates of the vote
    entered: tuple[tuple[int, tuple[int, ...]], ...] = ()
    vote: DayVote = DayVote.PENDING
    tally: Tally | None = None
    tied: tuple[int, ...] = ()
    chosen: int | None = None


class ClubNight(NamedTuple):
    number: int
    acts: tuple[tuple[NightAct, int | None], ...] = ()  # in the night's order
    saved: int | None = None
    blast: tuple[int, ...] = ()

    def get(self, step: NightAct) -> tuple[bool, int | None]:
        for name, seat in self.acts:
            if name is step:
                return True, seat
        return False, None


class ClubState(NamedTuple):
    seats: int = 10
    tournament: bool = False
    immune: frozenset[int] = frozenset()  # the header's immunity in effect (004 §5)
    roles: tuple[ClubRole, ...] | None = None
    phase: Phase = Phase.SETUP
    number: int = 0
    step: ClubStep = ClubStep.DEAL
    at_table: frozenset[int] = frozenset()
    removed: tuple[Leave, ...] = ()
    fouls: tuple[int, ...] = ()
    muted_until: tuple[int, ...] = ()  # the last day each seat is muted (3rd foul, 004 §9)
    banned_until: tuple[int, ...] = ()  # the last day each seat may not vote (4th foul)
    days: tuple[ClubDay, ...] = ()
    day: ClubDay | None = None
    nights: tuple[ClubNight, ...] = ()
    night: ClubNight | None = None
    queue: tuple[Speech, ...] = ()  # speeches to come; the head is speaking
    then: ClubStep = ClubStep.DISCUSSION  # the step after the queue
    pick_by: int | None = None  # a kamikaze voted out, his pick awaited (club R18)
    self_healed: bool = False
    winner: Side | None = None
    termination: str | None = None
    offender: int | None = None  # the seat of a team loss (004 §9)
    dropped_last: tuple[int, ...] = ()  # drops by the last of a side at the table: no fine
    extras: tuple[tuple[int, int], ...] = ()  # (seat, points) of the judge's `extra`
    penalties: tuple[tuple[int, int, str], ...] = ()  # (seat, points, clause)
    protests: tuple[tuple[int, str], ...] = ()
    closed: bool = False

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def speaking(self) -> Speech | None:
        return self.queue[0] if self.queue else None

    def role(self, seat: int) -> ClubRole:
        assert self.roles is not None
        return self.roles[seat - 1]

    def seat_of(self, role: ClubRole) -> int | None:
        if self.roles is None or role not in self.roles:
            return None
        return self.roles.index(role) + 1

    def present(self, role: ClubRole) -> int | None:
        """The seat of `role` if he is still at the table (`seat_of` inlined: several per dawn)."""
        roles = self.roles
        if roles is None or role not in roles:
            return None
        seat = roles.index(role) + 1
        return seat if seat in self.at_table else None

    def side_at_table(self, side: Side) -> tuple[int, ...]:
        roles = self.roles
        assert roles is not None
        table = self.at_table
        return tuple(s for s in sorted(table) if CLUB_SIDES[roles[s - 1]] is side)

    def muted(self, seat: int, day: int) -> bool:
        return self.muted_until[seat - 1] >= day

    def banned(self, seat: int, day: int) -> bool:
        return self.banned_until[seat - 1] >= day

    def removed_seat(self, seat: int) -> bool:
        """Left by a removal (004 §9): his card stops, no check names him."""
        return any(r.seat == seat and r.cause in CLUB_REMOVALS for r in self.removed)

    def immune_now(self, seat: int) -> bool:
        """Immunity holds in day 1 and night 1 (004 §5, club R23)."""
        return seat in self.immune and self.number == 1

compare_by_class(Speech, Leave, Tally, ClubDay, ClubNight, ClubState)
