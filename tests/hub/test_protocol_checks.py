"""The hub's check of a received protocol (hub/checks.py), one path for every variant: the
protocol replays from its own header and actions to the result AND the reveal it claims.
The reveal is what the players' page and every screen show of the roles: a protocol whose
result is true but whose reveal lies about a card is quarantined, classic or club."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bus.payloads import Protocol, decode, encode, reveal_of
from engine.replay import replay_game
from engine.vocab import InfoClass
from hub.checks import check_protocol

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CLASSIC, CLUB = "cml-red-wins-by-lift.jsonl", "club-seven-maniac-and-doctor.jsonl"


def published(example: str) -> tuple[dict[str, Any], str]:
    """A decided example's protocol as its table publishes it, and the table's id."""
    head, game = replay_game((EXAMPLES / example).read_text(encoding="utf-8").splitlines())
    protocol = Protocol(game_id="g-1", header=dict(head), actions=game.lines(),
                        result=dict(game.result()),
                        reveal=reveal_of(game.view(InfoClass.JUDGE)))
    return json.loads(encode(protocol)), str(head["table"])


def checked(data: dict[str, Any], table: str) -> str | None:
    protocol = decode("protocol", json.dumps(data).encode())
    assert isinstance(protocol, Protocol)
    return check_protocol(protocol, table)


@pytest.mark.parametrize("example", [CLASSIC, CLUB])
def test_a_true_protocol_passes(example: str) -> None:
    data, table = published(example)
    assert checked(data, table) is None


@pytest.mark.parametrize("example", [CLASSIC, CLUB])
def test_a_reveal_that_swaps_two_cards_is_refused(example: str) -> None:
    """The result is the table's true one; only the reveal's roles lie (two seats of other
    cards swapped): the hub must not store it for the screens and the players' page."""
    data, table = published(example)
    roles = data["reveal"]["roles"]
    first = next(seat for seat, role in roles.items() if role != roles["1"])
    roles["1"], roles[first] = roles[first], roles["1"]
    assert checked(data, table) == ("the protocol of game g-1: its reveal does not match its "
                                    "actions (cards, winner or nights)")


def test_a_reveal_that_hides_a_night_is_refused() -> None:
    data, table = published(CLASSIC)
    assert data["reveal"]["nights"]
    data["reveal"]["nights"] = data["reveal"]["nights"][:-1]
    reason = checked(data, table)
    assert reason is not None and "its reveal does not match" in reason


@pytest.mark.parametrize("example", [CLASSIC, CLUB])
def test_a_result_that_does_not_follow_is_refused(example: str) -> None:
    data, table = published(example)
    data["result"]["removed"] = []
    reason = checked(data, table)
    assert reason is not None and "its result does not follow from its actions" in reason


def test_a_protocol_from_another_table_is_refused() -> None:
    data, table = published(CLUB)
    assert checked(data, table + "0") == (f"the protocol of game g-1 names table {table} but "
                                          f"came from table {table}0")
