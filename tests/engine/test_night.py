"""Nights: the shot, the checks, the best move (000 I.7, 003 4.5, 001 4.5 and 8.3, 002)."""

from __future__ import annotations

import pytest

from engine import (
    BestMove,
    Day,
    DonCheck,
    IllegalAction,
    Lift,
    Night,
    SheriffCheck,
    Shoot,
    SpeechEnd,
    Votes,
)
from engine.classic.protocol import result
from engine.classic.testing import end_speeches, speeches, started, to_day
from engine.classic.timer import current_timer

ALL = ("cml", "fiim", "fiim-2015", "judge-guide")


def night1(rules: str):  # type: ignore[no-untyped-def]
    """Don 3, mafia 5 and 8, sheriff 1; day 1 without nominations; night 1 begins."""
    g = started(rules, don=3, mafia=(5, 8), sheriff=1)
    g.push(Day())
    speeches(g)
    g.push(Night())
    return g


@pytest.mark.parametrize("rules", ALL)
def test_no_shooting_or_checks_in_the_zero_night(rules: str) -> None:
    """000 I.3.5, 003 4.2: the zero night is for meeting only; shooting starts night 1
    (000 I.7.2 "В течение этой и следующих ночей мафия имеет возможность стрелять")."""
    g = started(rules)
    before = g.state
    with pytest.raises(IllegalAction, match="zero night"):
        g.push(Shoot(target=4))
    with pytest.raises(IllegalAction, match="zero night"):
        g.push(DonCheck(seat=1))
    assert g.state is before
    timer = current_timer(g.state, g.rules)
    assert timer is not None and timer.kind == "zero_night"
    assert [k for k, _ in timer.script][-1] in ("free_seating", "sheriff_looks", "sheriff_shows")


@pytest.mark.parametrize("rules", ALL)
def test_agreed_shot_kills_in_the_morning(rules: str) -> None:
    """000 I.7.3.1, 003 4.5.4: all blacks shoot the same player -> he leaves after the night,
    with a farewell; the kill takes effect at «Доброе утро»."""
    g = night1(rules)
    g.push(Shoot(shots=((3, 7), (5, 7), (8, 7))))
    assert 7 in g.state.at_table  # still at the table until morning
    g.push(Day())
    res = result(g.state, rules)
    assert res["removed"] == [{"seat": 7, "cause": "kill", "night": 1}]
    assert res["nights"] == [{"night": 1, "shot": 7, "don_check": None, "sheriff_check": None}]
    assert g.state.speech is not None and g.state.speech[:] == (7, "farewell")


@pytest.mark.parametrize("rules", ALL)
@pytest.mark.parametrize("shots", [
    ((3, 7), (5, 7), (8, 6)),      # one shot elsewhere
    ((3, 7), (5, 7), (8, None)),   # one did not shoot
    ((3, None), (5, None), (8, None)),
])
def test_disagreeing_shots_are_a_miss(rules: str, shots: tuple) -> None:  # type: ignore[type-arg]
    """000 I.7.3.2, 003 4.5.5: anyone shooting elsewhere or not shooting = a miss."""
    g = night1(rules)
    g.push(Shoot(shots=shots))
    g.push(Day())
    res = result(g.state, rules)
    assert res["removed"] == []
    assert res["nights"][0]["shot"] is None


@pytest.mark.parametrize("rules", ALL)
def test_shots_must_come_from_each_black_at_the_table(rules: str) -> None:
    g = night1(rules)
    before = g.state
    with pytest.raises(IllegalAction, match="seat 4 is not a black player"):
        g.push(Shoot(shots=((3, 7), (4, 7), (8, 7))))
    with pytest.raises(IllegalAction, match="shot of black seat 8 is missing"):
        g.push(Shoot(shots=((3, 7), (5, 7))))
    with pytest.raises(IllegalAction, match="two shots from seat 3"):
        g.push(Shoot(shots=((3, 7), (3, 6), (5, 7), (8, 7))))
    assert g.state is before


@pytest.mark.parametrize("rules", ALL)
def test_target_must_be_at_the_table(rules: str) -> None:
    g = night1(rules)
    g.push(Shoot(target=7))
    g.push(Day())
    speeches(g)
    g.push(Night())
    before = g.state
    with pytest.raises(IllegalAction, match="seat 7 is not at the table"):
        g.push(Shoot(target=7))
    assert g.state is before


@pytest.mark.parametrize("rules", ALL)
def test_one_shot_a_night_and_day_needs_the_shot(rules: str) -> None:
    g = night1(rules)
    with pytest.raises(IllegalAction, match="has not shot yet"):
        g.push(Day())
    g.push(Shoot(target=None))
    with pytest.raises(IllegalAction, match="already shot tonight"):
        g.push(Shoot(target=4))


@pytest.mark.parametrize("rules", ALL)
def test_one_check_each_for_don_and_sheriff(rules: str) -> None:
    """000 I.7.7, 003 4.5.8: the don and the sheriff check once each night."""
    g = night1(rules)
    with pytest.raises(IllegalAction, match="shot comes before"):
        g.push(DonCheck(seat=1))
    g.push(Shoot(target=None))
    g.push(DonCheck(seat=1))
    g.push(SheriffCheck(seat=3))
    with pytest.raises(IllegalAction, match="already checked"):
        g.push(DonCheck(seat=2))
    with pytest.raises(IllegalAction, match="already checked"):
        g.push(SheriffCheck(seat=5))
    g.push(Day())
    night = result(g.state, rules)["nights"][0]
    assert (night["don_check"], night["sheriff_check"]) == (1, 3)


