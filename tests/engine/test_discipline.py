"""Scenario tests: fouls, the third-foul penalty, removals and the votes they cancel.

Seeds: 000 = cml (I.8, II), 003 = fiim (6, 7), 001 = fiim-2015 (6, 7),
002 = judge-guide ("Фолы и снятия", "Когда голосование отменяется", "Два правила...").
"""

from __future__ import annotations

import pytest

from engine import (
    Action,
    Day,
    Disqualify,
    Foul,
    Night,
    Nominate,
    Shoot,
    SpeechEnd,
    Termination,
    Votes,
    Winner,
)
from engine.classic import (
    Game,
    Outcome,
)
from engine.classic.protocol import result
from engine.classic.state import Speech
from engine.classic.testing import (
    day_result,
    end_speeches,
    refused,
    speeches,
    started,
    timer_of,
    to_day,
)
from engine.classic.views import view
from engine.viewmodels import Out, SeatView
from engine.vocab import Cause

RULESETS = ("cml", "fiim", "fiim-2015", "judge-guide")
MUTING = ("fiim", "fiim-2015", "judge-guide")  # third foul: the next speech is lost
# Roles used throughout (the helpers' defaults): don 3, mafia 5 and 8, sheriff 1.




def fouls(game: Game, seat: int, n: int) -> None:
    for _ in range(n):
        game.push(Foul(seat))






def public_seat(game: Game, seat: int) -> SeatView:
    return view(game.state, game.rules, "public").seats[seat - 1]


def run_turns(game: Game, nominations: dict[int, int] | None = None) -> list[Speech]:
    """End every speech of the day in a row, nominating as given; return them in order."""
    noms = dict(nominations or {})
    done = []
    while game.state.speech is not None:
        speech = game.state.speech
        done.append(speech)
        if speech.seat in noms and speech.kind != "farewell":
            game.push(Nominate(noms.pop(speech.seat)))
        game.push(SpeechEnd())
    return done


def four_at_table(rules: str) -> Game:
    """Zero night: seats 2, 4, 5, 6, 7, 8 disqualified; left 1 (sheriff), 3 (don), 9, 10."""
    game = started(rules)
    for seat in (5, 8, 2, 4, 6, 7):
        game.push(Disqualify(seat))
    return game


# -- fouls counted -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
def test_fouls_are_counted_in_the_protocol_003_9_5(rules: str) -> None:
    """003 9.5 / 002 "Протокол: ... фолы": every foul is recorded against the seat."""
    game = started(rules)
    game.push(Foul(2, reason="night: talking"))
    game.push(Day())
    fouls(game, 8, 2)
    game.push(Foul(2))
    counted = result(game.state, rules)["fouls"]
    assert counted == {"1": 0, "2": 2, "3": 0, "4": 0, "5": 0, "6": 0, "7": 0, "8": 2,
                       "9": 0, "10": 0}
    assert public_seat(game, 2).fouls == 2
    assert public_seat(game, 8).fouls == 2


def test_cml_third_foul_has_no_penalty_000_I_8_4() -> None:
    """000 I.8.4 "не получают никакого наказания за третий фол"."""
    game = started("cml")
    fouls(game, 2, 3)
    assert public_seat(game, 2).muted is False
    game.push(Day())
    game.push(SpeechEnd())
    assert game.state.speech == Speech(2, "speech")
    assert timer_of(game) == ("speech", 60)
    speeches(game)
    assert day_result(game, 1)["muted"] == []
    assert 2 in game.state.at_table


# -- the third foul: 003 6.4, 001 6.4, 002 "Три фола — игрок лишается ближайшей речи" ---------


@pytest.mark.parametrize("rules", MUTING)
def test_third_foul_turns_the_next_turn_into_a_muted_turn_003_6_4(rules: str) -> None:
    """003 6.4, 001 6.4, 002: the turn is kept (listed in `speakers` and `muted`) and he
    may still nominate in it."""
    game = started(rules)
    fouls(game, 2, 3)
    assert public_seat(game, 2).muted is True
    game.push(Day())
    game.push(SpeechEnd())
    assert game.state.speech == Speech(2, "muted_turn")
    public = view(game.state, game.rules, "public")
    assert (public.step, public.speaker) == ("muted_turn", 2)
    assert public.timer is not None and public.timer.kind == "muted_turn"
    game.push(Nominate(6))  # "у игрока остаётся право выставить кандидатуру"
    game.push(SpeechEnd())
    assert game.state.speech == Speech(3, "speech")
    assert public_seat(game, 2).muted is False  # the penalty is used up
    speeches(game)
    day1 = day_result(game, 1)
    assert day1["speakers"] == list(range(1, 11))
    assert day1["muted"] == [2]
    assert day1["nominations"] == [6]


