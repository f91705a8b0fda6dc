"""The shape of the engine's views (docs/views.md) as pydantic models: the JSON Schema that
`mafiakit schema` gives third parties (stream overlays), and a contract test for the engine.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Seat = int


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Out(_Closed):
    """How a player left: `day` or `night` carries the number of that phase."""

    cause: Literal["vote", "lift", "kill", "fouls", "disqualified"]
    day: int | None = None
    night: int | None = None


class SeatView(_Closed):
    seat: Seat = Field(ge=1, le=10)
    at_table: bool
    out: Out | None
    fouls: int = Field(ge=0)
    muted: bool


class TimerStep(_Closed):
    kind: str
    seconds: float


class TimerView(_Closed):
    kind: str
    seconds: float = Field(ge=0)
    script: list[TimerStep] | None = Field(None, description="judge only: zero-night steps")
    paused: bool | None = Field(None, description="set by the table: the judge paused it")
    remaining: float | None = Field(None, description="set by the table: seconds left")


class VoteView(_Closed):
    round: int = Field(ge=1)
    candidates: list[Seat]
    current: Seat
    votes: dict[str, int]
    voters: dict[str, list[Seat]] | None = Field(None, description="audience and judge only")


class RoundView(_Closed):
    candidates: list[Seat]
    votes: dict[str, int]
    voters: dict[str, list[Seat]] | None = None


class LiftView(_Closed):
    candidates: list[Seat]
    yes: int | None
    passed: bool | None


class DonCheck(_Closed):
    seat: Seat
    sheriff: bool


class SheriffCheck(_Closed):
    seat: Seat
    black: bool


class NightView(_Closed):
    night: int
    shot: Seat | None
    shots: dict[str, Seat | None] | None
    don_check: DonCheck | None
    sheriff_check: SheriffCheck | None


class BestMoveView(_Closed):
    seat: Seat
    guess: list[Seat]
    black_found: int


Role = Literal["citizen", "sheriff", "mafia", "don"]


class View(_Closed):
    """One information class's view of the game (docs/views.md)."""

    view: Literal["public", "audience", "judge"]
    rules: str
    actions: int = Field(ge=0)
    phase: Literal["setup", "night", "day", "finished"]
    number: int = Field(ge=0)
    step: str
    speaker: Seat | None
    timer: TimerView | None
    seats: list[SeatView] = Field(min_length=10, max_length=10)
    nominations: list[Seat] | None
    vote: VoteView | None
    rounds: list[RoundView]
    lift: LiftView | None
    day_vote: Literal["pending", "none", "skipped", "cancelled", "held"] | None
    winner: Literal["red", "black", "draw"] | None
    termination: str | None
    roles: dict[str, Role] | None = Field(description="judge, or everyone once decided")
    nights: list[NightView] | None = Field(None, description="judge, or everyone once decided")
    best_move: BestMoveView | None = None
    night_steps: list[str] | None = Field(None, description="judge only")
    last_error: str | None = Field(None, description="judge only: why the last action failed")
    pad: str | None = Field(None, description="judge only: the pad's unfinished key sequence")
    game_id: str | None = Field(None, description="judge only")
