"""Each league's figures and limits as its seed states them; every test cites its clause."""

from __future__ import annotations

import pytest

from engine import actions as act
from engine.classic.game import Game
from engine.classic.protocol import result
from engine.classic.testing import refused
from tests.engine.scoring.helpers import (
    black_win,
    black_win_setup,
    example,
    red_win,
    red_win_three_found,
    scores,
)

RED = (1, 2, 4, 6, 7, 9, 10)  # red_win: don 3, mafia 5 and 8, sheriff 1


def extra(game: Game, seat: int, points: float, approved_by: str | None = None) -> None:
    game.push(act.Extra(seat, round(points * 100), approved_by))


def reasons(game: Game, seat: int) -> list[tuple[float, str]]:
    score = result(game.state, game.rules.id, game.rules).get("score")
    assert score is not None, "the game is not decided: it has no score yet"
    return [(r["points"], r["clause"]) for r in score[str(seat)]["reasons"]]


# -- base -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "points", "clause"), [
    ("cml", 100, "000 III.1.2"), ("judge-guide", 100, '002 "Основа"'),
    ("fiim-2015", 100, "001 8.2.1"), ("fiim", 300, '003 11 "Победа красных 3"')])
def test_every_winner_gets_the_win_points_removed_ones_too(rules: str, points: int,
                                                          clause: str) -> None:
    """000 III.1.2 "каждый игрок", 001 8.2.1, 002 "+1 каждому", 003 11 "Победа красных 3"."""
    game = red_win(rules)
    got = scores(game)
    assert all(got[s].base == points for s in RED)  # 7 and 1 were killed: they count too
    assert all(got[s].base == 0 for s in (3, 5, 8))  # 000 III.1.4, 001 8.2.3
    assert (points / 100, clause) in reasons(game, 1)


def test_fiim_first_killed_gets_one_point_when_black_wins_003_11() -> None:
    """003 11 "Первый убитый игрок при победе мафии получает компенсацию 1 балл"."""
    game = black_win("fiim", kill=9)
    assert scores(game)[9].base == 100
    assert (1.0, '003 11 "Первый убитый игрок при победе мафии"') in reasons(game, 9)
    assert scores(black_win("fiim-2015", kill=9))[9].base == 0  # 001 has no such point
    assert scores(red_win("fiim"))[7].base == 300  # red won: the win only


# -- best move ------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "two", "three", "clause"), [
    ("cml", 30, 50, "000 III.2"), ("judge-guide", 25, 50, '002 "Лучший ход"'),
    ("fiim-2015", 30, 50, "001 8.3"), ("fiim", 30, 50, "001 8.3 (003 9.9)")])
def test_best_move_two_and_three_blacks(rules: str, two: int, three: int, clause: str) -> None:
    """000 III.2: two named blacks 0.3, three 0.5; 002: 0.25 and 0.5; 001 8.3: 0.3, 0.5."""
    game = red_win(rules)
    assert scores(game)[7].best_move == two
    assert (two / 100, clause) in reasons(game, 7)
    assert scores(red_win_three_found(rules))[7].best_move == three


def sheriff_best_move(rules: str, seats: tuple[int, ...]) -> Game:
    """Seats 2, 4, 6 disqualified at zero night; night 1 kills the sheriff (1), who names
    `seats`; black wins by parity that morning."""
    game = black_win_setup(rules)
    game.push(act.Shoot(target=1))
    game.push(act.BestMove(seats))
    game.push(act.DonCheck(9))
    game.push(act.Day())
    while game.state.speech is not None:
        game.push(act.SpeechEnd())
    assert game.state.winner == "black"
    return game


def test_fiim_sheriff_best_move_three_blacks_only_001_8_3_1() -> None:
    """001 8.3.1: a sheriff killed in night 1 gets 0.3 for three blacks, nothing for two."""
    assert scores(sheriff_best_move("fiim-2015", (3, 5, 2)))[1].best_move == 0
    three = sheriff_best_move("fiim-2015", (3, 5, 8))
    assert scores(three)[1].best_move == 30
    assert (0.3, "001 8.3.1") in reasons(three, 1)
    assert scores(sheriff_best_move("cml", (3, 5, 2)))[1].best_move == 30  # 000 III.2 "красный"


# -- cml extra points (000 III.4, III.11) ---------------------------------------------------


def test_cml_one_player_at_07_takes_the_teams_whole_allowance_000_III_4_2() -> None:
    """000 III.4.2 "Если одному игроку начислено 0.7, другим из этой команды больше баллы не
    назначаются"; the other team is not touched."""
    game = red_win("cml")
    extra(game, 2, 0.7)
    why = refused(game, act.Extra(4, 20), "extra points")
    assert why == "extra points: seat 2 has 0.7, so no other red player may get any (000 III.4.2)"
    extra(game, 3, 0.5)  # black is another team
    assert scores(game)[2].extra == 70 and scores(game)[3].extra == 50


