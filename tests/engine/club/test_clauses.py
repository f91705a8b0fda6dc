"""Club readings that had no test of their own (issue 15): C3 a removal waits for a pending
choice, C6 fouls only at the table, the putana's bonus (004 §8), whole points (C7, C8)."""

from __future__ import annotations

import pytest

from engine.club.game import ClubGame
from engine.club.score import ClubSeatScore
from engine.vocab import ClubSpeech, ClubStep
from tests.engine.club.script import (
    SEVEN,
    THIRTEEN,
    game,
    night,
    push,
    refused,
    removed,
    res,
    scores,
    vote,
)

TEN = {"mafia": [8, 9, 10], "maniac": 5, "doctor": 1, "commissar": 2, "kamikaze": 3}
PUTANA = {**THIRTEEN, "putana": 4}
REMOVALS = ("removal", "drop")


def at_catastrophe() -> ClubGame:
    """7 seats, day 1: seats 2 and 5 tie and the maniac (5) is at the table (004 §6)."""
    g = game(7, SEVEN, "start", "day")
    vote(g, (1, 2), (2, 5), votes={2: [1, 3, 4], 5: [2, 6, 5]})
    assert g.state.step is ClubStep.CATASTROPHE
    return g


def at_pick() -> ClubGame:
    """10 seats, day 1: the kamikaze (3) is voted out and owes his pick (club R18)."""
    g = game(10, TEN, "start", "day")
    vote(g, (1, 3), (2, 4), votes={3: [1, 2, 4, 5, 6, 7], 4: [3, 8, 9, 10]})
    assert g.state.step is ClubStep.PICK
    return g


def disqualify(seat: int, kind: str) -> dict[str, object]:
    return {"action": "disqualify", "seat": seat, "kind": kind}


def foul(seat: int) -> dict[str, object]:
    return {"action": "foul", "seat": seat}


@pytest.mark.parametrize("kind", REMOVALS)
def test_club_c3_a_removal_during_the_maniacs_choice_waits_for_the_choice(kind: str) -> None:
    g = at_catastrophe()
    refused(g, disqualify(7, kind), "pending choice", "maniac")
    refused(g, disqualify(2, kind), "pending choice")  # one of the tied too
    push(g, {"action": "catastrophe", "seat": 2}, disqualify(7, kind))
    assert [s for s, _, _ in removed(g)] == [2, 7]


@pytest.mark.parametrize("kind", REMOVALS)
def test_club_c3_a_removal_during_the_day_pick_waits_for_the_pick(kind: str) -> None:
    g = at_pick()
    refused(g, disqualify(9, kind), "pending choice", "kamikaze")
    push(g, {"action": "kamikaze", "seat": 9}, disqualify(6, kind))
    assert removed(g)[:2] == [(3, "vote", True), (9, "kamikaze", True)]
    assert removed(g)[2][0] == 6


def test_club_c3_a_fifth_foul_during_a_pending_choice_is_refused_whole() -> None:
    """The fifth foul would remove him (004 §9), so it waits too; nothing is counted."""
    g = game(7, SEVEN, "start", "day", *[foul(7)] * 4)
    vote(g, (1, 2), (2, 5), votes={2: [1, 3, 4], 5: [2, 6, 5]})
    refused(g, foul(7), "pending choice")
    assert g.state.fouls[6] == 4
    push(g, {"action": "catastrophe", "seat": 5}, foul(7))
    assert removed(g)[-1] == (7, "fouls", False)


def test_club_c6_a_foul_for_a_player_not_at_the_table_is_refused() -> None:
    """C6: the voted-out player giving his last word gets no foul; nor does a removed one."""
    g = game(7, SEVEN, "start", "day", disqualify(6, "removal"))
    refused(g, foul(6), "not at the table")
    vote(g, (1, 4), votes={4: [1, 2, 3, 5, 7]})
    speaking = g.state.speaking
    assert speaking is not None and (speaking.seat, speaking.kind) == (4, ClubSpeech.FAREWELL)
    refused(g, foul(4), "not at the table")
    push(g, foul(2))  # a player at the table still gets one
    assert g.state.fouls[1] == 1 and g.state.fouls[3] == 0


def test_club_c6_after_the_result_a_foul_is_counted_with_no_effect() -> None:
    g = game(5, {"mafia": [3]}, "start", "day", disqualify(3, "removal"))
    assert res(g)["winner"] == "city"
    push(g, *[foul(1)] * 5)
    assert res(g)["fouls"]["1"] == 5 and removed(g) == [(3, "disqualified", False)]


def test_004_s8_the_putana_blocking_the_mafia_earns_her_bonus_when_the_city_wins() -> None:
    """004 §8 "путане - заблокировала мафию или маньяка - 1 балл"; club R2: she is the city."""
    g = game(13, PUTANA, "start", "day")
    night(g, {"action": "putana", "seat": 11}, {"action": "mafia_shot", "target": None})
    score = _city_wins(g)
    assert score["4"]["bonus"] == 1 and score["4"]["total"] == 2
    assert {"points": 1, "clause": "004 §8"} in score["4"]["reasons"]


def test_004_s8_the_putana_blocking_a_city_player_earns_nothing() -> None:
    g = game(13, PUTANA, "start", "day")
    night(g, {"action": "putana", "seat": 6}, {"action": "mafia_shot", "target": None})
    score = _city_wins(g)
    assert score["4"]["bonus"] == 0 and score["4"]["total"] == 1


def test_004_s8_the_putana_blocking_the_maniac_counts_but_not_for_a_losing_side() -> None:
    g = game(13, PUTANA, "start", "day")
    night(g, {"action": "putana", "seat": 2}, {"action": "mafia_shot", "target": None})
    for seat in (2, 3, 5, 6, 7):
        push(g, disqualify(seat, "removal"))  # the maniac out, then 4 of 8 are the mafia
    assert res(g)["winner"] == "mafia"
    assert scores(g)["4"]["bonus"] == 0  # club R25: bonus needs the win


def _city_wins(g: ClubGame) -> dict[str, ClubSeatScore]:
    """The mafia side (1, 11-13) and the maniac (2) removed: the city wins (docs/club.md)."""
    for seat in (1, 11, 12, 13, 2):
        if seat in g.state.at_table:
            push(g, disqualify(seat, "removal"))
    r = res(g)
    assert r["winner"] == "city"
    score = r["score"]
    assert score is not None
    return score


@pytest.mark.parametrize("points", [-0.5, -50.5, -1.25, 10, 0])
def test_club_c8_a_penalty_of_non_whole_or_non_negative_points_is_refused(
        points: float) -> None:
    g = game(5, {"mafia": [3]}, "start", "day", disqualify(3, "removal"))
    refused(g, {"action": "penalty", "seat": 1, "points": points, "clause": "004 §9"},
            "whole and negative")
    assert scores(g)["1"]["penalties"] == 0


@pytest.mark.parametrize("points", [0.5, 1.5, -1])
def test_club_c7_an_extra_other_than_1_or_0_is_refused(points: float) -> None:
    g = game(5, {"mafia": [3]}, "start", "day", disqualify(3, "removal"))
    refused(g, {"action": "extra", "seat": 1, "points": points}, "1 (or 0")
    assert scores(g)["1"]["extra"] == 0
