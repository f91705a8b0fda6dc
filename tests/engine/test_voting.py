"""Voting: order, remainder, day-1 specials, ties, revotes, the lift question.

Seeds: 000 = cml, 003 = fiim, 001 = fiim-2015, 002 = judge-guide.
"""

from __future__ import annotations

import pytest

from engine import Day, IllegalAction, Lift, Night, Nominate, SpeechEnd, Votes
from engine.classic.protocol import result
from engine.classic.testing import end_speeches, speeches, started, to_day

ALL = ("cml", "fiim", "fiim-2015", "judge-guide")


def day1(rules: str, noms: dict[int, int]):  # type: ignore[no-untyped-def]
    g = started(rules)
    g.push(Day())
    speeches(g, noms)
    return g


def day2(rules: str, noms: dict[int, int], shot: int | None = None):  # type: ignore[no-untyped-def]
    """Day 1 without nominations, night 1 with `shot`, then day 2's speeches."""
    g = started(rules)
    g.push(Day())
    speeches(g)
    g.push(Night())
    to_day(g, shot)
    speeches(g, noms)
    return g


@pytest.mark.parametrize("rules", ALL)
def test_last_candidate_gets_the_remaining_votes(rules: str) -> None:
    """000 I.6.15, 003 4.4.9: a player who did not vote votes against the last nominee."""
    g = day2(rules, {2: 4, 3: 9, 5: 6})
    g.push(Votes(seat=4, count=2))
    g.push(Votes(seat=9, count=1))
    rnd = result(g.state, rules)["days"][1]["rounds"][0]
    assert rnd == {"candidates": [4, 9, 6], "votes": {"4": 2, "9": 1, "6": 7}}
    assert [r["seat"] for r in result(g.state, rules)["removed"]] == [6]


@pytest.mark.parametrize("rules", ALL)
def test_votes_follow_nomination_order(rules: str) -> None:
    """000 I.6.10: nominees are voted in the order they were nominated."""
    g = day2(rules, {2: 4, 3: 9, 5: 6})
    before = g.state
    with pytest.raises(IllegalAction, match="next is seat 4"):
        g.push(Votes(seat=9, count=2))
    with pytest.raises(IllegalAction, match="last candidate"):
        g.push(Votes(seat=6, count=2))
    with pytest.raises(IllegalAction, match="not a candidate"):
        g.push(Votes(seat=7, count=2))
    assert g.state is before


@pytest.mark.parametrize("rules", ALL)
def test_one_vote_per_player_per_round(rules: str) -> None:
    """000 I.6.14: a player votes against one candidate only."""
    g = day2(rules, {2: 4, 3: 9, 5: 6})
    g.push(Votes(seat=4, voters=(1, 3)))
    before = g.state
    with pytest.raises(IllegalAction, match="two votes from seat 3"):
        g.push(Votes(seat=9, voters=(3, 7)))
    with pytest.raises(IllegalAction, match="only 8 votes are left"):
        g.push(Votes(seat=9, count=9))
    with pytest.raises(IllegalAction, match="voter 11 is not a seat"):
        g.push(Votes(seat=9, voters=(11,)))
    assert g.state is before


@pytest.mark.parametrize("rules", ALL)
def test_day1_single_nominee_is_not_voted(rules: str) -> None:
    """000 I.6.17, 003 4.4.11, 001 4.4.12, 002: one nominee on day 1 -> no vote."""
    g = day1(rules, {3: 7})
    assert g.state.voting is None
    assert result(g.state, rules)["days"][0]["vote"] == "skipped"
    assert g.state.at_table == frozenset(range(1, 11))
    g.push(Night())  # the day waits for night


@pytest.mark.parametrize("rules", ALL)
def test_later_day_single_nominee_leaves_without_a_votes_line(rules: str) -> None:
    """000 I.6.17 "В последующие дни голосуется любое количество": a single nominee gets
    every vote (the remainder rule), so he leaves and has a farewell."""
    g = day2(rules, {4: 7}, shot=2)
    day = result(g.state, rules)["days"][1]
    assert day["rounds"] == [{"candidates": [7], "votes": {"7": 9}}]
    assert g.state.speech is not None and g.state.speech.seat == 7
    assert g.state.speech.kind == "farewell"


