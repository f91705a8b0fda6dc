"""Scenario tests: the moment today's vote result is known (issue 26).

000 I.8.2 "после того, как стал известен результат голосования текущего дня", 003 7.2
"во время голосования, после того, как был определён результат голосования", 002 "уже после
того, как результат голосования стал известен": the result of a round is known from the first
moment that the votes already counted fix it (no way of counting the votes still to come, each
remaining voter voting once and the last candidate taking every vote left, changes who leaves
or that a tie follows). A removal by discipline before it cancels today's vote (000 I.8.1
"текущее"); after it today's vote stands and is finished without the removed player, and
tomorrow's is cancelled where the ruleset cancels it after today's result (000 I.8.2, 003 7.2,
002; not 001 7.1 "в данный день"). The leaver himself cancels nothing (000 I.8.1, 003 7.2).

Roles throughout (the helpers' defaults): don 3, mafia 5 and 8, sheriff 1.
"""

from __future__ import annotations

import pytest

from engine import Day, Disqualify, Foul, Lift, Night, Votes
from engine.classic import Game
from engine.classic.log import dump_lines
from engine.classic.moment import result_known
from engine.classic.protocol import result
from engine.classic.replay import replay
from engine.classic.ruleset import load_ruleset
from engine.classic.state import Speech
from engine.classic.testing import (
    day_result,
    end_speeches,
    refused,
    second_day,
    speeches,
    started,
    to_day,
)
from engine.classic.views import view
from engine.log import header

RULESETS = ("cml", "fiim", "fiim-2015", "judge-guide")
TOMORROW_CANCELLED = {"cml": True, "fiim": True, "fiim-2015": False, "judge-guide": True}
REMOVALS = {"fourth foul": "fouls", "disqualification": "disqualified"}


def remove(game: Game, seat: int, how: str) -> None:
    """A fourth foul (three first) or a disqualification of `seat`, now."""
    if how == "fourth foul":
        for _ in range(4):
            game.push(Foul(seat))
    else:
        game.push(Disqualify(seat))


def day_2_vote(rules: str, nominations: dict[int, int]) -> Game:
    """Day 2's first round open (10 at the table, speaker 2 opened the day)."""
    game = second_day(rules, nominations)
    assert game.state.voting is not None
    return game


def tomorrow(game: Game) -> str:
    """End today's speeches and night 2 (a miss): day 3's vote status on the screens."""
    end_speeches(game)
    game.push(Night())
    to_day(game, shot=None)
    return str(view(game.state, game.rules, "public").day_vote)


def causes(game: Game) -> list[tuple[int, str]]:
    return [(r["seat"], r["cause"]) for r in result(game.state, game.rules.id)["removed"]]


# -- before the moment: today's vote is cancelled --------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("how", REMOVALS)
@pytest.mark.parametrize("who", [7, 4, 9], ids=["a voter", "the counted leader",
                                               "a candidate still to be counted"])
def test_a_removal_before_the_result_is_fixed_cancels_todays_vote_000_I_8_1(
        rules: str, how: str, who: int) -> None:
    """4 has 5 of 10 and 5 votes are still to come: 9 or 6 could still reach 5 (a tie), so
    the result is not known and today's vote is not held (000 I.8.1 "текущее"), whoever
    leaves: a voter, the candidate counted so far, or one still to be counted."""
    game = day_2_vote(rules, {2: 4, 3: 9, 4: 6})
    game.push(Votes(4, count=5))  # 5 to come: 9 or 6 could still reach 5
    assert not result_known(game.state, game.rules)
    remove(game, who, how)
    assert game.state.voting is None
    assert day_result(game, 2)["vote"] == "cancelled"
    assert day_result(game, 2)["rounds"] == []
    assert causes(game) == [(who, REMOVALS[how])]
    assert {4, 9, 6} - {who} <= game.state.at_table
    assert tomorrow(game) == "pending"  # one removal cancels one vote: today's


@pytest.mark.parametrize("rules", RULESETS)
def test_the_boundary_a_tie_still_possible_is_no_result_003_7_2(rules: str) -> None:
    """5 counted for 4 with 5 to come: a candidate still to be counted could reach 5 (a tie),
    so nothing is fixed; 6 counted with 4 to come: nobody can reach 6, the result is known."""
    game = day_2_vote(rules, {2: 4, 3: 9, 4: 6})
    game.push(Votes(4, count=5))
    assert not result_known(game.state, game.rules)  # 5 left: 9 or 6 could reach 5
    game.pop()
    game.push(Votes(4, count=6))
    assert result_known(game.state, game.rules)  # 4 left: nobody reaches 6


