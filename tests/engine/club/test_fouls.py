"""Fouls, removals and team losses (004 §9; club R6, R10, R22, R29-R31)."""

from __future__ import annotations

from engine.roles import Side
from engine.vocab import ClubStep
from tests.engine.club.script import (
    SEVEN,
    THIRTEEN,
    game,
    night,
    push,
    refused,
    removed,
    res,
    to_step,
    vote,
)


def foul(seat: int) -> dict[str, object]:
    return {"action": "foul", "seat": seat}


def test_004_s9_third_foul_mutes_this_day_and_the_next_no_turn() -> None:
    g = game(7, SEVEN, "start", "day", foul(4), foul(4), foul(4), "discussion_end")
    assert [x.seat for x in g.state.queue] == [1, 2, 3, 5, 6, 7]
    assert res(g)["days"][0]["muted"] == [4]
    night(g, {"action": "mafia_shot", "target": None})
    push(g, "discussion_end")
    assert 4 not in [x.seat for x in g.state.queue]  # day 2 too
    night(g, {"action": "mafia_shot", "target": None})
    push(g, "discussion_end")
    assert 4 in [x.seat for x in g.state.queue]  # day 3: he speaks again


def test_club_r30_a_third_foul_during_his_speech_ends_it_at_once() -> None:
    g = game(7, SEVEN, "start", "day", foul(1), foul(1), "discussion_end")
    assert g.state.speaking is not None and g.state.speaking.seat == 1
    push(g, foul(1))
    assert g.state.speaking is not None and g.state.speaking.seat == 2
    assert res(g)["days"][0]["speakers"] == [1]  # his turn was given, then cut short


def test_004_s9_a_foul_at_night_counts_for_the_coming_day() -> None:
    g = game(7, SEVEN, "start", foul(6), foul(6), foul(6), "day", "discussion_end")
    assert 6 not in [x.seat for x in g.state.queue]
    to_step(g, ClubStep.NOMINATIONS)
    push(g, {"action": "nominate", "by": 1, "seat": 6}, "nominations_end")
    assert g.state.step is ClubStep.VOTE  # a muted nominee gives no justification speech


def test_club_r31_a_fourth_foul_strikes_his_vote_and_bans_the_next_day_too() -> None:
    g = to_step(game(7, SEVEN, "start", "day"), ClubStep.NOMINATIONS)
    push(g, {"action": "nominate", "by": 1, "seat": 2}, {"action": "nominate", "by": 2, "seat": 4},
         "nominations_end", "speech_end", "speech_end",
         {"action": "votes", "seat": 2, "voters": [1, 6, 7]})
    push(g, foul(6), foul(6), foul(6), foul(6))
    assert g.state.day is not None and g.state.day.entered == ((2, (1, 7)),)
    refused(g, {"action": "votes", "seat": 4, "voters": [6]}, "four fouls")
    push(g, {"action": "votes", "seat": 4, "voters": [2, 3, 4]})
    r = res(g)["days"][0]["rounds"][0]
    assert 6 not in r["abstained"] and r["votes"] == {"2": 2, "4": 3, "5": 1}
    night(g, {"action": "mafia_shot", "target": None})
    to_step(g, ClubStep.NOMINATIONS)
    push(g, {"action": "nominate", "by": 1, "seat": 2}, "nominations_end", "speech_end")
    refused(g, {"action": "votes", "seat": 2, "voters": [6]}, "four fouls")


def test_004_s9_fifth_foul_leaves_at_once_without_last_word() -> None:
    g = game(7, SEVEN, "start", "day", *[foul(2)] * 5)
    assert removed(g) == [(2, "fouls", False)]
    refused(g, foul(2), "not at the table")


def test_004_s9_drop_and_removal_causes() -> None:
    g = game(7, SEVEN, "start", "day", {"action": "disqualify", "seat": 2, "kind": "drop"},
             {"action": "disqualify", "seat": 4, "kind": "removal"})
    assert removed(g) == [(2, "dropped", False), (4, "disqualified", False)]


def test_club_r22_team_loss_of_a_city_player_gives_the_mafia_the_win() -> None:
    g = game(7, SEVEN, "start", "day", {"action": "disqualify", "seat": 2, "kind": "team_loss"})
    assert g.state.winner is Side.MAFIA and g.state.termination == "team_loss"
    assert removed(g) == [(2, "disqualified", False)]


def test_club_r22_team_loss_of_the_maniac_or_a_seat_already_out_city_wins() -> None:
    g = game(7, SEVEN, "start", "day", {"action": "disqualify", "seat": 5, "kind": "team_loss"})
    assert g.state.winner is Side.CITY
    g = game(7, SEVEN, "start", "day")
    vote(g, (1, 3), votes={3: [1, 2, 4, 5, 6, 7]})
    assert g.state.winner is None
    g = game(13, THIRTEEN, "start", "day")
    vote(g, (1, 11), votes={11: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13]})
    push(g, {"action": "disqualify", "seat": 11, "kind": "team_loss"})  # out, but his team
    assert g.state.winner is Side.CITY and removed(g) == [(11, "vote", True)]


def test_club_r21_after_the_end_only_farewells_fouls_after_game_lines_and_undo() -> None:
    g = game(7, SEVEN, "start", "day")
    vote(g, (1, 5), votes={5: [1, 2, 3, 4, 6, 7]})  # the maniac leaves
    assert g.state.winner is None
    night(g, {"action": "mafia_shot", "target": 4})
    vote(g, (1, 3), votes={3: [1, 2, 6, 7]})
    assert g.state.winner is Side.CITY and g.state.speaking is not None
    refused(g, "night", "game is over")
    push(g, foul(1))  # counted, no effect
    push(g, "speech_end", "undo")
    assert g.state.speaking is not None
