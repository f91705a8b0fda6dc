"""The judge's after-game view: the points as they will be recorded, the protests written,
the protest window and whether the protocol is closed (issue 12, docs/scoring.md).

Only the judge view carries it (the roles behind the points are the judge's until the
protocol is public). The engine has no clock: the table adds `decided_at`, the moment the
result was decided, from which the screen counts the protest window down.
"""

from __future__ import annotations

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from engine.classic.ruleset import Ruleset
from engine.classic.scoring.game import as_points, score_game
from engine.classic.state import GameState


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


def after_game_view(s: GameState, rules: Ruleset) -> AfterGameView | None:
    """The after-game view of a decided game; None while the game runs."""
    scores = score_game(s, rules)
    if scores is None:
        return None
    o = rules.scoring
    return AfterGameView(
        points=tuple(SeatPoints(seat=seat, total=as_points(sc.total),
                                extras=as_points(sc.extras), penalties=as_points(sc.penalties))
                     for seat, sc in scores.items()),
        protests=tuple(sorted({p.seat for p in s.sheet.protests})),
        closed=s.sheet.closed, judge=s.sheet.judge,
        protest_minutes=o.protest_minutes, protest_clause=o.protest_clause)