@pytest.mark.parametrize("rules", RULESETS)
def test_a_fixed_tie_that_leads_to_a_revote_settles_nothing_000_I_8_1(rules: str) -> None:
    """4 and 9 have 5 each, nobody else can reach 5: the round's tie is fixed, but who
    leaves today is not (tie speeches and a revote follow), so today's vote is cancelled."""
    game = day_2_vote(rules, {2: 4, 3: 9, 4: 6, 5: 2})
    game.push(Votes(4, count=5))
    game.push(Votes(9, count=5))
    assert game.state.voting is not None  # 6 and 2 still to be counted: 0 votes left
    assert not result_known(game.state, game.rules)
    remove(game, 7, "fourth foul")
    assert day_result(game, 2)["vote"] == "cancelled"
    assert game.state.speech is None and game.state.queue == ()


# -- after the moment: today's vote stands -------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("how", REMOVALS)
def test_a_voter_removed_after_the_result_is_known_keeps_todays_vote_003_7_2(
        rules: str, how: str) -> None:
    """4 has 6 of 10 with 4 to come: the result is known. Seat 7 (a voter, in no list)
    leaves: the vote is finished without him, 4 leaves with his farewell, and tomorrow's
    vote is cancelled except under fiim-2015 (001 7.1 "в данный день")."""
    game = day_2_vote(rules, {2: 4, 3: 9, 4: 6})
    game.push(Votes(4, count=6))
    assert result_known(game.state, game.rules)
    remove(game, 7, how)
    assert game.state.voting is not None, "the round goes on"
    assert view(game.state, game.rules, "public").vote is not None
    game.push(Votes(9, count=1))
    day2 = day_result(game, 2)
    assert day2["vote"] == "held"
    # 10 voted at most; 6 + 1 counted; 7's vote, not in any list, is taken as not cast
    assert day2["rounds"] == [{"candidates": [4, 9, 6], "votes": {"4": 6, "9": 1, "6": 2}}]
    assert game.state.speech == Speech(4, "farewell")
    assert causes(game) == [(7, REMOVALS[how]), (4, "vote")]
    assert tomorrow(game) == ("cancelled" if TOMORROW_CANCELLED[rules] else "pending")


@pytest.mark.parametrize("rules", RULESETS)
def test_a_named_voter_keeps_the_vote_he_cast_000_I_8_2(rules: str) -> None:
    """With voters lists the kit knows whether the removed player had voted: 7 voted for 4,
    so his vote stays counted; the last candidate gets every vote of the players who have
    not voted yet."""
    game = day_2_vote(rules, {2: 4, 3: 9, 4: 6})
    game.push(Votes(4, voters=(1, 2, 3, 5, 7, 10)))
    remove(game, 7, "disqualification")
    game.push(Votes(9, voters=(8,)))
    assert day_result(game, 2)["rounds"][0]["votes"] == {"4": 6, "9": 1, "6": 3}


@pytest.mark.parametrize("rules", RULESETS)
def test_a_named_non_voter_removed_has_no_vote_counted_000_I_8_2(rules: str) -> None:
    """Every vote so far is named and 9's is not: he had not voted, and his vote is not
    counted for the last candidate (the removed player's later vote is not counted)."""
    game = day_2_vote(rules, {2: 4, 3: 9, 4: 6})
    game.push(Votes(4, voters=(1, 2, 3, 5, 7, 10)))
    remove(game, 9, "fourth foul")  # 9, a candidate still to be counted, drops out too
    assert game.state.voting is None, "only 6 was left to count: the round closed"
    rnd = day_result(game, 2)["rounds"][0]
    assert rnd == {"candidates": [4, 6], "votes": {"4": 6, "6": 3}}


