"""More clauses: the timers of the night order (004 §7), justification speeches (004 §6),
the maniac's win and points (club R21, R25), the doctor's own save (club R26)."""

from __future__ import annotations

from engine.roles import Side
from engine.vocab import ClubStep
from tests.engine.club.script import (
    SEVEN,
    THIRTEEN,
    clock,
    game,
    night,
    push,
    refused,
    res,
    scores,
    to_step,
    vote,
)


def test_004_s7_every_step_of_the_night_has_its_time() -> None:
    g = game(13, {**THIRTEEN, "putana": 4}, "start", "day")
    to_step(g, ClubStep.AWAIT_NIGHT)
    push(g, "night")
    seen = []
    for line in ({"action": "putana", "seat": 6}, {"action": "mafia_shot", "target": 7},
                 {"action": "don_check", "seat": 3}, {"action": "maniac_shot", "target": 5},
                 {"action": "heal", "seat": 10}, {"action": "commissar_check", "seat": 2},
                 {"action": "kamikaze", "seat": None}):
        seen.append(clock(g))
        push(g, line)
    assert seen == [("putana", 15.0), ("mafia_shot", 30.0), ("don_check", 15.0),
                    ("maniac_shot", 15.0), ("heal", 15.0), ("commissar_check", 15.0),
                    ("kamikaze", 15.0)]
    assert clock(g) is None  # time for `day`


def test_004_s6_justification_speeches_30_s_in_nomination_order() -> None:
    g = to_step(game(7, SEVEN, "start", "day"), ClubStep.NOMINATIONS)
    push(g, {"action": "nominate", "by": 1, "seat": 6}, {"action": "nominate", "by": 2, "seat": 2},
         "nominations_end")
    assert [x.seat for x in g.state.queue] == [6, 2] and clock(g) == ("justification", 30.0)


def test_club_r15_a_blocked_don_or_commissar_does_not_check() -> None:
    g = game(13, {**THIRTEEN, "putana": 4}, "start", "day")
    to_step(g, ClubStep.AWAIT_NIGHT)
    push(g, "night", {"action": "putana", "seat": 1}, {"action": "mafia_shot", "target": None})
    refused(g, {"action": "don_check", "seat": 3}, "sleeps")
    push(g, {"action": "commissar_check", "seat": 1})
    g = game(13, {**THIRTEEN, "putana": 4}, "start", "day")
    to_step(g, ClubStep.AWAIT_NIGHT)
    push(g, "night", {"action": "putana", "seat": 8}, {"action": "mafia_shot", "target": None})
    refused(g, {"action": "commissar_check", "seat": 1}, "sleeps")


def test_club_r21_r25_the_maniac_wins_alone_with_three_points() -> None:
    g = game(6, {"mafia": [3], "maniac": 5}, "start", "day", date="2026-11-28")
    vote(g, (1, 3), votes={3: [1, 2, 4, 5, 6]})  # the mafia out
    night(g, {"action": "maniac_shot", "target": 1})
    vote(g, (2, 2), votes={2: [4, 5, 6]})
    night(g, {"action": "maniac_shot", "target": 4})
    assert g.state.winner is Side.MANIAC and g.state.termination == "maniac_last_two"
    score = scores(g)
    assert score["5"]["total"] == 3 and score["6"]["total"] == 0 and score["3"]["total"] == 0


def test_club_r26_the_doctor_saving_himself_earns_the_bonus() -> None:
    g = game(7, SEVEN, "start", "day")
    night(g, {"action": "mafia_shot", "target": 1}, {"action": "heal", "seat": 1})
    vote(g, (1, 5), votes={5: [1, 2, 3, 4, 6, 7]})
    night(g, {"action": "mafia_shot", "target": None})
    vote(g, (1, 3), votes={3: [1, 2, 4, 6, 7]})
    assert g.state.winner is Side.CITY
    assert scores(g)["1"]["bonus"] == 1 and res(g)["nights"][0]["saved"] == 1
