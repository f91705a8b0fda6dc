"""A screen reads the engine's typed views (engine.viewmodels) as they are: one description of
the shape, the one the bus carries in its snapshots (bus.payloads).

A view that breaks the contract raises ViewError in words a judge understands, and the feed
then keeps the previous state. The scoreboard adds only what one view cannot say by itself:
when the running timer started (`TimerSpec`, from the snapshot) and what a decided game
reveals (`Outcome`: the judge's view has it always, other screens get it from the retained
`protocol` topic once the game is over; public and audience views have no field for it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field, RootModel, TypeAdapter, ValidationError

from bus.errors import describe_validation_error
from bus.payloads import ClubReveal
from engine.roles import ClubRole, Role, Side
from engine.viewmodels import (
    AudienceView,
    BestMoveView,
    JudgeView,
    NightView,
    PublicView,
    Reveal,
    TimerView,
    View,
)
from engine.vocab import ClubTermination, Phase, Termination, Winner


class _AnyView(RootModel[View]):
    """One of the three classes, told apart by the view's own "view" field."""

    root: View = Field(discriminator="view")


class ViewError(ValueError):
    """The table sent a state the scoreboard cannot read; the message says what is wrong."""


def read_view(data: object) -> View:
    """A typed view as it is, or its JSON (docs/views.md) checked against the contract."""
    if isinstance(data, PublicView | AudienceView | JudgeView):
        return check_seats(data)
    try:
        return check_seats(_AnyView.model_validate(data).root)
    except ValidationError as exc:
        raise ViewError(f"the game state breaks the view contract: "
                        f"{describe_validation_error(exc)}") from None


def check_seats(view: View) -> View:
    """Every seat the view names exists at this table (the contract bounds seats by 15, the
    largest table; a ten-seat game has no seat 12)."""
    named = [("the speaker", view.speaker), *(("a nomination", s) for s in view.nominations or ())]
    if view.vote is not None:
        named += [("the vote", view.vote.current), *(("the vote", s) for s in view.vote.candidates)]
    if view.lift is not None:
        named += [("the lift", s) for s in view.lift.candidates]
    for what, seat in named:
        if seat is not None and seat > len(view.seats):
            raise ViewError(f"{what} names seat {seat}, but this table has {len(view.seats)} "
                            "seats")
    return view


def is_over(view: View) -> bool:
    """The game is decided: from now on its protocol is public."""
    return view.phase == Phase.FINISHED or (isinstance(view, JudgeView)
                                            and view.winner is not None)


@dataclass(frozen=True)
class TimerSpec:
    """The running clock: its kind, full length and the seconds it had left at `as_of`, a
    moment on the screen's own clock (docs/clock.md): never a wall-clock time of the table."""

    kind: str
    seconds: float
    paused: bool = False
    remaining: float | None = None  # seconds left at `as_of` (running) or while paused
    as_of: float | None = None  # when the table sent it, on the screen's own clock

    @property
    def undated(self) -> bool:
        """Running, but the screen does not know yet how old the time left is (a retained
        snapshot before the next reading of the table's clock): not shown, rather than
        shown wrong."""
        return not self.paused and self.remaining is not None and self.as_of is None


def timer_spec(timer: TimerView | None, as_of: float | None) -> TimerSpec | None:
    """The view's timer, its time left held at `as_of` (the screen's clock)."""
    if timer is None:
        return None
    return TimerSpec(kind=timer.kind, seconds=timer.seconds, paused=bool(timer.paused),
                     remaining=timer.remaining, as_of=as_of)


@dataclass(frozen=True)
class Outcome:
    """Roles, the night record and the result: the judge's always, everyone's once decided."""

    roles: Mapping[int, Role | ClubRole]
    nights: tuple[NightView, ...]
    best_move: BestMoveView | None
    winner: Winner | Side | None  # Side: the club game's three sides (004 §1)
    termination: Termination | ClubTermination | None
    points: Mapping[int, int] = field(default_factory=dict)  # a club game's score (004 §8)


Revealed = Reveal | ClubReveal  # the classic protocol's reveal, or the club's


def outcome(view: View, reveal: Revealed | None,
            points: Mapping[int, int] | None = None) -> Outcome | None:
    """What `view` (a judge's) or the protocol's `reveal` of a finished game tells; `points`
    are a decided club game's totals from the same protocol (`club_points`)."""
    points = points or {}
    if isinstance(view, JudgeView):
        return Outcome(roles=view.roles or {}, nights=view.nights, best_move=view.best_move,
                       winner=view.winner, termination=view.termination, points=points)
    if reveal is None or view.phase != Phase.FINISHED:
        return None
    if isinstance(reveal, ClubReveal):  # its nights are the judge's record (club_nights)
        return Outcome(roles=reveal.roles, nights=(), best_move=None, winner=reveal.winner,
                       termination=reveal.termination, points=points)
    return Outcome(roles=reveal.roles, nights=reveal.nights, best_move=reveal.best_move,
                   winner=reveal.winner, termination=reveal.termination)


class _SeatScore(BaseModel):
    """One seat of the club result's `score` (docs/club.md, "Points"): the screens show the
    total; base, bonus and the rest stay in the protocol."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    total: int


_SCORE = TypeAdapter(dict[int, _SeatScore])


def club_points(result: Mapping[str, object]) -> dict[int, int]:
    """Each seat's total of a decided club game's result (004 §8), or ViewError in words."""
    raw = result.get("score")
    if raw is None:  # not decided: no points yet
        return {}
    try:
        score = _SCORE.validate_python(raw)
    except ValidationError as exc:
        raise ViewError(f"the club result's score breaks the contract: "
                        f"{describe_validation_error(exc)}") from None
    return {seat: line.total for seat, line in score.items()}
