"""Scenario tests: the end of the game (wins, the decisive farewell, quiet rounds).

Seeds: 000 = cml (I.1.4, I.8.5), 003 = fiim (1.4, 7.8, 7.9),
001 = fiim-2015 (7.3), 002 = judge-guide ("Конец", "Три ночи без потерь").
"""

from __future__ import annotations

import pytest

from engine import (
    Action,
    Day,
    Disqualify,
    DonCheck,
    Foul,
    Night,
    Nominate,
    SheriffCheck,
    Shoot,
    SpeechEnd,
    Termination,
    Undo,
    Votes,
    Winner,
)
from engine.classic import (
    Game,
    Outcome,
)
from engine.classic.protocol import result
from engine.classic.state import Speech
from engine.classic.testing import quiet_day, refused, speeches, started, to_day
from engine.classic.timer import current_timer
from engine.classic.views import public_view, reveal
from engine.viewmodels import PublicView, TimerView

RULESETS = ("cml", "fiim", "fiim-2015", "judge-guide")
# Roles used throughout (the helpers' defaults): don 3, mafia 5 and 8, sheriff 1.
RED_WIN = Outcome(Winner.RED, Termination.ALL_BLACK_OUT)
BLACK_WIN = Outcome(Winner.BLACK, Termination.BLACK_PARITY)




def public(game: Game) -> PublicView:
    return public_view(game.state, game.rules)




def table_without(rules: str, *seats: int) -> Game:
    """Zero night: the given seats are disqualified; so day 1's vote is cancelled."""
    game = started(rules)
    for seat in seats:
        game.push(Disqualify(seat))
    return game


def seven_at_table(rules: str) -> Game:
    """Blacks 3, 5, 8 against reds 1, 7, 9, 10: one red less is parity."""
    return table_without(rules, 2, 4, 6)


def last_black_don(rules: str) -> Game:
    """Both mafia (5, 8) out in the zero night: the don (3) is the last black."""
    return table_without(rules, 5, 8)


def to_day_2(game: Game) -> None:
    """Day 1 (its vote cancelled by the zero-night removals), a miss, morning of day 2."""
    game.push(Day())
    quiet_day(game)
    to_day(game, shot=None)


# -- who wins: 000 I.1.4, 003 1.4, 002 "Конец" -------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
def test_red_wins_when_the_last_black_is_voted_out_000_I_1_4(rules: str) -> None:
    game = last_black_don(rules)
    to_day_2(game)
    assert game.outcome() is None
    speeches(game, {4: 3})  # a single nominee on day 2 takes every vote
    assert game.outcome() == RED_WIN
    out = result(game.state, rules)
    assert (out["finished"], out["winner"]) == (True, "red")
    assert out["removed"][-1] == {"seat": 3, "cause": "vote", "day": 2}
    assert game.state.speech == Speech(3, "farewell")  # 002: the decisive leaver's last word


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("removal", ["fouls", "disqualified"])
def test_red_wins_when_the_last_black_is_removed_000_I_1_4(rules: str, removal: str) -> None:
    """000 I.1.4: "Моментом вывода игрока являются ... дисквалификация\\удаление"."""
    game = last_black_don(rules)
    game.push(Day())
    if removal == "fouls":
        for _ in range(4):
            game.push(Foul(3))
    else:
        game.push(Disqualify(3))
    assert game.outcome() == RED_WIN
    assert result(game.state, rules)["removed"][-1] == {"seat": 3, "cause": removal, "day": 1}
    assert Speech(3, "farewell") not in (game.state.speech, *game.state.queue)


@pytest.mark.parametrize("rules", RULESETS)
def test_black_wins_at_parity_at_a_vote_000_I_1_4(rules: str) -> None:
    game = seven_at_table(rules)
    to_day_2(game)
    speeches(game, {3: 7})
    assert game.outcome() == BLACK_WIN
    assert result(game.state, rules)["removed"][-1] == {"seat": 7, "cause": "vote", "day": 2}
    assert game.state.speech == Speech(7, "farewell")


