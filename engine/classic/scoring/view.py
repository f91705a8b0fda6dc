"""The judge's after-game view of a classic game: the points as they will be recorded, the
protests written, the protest window and whether the protocol is closed (issue 12,
docs/scoring.md); its model (`AfterGameView`) is the shared view models' (engine.viewmodels).

Only the judge view carries it (the roles behind the points are the judge's until the
protocol is public). The engine has no clock: the table adds `decided_at`, the moment the
result was decided, from which the screen counts the protest window down.
"""

from __future__ import annotations

from engine.classic.ruleset import Ruleset
from engine.classic.scoring.game import as_points, score_game
from engine.classic.state import GameState
from engine.viewmodels import AfterGameView, SeatPoints


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
