"""The club night (004 §4, §7; club R12-R17, R19, R20)."""

from __future__ import annotations

from engine.club.game import ClubGame
from engine.vocab import ClubStep
from tests.engine.club.script import (
    THIRTEEN,
    clock,
    game,
    night,
    push,
    refused,
    removed,
    res,
    to_step,
)

PUTANA = {**THIRTEEN, "putana": 4}


def at_night(roles: dict[str, object] = THIRTEEN, **head: object) -> ClubGame:
    g = game(13, roles, "start", "day", **head)
    to_step(g, ClubStep.AWAIT_NIGHT)
    push(g, "night")
    return g


def mafia(t: int | None) -> dict[str, object]:
    return {"action": "mafia_shot", "target": t}


def maniac(t: int | None) -> dict[str, object]:
    return {"action": "maniac_shot", "target": t}


def act(name: str, seat: int | None) -> dict[str, object]:
    return {"action": name, "seat": seat}


def test_004_s7_order_once_each_the_mafia_first_and_day_needs_the_shot() -> None:
    g = at_night()
    assert clock(g) == ("mafia_shot", 30.0)
    refused(g, act("heal", 5), "mafia's shot first")
    refused(g, "day", "mafia has not shot")
    push(g, mafia(4))
    assert clock(g) == ("don_check", 15.0)
    push(g, act("heal", 5))
    refused(g, act("don_check", 3), "too late")
    refused(g, act("heal", 6), "already entered")
    push(g, "day")
    assert removed(g) == [(4, "mafia", True)]


def test_004_s7_3_and_7_6_the_answers_of_the_don_and_the_commissar() -> None:
    g = at_night()
    push(g, mafia(None), act("don_check", 8), act("commissar_check", 2), "day")
    n = res(g)["nights"][0]
    assert n["don_check"] == {"seat": 8, "found": "commissar"}
    assert n["commissar_check"] == {"seat": 2, "found": "city"}  # the maniac reads city
    night(g, mafia(None), act("don_check", 4), act("commissar_check", 1))
    n = res(g)["nights"][1]
    assert n["don_check"] == {"seat": 4, "found": "none"}
    assert n["commissar_check"] == {"seat": 1, "found": "mafia"}  # the don reads mafia


def test_club_r12_the_heal_stops_both_shots_and_r14_a_seat_dies_once_by_the_mafia() -> None:
    g = at_night()
    push(g, mafia(4), maniac(4), act("heal", 4), "day")
    assert removed(g) == [] and res(g)["nights"][0]["saved"] == 4
    night(g, mafia(5), maniac(5))
    assert removed(g) == [(5, "mafia", True)]


def test_club_r12_the_heal_does_not_stop_the_blast() -> None:
    g = at_night()
    push(g, mafia(9), act("heal", 8), "day")
    assert removed(g) == [(9, "mafia", False), (8, "sapper", False), (10, "sapper", False)]
    assert res(g)["nights"][0]["blast"] == [8, 10] and res(g)["nights"][0]["saved"] is None


def test_club_r13_self_heal_once_a_game_never_the_same_seat_twice_running() -> None:
    g = at_night()
    push(g, mafia(None), act("heal", 3), "day")
    night(g, mafia(None), act("heal", 5))
    to_step(g, ClubStep.AWAIT_NIGHT)
    push(g, "night", mafia(None))
    refused(g, act("heal", 5), "last night")
    refused(g, act("heal", 3), "once a game")
    push(g, act("heal", 6))


def test_club_r15_the_putana_blocks_the_doctor_and_the_mafia_shot() -> None:
    g = at_night(PUTANA)
    assert clock(g) == ("putana", 15.0)
    refused(g, act("putana", 4), "other than her own")
    push(g, act("putana", 3), mafia(6))
    refused(g, act("heal", 6), "sleeps")
    push(g, "day")
    g = at_night(PUTANA)
    push(g, act("putana", 11))
    refused(g, mafia(6), "enter null")
    push(g, mafia(None), "day")
    assert removed(g) == []