@pytest.mark.parametrize("rules", RULESETS)
def test_black_wins_at_parity_at_a_kill_in_the_morning_000_I_1_4(rules: str) -> None:
    """The kill takes effect when the night ends («Доброе утро», 000 I.7.3.1, 003 4.5.4)."""
    game = seven_at_table(rules)
    game.push(Day())
    quiet_day(game)
    game.push(Shoot(target=7))
    assert game.outcome() is None
    assert 7 in game.state.at_table
    assert public(game).seats[6].at_table is True  # the night reveals nothing
    game.push(DonCheck(1))
    game.push(SheriffCheck(3))
    assert game.outcome() is None
    game.push(Day())
    assert game.outcome() == BLACK_WIN
    assert result(game.state, rules)["removed"][-1] == {"seat": 7, "cause": "kill", "night": 1}
    assert game.state.speech == Speech(7, "farewell")


@pytest.mark.parametrize("rules", RULESETS)
def test_black_wins_at_parity_at_a_removal_by_fouls_000_I_1_4(rules: str) -> None:
    game = seven_at_table(rules)
    game.push(Day())
    for _ in range(3):
        game.push(Foul(7))
    assert game.outcome() is None
    game.push(Foul(7))
    assert game.outcome() == BLACK_WIN
    assert result(game.state, rules)["removed"][-1] == {"seat": 7, "cause": "fouls", "day": 1}
    assert Speech(7, "farewell") not in (game.state.speech, *game.state.queue)  # 003 6.5


# -- after the end: 002 "Уходящий на решающем ходу всегда получает минуту последнего слова" ----


@pytest.mark.parametrize("rules", RULESETS)
def test_the_decisive_leaver_has_his_farewell_002_end(rules: str) -> None:
    game = seven_at_table(rules)
    to_day_2(game)
    speeches(game, {3: 7})
    shown = public(game)
    assert (shown.phase, shown.step, shown.speaker) == ("finished", "farewell", 7)
    assert shown.timer == TimerView(kind="farewell", seconds=60)
    # decided: the reveal (roles, result) exists, but only for the protocol topic (issue 8)
    assert "winner" not in PublicView.model_fields and "roles" not in PublicView.model_fields
    shown_reveal = reveal(game.state)
    assert shown_reveal is not None and shown_reveal.winner == "black"
    assert sorted(shown_reveal.roles) == list(range(1, 11))
    game.push(SpeechEnd())
    shown = public(game)
    assert (shown.phase, shown.step, shown.speaker) == ("finished", "over", None)
    assert current_timer(game.state, game.rules) is None
    refused(game, SpeechEnd(), "nobody is speaking now")


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("action", [
    Night(), Day(), Nominate(9), Votes(9, count=1), Shoot(target=9), DonCheck(9),
    SheriffCheck(9),
], ids=repr)
def test_after_the_end_only_speech_end_foul_and_undo_002_end(rules: str, action: Action) -> None:
    """002 "Конец" / "Два правила...": the result stands; docs/game-log.md: only
    `speech_end`, `foul`, `disqualify` and `undo` are accepted once the game is decided.
    (Corrected: `disqualify` used to be refused here; 003 7.12 and 002 "Дисквалифицированному
    просто идёт штраф" record it after the decision: tests/engine/test_second_reading.py.)"""
    game = seven_at_table(rules)
    to_day_2(game)
    speeches(game, {3: 7})
    refused(game, action, "the game is over (black won): only the end of a farewell")
    game.push(Foul(9))
    assert result(game.state, rules)["fouls"]["9"] == 1
    game.push(Undo())  # the foul
    game.push(Undo())  # the decisive vote
    assert game.outcome() is None
    assert 7 in game.state.at_table


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("decider", [Foul(7), Disqualify(3, "team_loss")], ids=repr)
def test_a_game_decided_during_a_speech_stops_it_000_I_1_5(rules: str, decider: Action) -> None:
    """000 I.1.5 "Стоп игра"; docs/game-log.md: after the end only a pending farewell may
    run. The player removed by a foul has none (003 6.5), so seat 1's speech stops too."""
    game = seven_at_table(rules)
    game.push(Day())
    for _ in range(3):
        game.push(Foul(7))
    assert game.state.speech == Speech(1, "speech")
    game.push(decider)
    assert game.outcome() is not None
    assert game.state.speech is None
    assert public(game).step == "over"