def test_cml_06_allows_one_more_at_02_to_03_000_III_4_3() -> None:
    """000 III.4.3: after 0.6 one more at 0.2-0.3; "Троим из одной команды начислять нельзя"."""
    game = red_win("cml")
    extra(game, 2, 0.6)
    assert "(000 III.4.3)" in refused(game, act.Extra(4, 40), "gets 0.2-0.3, not 0.4")
    extra(game, 4, 0.3)
    assert "(000 III.4.3)" in refused(game, act.Extra(6, 20), "only one more red player")


def test_cml_team_limits_red_12_black_10_000_III_4() -> None:
    """000 III.4: red at most 1.2, black at most 1.0; five players at 0.2 are fine (the note
    after III.4.3)."""
    game = red_win("cml")
    for seat in (1, 2, 4, 6, 9):
        extra(game, seat, 0.2)
    extra(game, 10, 0.2)  # 1.2 exactly
    why = refused(game, act.Extra(10, 30), "above its 1.2")
    assert why.endswith("(000 III.4)")
    extra(game, 3, 0.5)
    extra(game, 5, 0.5)
    assert "the black team would hold 1.2, above its 1.0 (000 III.4)" in refused(
        game, act.Extra(8, 20), "black team")


def test_cml_extra_range_02_to_07_000_III_4() -> None:
    game = red_win("cml")
    assert "outside 0.2-0.7 to a winner (000 III.4)" in refused(game, act.Extra(2, 10), "0.1")
    assert "outside 0.2-0.7 to a loser (000 III.4)" in refused(game, act.Extra(3, 80), "0.8")
    assert "multiple of 0.1" in refused(game, act.Extra(2, 25), "0.25")


def test_cml_larger_of_best_move_and_extra_counts_000_III_11() -> None:
    """000 III.11: the larger counts; a larger extra counts toward the limit, a smaller one
    does not."""
    game = red_win("cml")  # seat 7: best move 0.3
    extra(game, 7, 0.5)
    assert (scores(game)[7].best_move, scores(game)[7].extra) == (0, 50)
    assert "(000 III.4.3)" in refused(game, act.Extra(2, 60), "seat 2 has 0.6")
    extra(game, 7, 0.3)  # replaces: equal, the best move counts
    assert (scores(game)[7].best_move, scores(game)[7].extra) == (30, 0)
    extra(game, 2, 0.7)  # seat 7's extra no longer counts toward the team
    assert scores(game)[2].total == 170


def test_cml_draw_gives_extra_points_000_III_13() -> None:
    game = example("cml-quiet-draw", "cml")
    extra(game, 2, 0.4)
    assert scores(game)[2].total == 40


# -- judge-guide (002 "Ваши дополнительные баллы") -----------------------------------------


def test_judge_guide_at_most_five_players_and_12_002() -> None:
    """002 "Максимум пяти игрокам за игру ... Суммарно не больше 1,2 балла"."""
    game = red_win("judge-guide")
    for seat in (1, 2, 4):
        extra(game, seat, 0.2)
    extra(game, 6, 0.2)
    extra(game, 9, 0.2, "Head")  # the fifth needs approval
    assert "at most 5 players" in refused(game, act.Extra(10, 10, "Head"), "at most 5 players")
    extra(game, 9, 0.4, "Head")  # total 1.2 exactly
    why = refused(game, act.Extra(6, 30, "Head"), "above 1.2")
    assert why.endswith('(002 "Суммарно не больше 1,2 балла")')


def test_judge_guide_approval_needed_002() -> None:
    """002: 0.6 and 0.7, more than four players, more than 1.0 "по согласованию с главным
    судьёй": without `approved_by` refused, with it accepted."""
    game = red_win("judge-guide")
    assert "approval" in refused(game, act.Extra(2, 60), "0.6 is at least 0.6")
    extra(game, 2, 0.6, "Head")
    extra(game, 4, 0.4)  # total 1.0: no approval yet
    assert "above 1.0" in refused(game, act.Extra(6, 10), "head judge's approval")
    extra(game, 6, 0.1, "Head")
    assert scores(game)[2].extra == 60


def test_judge_guide_loser_and_draw_002() -> None:
    """002: a loser 0.1-0.4; "При ничьей не раздаёте"."""
    game = red_win("judge-guide")
    assert "outside 0.1-0.4 to a loser" in refused(game, act.Extra(3, 50), "loser")
    draw = example("cml-quiet-draw", "judge-guide")
    assert refused(draw, act.Extra(2, 20), "draw") == (
        'extra points: none are given at a draw (002 "При ничьей не раздаёте")')


