"""The view contract (docs/views.md) as typed, frozen models: one description of the shape.

The engine's view functions (`engine.classic.views`) build them; the bus wraps them in snapshots and
prints their JSON Schema (`mafiakit schema`); the table service, the pad, the scoreboard and
the simulator read them as they are.

Secrecy by type: `PublicView` and `AudienceView` have no field that can hold a role, a team,
a shot, a check or the best move, not even once the game is decided. The end-of-game reveal
is a `Reveal`, which travels only on the retained `protocol` topic (docs/mqtt.md).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, model_validator

from engine.refusal_view import RefusalView
from engine.roles import ClubRole, Role, Side
from engine.vocab import (
    OPEN_NIGHT_STEPS,
    Cause,
    ClubOutCause,
    ClubStep,
    ClubTermination,
    DayVote,
    InfoClass,
    NightAct,
    NightStep,
    Phase,
    Step,
    Termination,
    Winner,
)

MAX_SEATS = 15  # the club game seats 3 to 15 (004 §1); the classic game 10
MIN_SEATS = 3
Seat = Annotated[int, Field(ge=1, le=MAX_SEATS)]
Count = Annotated[int, Field(ge=0)]


class _Closed(BaseModel):
    """Frozen and closed: a field nobody declared is an error, never silently carried."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Out(_Closed):
    """How a player left: `day` or `night` carries the number of that phase."""

    cause: Cause | ClubOutCause  # a club night shot shows as "kill" (who shot stays secret)
    day: int | None = None
    night: int | None = None


class SeatView(_Closed):
    seat: Seat
    at_table: bool
    out: Out | None
    fouls: Count
    muted: bool  # lost his next speech (third foul)


class TimerView(_Closed):
    """The timer that applies now; `paused` and `remaining` are set by the table's countdown."""

    kind: str
    seconds: float = Field(ge=0)
    paused: bool | None = Field(None, description="set by the table: the judge paused it")
    remaining: float | None = Field(None, description="set by the table: seconds left")


class TimerStep(_Closed):
    kind: str
    seconds: float


class JudgeTimerView(TimerView):
    """The judge's timer also carries the zero night's script of sub-steps."""

    script: tuple[TimerStep, ...] | None = None


class VoteView(_Closed):
    """The round being voted; `votes` holds the counts entered so far."""

    round: int = Field(ge=1)
    candidates: tuple[Seat, ...]
    current: Seat
    votes: dict[Seat, Count]


class VotersVoteView(VoteView):
    """Audience and judge also see who raised a hand for whom."""

    voters: dict[Seat, tuple[Seat, ...]]


class RoundView(_Closed):
    """A finished voting round of today."""

    candidates: tuple[Seat, ...]
    votes: dict[Seat, Count]


class VotersRoundView(RoundView):
    voters: dict[Seat, tuple[Seat, ...]]


class LiftView(_Closed):
    """The lift question: "Кто за то, чтобы все голосуемые игроки покинули стол?"."""

    candidates: tuple[Seat, ...]
    yes: int | None
    passed: bool | None


class DonCheck(_Closed):
    seat: Seat
    sheriff: bool


class SheriffCheck(_Closed):
    seat: Seat
    black: bool


class NightView(_Closed):
    """One night as the judge records it."""

    night: int
    shot: Seat | None
    shots: dict[Seat, Seat | None] | None
    don_check: DonCheck | None
    sheriff_check: SheriffCheck | None


class BestMoveView(_Closed):
    """The first killed player's best move (лучший ход)."""

    seat: Seat
    guess: tuple[Seat, ...]
    black_found: Count


class ClubCheck(_Closed):
    """A check of the club night (004 §7.3, §7.6): what the host showed."""

    seat: Seat
    found: Literal["doctor", "commissar", "putana", "none", "mafia", "city"]


class ClubNightView(_Closed):
    """One club night as the host records it (004 §7): judge only."""

    night: int
    putana: Seat | None
    mafia_shot: Seat | None
    don_check: ClubCheck | None
    maniac_shot: Seat | None
    heal: Seat | None
    saved: Seat | None
    commissar_check: ClubCheck | None
    kamikaze: Seat | None
    blast: tuple[Seat, ...]


class Reveal(_Closed):
    """What everyone may know once the game is decided: only on the `protocol` topic."""

    roles: dict[Seat, Role]
    winner: Winner
    termination: Termination
    nights: tuple[NightView, ...]
    best_move: BestMoveView | None


