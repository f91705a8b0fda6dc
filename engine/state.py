"""The game state: immutable values, built only by folding events (`engine.apply`).

NamedTuples rather than dataclasses: they are frozen, typed, and `_replace` is cheap enough
to replay a thousand games a second.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.roles import BLACK_ROLES, Role
from engine.scoring.sheet import Sheet
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
    """One voting round: the candidates in nomination order and the votes entered so far."""

    candidates: tuple[int, ...]
    entered: tuple[tuple[int, int, tuple[int, ...] | None], ...] = ()
    votes: tuple[int, ...] = ()  # final counts, aligned with candidates, once closed


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
    sheet: Sheet = Sheet()  # the after-game lines (engine.scoring.sheet)

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