@pytest.mark.parametrize("rules", ALL)
def test_checks_need_the_checker_at_the_table(rules: str) -> None:
    """A removed don or sheriff has no check (000 I.7.5-7.6 wake only players in the game)."""
    g = night1(rules)
    g.push(Shoot(target=1))  # the sheriff is killed tonight but still checks tonight
    g.push(SheriffCheck(seat=5))
    g.push(Day())
    speeches(g)
    g.push(Night())
    g.push(Shoot(target=None))
    with pytest.raises(IllegalAction, match="sheriff is out"):
        g.push(SheriffCheck(seat=5))
    with pytest.raises(IllegalAction, match="cannot check himself"):
        g.push(DonCheck(seat=3))


@pytest.mark.parametrize("rules", ALL)
def test_best_move_for_the_night1_victim(rules: str) -> None:
    """000 I.7.8, 003 9.6, 001 8.3, 002: the player killed in night 1 names up to three
    seats; the protocol counts the blacks among them."""
    g = night1(rules)
    g.push(Shoot(target=7))
    timer = current_timer(g.state, g.rules)
    assert timer is not None and timer.kind == "don_check"
    g.push(BestMove(seats=(3, 5, 2)))
    g.push(Day())
    assert result(g.state, rules)["best_move"] == {"seat": 7, "guess": [3, 5, 2], "black_found": 2}


@pytest.mark.parametrize("rules", ALL)
def test_no_best_move_after_a_miss_or_in_night2(rules: str) -> None:
    g = night1(rules)
    g.push(Shoot(target=None))
    with pytest.raises(IllegalAction, match="nobody was killed"):
        g.push(BestMove(seats=(3,)))
    g.push(Day())
    speeches(g)
    g.push(Night())
    g.push(Shoot(target=6))
    with pytest.raises(IllegalAction, match="only in night 1"):
        g.push(BestMove(seats=(3,)))


@pytest.mark.parametrize("rules", ALL)
def test_best_move_seats_are_checked(rules: str) -> None:
    g = night1(rules)
    g.push(Shoot(target=7))
    before = g.state
    with pytest.raises(IllegalAction, match="cannot name himself"):
        g.push(BestMove(seats=(7, 3)))
    with pytest.raises(IllegalAction, match="named twice"):
        g.push(BestMove(seats=(3, 3)))
    with pytest.raises(IllegalAction, match="1 to 3 seats"):
        g.push(BestMove(seats=(1, 2, 3, 4)))
    assert g.state is before
    g.push(BestMove(seats=(3,)))
    with pytest.raises(IllegalAction, match="already recorded"):
        g.push(BestMove(seats=(5,)))


def lift_two_on_day1(rules: str):  # type: ignore[no-untyped-def]
    g = started(rules, don=3, mafia=(5, 8), sheriff=1)
    g.push(Day())
    speeches(g, {1: 4, 2: 9})
    g.push(Votes(seat=4, count=5))
    end_speeches(g)
    g.push(Votes(seat=4, count=5))
    g.push(Lift(count=8))
    end_speeches(g)
    g.push(Night())
    g.push(Shoot(target=7))
    return g


@pytest.mark.parametrize("rules", ("cml", "judge-guide"))
def test_no_best_move_when_day1_removed_two(rules: str) -> None:
    """000 I.7.8 "если в первый день ... не было выведено 2 или более игроков", 002."""
    g = lift_two_on_day1(rules)
    with pytest.raises(IllegalAction, match="more than 1 player"):
        g.push(BestMove(seats=(3, 5, 8)))


@pytest.mark.parametrize("rules", ("fiim", "fiim-2015"))
def test_fiim_best_move_whatever_day1_did(rules: str) -> None:
    """003 9.6, 001 8.3: the night-1 victim has the best move, no condition on day 1."""
    g = lift_two_on_day1(rules)
    g.push(BestMove(seats=(3, 5, 8)))
    assert g.state.best_move is not None and g.state.best_move.black_found == 3


@pytest.mark.parametrize(("rules", "seconds"), [("cml", 10), ("fiim", 10),
                                                ("fiim-2015", 20), ("judge-guide", 10)])
def test_check_timers(rules: str, seconds: int) -> None:
    """000 I.7.5-7.6 10 s; 001 4.5.8 20 s."""
    g = night1(rules)
    g.push(Shoot(target=None))
    timer = current_timer(g.state, g.rules)
    assert timer is not None and (timer.kind, timer.seconds) == ("don_check", seconds)
    g.push(DonCheck(seat=2))
    timer = current_timer(g.state, g.rules)
    assert timer is not None and (timer.kind, timer.seconds) == ("sheriff_check", seconds)


def test_farewell_of_the_killed_comes_first_then_the_next_opener() -> None:
    """000 I.6.2, docs/game-log.md: the killed player's farewell opens the morning; day 2 opens with
    the first seat at the table after day 1's opener: seat 2 was killed, so seat 3."""
    g = night1("cml")
    to_day(g, 2)
    assert g.state.speech is not None and g.state.speech[:] == (2, "farewell")
    g.push(SpeechEnd())
    assert g.state.speech is not None and g.state.speech[:] == (3, "speech")
    assert result(g.state, "cml")["days"][1]["opener"] == 3
