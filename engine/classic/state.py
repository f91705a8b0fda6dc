"""The game state: immutable values, built only by folding events (`engine.classic.apply`).

NamedTuples rather than dataclasses: they are frozen, typed, and `_replace` is cheap enough
to replay a thousand games a second.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.classic.scoring.sheet import Sheet
from engine.roles import BLACK_ROLES, Role
from engine.values import compare_by_class
from engine.vocab import AfterSpeeches, DayVote, Phase, SpeechKind

# The vocabulary (engine.vocab) under the short names the rule modules use.
SETUP, NIGHT, DAY = Phase.SETUP, Phase.NIGHT, Phase.DAY

# Speech kinds (also the timer kinds of the day).
FAREWELL = SpeechKind.FAREWELL
REGULAR = SpeechKind.REGULAR  # a regular turn not begun yet; resolved to one of the 3 below
SPEECH = SpeechKind.SPEECH
SHORT_SPEECH = SpeechKind.SHORT_SPEECH
MUTED_TURN = SpeechKind.MUTED_TURN
TIE_SPEECH = SpeechKind.TIE_SPEECH
MAJORITY_SPEECH = SpeechKind.MAJORITY_SPEECH
REGULAR_KINDS = frozenset({SPEECH, SHORT_SPEECH, MUTED_TURN})

# What follows the queue of speeches.
THEN_VOTE, THEN_REVOTE, THEN_NIGHT = AfterSpeeches.VOTE, AfterSpeeches.REVOTE, AfterSpeeches.NIGHT

# Today's vote (spec: days[].vote); "pending" until decided.
PENDING, NONE, SKIPPED, CANCELLED, HELD = (
    DayVote.PENDING, DayVote.NONE, DayVote.SKIPPED, DayVote.CANCELLED, DayVote.HELD)


class Speech(NamedTuple):
    seat: int
    kind: str


SPEECHES: dict[str, dict[int, Speech]] = {
    kind: {seat: Speech(seat, kind) for seat in range(1, 11)} for kind in SpeechKind}
"""Every speech there can be, made once: `SPEECHES[kind][seat]` is `Speech(seat, kind)` (equal
values, and a look-up instead of a new tuple on every speech of the hot path)."""


class Removal(NamedTuple):
    seat: int
    cause: str  # vote | lift | kill | fouls | disqualified
    phase: str  # day | night
    number: int


class Round(NamedTuple):
    """One voting round: the candidates in nomination order and the votes entered so far.

    A player removed by discipline once the round's result is known (000 I.8.2, 003 7.2)
    leaves the round as it stands (docs/rules.md, "The moment today's result is known"): he
    is in `gone`; a candidate not yet counted drops out of `candidates`; a vote he had not
    cast is not counted (`void` when the voters lists tell, `unsure` when a count hides it).
    """

    candidates: tuple[int, ...]
    entered: tuple[tuple[int, int, tuple[int, ...] | None], ...] = ()
    votes: tuple[int, ...] = ()  # final counts, aligned with candidates, once closed
    electorate: int = 10  # players at the table when the round began: one vote each
    gone: tuple[int, ...] = ()
    void: int = 0  # votes of `gone` players known never cast
    unsure: int = 0  # votes of `gone` players that may or may not be among those counted

    def cast(self) -> int:
        """The votes counted so far."""
        return sum([n for _, n, _ in self.entered])

    def votes_left(self) -> int:
        """At most how many votes are still to come (one per player who has not voted)."""
        return self.electorate - self.cast() - self.void

    def last_candidates_votes(self) -> int:
        """The last candidate's votes: every one still to come (000 I.6.15, 003 4.4.9), a
        removed player's doubtful vote taken as not cast unless the counts need it."""
        return max(0, self.votes_left() - self.unsure)

    def without(self, seat: int) -> Round:
        """The round once `seat` is removed by discipline after its result was known."""
        named = [v for _, _, voters in self.entered for v in (voters or ())]
        void, unsure = self.void, self.unsure
        if seat not in named:
            if all(voters is not None for _, _, voters in self.entered):
                void += 1  # every vote so far is named, his is not: he had not voted
            else:
                unsure += 1
        counted = {cand for cand, _, _ in self.entered}
        candidates = self.candidates
        if seat in candidates and seat not in counted:  # he drops out of the round
            candidates = tuple(c for c in candidates if c != seat)
        return self._replace(candidates=candidates, gone=(*self.gone, seat), void=void,
                             unsure=unsure)


class DayLog(NamedTuple):
    number: int
    opener: int
    speakers: tuple[int, ...] = ()
    muted: tuple[int, ...] = ()
    nominations: tuple[int, ...] = ()
    nominators: tuple[int, ...] = ()  # who nominated nominations[i]
    vote: str = PENDING
    rounds: tuple[Round, ...] = ()
    lift: tuple[int, bool] | None = None  # (yes votes, passed)


class NightLog(NamedTuple):
    number: int
    shot_done: bool = False
    shot: int | None = None  # the killed seat, None for a miss
    shots: tuple[tuple[int, int | None], ...] | None = None
    don_check: int | None = None
    sheriff_check: int | None = None


class BestMoveLog(NamedTuple):
    seat: int
    guess: tuple[int, ...]
    black_found: int


class GameState(NamedTuple):
    roles: tuple[Role, ...] | None = None  # roles[seat - 1]
    started: bool = False
    phase: str = SETUP
    number: int = 0
    at_table: frozenset[int] = frozenset(range(1, 11))
    removed: tuple[Removal, ...] = ()
    fouls: tuple[int, ...] = (0,) * 10
    loses_speech: frozenset[int] = frozenset()
    days: tuple[DayLog, ...] = ()  # finished days
    day: DayLog | None = None  # the current day
    nights: tuple[NightLog, ...] = ()  # finished nights 1+
    night: NightLog | None = None  # the current night (1+)
    best_move: BestMoveLog | None = None
    speech: Speech | None = None
    queue: tuple[Speech, ...] = ()
    then: AfterSpeeches = THEN_NIGHT
    revote: tuple[int, ...] = ()
    voting: Round | None = None
    lift: tuple[int, ...] | None = None
    cancel_next_vote: bool = False
    phase_removals: int = 0
    quiet: int = 0
    black_misses: int = 0
    winner: str | None = None
    termination: str | None = None
    late_disqualifications: tuple[tuple[int, str], ...] = ()
    """(seat, kind) of disqualifications that remove nobody: of the leaving player during
    his farewell (000 II.3.5) or after the decision (003 7.12); kept for the penalty."""
    sheet: Sheet = Sheet()  # the after-game lines (engine.classic.scoring.sheet)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def role(self, seat: int) -> Role:
        assert self.roles is not None
        return self.roles[seat - 1]

    def black_at_table(self) -> tuple[int, ...]:
        roles = self.roles
        assert roles is not None
        return tuple(s for s in sorted(self.at_table) if roles[s - 1] in BLACK_ROLES)

    def seat_of(self, role: Role) -> int:
        assert self.roles is not None
        return self.roles.index(role) + 1

compare_by_class(Speech, Removal, Round, DayLog, NightLog, BestMoveLog, GameState)
