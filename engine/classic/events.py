"""Events: the facts an accepted action produced. state = fold(apply, events).

Each event says what happened in the game's language; `engine.classic.apply` has one
function per event type, looked up by the event's class (each class is `final`; mypy checks
each rule's row and the table's module checks, when it loads, that every event has one).
The table service publishes them on the `events` topic (judge class: some carry secrets,
e.g. `Shot`).
"""

from __future__ import annotations

from typing import NamedTuple, final, get_args

from engine.classic.scoring.sheet import SheetEvent
from engine.classic.state import Speech
from engine.roles import Role
from engine.values import compare_by_class
from engine.vocab import AfterSpeeches, SpeechKind


@final
class RolesDealt(NamedTuple):
    roles: tuple[Role, ...]


@final
class GameStarted(NamedTuple):
    pass


@final
class NightBegan(NamedTuple):
    number: int


@final
class DayBegan(NamedTuple):
    number: int
    opener: int
    queue: tuple[Speech, ...]


@final
class SpeechBegan(NamedTuple):
    """The head of the speech queue starts speaking (as `kind`)."""

    seat: int
    kind: str


@final
class SpeechEnded(NamedTuple):
    seat: int


# The most frequent events (one or two in most actions), made once: they are values, so one
# shared `SPEECH_BEGAN[kind][seat]` or `SPEECH_ENDED[seat]` is as good as a new one.
SPEECH_BEGAN: dict[str, dict[int, SpeechBegan]] = {
    kind: {seat: SpeechBegan(seat, kind) for seat in range(1, 11)} for kind in SpeechKind}
SPEECH_ENDED: dict[int, SpeechEnded] = {seat: SpeechEnded(seat) for seat in range(1, 11)}


@final
class Nominated(NamedTuple):
    by: int
    seat: int


@final
class Withdrawn(NamedTuple):
    by: int
    seat: int


@final
class RoundBegan(NamedTuple):
    candidates: tuple[int, ...]


@final
class VotesEntered(NamedTuple):
    seat: int
    votes: int
    voters: tuple[int, ...] | None


@final
class RoundClosed(NamedTuple):
    votes: tuple[int, ...]


@final
class SpeechesQueued(NamedTuple):
    """Extra speeches (tie speeches, farewells, the day-1 majority speech) and what follows."""

    speeches: tuple[Speech, ...]
    then: AfterSpeeches
    revote: tuple[int, ...] = ()


@final
class LiftPut(NamedTuple):
    candidates: tuple[int, ...]


@final
class LiftVoted(NamedTuple):
    yes: int
    passed: bool


@final
class VoteSettled(NamedTuple):
    status: str


@final
class VoteCancelled(NamedTuple):
    """A removal cancelled today's vote (next_day False) or tomorrow's (True)."""

    next_day: bool


@final
class PlayerRemoved(NamedTuple):
    seat: int
    cause: str


@final
class LateDisqualified(NamedTuple):
    """A disqualification that removes nobody: the leaving player during his farewell
    (000 II.3.5), or anyone after the decision (003 7.12); his farewell, if any, is gone."""

    seat: int
    kind: str  # removal | team_loss


@final
class FoulGiven(NamedTuple):
    seat: int


@final
class SpeechLost(NamedTuple):
    """Third foul: the player loses his next regular speech (003 6.4)."""

    seat: int


@final
class Shot(NamedTuple):
    target: int | None
    shots: tuple[tuple[int, int | None], ...] | None


@final
class DonChecked(NamedTuple):
    seat: int


@final
class SheriffChecked(NamedTuple):
    seat: int


@final
class BestMoveMade(NamedTuple):
    seat: int
    guess: tuple[int, ...]
    black_found: int


@final
class StreaksCounted(NamedTuple):
    """Quiet phases in a row and black misses in a row at four players."""

    quiet: int
    black_misses: int


@final
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

compare_by_class(*get_args(Event))