class SeatPoints(BaseModel):
    """One seat's points in the protocol: the total, and what besides the win made it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    seat: int = Field(ge=1)
    total: float
    extras: float = Field(description="best move + the judge's extra + mechanical points")
    penalties: float = Field(le=0)


class AfterGameView(BaseModel):
    """What the judge needs between the decision and his signature."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    points: tuple[SeatPoints, ...]
    protests: tuple[int, ...] = Field(description="seats that wrote a protest")
    closed: bool
    judge: str | None = Field(None, description="who signed the protocol")
    protest_minutes: int = Field(ge=0, description="the window for protests after the game")
    protest_clause: str
    decided_at: AwareDatetime | None = Field(None, description="set by the table: when the "
                                        "result was decided (the window starts then)")


class _Common(_Closed):
    rules: str
    phase: Phase
    number: Count  # day number, or night number (0 = zero night); 0 in setup
    step: Step | ClubStep  # ClubStep in a club game (docs/club.md)
    speaker: Seat | None
    seats: tuple[SeatView, ...] = Field(min_length=MIN_SEATS, max_length=MAX_SEATS)

    @model_validator(mode="after")
    def _seats_in_order(self) -> _Common:
        if [s.seat for s in self.seats] != list(range(1, len(self.seats) + 1)):
            raise ValueError("seats must be 1..N in order")
        return self
    nominations: tuple[Seat, ...] | None
    lift: LiftView | None
    day_vote: DayVote | None


class _Screen(_Common):
    """What a screen the players may see gets: nothing of the night but the word "night"."""

    @model_validator(mode="after")
    def _dark_night(self) -> _Screen:
        if self.phase == Phase.NIGHT and self.step not in OPEN_NIGHT_STEPS:
            raise ValueError(f"a {self.view_class()} view must not show the night step "
                             f"{self.step.value!r}")
        if self.phase == Phase.NIGHT and self.number > 0 and (
                self.speaker is not None or self.timer is not None):
            raise ValueError(f"a {self.view_class()} view shows no speaker or timer at night")
        return self

    timer: TimerView | None

    def view_class(self) -> InfoClass:
        raise NotImplementedError


class PublicView(_Screen):
    """Everyone, players included (table screen, seat LEDs)."""

    view: Literal[InfoClass.PUBLIC] = InfoClass.PUBLIC
    vote: VoteView | None
    rounds: tuple[RoundView, ...]

    def view_class(self) -> InfoClass:
        return InfoClass.PUBLIC


class AudienceView(_Screen):
    """Venue and stream screens the players cannot see: also nominations and voters."""

    view: Literal[InfoClass.AUDIENCE] = InfoClass.AUDIENCE
    vote: VotersVoteView | None
    rounds: tuple[VotersRoundView, ...]

    def view_class(self) -> InfoClass:
        return InfoClass.AUDIENCE


class JudgeView(_Common):
    """The judge's console and the hub: everything, always."""

    view: Literal[InfoClass.JUDGE] = InfoClass.JUDGE
    actions: Count  # actions in effect (after undos): the pad's "nothing happened since"
    timer: JudgeTimerView | None
    vote: VotersVoteView | None
    rounds: tuple[VotersRoundView, ...]
    winner: Winner | Side | None  # Side in a club game
    termination: Termination | ClubTermination | None
    roles: dict[Seat, Role | ClubRole] | None
    nights: tuple[NightView, ...]
    best_move: BestMoveView | None
    night_steps: tuple[NightStep, ...]
    club_nights: tuple[ClubNightView, ...] | None = Field(
        None, description="the club game's nights, every action (docs/club.md)")
    club_night_step: NightAct | None = Field(
        None, description="the club night's next step (004 §7 order)")
    last_error: str | None = Field(None, description="set by the table: why the last action "
                                   "was refused")
    pad: str | None = Field(None, description="set by the table: the pad's unfinished keys")
    refusal: RefusalView | None = Field(None, description="set by the table: the last refusal "
                                        "by key, for the screen's own language")
    after_game: AfterGameView | None = Field(None, description="a decided game's points, "
                                             "protests and signature (issue 12)")
    game_id: str | None = Field(None, description="set by the table")


View = PublicView | AudienceView | JudgeView
ScreenView = PublicView | AudienceView