@pytest.mark.parametrize("rules", ALL)
def test_no_nominations_no_vote(rules: str) -> None:
    """000 I.6.7: the vote is only among nominated players."""
    g = day1(rules, {})
    assert result(g.state, rules)["days"][0]["vote"] == "none"


@pytest.mark.parametrize("rules", ALL)
def test_tie_gives_30s_speeches_then_revote(rules: str) -> None:
    """000 I.6.18, I.6.18.2, 003 4.4.13: the tied get 30 s each in nomination order,
    then a revote among them only."""
    g = day2(rules, {2: 9, 3: 4, 5: 6})
    g.push(Votes(seat=9, count=4))
    g.push(Votes(seat=4, count=4))  # 6 gets 1
    assert end_speeches(g) == [(9, "tie_speech"), (4, "tie_speech")]
    assert g.state.voting is not None and g.state.voting.candidates == (9, 4)
    g.push(Votes(seat=9, count=6))
    assert [r.seat for r in g.state.removed] == [9]


@pytest.mark.parametrize("rules", ALL)
def test_revote_on_a_shrinking_tie(rules: str) -> None:
    """000 I.6.18.3: a new tie among fewer candidates -> 30 s each and another revote."""
    g = day2(rules, {3: 4, 4: 9, 5: 6}, shot=2)  # nine at the table
    g.push(Votes(seat=4, count=3))
    g.push(Votes(seat=9, count=3))  # 6 gets 3: three-way tie
    end_speeches(g)
    g.push(Votes(seat=4, count=4))
    g.push(Votes(seat=9, count=4))  # 6 gets 1: 4 and 9 tie again, fewer candidates
    assert end_speeches(g) == [(4, "tie_speech"), (9, "tie_speech")]
    assert g.state.voting is not None and g.state.voting.candidates == (4, 9)
    assert g.state.lift is None


@pytest.mark.parametrize("rules", ALL)
@pytest.mark.parametrize(("yes", "passed"), [(5, False), (6, True), (0, False)])
def test_repeated_tie_puts_the_lift_question(rules: str, yes: int, passed: bool) -> None:
    """000 I.6.18.4, 003 4.4.13: the same tie again -> "all leave?"; more than half of the
    players at the table must say yes (10 at the table: 6 of 10)."""
    g = day1(rules, {1: 4, 2: 9})
    g.push(Votes(seat=4, count=5))
    end_speeches(g)
    g.push(Votes(seat=4, count=5))
    assert g.state.lift == (4, 9)
    g.push(Lift(count=yes))
    res = result(g.state, rules)
    assert res["days"][0]["lift"] == {"yes": yes, "passed": passed}
    if passed:
        assert [(r["seat"], r["cause"]) for r in res["removed"]] == [(4, "lift"), (9, "lift")]
        assert end_speeches(g) == [(4, "farewell"), (9, "farewell")]
    else:
        assert res["removed"] == []
        assert g.state.speech is None
    g.push(Night())


@pytest.mark.parametrize("rules", ALL)
def test_no_lift_question_when_everyone_at_the_table_is_tied(rules: str) -> None:
    """000 I.8.6, 003 7.10, 002: no lift of all the players at the table; night falls."""
    g = started(rules, don=3, mafia=(5, 8), sheriff=1)
    g.push(Day())
    speeches(g)
    g.push(Night())
    to_day(g, 2)  # 9 left
    speeches(g)
    g.push(Night())
    to_day(g, 4)  # 8 left: 1 3 5 6 7 8 9 10
    g.push(SpeechEnd())  # farewell of 4
    # eight nominees, each gets one vote (cml/fiim-2015 lift sizes do not apply at 8)
    speeches(g, {5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 1: 1, 3: 3})
    for seat in (5, 6, 7, 8, 9, 10, 1):
        g.push(Votes(seat=seat, count=1))
    end_speeches(g)
    for seat in (5, 6, 7, 8, 9, 10, 1):
        g.push(Votes(seat=seat, count=1))
    assert g.state.lift is None
    assert g.state.day is not None and g.state.day.vote == "held"
    g.push(Night())


