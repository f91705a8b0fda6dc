"""The deal and the header (004 §1-3, §5, §8; docs/club.md "Header", "Roles")."""

from __future__ import annotations

import json

import pytest

from engine.club.setup import FROM_SEATS, mafia_side
from engine.club.testing import replay_club
from engine.replay import ReplayError
from engine.roles import ClubRole, Side
from tests.engine.club.script import SEVEN, THIRTEEN, game, push, refused

ROWS = {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 2, 9: 2, 10: 3, 11: 3, 12: 3, 13: 4, 14: 4, 15: 4}


def full_deal(n: int) -> dict[str, object]:
    side = mafia_side(n)
    roles: dict[str, object] = {"mafia": list(range(1, side + 1))}
    seat = side
    for role, first in FROM_SEATS.items():
        if n >= first:
            seat += 1
            roles[role.value] = seat
    return roles


@pytest.mark.parametrize("n", range(3, 16))
def test_004_s1_role_table_and_club_r1_citizens_are_the_rest(n: int) -> None:
    """004 §1: the mafia side and the special roles by player count; club R1: row 5 has
    4 citizens, every other seat is a citizen."""
    assert mafia_side(n) == ROWS[n]
    g = game(n, full_deal(n))
    roles = g.state.roles
    assert roles is not None
    specials = sum(1 for role, first in FROM_SEATS.items() if n >= first)
    assert roles.count(ClubRole.CITIZEN) == n - ROWS[n] - specials
    if n == 5:
        assert roles.count(ClubRole.CITIZEN) == 4


@pytest.mark.parametrize("n", [6, 8, 10, 13])
def test_004_s1_a_missing_or_extra_role_is_refused(n: int) -> None:
    deal = full_deal(n)
    short = {k: v for k, v in deal.items() if k != "maniac"}
    g = game(n, None)
    refused(g, {"action": "roles", **short}, "needs a maniac")
    refused(g, {"action": "roles", **deal, "mafia": list(range(1, ROWS[n] + 2))}, "mafia side")


def test_004_s1_a_role_too_many_for_the_table() -> None:
    refused(game(7, None), {"action": "roles", **SEVEN, "commissar": 2}, "has no a commissar")


def test_004_s2_the_don_replaces_a_mafia_member() -> None:
    g = game(8, {"mafia": [3], "don": 4, "maniac": 5, "doctor": 1, "commissar": 2})
    assert g.state.role(4) is ClubRole.DON
    assert g.state.side_at_table(Side.MAFIA) == (3, 4)
    g = game(6, {"mafia": [], "don": 2, "maniac": 5})
    assert g.state.side_at_table(Side.MAFIA) == (2,)


def test_004_s3_putana_only_from_13_in_regular_games_and_club_r2_of_the_city() -> None:
    refused(game(12, None), {"action": "roles", **full_deal(12), "putana": 12}, "13 players")
    refused(game(13, None, tournament="Cup"), {"action": "roles", **THIRTEEN, "putana": 4},
            "tournament")
    g = game(13, {**THIRTEEN, "putana": 4})
    assert g.state.role(4).side is Side.CITY
    # 004 §3 "в дни игр с путаной": a regular 13-seat game may also be played without her
    assert ClubRole.PUTANA not in (game(13, THIRTEEN).state.roles or ())


def test_deal_seats_distinct_and_on_the_table() -> None:
    refused(game(7, None), {"action": "roles", **SEVEN, "doctor": 3}, "two cards")
    refused(game(7, None), {"action": "roles", **SEVEN, "doctor": 8}, "1-7")


@pytest.mark.parametrize(("head", "words"), [
    ({"seats": 2}, "3-15"), ({"seats": 16}, "3-15"), ({"seats": "7"}, "3-15"),
    ({"seats": 7, "players": ["a"] * 6}, "7 nicknames"), ({"seats": 7, "colour": 1}, "unknown"),
    ({"seats": 7, "immunity": [8]}, "1-7"), ({"seats": 7, "date": "27.11.2026"}, "ISO"),
    ({"seats": 7, "double_points": "yes"}, "true or false"),
    ({"seats": 7, "rating_cards": [1, 1]}, "twice"), ({"seats": 7, "tournament": 3}, "name"),
])
def test_club_header_is_strict(head: dict[str, object], words: str) -> None:
    text = json.dumps({"format": "mafia-game-log", "version": 1, "rules": "club", **head})
    with pytest.raises(ReplayError) as err:
        replay_club([text])
    assert err.value.line == 1 and words in err.value.reason


@pytest.mark.parametrize(("action", "words"), [
    ({"action": "shoot", "target": 3}, "not part of the club game"),
    ({"action": "lift", "count": 3}, "not part of the club game"),
    ({"action": "nominate", "seat": 3}, "missing field by"),
    ({"action": "votes", "seat": 3, "count": 2}, "missing field voters"),
    ({"action": "mafia_shot", "target": 8}, "1-7 or null"),
    ({"action": "heal", "seat": None}, "1-7"),
    ({"action": "heal", "seat": 2, "why": 1}, "unknown field why"),
    ({"action": "disqualify", "seat": 2, "kind": "ban"}, "drop"),
    ({"action": "foul", "seat": True}, "seat number"),
])
def test_club_action_lines_are_strict(action: dict[str, object], words: str) -> None:
    text = [json.dumps({"format": "mafia-game-log", "version": 1, "rules": "club", "seats": 7}),
            json.dumps({"action": "roles", **SEVEN}), json.dumps(action)]
    with pytest.raises(ReplayError) as err:
        replay_club(text)
    assert err.value.line == 3 and words in err.value.reason


def test_log_round_trip_and_undo_line() -> None:
    from engine.club.log import action_to_dict, parse_action

    g = game(7, SEVEN, "start", "day", "undo")
    assert g.state.step.value == "zero_night"
    push(g, "day", "discussion_end")
    for a in g.actions:
        assert parse_action(json.loads(json.dumps(action_to_dict(a))), 7) == a