# -- quiet rounds ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["cml", "judge-guide"])
def test_three_quiet_nights_are_a_draw_that_morning_000_I_8_5(rules: str) -> None:
    """000 I.8.5 (zero night not counted), 002 "Три ночи без потерь"."""
    game = started(rules)
    game.push(Day())
    quiet_day(game)
    to_day(game, shot=None)  # night 1
    quiet_day(game)
    to_day(game, shot=None)  # night 2: with the zero night that would be three
    assert game.outcome() is None
    quiet_day(game)
    game.push(Shoot(target=None))  # night 3
    assert game.outcome() is None
    game.push(Day())
    assert game.outcome() == Outcome(Winner.DRAW, Termination.QUIET_ROUNDS)
    assert game.state.speech is None
    out = result(game.state, rules)
    assert (out["winner"], out["days"][-1]["day"]) == ("draw", 3)
    assert public(game).phase == "finished"


@pytest.mark.parametrize("rules", ["cml", "judge-guide"])
def test_a_removal_restarts_the_quiet_count_000_I_8_5(rules: str) -> None:
    game = started(rules)
    game.push(Day())
    quiet_day(game)
    to_day(game, shot=None)  # night 1
    speeches(game, {2: 4})  # day 2: seat 4 voted out
    speeches(game)
    game.push(Night())
    to_day(game, shot=None)  # night 2
    quiet_day(game)
    to_day(game, shot=None)  # night 3: three quiet nights in all, but not in a row
    assert game.outcome() is None
    quiet_day(game)
    to_day(game, shot=None)  # night 4: the third quiet night since the removal
    assert game.outcome() == Outcome(Winner.DRAW, Termination.QUIET_ROUNDS)


def quiet_from_night_1_to_day_4(rules: str) -> Game:
    """Nights 1-3 and days 2-4 without anyone leaving, up to the end of day 4's speeches."""
    game = started(rules)
    game.push(Day())
    for _ in range(3):
        quiet_day(game)
        to_day(game, shot=None)
    assert game.state.number == 4
    speeches(game)
    return game


def test_fiim_three_nights_and_days_are_a_draw_003_7_9() -> None:
    """003 7.9: three nights and days in a row from a night (6 phases): the draw comes at
    the next «Наступает ночь», not at the morning after the third night (000's rule)."""
    game = quiet_from_night_1_to_day_4("fiim")
    assert game.outcome() is None
    game.push(Night())
    assert game.outcome() == Outcome(Winner.DRAW, Termination.QUIET_ROUNDS)
    assert result(game.state, "fiim")["winner"] == "draw"


def test_fiim_2015_three_game_days_are_a_red_win_001_7_3() -> None:
    """001 7.3: three "игровых суток" (night + day, read as 003 7.9 counts) without a change
    at the table: "победа присуждается красной команде"."""
    game = quiet_from_night_1_to_day_4("fiim-2015")
    assert game.outcome() is None
    game.push(Night())
    assert game.outcome() == Outcome(Winner.RED, Termination.QUIET_ROUNDS)
    assert result(game.state, "fiim-2015")["winner"] == "red"


def four_players_after_day_2(rules: str) -> Game:
    """Five at the table (1, 3 don, 8 mafia, 9, 10), night 1 a miss, day 2 votes out 8:
    four players left, one of them black."""
    game = table_without(rules, 5, 2, 4, 6, 7)
    to_day_2(game)
    speeches(game, {3: 8})
    speeches(game)  # the farewell
    assert sorted(game.state.at_table) == [1, 3, 9, 10]
    game.push(Night())
    return game


def test_fiim_four_players_three_black_misses_are_a_red_win_003_7_8() -> None:
    """003 7.8: only misses with four players left count (night 1 had five)."""
    game = four_players_after_day_2("fiim")
    to_day(game, shot=None)  # night 2
    quiet_day(game)
    to_day(game, shot=None)  # night 3: two misses at four players
    assert game.outcome() is None
    quiet_day(game)
    game.push(Shoot(target=None))  # night 4: the third
    game.push(Day())
    assert game.outcome() == Outcome(Winner.RED, Termination.FOUR_PLAYER_MISSES)
    assert result(game.state, "fiim")["winner"] == "red"


def test_fiim_2015_has_no_four_player_miss_rule_003_7_8() -> None:
    """003 7.8 is not in 001: the same three misses leave the game going."""
    game = four_players_after_day_2("fiim-2015")
    for _ in range(3):
        to_day(game, shot=None)
        if game.state.number < 5:
            quiet_day(game)
    assert game.state.number == 5
    assert game.outcome() is None