def test_cml_no_lift_of_three_at_nine() -> None:
    """000 I.8.7 "Поднять 3 при 9 нельзя"."""
    g = day2("cml", {2: 4, 3: 6, 5: 7}, shot=1)  # 9 at the table
    g.push(Votes(seat=4, count=3))
    g.push(Votes(seat=6, count=3))
    end_speeches(g)
    g.push(Votes(seat=4, count=3))
    g.push(Votes(seat=6, count=3))
    assert g.state.lift is None
    assert g.state.day is not None and g.state.day.vote == "held"


def test_fiim_three_at_nine_can_be_lifted() -> None:
    """003 has no I.8.7: three tied at nine get the lift question."""
    g = day2("fiim", {2: 4, 3: 6, 5: 7}, shot=1)
    for _ in range(2):
        g.push(Votes(seat=4, count=3))
        g.push(Votes(seat=6, count=3))
        end_speeches(g)
    assert g.state.lift == (4, 6, 7)


def test_cml_day1_majority_stays_and_speaks_30s() -> None:
    """000 I.6.18.5: on day 1 the vote winner does not leave; 30 s, then night."""
    g = day1("cml", {1: 4, 2: 9})
    g.push(Votes(seat=4, count=7))
    assert g.state.removed == ()
    assert g.state.speech is not None and g.state.speech[:] == (4, "majority_speech")
    g.push(SpeechEnd())
    g.push(Night())
    assert result(g.state, "cml")["days"][0]["vote"] == "held"


def test_cml_day1_majority_with_own_vote_leaves() -> None:
    """000 I.6.18.5 "Исключение — если игрок набрал большинство со своим голосом"."""
    g = day1("cml", {1: 4, 2: 9})
    g.push(Votes(seat=4, voters=(1, 2, 3, 4, 5, 6)))
    assert [(r.seat, r.cause) for r in g.state.removed] == [(4, "vote")]
    assert g.state.speech is not None and g.state.speech[:] == (4, "farewell")


def test_cml_day1_last_candidate_with_own_vote_leaves() -> None:
    """000 I.6.18.5 with the remainder rule: a non-voter's vote goes to the last nominee;
    when every other vote names its voters, the last nominee's own vote is known."""
    g = day1("cml", {1: 4, 2: 9})
    g.push(Votes(seat=4, voters=(1, 2, 3)))  # 9 gets 4 5 6 7 8 9 10, his own included
    assert [(r.seat, r.cause) for r in g.state.removed] == [(9, "vote")]


def test_cml_day1_counts_only_assume_no_self_vote() -> None:
    """docs/game-log.md: with `count` the engine assumes nobody voted for himself."""
    g = day1("cml", {1: 4, 2: 9})
    g.push(Votes(seat=4, count=3))
    assert g.state.removed == ()
    assert g.state.speech is not None and g.state.speech[:] == (9, "majority_speech")


def test_cml_day1_revote_winner_also_stays() -> None:
    """000 I.6.18.6: after a tie of two or three on day 1 the revote's winner gets 30 s."""
    g = day1("cml", {1: 4, 2: 9})
    g.push(Votes(seat=4, count=5))
    end_speeches(g)
    g.push(Votes(seat=4, count=2))
    assert g.state.removed == ()
    assert g.state.speech is not None and g.state.speech[:] == (9, "majority_speech")


@pytest.mark.parametrize("rules", ("fiim", "fiim-2015", "judge-guide"))
def test_day1_majority_leaves_elsewhere(rules: str) -> None:
    """003 4.4.12, 001 4.4.14: the player with most votes leaves, day 1 included."""
    g = day1(rules, {1: 4, 2: 9})
    g.push(Votes(seat=4, count=7))
    assert [(r.seat, r.cause) for r in g.state.removed] == [(4, "vote")]


