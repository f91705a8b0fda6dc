"""Events: the facts an accepted action produced. state = fold(apply, events).

Each event says what happened in the game's language; `engine.apply` has one
function per event type. The table service publishes them on the `events` topic (judge
class: some carry secrets, e.g. `Shot`).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.roles import Role
from engine.scoring.sheet import SheetEvent
from engine.state import Speech
from engine.vocab import AfterSpeeches, SpeechKind


class RolesDealt(NamedTuple):
    roles: tuple[Role, ...]


class GameStarted(NamedTuple):
    pass


class NightBegan(NamedTuple):
    number: int


class DayBegan(NamedTuple):
    number: int
    opener: int
    queue: tuple[Speech, ...]


class SpeechBegan(NamedTuple):
    """The head of the speech queue starts speaking (as `kind`)."""

    seat: int
    kind: str


class SpeechEnded(NamedTuple):
    seat: int


# The most frequent events (one or two in most actions), made once: they are values, so one
# shared `SPEECH_BEGAN[kind][seat]` or `SPEECH_ENDED[seat]` is as good as a new one.
SPEECH_BEGAN: dict[str, dict[int, SpeechBegan]] = {
    kind: {seat: SpeechBegan(seat, kind) for seat in range(1, 11)} for kind in SpeechKind}
SPEECH_ENDED: dict[int, SpeechEnded] = {seat: SpeechEnded(seat) for seat in range(1, 11)}


class Nominated(NamedTuple):
    by: int
    seat: int


class Withdrawn(NamedTuple):
    by: int
    seat: int


class RoundBegan(NamedTuple):
    candidates: tuple[int, ...]


class VotesEntered(NamedTuple):
    seat: int
    votes: int
    voters: tuple[int, ...] | None


class RoundClosed(NamedTuple):
    votes: tuple[int, ...]


class SpeechesQueued(NamedTuple):
    """Extra speeches (tie speeches, farewells, the day-1 majority speech) and what follows."""

    speeches: tuple[Speech, ...]
    then: AfterSpeeches
    revote: tuple[int, ...] = ()


class LiftPut(NamedTuple):
    candidates: tuple[int, ...]


class LiftVoted(NamedTuple):
    yes: int
    passed: bool


class VoteSettled(NamedTuple):
    status: str


class VoteCancelled(NamedTuple):
    """A removal cancelled today's vote (next_day False) or tomorrow's (True)."""

    next_day: bool


class PlayerRemoved(NamedTuple):
    seat: int
    cause: str


class LateDisqualified(NamedTuple):
    """A disqualification that removes nobody: the leaving player during his farewell
    (000 II.3.5), or anyone after the decision (003 7.12); his farewell, if any, is gone."""

    seat: int
    kind: str  # removal | team_loss


class FoulGiven(NamedTuple):
    seat: int


class SpeechLost(NamedTuple):
    """Third foul: the player loses his next regular speech (003 6.4)."""

    seat: int


class Shot(NamedTuple):
    target: int | None
    shots: tuple[tuple[int, int | None], ...] | None


class DonChecked(NamedTuple):
    seat: int


class SheriffChecked(NamedTuple):
    seat: int


class BestMoveMade(NamedTuple):
    seat: int
    guess: tuple[int, ...]
    black_found: int


class StreaksCounted(NamedTuple):
    """Quiet phases in a row and black misses in a row at four players."""

    quiet: int
    black_misses: int


class GameEnded(NamedTuple):
    winner: str  # red | black | draw
    termination: str


Event = (
    RolesDealt | GameStarted | NightBegan | DayBegan | SpeechBegan | SpeechEnded | Nominated
    | Withdrawn | RoundBegan | VotesEntered | RoundClosed | SpeechesQueued | LiftPut
    | LiftVoted | VoteSettled | VoteCancelled | PlayerRemoved | LateDisqualified | FoulGiven
    | SpeechLost | Shot | DonChecked | SheriffChecked | BestMoveMade | StreaksCounted
    | GameEnded | SheetEvent
)

