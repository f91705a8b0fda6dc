"""The club day (004 §6; club R3-R10, R18)."""

from __future__ import annotations

from engine.vocab import ClubStep, DayVote
from tests.engine.club.script import (
    SEVEN,
    clock,
    game,
    night,
    push,
    refused,
    removed,
    res,
    to_step,
    vote,
)

TEN = {"mafia": [8, 9, 10], "maniac": 5, "doctor": 1, "commissar": 2, "kamikaze": 3}
FIVE = {"mafia": [3]}


def test_club_r3_zero_night_only_the_mafia_meet_30_s() -> None:
    g = game(7, SEVEN, "start")
    assert clock(g) == ("zero_night", 30.0)
    refused(g, {"action": "mafia_shot", "target": 2}, "zero night")
    refused(g, {"action": "heal", "seat": 2}, "zero night")
    push(g, "day")
    assert g.state.number == 1 and g.state.step is ClubStep.DISCUSSION


def test_004_s6_stages_discussion_60_s_then_30_s_speeches_from_seat_1_club_r5() -> None:
    g = game(7, SEVEN, "start", "day")
    assert clock(g) == ("discussion", 60.0)
    refused(g, {"action": "nominate", "by": 1, "seat": 2}, "not now")
    push(g, "discussion_end")
    assert [x.seat for x in g.state.queue] == [1, 2, 3, 4, 5, 6, 7]
    assert clock(g) == ("speech", 30.0)
    to_step(g, ClubStep.NOMINATIONS)
    assert clock(g) is None  # nominations are untimed
    assert res(g)["days"][0]["speakers"] == [1, 2, 3, 4, 5, 6, 7]


def test_club_r5_next_opener_is_the_next_seat_at_the_table() -> None:
    g = game(7, SEVEN, "start", "day")
    vote(g, (1, 2), votes={2: [1, 3, 4, 5, 6, 7]})
    night(g, {"action": "mafia_shot", "target": None})
    assert g.state.day is not None and g.state.day.opener == 3  # seat 2 left
    push(g, "discussion_end")
    assert [x.seat for x in g.state.queue] == [3, 4, 5, 6, 7, 1]


def test_004_s6_one_nomination_each_club_r7_self_nomination_and_no_second_time() -> None:
    g = to_step(game(7, SEVEN, "start", "day"), ClubStep.NOMINATIONS)
    push(g, {"action": "nominate", "by": 4, "seat": 4})  # club R7: himself
    refused(g, {"action": "nominate", "by": 4, "seat": 5}, "already nominated today")
    refused(g, {"action": "nominate", "by": 6, "seat": 4}, "already nominated", "R7")
    refused(g, {"action": "nominate", "by": 6, "seat": 9}, "1-7")
    assert g.state.day is not None and g.state.day.nominations == (4,)


def test_club_r6_a_muted_player_cannot_nominate() -> None:
    g = game(7, SEVEN, "start", "day", *[{"action": "foul", "seat": 6}] * 3)
    to_step(g, ClubStep.NOMINATIONS)
    refused(g, {"action": "nominate", "by": 6, "seat": 2}, "R6")


def test_004_s6_no_nominations_the_day_ends_without_a_vote() -> None:
    g = to_step(game(7, SEVEN, "start", "day"), ClubStep.NOMINATIONS)
    push(g, "nominations_end")
    assert g.state.step is ClubStep.AWAIT_NIGHT
    assert res(g)["days"][0]["vote"] == "none"


def test_club_r4_day_1_votes_and_the_single_top_leaves_with_30_s_last_word() -> None:
    g = game(7, SEVEN, "start", "day")
    vote(g, (1, 2), (2, 4), votes={2: [1, 3, 4, 5], 4: [2, 6, 7]})
    assert removed(g) == [(2, "vote", True)]
    assert clock(g) == ("farewell", 30.0)  # club R11
    push(g, "speech_end")
    assert g.state.step is ClubStep.AWAIT_NIGHT
    day = res(g)["days"][0]
    assert day["vote"] == "held" and day["rounds"] == [
        {"candidates": [2, 4], "votes": {"2": 4, "4": 3}, "abstained": []}]


def test_004_s6_votes_in_nomination_order_each_voter_once_no_count() -> None:
    g = to_step(game(7, SEVEN, "start", "day"), ClubStep.NOMINATIONS)
    push(g, {"action": "nominate", "by": 1, "seat": 2}, {"action": "nominate", "by": 2, "seat": 4},
         "nominations_end", "speech_end", "speech_end")
    assert g.state.step is ClubStep.VOTE
    refused(g, {"action": "votes", "seat": 4, "voters": [1]}, "next candidate is seat 2")
    refused(g, {"action": "votes", "seat": 2, "voters": [1, 1]}, "twice")
    push(g, {"action": "votes", "seat": 2, "voters": [1]})
    refused(g, {"action": "votes", "seat": 4, "voters": [1]}, "already voted")


