"""Immunity (004 §5; club R23, R24) and the win check (club R21)."""

from __future__ import annotations

from engine.club.flow import winner
from engine.club.game import initial_state
from engine.club.setup import Settings
from engine.roles import ClubRole, Side
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

TEN = {"mafia": [8, 9, 10], "maniac": 5, "doctor": 1, "commissar": 2, "kamikaze": 3}


def test_club_r23_no_nomination_on_day_1_and_no_shot_in_night_1() -> None:
    g = to_step(game(7, SEVEN, "start", "day", immunity=[4]), ClubStep.NOMINATIONS)
    refused(g, {"action": "nominate", "by": 1, "seat": 4}, "immunity")
    push(g, "nominations_end", "night")
    refused(g, {"action": "mafia_shot", "target": 4}, "immunity")
    push(g, {"action": "mafia_shot", "target": None})
    refused(g, {"action": "maniac_shot", "target": 4}, "immunity")
    push(g, "day")
    night(g, {"action": "mafia_shot", "target": 4})  # night 2: no longer
    assert removed(g) == [(4, "mafia", True)]


def test_004_s5_his_own_non_vote_never_removes_him_on_day_1() -> None:
    g = game(7, SEVEN, "start", "day", immunity=[7])
    vote(g, (1, 2), votes={2: [1, 3, 4, 5, 6]})  # 2 and 7 do not vote: 2 has 6
    assert removed(g) == [(2, "vote", True)]
    g = game(7, SEVEN, "start", "day", immunity=[7])
    vote(g, (1, 2), votes={2: [2]})  # all tie at 1; 7 cannot leave on day 1
    assert g.state.day is not None and 7 not in g.state.day.tied


def test_004_s5_the_kamikaze_cannot_take_an_immune_player_on_day_1() -> None:
    g = game(10, TEN, "start", "day", immunity=[4])
    vote(g, (1, 3), votes={3: [1, 2, 4, 5, 6, 7, 8, 9, 10]})
    refused(g, {"action": "kamikaze", "seat": 4}, "immunity")
    push(g, {"action": "kamikaze", "seat": 9})


def test_004_s5_the_night_1_blast_passes_over_an_immune_seat() -> None:
    g = game(13, THIRTEEN, "start", "day", immunity=[8])
    to_step(g, ClubStep.AWAIT_NIGHT)
    push(g, "night", {"action": "mafia_shot", "target": 9}, {"action": "kamikaze", "seat": None},
         "day")
    assert res(g)["nights"][0]["blast"] == [7, 10]  # past 8; 7, the kamikaze, picked nobody


def test_004_s5_no_immunity_in_a_tournament_and_immunity_next_is_empty() -> None:
    g = to_step(game(7, SEVEN, "start", "day", immunity=[4], tournament="Cup"),
                ClubStep.NOMINATIONS)
    push(g, {"action": "nominate", "by": 1, "seat": 4})
    assert res(g)["immunity"] == [] and res(g)["immunity_next"] == []


def test_club_r24_immunity_next_day_1_leavers_when_day_1_voted() -> None:
    g = game(10, TEN, "start", "day")
    vote(g, (1, 3), votes={3: [1, 2, 4, 5, 6, 7, 8, 9, 10]})
    push(g, {"action": "kamikaze", "seat": 4})
    assert res(g)["immunity_next"] == [3, 4]  # 004 §5: "не ограничивается"
    night(g, {"action": "mafia_shot", "target": 6})
    assert res(g)["immunity_next"] == [3, 4]  # 004 §5: killed in night 1 after a vote: none


def test_club_r24_immunity_next_night_1_leavers_without_a_day_1_vote() -> None:
    g = to_step(game(7, SEVEN, "start", "day"), ClubStep.NOMINATIONS)
    push(g, {"action": "disqualify", "seat": 7, "kind": "removal"}, "nominations_end", "night",
         {"action": "mafia_shot", "target": 4}, {"action": "maniac_shot", "target": 6}, "day")
    assert res(g)["immunity_next"] == [4, 6]  # a removal never earns it


def test_club_r21_win_conditions() -> None:
    s = initial_state(Settings(seats=7))._replace(
        roles=(ClubRole.DOCTOR, ClubRole.CITIZEN, ClubRole.MAFIA, ClubRole.CITIZEN,
               ClubRole.MANIAC, ClubRole.CITIZEN, ClubRole.CITIZEN))
    assert winner(s) is None
    assert winner(s._replace(at_table=frozenset({1, 2, 4}))) == (Side.CITY, "mafia_and_maniac_out")
    assert winner(s._replace(at_table=frozenset({5, 3}))) == (Side.MANIAC, "maniac_last_two")
    assert winner(s._replace(at_table=frozenset({5, 1}))) == (Side.MANIAC, "maniac_last_two")
    # no mafia win at parity while the maniac is at the table
    assert winner(s._replace(at_table=frozenset({3, 1, 5}))) is None
    assert winner(s._replace(at_table=frozenset({3, 1}))) == (Side.MAFIA, "mafia_parity")
    assert winner(s._replace(at_table=frozenset({3, 1, 2}))) is None


def test_club_r21_checked_at_dawn_after_the_night() -> None:
    g = game(4, {"mafia": [3]}, "start", "day")
    vote(g, (1, 1), votes={1: [2, 3, 4]})
    night(g, {"action": "mafia_shot", "target": 2})
    assert g.state.winner is Side.MAFIA and g.state.termination == "mafia_parity"
    assert g.state.speaking is not None and g.state.speaking.seat == 2  # farewell still