@pytest.mark.parametrize("rules", MUTING)
def test_the_muted_turn_is_only_the_next_one_003_6_4(rules: str) -> None:
    """The penalty is the nearest minute only: the next day seat 2 speaks again."""
    game = started(rules)
    fouls(game, 2, 3)
    game.push(Day())
    speeches(game)
    game.push(Night())
    to_day(game, shot=None)
    assert game.state.speech == Speech(2, "speech")
    speeches(game)
    assert day_result(game, 2)["muted"] == []


@pytest.mark.parametrize("rules", MUTING)
def test_third_foul_after_his_turn_mutes_tomorrows_turn_003_6_4(rules: str) -> None:
    """003 6.4 "в свою ближайшую минуту": today's turn is already spoken."""
    game = started(rules)
    game.push(Day())
    game.push(SpeechEnd())  # seat 1
    game.push(SpeechEnd())  # seat 2 has spoken
    fouls(game, 2, 3)
    speeches(game)
    assert day_result(game, 1)["muted"] == []
    game.push(Night())
    to_day(game, shot=None)
    assert game.state.speech == Speech(2, "muted_turn")
    speeches(game)
    assert day_result(game, 2)["muted"] == [2]


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("when", ["before his turn", "after his turn"])
def test_a_player_with_three_fouls_speaks_in_the_tie_003_7_5(rules: str, when: str) -> None:
    """003 7.5, 001 7.5: "Если игрок получил 3-й фол и попал в ситуацию переголосования,
    то он имеет право слова" (30 s, 003 4.4.13)."""
    game = started(rules)
    game.push(Day())
    if when == "before his turn":
        fouls(game, 4, 3)
    speeches(game, {1: 4, 2: 9})
    if when == "after his turn":
        fouls(game, 4, 3)
    game.push(Votes(4, count=5))  # 5 : 5
    assert game.state.speech == Speech(4, "tie_speech")
    assert timer_of(game) == ("tie_speech", 30)


@pytest.mark.parametrize("rules", ["fiim", "judge-guide"])
@pytest.mark.parametrize("foul_at", ["zero night", "day 1"])
def test_three_fouls_at_four_players_gives_a_30_second_speech_003_7_7(
        rules: str, foul_at: str) -> None:
    """003 7.7; 002 "0:30 Речь при 3–4 игроках, если у игрока 3 фола"."""
    game = four_at_table(rules)
    if foul_at == "zero night":
        fouls(game, 9, 3)
    game.push(Day())
    if foul_at == "day 1":
        fouls(game, 9, 3)
    turns = run_turns(game)
    assert turns == [Speech(1, "speech"), Speech(3, "speech"), Speech(9, "short_speech"),
                     Speech(10, "speech")]
    assert day_result(game, 1)["speakers"] == [1, 3, 9, 10]


def test_short_speech_timer_is_30_seconds_003_7_7() -> None:
    """003 7.7 "он имеет 30 секунд"."""
    game = four_at_table("fiim")
    fouls(game, 3, 3)
    game.push(Day())
    game.push(SpeechEnd())
    assert game.state.speech == Speech(3, "short_speech")
    assert timer_of(game) == ("short_speech", 30)
    assert view(game.state, game.rules, "public").step == "short_speech"


def test_fiim_2015_has_no_30_second_exception_at_four_players_001_6_4() -> None:
    """001 6.4 has no 3-4 player exception (003 7.7 is newer): the whole speech is lost."""
    game = four_at_table("fiim-2015")
    fouls(game, 9, 3)
    game.push(Day())
    turns = run_turns(game)
    assert Speech(9, "muted_turn") in turns
    assert day_result(game, 1)["muted"] == [9]


def test_at_five_players_the_third_foul_still_mutes_003_7_7() -> None:
    """003 7.7 applies only at 3 or 4 players."""
    game = started("fiim")
    for seat in (5, 2, 4, 6, 7):  # left: 1, 3, 8, 9, 10
        game.push(Disqualify(seat))
    fouls(game, 9, 3)
    game.push(Day())
    assert Speech(9, "muted_turn") in run_turns(game)


