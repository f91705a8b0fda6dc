"""The values the classic hot path makes once and shares (speeches, speech events, the
field-less actions, the speaking order), and the checks it now makes without a call: each
shared value must equal the one built by hand, and every refusal must still come."""

from __future__ import annotations

import pytest

from engine import actions as act
from engine.classic import events as ev
from engine.classic.checks import at_table
from engine.classic.flow import next_opener, seats_from
from engine.classic.log import parse_action
from engine.classic.state import SPEECHES, GameState, Speech
from engine.errors import IllegalAction, LogError
from engine.refusals import R
from engine.vocab import SpeechKind


def test_every_speech_and_speech_event_is_made_once_and_equals_a_new_one() -> None:
    for kind in SpeechKind:
        for seat in range(1, 11):
            assert SPEECHES[kind][seat] == Speech(seat, kind)
            assert type(SPEECHES[kind][seat]) is Speech
            assert ev.SPEECH_BEGAN[kind][seat] == ev.SpeechBegan(seat, kind)
            assert type(ev.SPEECH_BEGAN[kind][seat]) is ev.SpeechBegan
    assert [ev.SPEECH_ENDED[seat] for seat in range(1, 11)] == [
        ev.SpeechEnded(seat) for seat in range(1, 11)]


@pytest.mark.parametrize(("name", "value"), [
    ("start", act.Start()), ("day", act.Day()), ("night", act.Night()),
    ("speech_end", act.SpeechEnd()), ("undo", act.Undo())])
def test_a_bare_line_of_a_field_less_action_is_its_one_shared_value(
        name: str, value: act.Action) -> None:
    first, again = parse_action({"action": name}), parse_action({"action": name})
    assert first == value and type(first) is type(value)
    assert first is again
    assert parse_action({"action": name, "t": "19:02:11"}) == value  # fields still checked
    for line, key in (({"action": name, "t": 5}, R.FIELD_TIME),
                      ({"action": name, "seat": 5}, R.UNKNOWN_FIELD)):
        with pytest.raises(LogError) as refused:
            parse_action(line)
        assert refused.value.phrase is not None and refused.value.phrase.key == key


@pytest.mark.parametrize("name", [None, 5, ["day"], {"day": 1}, "dayy"])
def test_an_action_name_that_is_no_known_text_is_refused(name: object) -> None:
    with pytest.raises(LogError) as refused:
        parse_action({"action": name})
    assert refused.value.phrase is not None and refused.value.phrase.key == R.UNKNOWN_ACTION


def test_a_line_without_its_required_field_is_refused() -> None:
    with pytest.raises(LogError) as refused:
        parse_action({"action": "nominate"})
    assert refused.value.phrase is not None and refused.value.phrase.key == R.MISSING_FIELD


@pytest.mark.parametrize("seat", [True, 1.0, 0, 11])
def test_at_table_refuses_what_is_no_seat_even_when_it_equals_one(seat: object) -> None:
    s = GameState()  # seat 1 is at the table, and True == 1.0 == 1
    with pytest.raises(IllegalAction) as refused:
        at_table(s, seat)  # type: ignore[arg-type]
    assert refused.value.phrase.key == R.NOT_A_SEAT
    with pytest.raises(IllegalAction) as gone:
        at_table(s._replace(at_table=frozenset({2, 3})), 1)
    assert gone.value.phrase.key == R.NOT_AT_TABLE
    assert at_table(s, 10) == 10


def test_speaking_order_goes_round_the_table_from_the_opener() -> None:
    assert seats_from(frozenset({1, 3, 10}), 3) == (3, 10, 1)
    assert seats_from(frozenset(range(1, 11)), 1) == tuple(range(1, 11))
    assert next_opener(frozenset({2, 5, 9}), 9) == 2  # 000 I.6.2: the next seat still there
    assert next_opener(frozenset({2, 5, 9}), 2) == 5
    assert next_opener(frozenset({2, 5, 9}), 10) == 2
