"""The judge's after-game view (issue 12): the points as `score_game` will record them, the
protests written, the league's protest window and the signature."""

from __future__ import annotations

import pytest

from engine import actions as act
from engine.classic.scoring.game import as_points, score_game
from engine.classic.scoring.view import after_game_view
from engine.classic.views import view
from tests.engine.scoring.helpers import red_win

WINDOW_CLAUSES = {"cml": "000 III.15.1", "fiim-2015": "001 8.6.1",
                  "fiim": "001 8.6.1 (003 section 8 is empty)", "judge-guide": "002 «Протесты»"}


@pytest.mark.parametrize("rules", sorted(WINDOW_CLAUSES))
def test_the_points_are_those_the_protocol_records(rules: str) -> None:
    game = red_win(rules)
    game.push(act.Extra(4, 20))
    game.push(act.Protest(8, "Голосование посчитано неверно"))
    after = view(game.state, game.rules, "judge").after_game
    scores = score_game(game.state, game.rules)
    assert after is not None and scores is not None
    assert {p.seat: p.total for p in after.points} == {
        seat: as_points(sc.total) for seat, sc in scores.items()}
    assert next(p for p in after.points if p.seat == 4).extras == 0.2
    assert after.protests == (8,) and not after.closed


@pytest.mark.parametrize("rules", sorted(WINDOW_CLAUSES))
def test_ten_minutes_for_protests_in_every_league(rules: str) -> None:
    """000 III.15.1 «не позднее, чем в течение 10 минут», 001 8.6.1, 002 «в течение 10 минут
    после игры»; fiim reads 001 (003 has no section 8)."""
    game = red_win(rules)
    after = after_game_view(game.state, game.rules)
    assert after is not None
    assert (after.protest_minutes, after.protest_clause) == (10, WINDOW_CLAUSES[rules])


def test_closed_with_the_judges_name_and_nothing_before_the_result() -> None:
    game = red_win("cml")
    game.push(act.Close("Иванова"))
    after = after_game_view(game.state, game.rules)
    assert after is not None and after.closed and after.judge == "Иванова"
    while game.state.winner is not None:
        game.pop()
    assert after_game_view(game.state, game.rules) is None
    assert view(game.state, game.rules, "judge").after_game is None