# -- the fourth foul: 003 6.5, 001 6.5, 002 "Четыре — покидает игру немедленно"; 000 II.2.1 ----


@pytest.mark.parametrize("rules", RULESETS)
def test_fourth_foul_removes_without_a_farewell_003_6_5(rules: str) -> None:
    """003 6.5, 001 6.5, 002 "без последнего слова"; 000 II.2.1 (silent on the farewell)."""
    game = started(rules)
    game.push(Day())
    fouls(game, 6, 3)
    assert 6 in game.state.at_table
    game.push(Foul(6))
    assert 6 not in game.state.at_table
    assert game.state.speech == Speech(1, "speech")  # the speaker goes on
    turns = run_turns(game)
    assert all(t.seat != 6 for t in turns)  # neither a farewell nor a turn
    assert result(game.state, rules)["removed"] == [{"seat": 6, "cause": "fouls", "day": 1}]
    assert public_seat(game, 6).out == Out(cause=Cause("fouls"), day=1)
    assert public_seat(game, 6).fouls == 4
    assert day_result(game, 1)["speakers"] == [1, 2, 3, 4, 5, 7, 8, 9, 10]


@pytest.mark.parametrize("rules", RULESETS)
def test_fourth_foul_at_night_removes_at_once_003_6_5(rules: str) -> None:
    """003 6.5: out at once, so no farewell opens the morning."""
    game = started(rules)
    game.push(Day())
    speeches(game)
    game.push(Night())
    fouls(game, 6, 4)
    assert result(game.state, rules)["removed"] == [{"seat": 6, "cause": "fouls", "night": 1}]
    to_day(game, shot=None)
    assert game.state.speech == Speech(2, "speech")  # no farewell in the morning


@pytest.mark.parametrize("rules", RULESETS)
def test_removing_the_current_speaker_ends_his_speech_003_6_5(rules: str) -> None:
    """003 6.5 "немедленно покидает игру": his speech ends, the next seat speaks."""
    game = started(rules)
    game.push(Day())
    game.push(SpeechEnd())
    game.push(SpeechEnd())
    assert game.state.speech == Speech(3, "speech")
    game.push(Disqualify(3))
    assert game.state.speech == Speech(4, "speech")
    fouls(game, 4, 4)
    assert game.state.speech == Speech(5, "speech")
    speeches(game)
    assert day_result(game, 1)["speakers"] == list(range(1, 11))  # every turn begun
    assert [r["seat"] for r in result(game.state, rules)["removed"]] == [3, 4]


# -- cancelled votes: 000 I.8.1-8.2, 003 7.1-7.2, 001 7.1-7.2, 002 "Когда голосование отменяется"


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("removal", [Foul(7), Disqualify(7)], ids=["fourth foul", "disqualify"])
def test_removal_before_the_result_cancels_todays_vote_000_I_8_1(
        rules: str, removal: Action) -> None:
    """000 I.8.1, 003 7.1, 001 7.1: "голосование в данный день не проводится"."""
    game = started(rules)
    game.push(Day())
    game.push(Nominate(4))
    game.push(SpeechEnd())
    game.push(Nominate(9))
    if isinstance(removal, Foul):
        fouls(game, 7, 3)
    game.push(removal)
    assert view(game.state, game.rules, "public").day_vote == "cancelled"
    speeches(game)
    assert game.state.voting is None
    assert view(game.state, game.rules, "public").step == "await_night"
    day1 = day_result(game, 1)
    assert (day1["vote"], day1["rounds"], day1["nominations"]) == ("cancelled", [], [4, 9])


@pytest.mark.parametrize("rules", RULESETS)
def test_removal_during_the_voting_cancels_it_000_I_8_1(rules: str) -> None:
    """000 I.8.1: "ближайшее или текущее голосование не проводится"."""
    game = started(rules)
    game.push(Day())
    game.push(SpeechEnd())
    speeches(game, {2: 4, 3: 9, 4: 6})
    game.push(Votes(4, count=3))
    game.push(Disqualify(7))
    assert game.state.voting is None
    assert view(game.state, game.rules, "public").step == "await_night"
    refused(game, Votes(9, count=3), "no voting round is running now")
    day1 = day_result(game, 1)
    assert (day1["vote"], day1["rounds"]) == ("cancelled", [])
    game.push(Night())  # the day is over