def test_judge_guide_larger_of_best_move_and_extra_002() -> None:
    """002 "взаимоисключающи ... если большим оказались ваши баллы, они всё равно
    учитываются в общем лимите 1,2"."""
    game = red_win("judge-guide")  # seat 7: 0.25
    extra(game, 7, 0.2)  # smaller: does not count, needs nothing
    assert (scores(game)[7].best_move, scores(game)[7].extra) == (25, 0)
    extra(game, 7, 0.3)
    assert (scores(game)[7].best_move, scores(game)[7].extra) == (0, 30)


# -- fiim-2015 and fiim (001 8.4) -----------------------------------------------------------


@pytest.mark.parametrize("rules", ["fiim-2015", "fiim"])
def test_fiim_05_per_player_07_per_game_001_8_4(rules: str) -> None:
    """001 8.4.1 at most 0.5 a player; 8.4.2 at most 0.7 a game, any team."""
    game = red_win(rules)
    assert "outside 0.1-0.5" in refused(game, act.Extra(2, 60), "0.6")
    extra(game, 2, 0.5)
    extra(game, 3, 0.2)
    assert "total 0.8, above 0.7 (001 8.4.2" in refused(game, act.Extra(4, 10), "above 0.7")


def test_fiim_best_move_and_extra_both_count() -> None:
    """001 has no clause making them exclusive: both count."""
    game = red_win("fiim-2015")
    extra(game, 7, 0.5)
    assert (scores(game)[7].best_move, scores(game)[7].extra) == (30, 50)


# -- penalties ------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "points", "clause"), [
    ("cml", -50, "000 III.1.5"), ("judge-guide", -50, '002 "Дисквалификация со стола"'),
    ("fiim-2015", -100, "001 8.2.4"), ("fiim", -100, "001 8.2.4, 003 7.12")])
def test_disqualification_penalty(rules: str, points: int, clause: str) -> None:
    """000 III.1.5 -0.5; 002 -0.5; 001 8.2.4 -1; the disqualified lose with their team."""
    game = black_win(rules)
    assert scores(game)[2].penalties == points
    assert (points / 100, clause) in reasons(game, 2)


def test_cml_team_loss_is_07_not_also_05_000_III_1_6_and_III_10() -> None:
    """000 III.1.6 "-0,7" for ППК; III.10 one action, one penalty. Entered after the
    decision (002: "Дисквалифицированному просто идёт штраф"): the result stands."""
    game = black_win("cml")
    game.push(act.Disqualify(10, "team_loss"))
    assert game.state.winner == "black"
    assert scores(game)[10].penalties == -70
    assert reasons(game, 10) == [(-0.7, "000 III.1.6")]


def test_fiim_fourth_foul_is_minus_one_001_8_2_4() -> None:
    """001 8.2.4 "в том числе при получении 4 фола"; cml reads it as no penalty (000 I.8.1)."""
    for rules, points in (("fiim-2015", -100), ("cml", 0)):
        game = black_win(rules)
        for _ in range(4):
            game.push(act.Foul(9))
        assert scores(game)[9].penalties == points


def test_penalty_lines_add_up_000_III_10() -> None:
    game = red_win("cml")
    game.push(act.Penalty(4, -30, "000 III.6.1.7"))
    game.push(act.Penalty(4, -50, "000 III.6.3.2"))
    assert scores(game)[4].penalties == -80
    assert scores(game)[4].total == 20


# -- mechanical (000 III.5) -----------------------------------------------------------------


def test_cml_colour_left_wrong_is_minus_03_000_III_5_3() -> None:
    game = black_win("cml", kill=9)
    game_wrong = black_win("cml", kill=9)
    game_wrong.push(act.LeaveColour(9, 10))  # 10 is red
    assert scores(game_wrong)[9].mechanical == -30
    assert (-0.3, "000 III.5.3") in reasons(game_wrong, 9)
    game.push(act.LeaveColour(9, 5))  # 5 is black, still at the table, black won
    assert scores(game)[9].mechanical == 30
    assert (0.3, "000 III.5.4.1") in reasons(game, 9)
    assert scores(game)[9].extras == 30  # counts among the extras of the tie-breaks


def test_cml_mechanical_is_outside_the_limits_000_III_12() -> None:
    game = black_win("cml", kill=9)
    game.push(act.LeaveColour(9, 5))
    game.push(act.SpeechEnd())
    extra(game, 9, 0.7)
    assert scores(game)[9].total == 100  # 0.7 + 0.3, no limit touched
    game.push(act.Penalty(10, -30, "000 III.5.4 voted elsewhere"))
    assert (scores(game)[10].mechanical, scores(game)[10].penalties) == (-30, 0)


def test_colour_left_only_in_a_farewell_after_a_night_kill_and_only_cml() -> None:
    game = black_win("cml")  # seat 7's farewell after a vote
    refused(game, act.LeaveColour(7, 5), "only during his farewell after a night kill")
    refused(black_win("fiim", kill=9), act.LeaveColour(9, 5), "no colour left on record")