@pytest.mark.parametrize("rules", RULESETS)
def test_a_counted_vote_that_needs_the_removed_players_vote_000_I_8_2(rules: str) -> None:
    """Counts only: 7's vote is taken as not cast, unless the counts entered after need it
    (then it was among those counted): 4 has 6, 7 leaves, 9 gets 4: all ten votes."""
    game = day_2_vote(rules, {2: 4, 3: 9, 4: 6})
    game.push(Votes(4, count=6))
    remove(game, 7, "fourth foul")
    refused(game, Votes(9, count=5), "only 4 votes are left")
    game.push(Votes(9, count=4))
    assert day_result(game, 2)["rounds"][0]["votes"] == {"4": 6, "9": 4, "6": 0}


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("how", REMOVALS)
def test_a_counted_candidate_removed_keeps_his_votes_003_7_2(rules: str, how: str) -> None:
    """9 (counted, 1 vote) leaves once 4's 6 votes fixed the result: his votes stay in the
    round, 4 still leaves, tomorrow's vote as the ruleset says."""
    game = day_2_vote(rules, {2: 4, 3: 9, 4: 6, 5: 2})
    game.push(Votes(4, count=6))
    game.push(Votes(9, count=1))
    remove(game, 9, how)
    game.push(Votes(6, count=1))
    rnd = day_result(game, 2)["rounds"][0]
    assert rnd["candidates"] == [4, 9, 6, 2]
    assert rnd["votes"]["9"] == 1
    assert causes(game) == [(9, REMOVALS[how]), (4, "vote")]
    assert tomorrow(game) == ("cancelled" if TOMORROW_CANCELLED[rules] else "pending")


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("how", REMOVALS)
def test_a_candidate_still_to_be_counted_drops_out_003_7_2(rules: str, how: str) -> None:
    """9 leaves before his votes are counted: he drops out of the round, the remaining
    candidates are counted in order, the last takes every vote left."""
    game = day_2_vote(rules, {2: 4, 3: 9, 4: 6, 5: 2})
    game.push(Votes(4, count=6))
    remove(game, 9, how)
    vote = view(game.state, game.rules, "public").vote
    assert vote is not None and (vote.candidates, vote.current) == ((4, 6, 2), 6)
    refused(game, Votes(9, count=0), "not a candidate")
    game.push(Votes(6, count=1))
    rnd = day_result(game, 2)["rounds"][0]
    assert rnd == {"candidates": [4, 6, 2], "votes": {"4": 6, "6": 1, "2": 2}}
    assert causes(game) == [(9, REMOVALS[how]), (4, "vote")]
    assert tomorrow(game) == ("cancelled" if TOMORROW_CANCELLED[rules] else "pending")


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("how", REMOVALS)
def test_the_leaving_candidate_removed_cancels_nothing_000_I_8_1(rules: str, how: str) -> None:
    """4 (6 of 10, the result known) takes his fourth foul or is disqualified: he leaves by
    that removal, without a farewell (003 6.5); nobody else leaves; he is the player leaving
    by today's result, so no vote is cancelled (000 I.8.1 "является покинувшим игру по
    результату голосования", 003 7.2, 002 "Исключение")."""
    game = day_2_vote(rules, {2: 4, 3: 9, 4: 6})
    game.push(Votes(4, count=6))
    remove(game, 4, how)
    game.push(Votes(9, count=1))
    assert day_result(game, 2)["vote"] == "held"
    assert causes(game) == [(4, REMOVALS[how])]
    assert game.state.speech is None and game.state.queue == ()
    assert view(game.state, game.rules, "public").step == "await_night"
    assert tomorrow(game) == "pending"


@pytest.mark.parametrize("how", REMOVALS)
def test_cml_day_1_majority_winner_removed_after_the_result_000_I_6_18_5(how: str) -> None:
    """cml's day 1: the winner stays (000 I.6.18.5) unless he voted for himself. Removed once
    his majority is known, he is not the player leaving by it: tomorrow's vote is cancelled
    (000 I.8.2); with his own vote named for himself he was leaving: nothing is cancelled."""
    game = started("cml")
    game.push(Day())
    speeches(game, {1: 4, 2: 9, 3: 6})
    game.push(Votes(4, count=6))
    remove(game, 4, how)
    game.push(Votes(9, count=1))
    assert game.state.speech is None, "no 30 s speech: he has left"
    assert tomorrow(game) == "cancelled"
    game = started("cml")
    game.push(Day())
    speeches(game, {1: 4, 2: 9, 3: 6})
    game.push(Votes(4, voters=(1, 2, 3, 4, 5, 7)))
    remove(game, 4, how)
    game.push(Votes(9, voters=(8,)))
    assert tomorrow(game) == "pending"


@pytest.mark.parametrize("rules", RULESETS)
def test_a_second_removal_in_the_same_round_keeps_it_standing_003_7_2(rules: str) -> None:
    """Once a removal left the round standing, its result stays known: a second one does
    not cancel it either."""
    game = day_2_vote(rules, {2: 4, 3: 9, 4: 6, 5: 2})
    game.push(Votes(4, count=7))
    remove(game, 7, "fourth foul")
    remove(game, 10, "disqualification")
    game.push(Votes(9, count=0))
    game.push(Votes(6, count=1))
    assert day_result(game, 2)["vote"] == "held"
    assert causes(game) == [(7, "fouls"), (10, "disqualified"), (4, "vote")]


def test_a_fixed_tie_that_ends_the_day_is_a_known_result_000_I_6_18_1() -> None:
    """cml day 1: five candidates with 2 votes each and no vote left to count is a tie of
    5, which takes no revote (000 I.6.18.1): the result is known, the vote stands. With 2
    votes still to come it is not: a sixth could reach 2, or a split makes a tie of 4."""
    game = started("cml")
    game.push(Day())
    speeches(game, {1: 4, 2: 9, 3: 6, 4: 2, 5: 7, 6: 10, 7: 1})
    for seat in (4, 9, 6, 2):
        game.push(Votes(seat, count=2))
    assert not result_known(game.state, game.rules)  # 2 to come among 7, 10, 1
    game.push(Votes(7, count=2))
    assert result_known(game.state, game.rules)  # nothing left: a tie of 5
    remove(game, 8, "disqualification")
    game.push(Votes(10, count=0))
    assert day_result(game, 1)["vote"] == "held"
    assert 4 in game.state.at_table and game.state.speech is None
    assert tomorrow(game) == "cancelled"  # 000 I.8.2