@pytest.mark.parametrize("size", [5, 10])
def test_cml_day1_no_revote_of_five_or_ten(size: int) -> None:
    """000 I.6.18.1 "В нуле нельзя пилить пятерых и десятерых": night falls."""
    noms = {seat: seat for seat in range(1, 11)} if size == 10 else {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}
    g = day1("cml", noms)
    per = 10 // size
    for seat in list(noms)[:-1]:
        g.push(Votes(seat=seat, count=per))
    assert g.state.speech is None and g.state.voting is None
    assert result(g.state, "cml")["days"][0]["vote"] == "held"
    g.push(Night())


def test_fiim_day1_tie_of_five_is_revoted() -> None:
    """003 4.4.13 has no exception for five."""
    g = day1("fiim", {1: 1, 2: 2, 3: 3, 4: 4, 5: 5})
    for seat in (1, 2, 3, 4):
        g.push(Votes(seat=seat, count=2))
    assert g.state.speech is not None and g.state.speech.kind == "tie_speech"


def four_left(rules: str):  # type: ignore[no-untyped-def]
    """Don 3 and reds 1, 9, 10 left after kills of 2, 6, 7 and votes on 4, 5, 8."""
    g = started(rules, don=3, mafia=(5, 8), sheriff=1)
    g.push(Day())
    speeches(g)
    g.push(Night())
    for shot, nominee in ((2, 4), (6, 5), (7, 8)):
        to_day(g, shot)
        speaker = min(s for s in g.state.at_table if s != nominee)
        speeches(g, {speaker: nominee})  # a single nominee on day 2+ leaves
        end_speeches(g)
        g.push(Night())
    assert sorted(g.state.at_table) == [1, 3, 9, 10]
    to_day(g, None)
    return g


@pytest.mark.parametrize(("rules", "lift_put"), [
    ("fiim", False), ("fiim-2015", False),  # 003 7.6, 001 7.6: voting ends, night
    ("cml", True), ("judge-guide", True),  # no such exception: the lift question is put
])
def test_repeated_tie_at_four_players(rules: str, lift_put: bool) -> None:
    """003 7.6, 001 7.6: with 3-4 players at the table a repeated tie ends the voting;
    000 and 002 have no such clause, so two tied twice get the lift question."""
    g = four_left(rules)
    speeches(g, {9: 10, 10: 9})
    for _ in range(2):
        g.push(Votes(seat=10, count=2))
        end_speeches(g)
    if lift_put:
        assert g.state.lift == (10, 9)
        return
    assert g.state.lift is None
    assert g.state.day is not None and g.state.day.vote == "held"
    assert sorted(g.state.at_table) == [1, 3, 9, 10]
    g.push(Night())


def test_lift_votes_are_validated() -> None:
    """000 I.6.18.4: the lift vote is one count of the players at the table."""
    g = day1("cml", {1: 4, 2: 9})
    g.push(Votes(seat=4, count=5))
    end_speeches(g)
    g.push(Votes(seat=4, count=5))
    before = g.state
    with pytest.raises(IllegalAction, match="0-10"):
        g.push(Lift(count=11))
    with pytest.raises(IllegalAction, match="listed twice"):
        g.push(Lift(voters=(1, 1)))
    assert g.state is before


def test_votes_only_during_a_round() -> None:
    g = day1("cml", {})
    with pytest.raises(IllegalAction, match="no voting round"):
        g.push(Votes(seat=4, count=1))
    with pytest.raises(IllegalAction, match="lift question is not put"):
        g.push(Lift(count=1))
    with pytest.raises(IllegalAction, match="only during a player's own day speech"):
        g.push(Nominate(seat=4))


def test_is_legal_asks_without_changing_anything() -> None:
    """Game.is_legal (as python-chess's Board.is_legal): the rules' answer, no side effect."""
    g = day1("cml", {1: 4, 2: 9})
    before = g.state
    assert g.is_legal(Votes(seat=4, count=3))
    assert not g.is_legal(Votes(seat=9, count=3))  # the last candidate
    assert g.state is before and g.actions[-1] == SpeechEnd()