@pytest.mark.parametrize("rules", RULESETS)
def test_removal_in_a_tie_speech_cancels_the_revote_000_I_8_1(rules: str) -> None:
    """000 I.8.1 "текущее голосование": the tie speeches and the revote are not held."""
    game = started(rules)
    game.push(Day())
    speeches(game, {1: 4, 2: 9})
    game.push(Votes(4, count=5))
    assert game.state.speech == Speech(4, "tie_speech")
    fouls(game, 7, 4)
    assert game.state.speech is None
    assert game.state.voting is None
    assert day_result(game, 1)["vote"] == "cancelled"
    game.push(Night())


def vote_out_seat_4_on_day_2(rules: str) -> Game:
    """Day 1 without nominations, a miss, then day 2 votes seat 4 out (6 : 4)."""
    game = started(rules)
    game.push(Day())
    speeches(game)
    game.push(Night())
    to_day(game, shot=None)
    speeches(game, {2: 4, 3: 9})
    game.push(Votes(4, count=6))
    assert game.state.speech == Speech(4, "farewell")
    return game


@pytest.mark.parametrize("rules", ["cml", "fiim", "judge-guide"])
def test_removal_after_the_result_cancels_tomorrows_vote_000_I_8_2(rules: str) -> None:
    """000 I.8.2, 003 7.2, 002: removed after today's result, not as its leaver."""
    game = vote_out_seat_4_on_day_2(rules)
    fouls(game, 7, 4)
    assert game.state.speech == Speech(4, "farewell")  # the leaver keeps his last word
    end_speeches(game)
    assert day_result(game, 2)["vote"] == "held"
    game.push(Night())
    to_day(game, shot=None)
    assert view(game.state, game.rules, "public").day_vote == "cancelled"
    refused(game, Nominate(2), "there is no vote today (cancelled by a removal)")
    speeches(game)
    assert day_result(game, 3)["vote"] == "cancelled"
    assert day_result(game, 3)["rounds"] == []


def test_fiim_2015_removal_after_the_result_leaves_tomorrows_vote_001_7_1() -> None:
    """001 7.1 cancels only the vote "в данный день": tomorrow votes as usual."""
    game = vote_out_seat_4_on_day_2("fiim-2015")
    fouls(game, 7, 4)
    end_speeches(game)
    game.push(Night())
    to_day(game, shot=None)
    assert view(game.state, game.rules, "public").day_vote == "pending"
    speeches(game, {3: 9})
    day3 = day_result(game, 3)
    assert (day3["vote"], day3["nominations"]) == ("held", [9])
    assert 9 not in game.state.at_table


@pytest.mark.parametrize("rules", RULESETS)
def test_the_leavers_own_fourth_foul_cancels_nothing_000_I_8_1(rules: str) -> None:
    """000 I.8.1, 003 7.1: no cancellation when the player "является покинувшим игру по
    результату голосования"; his fouls are still recorded."""
    game = vote_out_seat_4_on_day_2(rules)
    fouls(game, 4, 4)
    assert result(game.state, rules)["fouls"]["4"] == 4
    end_speeches(game)
    game.push(Night())
    to_day(game, shot=None)
    assert view(game.state, game.rules, "public").day_vote == "pending"
    assert [r["cause"] for r in result(game.state, rules)["removed"]] == ["vote"]


@pytest.mark.parametrize("rules", RULESETS)
def test_the_killed_players_fourth_foul_cancels_nothing_000_I_8_1(rules: str) -> None:
    """000 I.8.1, 003 7.1: no cancellation when the player "был убит ночью"."""
    game = started(rules)
    game.push(Day())
    speeches(game)
    game.push(Night())
    to_day(game, shot=7)
    assert game.state.speech == Speech(7, "farewell")
    fouls(game, 7, 4)
    game.push(SpeechEnd())
    speeches(game, {2: 4, 3: 9})
    assert game.state.voting is not None
    assert view(game.state, game.rules, "public").day_vote == "pending"


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("night", [0, 1])
def test_removal_at_night_cancels_the_next_days_vote_001_7_2(rules: str, night: int) -> None:
    """001 7.2; 000 I.8.1 and 003 7.1 "ближайшее голосование"; 002 the same."""
    game = started(rules)
    if night == 1:
        game.push(Day())
        speeches(game)
        game.push(Night())
        game.push(Shoot(target=None))
    game.push(Disqualify(7))
    game.push(Day())
    day = night + 1
    assert view(game.state, game.rules, "public").day_vote == "cancelled"
    refused(game, Nominate(4), "there is no vote today (cancelled by a removal)")
    speeches(game)
    assert day_result(game, day)["vote"] == "cancelled"
    assert result(game.state, rules)["removed"] == [
        {"seat": 7, "cause": "disqualified", "night": night}]


