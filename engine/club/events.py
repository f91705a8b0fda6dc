"""The club game's events: the facts an accepted action produced. state = fold(apply, events).

Judge class: `Dealt`, `NightActed` and `Dawn` carry secrets.
"""

from __future__ import annotations

from typing import NamedTuple, get_args

from engine.club.state import Speech, Tally
from engine.roles import ClubRole, Side
from engine.values import compare_by_class
from engine.vocab import ClubStep, DayVote, NightAct


class Dealt(NamedTuple):
    roles: tuple[ClubRole, ...]


class ZeroNightBegan(NamedTuple):
    pass


class DayBegan(NamedTuple):
    number: int
    opener: int


class NightBegan(NamedTuple):
    number: int


class StepBegan(NamedTuple):
    step: ClubStep
    queue: tuple[Speech, ...] = ()
    then: ClubStep = ClubStep.AWAIT_NIGHT


class SpeechEnded(NamedTuple):
    seat: int


class QueueDropped(NamedTuple):
    """A muted or removed player loses his turns still to come (and the one he is in)."""

    seat: int


class Nominated(NamedTuple):
    by: int
    seat: int


class VotesEntered(NamedTuple):
    seat: int
    voters: tuple[int, ...]


class VotesVoided(NamedTuple):
    """A removal during the vote: it restarts with the candidates left (club R10)."""


class CandidateDropped(NamedTuple):
    seat: int


class VoteClosed(NamedTuple):
    tally: Tally


class VoteSettled(NamedTuple):
    status: DayVote


class Tied(NamedTuple):
    tied: tuple[int, ...]


class Chosen(NamedTuple):
    seat: int | None


class PickAwaited(NamedTuple):
    kamikaze: int | None


class Left(NamedTuple):
    seat: int
    cause: str
    last_word: bool


class FoulGiven(NamedTuple):
    seat: int


class Muted(NamedTuple):
    seat: int
    until: int


class Banned(NamedTuple):
    seat: int
    until: int


class VoteStruck(NamedTuple):
    """A fourth foul strikes out the vote he already gave (club R31)."""

    seat: int


class NightActed(NamedTuple):
    act: NightAct
    seat: int | None


class Dawn(NamedTuple):
    saved: int | None
    blast: tuple[int, ...]


class DropUnfined(NamedTuple):
    """He dropped his number as the last of his side at the table: no -50 (004 §8)."""

    seat: int


class GameEnded(NamedTuple):
    winner: Side
    termination: str
    offender: int | None = None


class ExtraGiven(NamedTuple):
    seat: int
    points: int


class PenaltyGiven(NamedTuple):
    seat: int
    points: int
    clause: str


class Protested(NamedTuple):
    seat: int
    text: str


class Closed(NamedTuple):
    pass


ClubEvent = (
    Dealt | ZeroNightBegan | DayBegan | NightBegan | StepBegan | SpeechEnded | QueueDropped
    | Nominated | VotesEntered | VotesVoided | CandidateDropped | VoteClosed | VoteSettled
    | Tied | Chosen | PickAwaited | Left | FoulGiven | Muted | Banned | VoteStruck | NightActed
    | Dawn | DropUnfined | GameEnded | ExtraGiven | PenaltyGiven | Protested | Closed
)

compare_by_class(*get_args(ClubEvent))