def test_club_r15_a_blocked_kamikaze_does_not_pick() -> None:
    g = at_night(PUTANA)
    push(g, act("putana", 7), mafia(7))
    refused(g, act("kamikaze", 5), "sleeps")
    push(g, "day")
    assert removed(g) == [(7, "mafia", True)]


def test_004_s4_kamikaze_shot_dead_announced_first_then_his_pick() -> None:
    g = at_night()
    push(g, mafia(5), maniac(7))
    assert clock(g) == ("heal", 15.0)
    push(g, act("heal", 4), act("commissar_check", 2))
    assert clock(g) == ("kamikaze", 15.0)
    refused(g, "day", "kamikaze dies tonight")
    refused(g, act("kamikaze", 5), "shot dead tonight")
    refused(g, act("kamikaze", 7), "not his own")
    push(g, act("kamikaze", 12), "day")
    assert removed(g) == [(7, "maniac", True), (12, "kamikaze", True), (5, "mafia", True)]
    assert [x.seat for x in g.state.queue] == [7, 12, 5]


def test_club_r17_a_night_pick_of_the_sapper_sets_off_the_blast() -> None:
    g = at_night()
    push(g, mafia(7), act("kamikaze", 9), "day")
    assert removed(g) == [(7, "mafia", True), (9, "kamikaze", False), (8, "sapper", False),
                          (10, "sapper", False)]


def test_club_r19_sapper_and_kamikaze_both_shot_the_kamikaze_and_his_pick_first() -> None:
    g = at_night()
    push(g, mafia(9), maniac(7), act("kamikaze", 4), "day")
    assert removed(g) == [(7, "maniac", True), (4, "kamikaze", True), (9, "mafia", False),
                          (8, "sapper", False), (10, "sapper", False)]


def test_004_s4_kamikaze_in_the_blast_picks_without_last_word_his_pick_speaks() -> None:
    """004 §4: under the sapper he picks but has no farewell; a pick next to the sapper dies
    "не из-за сапёра", has his word, and the sapper takes the next neighbour (club R16)."""
    g = at_night()
    push(g, mafia(9), maniac(8), act("heal", 5), act("commissar_check", 2))
    assert clock(g) == ("kamikaze", 15.0)  # 8 leaves anyway, so the blast reaches 7
    push(g, act("kamikaze", 10), "day")
    assert removed(g) == [(9, "mafia", False), (7, "sapper", False), (11, "sapper", False),
                          (10, "kamikaze", True), (8, "maniac", True)]
    assert res(g)["nights"][0]["blast"] == [7, 11]
    assert [x.seat for x in g.state.queue] == [10, 8]


def test_club_r16_the_blast_wraps_around_the_table() -> None:
    roles = {**THIRTEEN, "sapper": 13, "mafia": [9, 11, 12]}
    g = at_night(roles)
    push(g, mafia(13), "day")
    assert res(g)["nights"][0]["blast"] == [12, 1]


def test_004_s9_a_removal_stops_the_card_and_club_r20_checks() -> None:
    g = at_night()
    push(g, mafia(9), {"action": "disqualify", "seat": 9, "kind": "removal"})
    refused(g, act("don_check", 9), "removed")
    push(g, "day")
    assert removed(g) == [(9, "disqualified", False)]  # no shot death, no blast
    night(g, mafia(6))
    to_step(g, ClubStep.AWAIT_NIGHT)
    push(g, "night", mafia(None), act("don_check", 6))  # left by a shot: may be checked
    assert g.state.night is not None and g.state.night.acts[-1] == ("don_check", 6)


def test_004_s9_a_player_removed_after_his_line_his_card_stops_that_night() -> None:
    """"ролевая карта не срабатывает": the removed maniac's shot and doctor's heal are void."""
    g = at_night()
    push(g, mafia(4), maniac(6), act("heal", 4), {"action": "disqualify", "seat": 2,
                                                  "kind": "removal"},
         {"action": "disqualify", "seat": 3, "kind": "removal"}, "day")
    assert removed(g) == [(2, "disqualified", False), (3, "disqualified", False),
                          (4, "mafia", True)]