# -- team loss and the limits of fouls ---------------------------------------------------------


@pytest.mark.parametrize("rules", ["fiim", "fiim-2015", "judge-guide"])
@pytest.mark.parametrize(("offender", "winner"), [(5, Winner.RED), (2, Winner.BLACK)])
def test_team_loss_awards_the_game_to_the_other_team_003_6_8(
        rules: str, offender: int, winner: Winner) -> None:
    """003 6.8, 001 6.8, 002 "Поражение всей команде"."""
    game = started(rules)
    game.push(Day())
    game.push(Disqualify(offender, "team_loss"))
    assert game.outcome() == Outcome(winner, Termination.TEAM_LOSS)
    out = result(game.state, rules)
    assert (out["winner"], out["finished"]) == (winner.value, True)
    assert out["removed"] == [{"seat": offender, "cause": "disqualified", "day": 1}]
    no_farewell = Speech(offender, "farewell")  # 003 6.5: removal without a last word
    assert no_farewell not in (game.state.speech, *game.state.queue)
    assert view(game.state, game.rules, "judge").termination == "team_loss"


@pytest.mark.parametrize("rules", RULESETS)
def test_a_foul_on_a_player_not_at_the_table_is_refused_003_6_5(rules: str) -> None:
    """003 6.5 "немедленно покидает игру": a removed player can take no more fouls
    (docs/game-log.md: `foul` "while the player is at the table")."""
    game = started(rules)
    game.push(Day())
    fouls(game, 6, 4)
    refused(game, Foul(6), "seat 6 is not at the table")
    refused(game, Disqualify(6), "seat 6 is not at the table")
    refused(game, Foul(0), "seat 0 is not a seat number 1-10")
    refused(game, Foul(11), "seat 11 is not a seat number 1-10")
    assert result(game.state, rules)["fouls"]["6"] == 4


@pytest.mark.parametrize("rules", RULESETS)
def test_no_foul_before_the_game_starts_000_I_3_2(rules: str) -> None:
    """000 I.3.2: the game starts with «Наступает ночь»; docs/game-log.md: `foul` "any
    time after `start`"."""
    game = Game(rules)
    refused(game, Foul(2), "the cards are not dealt yet")
    game = started(rules)
    game.pop()  # back to "cards dealt, not started"
    refused(game, Foul(2), "the game has not started")


def black_wins_by_vote(rules: str) -> Game:
    """Zero night: seats 2, 4, 6 disqualified (3 black, 4 red); day 2 votes out seat 7."""
    game = started(rules)
    for seat in (2, 4, 6):
        game.push(Disqualify(seat))
    game.push(Day())
    speeches(game)
    game.push(Night())
    to_day(game, shot=None)
    speeches(game, {3: 7})
    assert game.outcome() == Outcome(Winner.BLACK, Termination.BLACK_PARITY)
    assert game.state.speech == Speech(7, "farewell")
    return game


@pytest.mark.parametrize("rules", RULESETS)
def test_fouls_after_the_result_change_nothing_002_two_rules(rules: str) -> None:
    """002 "Два правила...": after the decisive vote "результат игры не меняется"; the
    fouls are recorded (003 7.12: the result is the vote's)."""
    game = black_wins_by_vote(rules)
    removed = result(game.state, rules)["removed"]
    fouls(game, 9, 4)  # a red at the table
    fouls(game, 3, 4)  # a black at the table
    fouls(game, 7, 4)  # the leaver in his farewell
    assert game.outcome() == Outcome(Winner.BLACK, Termination.BLACK_PARITY)
    out = result(game.state, rules)
    assert (out["fouls"]["9"], out["fouls"]["3"], out["fouls"]["7"]) == (4, 4, 4)
    assert out["removed"] == removed
    assert {3, 9} <= game.state.at_table
    assert game.state.speech == Speech(7, "farewell")
    # Corrected (003 7.12, 002 "Дисквалифицированному просто идёт штраф"): a disqualification
    # after the decision is recorded for the penalty and changes nothing; it used to be refused.
    game.push(Disqualify(3))
    assert game.outcome() == Outcome(Winner.BLACK, Termination.BLACK_PARITY)
    assert result(game.state, rules)["removed"] == removed
    assert result(game.state, rules)["late_disqualifications"] == [{"seat": 3, "kind": "removal"}]
