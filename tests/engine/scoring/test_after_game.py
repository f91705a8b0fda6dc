"""The after-game lines in the game log: read, written back, refused when malformed or out
of place; undo and the signature (docs/scoring.md, "After-game lines")."""

from __future__ import annotations

import pytest

from engine import actions as act
from engine.classic.log import action_to_dict, parse_action
from engine.classic.protocol import result
from engine.classic.testing import refused, started
from engine.errors import LogError
from tests.engine.scoring.helpers import black_win, red_win, scores

LINES = [
    {"action": "extra", "seat": 2, "points": 0.6, "approved_by": "Петрова"},
    {"action": "extra", "seat": 2, "points": 0},
    {"action": "penalty", "seat": 4, "points": -0.3, "clause": "000 III.6.1.7",
     "note": "сломал попил"},
    {"action": "colour_left", "seat": 7, "named": 5, "colour": "black"},
    {"action": "protest", "seat": 5, "text": "Протест"},
    {"action": "close", "judge": "Ivanova"},
    {"action": "close"},
]


@pytest.mark.parametrize("line", LINES, ids=lambda x: str(x["action"]))
def test_every_after_game_line_reads_and_writes_back_unchanged(line: dict[str, object]) -> None:
    assert action_to_dict(parse_action(line)) == line


@pytest.mark.parametrize(("line", "phrase"), [
    ({"action": "extra", "seat": 2, "points": 0.333}, "at most two decimals"),
    ({"action": "extra", "seat": 2, "points": "0.3"}, "must be a number"),
    ({"action": "extra", "seat": 11, "points": 0.3}, "seat number 1-10"),
    ({"action": "penalty", "seat": 2, "points": -0.3}, "missing field clause"),
    ({"action": "penalty", "seat": 2, "points": -0.3, "clause": " "}, "non-empty text"),
    ({"action": "colour_left", "seat": 7, "named": 5, "colour": "red"}, '"black"'),
    ({"action": "protest", "seat": 5}, "missing field text"),
    ({"action": "close", "by": 1}, "unknown field by"),
])
def test_malformed_after_game_lines_are_refused_in_words(line: dict[str, object],
                                                         phrase: str) -> None:
    with pytest.raises(LogError, match=phrase):
        parse_action(line)


def test_after_game_lines_wait_for_the_result() -> None:
    game = started("cml")
    for action in (act.Extra(2, 30), act.Penalty(2, -30, "000 III.6"), act.Protest(2, "x"),
                   act.Close()):
        refused(game, action, "only after the result is decided")


def test_a_penalty_is_negative_and_a_withdrawal_needs_an_extra() -> None:
    game = red_win("cml")
    refused(game, act.Penalty(2, 30, "000 III.6"), "a penalty is negative")
    refused(game, act.Extra(2, 0), "seat 2 has no extra points to withdraw")
    refused(game, act.Extra(2, -30), "cannot be negative")


def test_undo_retracts_an_after_game_line_exactly() -> None:
    game = red_win("cml")
    before = game.state
    game.push(act.Extra(2, 40))
    assert scores(game)[2].extra == 40
    game.push(act.Undo())
    assert game.state is before


def test_close_needs_no_speech_and_then_only_undo_001_9_9() -> None:
    game = black_win("cml")  # seat 7's farewell is current
    refused(game, act.Close("Ivanova"), "seat 7 is still speaking")
    game.push(act.SpeechEnd())
    game.push(act.Close("Ivanova"))
    out = result(game.state, "cml", game.rules)
    assert out["closed"] is True
    for action in (act.Extra(3, 30), act.Foul(3), act.Disqualify(3), act.Protest(3, "x")):
        refused(game, action, "the protocol is closed and signed: only undo is accepted")
    game.push(act.Undo())
    game.push(act.Extra(3, 30))
    assert scores(game)[3].extra == 30


def test_a_disqualification_after_the_result_is_recorded_once_003_7_12() -> None:
    """002 "Дисквалифицированному просто идёт штраф −0,5"; the result does not change."""
    game = black_win("cml")
    game.push(act.Disqualify(9))
    out = result(game.state, "cml", game.rules)
    assert (out["winner"], out["late_disqualifications"]) == (
        "black", [{"seat": 9, "kind": "removal"}])
    assert scores(game)[9].penalties == -50
    refused(game, act.Disqualify(9), "seat 9 is already disqualified")
    assert scores(game)[9].penalties == -50  # once