# -- the lift vote ------------------------------------------------------------------------


def lift_put(rules: str) -> Game:
    """Day 2: 4 and 9 tie 5 : 5 twice; the lift question is put (10 at the table)."""
    game = day_2_vote(rules, {2: 4, 3: 9})
    game.push(Votes(4, count=5))
    end_speeches(game)
    game.push(Votes(4, count=5))
    assert game.state.lift == (4, 9)
    return game


@pytest.mark.parametrize("rules", RULESETS)
def test_a_removal_before_the_lift_is_counted_cancels_todays_vote_000_I_8_1(rules: str) -> None:
    """The lift question is one count of hands: before its line nothing is counted, the
    result is not known, today's vote is cancelled and nobody is lifted."""
    game = lift_put(rules)
    remove(game, 7, "fourth foul")
    assert game.state.lift is None
    refused(game, Lift(count=6), "the lift question is not put now")
    assert day_result(game, 2)["vote"] == "cancelled"
    assert {4, 9} <= game.state.at_table


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("passed", [True, False])
def test_a_removal_after_the_lift_is_counted_keeps_todays_result_000_I_8_2(
        rules: str, passed: bool) -> None:
    """After the lift's count its result is known: the lifted leave (or nobody), and a
    removal of another player cancels tomorrow's vote where the ruleset says so."""
    game = lift_put(rules)
    game.push(Lift(count=6 if passed else 3))
    remove(game, 7, "disqualification")
    assert day_result(game, 2)["vote"] == "held"
    assert ({4, 9} & game.state.at_table) == (set() if passed else {4, 9})
    assert tomorrow(game) == ("cancelled" if TOMORROW_CANCELLED[rules] else "pending")


# -- the option and the game log -----------------------------------------------------------


def test_with_the_option_off_any_removal_during_the_voting_cancels_it() -> None:
    """`vote_cancel.result_known_when_fixed = false`: the kit's first reading, where the
    result is known only once the round is closed."""
    rules = load_ruleset("fiim")
    off = rules._replace(vote_cancel=rules.vote_cancel._replace(result_known_when_fixed=False))
    game = started(off)
    game.push(Day())
    speeches(game, {1: 4, 2: 9, 3: 6})
    game.push(Votes(4, count=9))
    game.push(Disqualify(7))
    assert game.state.voting is None
    assert day_result(game, 1)["vote"] == "cancelled"


@pytest.mark.parametrize("rules", RULESETS)
def test_replay_of_the_log_gives_the_same_result(rules: str) -> None:
    """The game log holds only the judge's lines: the replay derives the same result."""
    game = day_2_vote(rules, {2: 4, 3: 9, 4: 6, 5: 2})
    game.push(Votes(4, count=6))
    remove(game, 9, "fourth foul")
    game.push(Votes(6, count=1))
    _, replayed = replay(dump_lines(header(rules), game.actions))
    assert result(replayed.state, rules) == result(game.state, rules)
    assert result(game.state, rules)["removed"][:2] == [
        {"seat": 9, "cause": "fouls", "day": 2}, {"seat": 4, "cause": "vote", "day": 2}]


@pytest.mark.parametrize("rules", RULESETS)
def test_a_removal_after_the_result_that_decides_the_game_leaves_the_vote_held(
        rules: str) -> None:
    """The game ends at the removal (black parity, 000 I.1.4): today's vote stood, so it is
    "held", though its round was never counted to the end (it is not among the rounds)."""
    game = started(rules)
    for seat in (2, 4, 6):  # the zero night: three reds removed (day 1's vote cancelled)
        game.push(Disqualify(seat))
    game.push(Day())
    speeches(game)
    game.push(Night())
    to_day(game, shot=None)
    speeches(game, {7: 9, 8: 7, 9: 10})  # 7 at the table: 1, 3, 5, 7, 8, 9, 10
    game.push(Votes(9, count=5))  # 2 to come: nobody reaches 5
    game.push(Disqualify(1))  # reds 7, 9, 10 against blacks 3, 5, 8
    assert game.state.winner == "black" and game.state.termination == "black_parity"
    day2 = day_result(game, 2)
    assert (day2["vote"], day2["rounds"]) == ("held", [])
    assert 9 in game.state.at_table  # the game ended before the vote removed anyone