def test_club_r8_a_non_voter_votes_against_himself_and_may_tie() -> None:
    """004 §6 "не проголосовал – отправил голос против себя, даже если не стоишь"."""
    g = game(5, FIVE, "start", "day")
    vote(g, (1, 2), votes={2: [1, 3, 4]})  # seats 2 and 5 do not vote
    day = res(g)["days"][0]
    assert day["rounds"][0]["votes"] == {"2": 4, "5": 1}
    assert day["rounds"][0]["abstained"] == [2, 5]
    assert removed(g) == [(2, "vote", True)]
    g = game(7, SEVEN, "start", "day")
    vote(g, (1, 2), votes={2: [2]})  # everyone else votes against himself: all tie at 1
    assert g.state.day is not None and g.state.day.tied == (2, 1, 3, 4, 5, 6, 7)
    push(g, {"action": "catastrophe", "seat": 6})  # not nominated, out by his own vote
    assert removed(g) == [(6, "catastrophe", True)]


def test_004_s6_catastrophe_without_the_maniac_all_tied_leave() -> None:
    g = game(5, FIVE, "start", "day")
    vote(g, (1, 1), (2, 2), votes={1: [2, 3], 2: [1, 4, 5]})
    assert removed(g) == [(2, "vote", True)]
    g = game(5, FIVE, "start", "day")
    vote(g, (1, 1), (2, 2), votes={1: [2, 3], 2: [1, 4]})  # 5 votes against himself
    assert removed(g) == [(1, "catastrophe", True), (2, "catastrophe", True)]
    assert res(g)["days"][0]["catastrophe"] == {"tied": [1, 2], "chosen": None}


def test_club_r9_the_maniac_settles_a_tie_the_others_stay() -> None:
    g = game(7, SEVEN, "start", "day")
    vote(g, (1, 2), (2, 4), votes={2: [1, 3, 4], 4: [2, 6, 7, 5]})
    assert removed(g) == [(4, "vote", True)]
    g = game(7, SEVEN, "start", "day")
    vote(g, (1, 2), (2, 5), votes={2: [1, 3, 4], 5: [2, 6, 5]})  # the maniac is tied himself
    assert g.state.step is ClubStep.CATASTROPHE
    assert clock(g) == ("catastrophe", 15.0)
    refused(g, {"action": "catastrophe", "seat": 4}, "not one of the tied")
    push(g, {"action": "catastrophe", "seat": 5})
    assert removed(g) == [(5, "catastrophe", True)]
    assert res(g)["days"][0]["catastrophe"] == {"tied": [2, 5], "chosen": 5}


def test_club_r10_a_removal_in_justification_leaving_one_candidate_cancels_the_vote() -> None:
    g = to_step(game(7, SEVEN, "start", "day"), ClubStep.NOMINATIONS)
    push(g, {"action": "nominate", "by": 1, "seat": 2}, {"action": "nominate", "by": 2, "seat": 4},
         "nominations_end", {"action": "disqualify", "seat": 4, "kind": "drop"})
    assert g.state.step is ClubStep.AWAIT_NIGHT
    assert res(g)["days"][0]["vote"] == "cancelled"
    assert removed(g) == [(4, "dropped", False)]


def test_club_r10_any_removal_in_the_vote_restarts_it_with_two_candidates_left() -> None:
    g = to_step(game(7, SEVEN, "start", "day"), ClubStep.NOMINATIONS)
    for by, seat in ((1, 2), (2, 4), (4, 6)):
        push(g, {"action": "nominate", "by": by, "seat": seat})
    push(g, "nominations_end", "speech_end", "speech_end", "speech_end",
         {"action": "votes", "seat": 2, "voters": [1, 3]})
    push(g, {"action": "disqualify", "seat": 7, "kind": "removal"})  # not a candidate
    assert g.state.step is ClubStep.VOTE
    assert g.state.day is not None and g.state.day.entered == ()
    assert g.state.day.candidates == (2, 4, 6)
    push(g, {"action": "disqualify", "seat": 6, "kind": "removal"})
    assert g.state.day is not None
    assert tuple(g.state.day.candidates) == (2, 4)
    push(g, {"action": "disqualify", "seat": 4, "kind": "removal"})
    assert res(g)["days"][0]["vote"] == DayVote.CANCELLED


def test_004_s9_an_earlier_removal_only_drops_the_nominee() -> None:
    g = to_step(game(7, SEVEN, "start", "day"), ClubStep.NOMINATIONS)
    push(g, {"action": "nominate", "by": 1, "seat": 2}, {"action": "nominate", "by": 2, "seat": 4},
         {"action": "disqualify", "seat": 2, "kind": "removal"}, "nominations_end")
    assert g.state.step is ClubStep.JUSTIFICATION
    assert g.state.day is not None and g.state.day.candidates == (4,)


def test_club_r18_a_kamikaze_voted_out_picks_first_farewells_in_tally_order() -> None:
    g = game(10, TEN, "start", "day")
    vote(g, (1, 3), (2, 4), votes={3: [1, 2, 4, 5, 6, 7], 4: [3, 8, 9, 10]})
    assert g.state.step is ClubStep.PICK and clock(g) == ("pick", 15.0)
    refused(g, {"action": "kamikaze", "seat": 3}, "not at the table")
    push(g, {"action": "kamikaze", "seat": 9})
    assert removed(g) == [(3, "vote", True), (9, "kamikaze", True)]
    assert [x.seat for x in g.state.queue] == [3, 9]


def test_club_r18_a_kamikaze_who_is_removed_picks_nobody() -> None:
    g = game(10, TEN, "start", "day", {"action": "disqualify", "seat": 3, "kind": "removal"})
    assert g.state.step is ClubStep.DISCUSSION and removed(g) == [(3, "disqualified", False)]
    refused(g, {"action": "kamikaze", "seat": 9}, "voted out")
