"""The club engine's look-up tables (issue 15): a rule for every action and event class and
none for anything else, a subclass handled as its base, and a line that is its action's name
alone read as the full reader reads it."""

from __future__ import annotations

from typing import get_args

import pytest

from engine import actions as act
from engine.club import actions as ca
from engine.club import events as ev
from engine.club.apply import APPLY
from engine.club.decide import kind_of
from engine.club.game import ClubGame
from engine.club.log import FIELDS, parse_action
from engine.errors import IllegalAction, LogError
from engine.refusals import R


def test_every_club_action_and_event_class_has_exactly_one_rule() -> None:
    assert {kind_of(t.__new__(t)) for t in get_args(ca.ClubAction)} == set(get_args(ca.ClubAction))
    assert set(APPLY) == set(get_args(ev.ClubEvent))


class LateRoles(ca.ClubRoles):
    """A caller's own subclass: still the deal."""


def test_a_subclass_is_handled_as_its_base_and_a_classic_action_is_refused() -> None:
    g = ClubGame(7)
    g.push(LateRoles(mafia=(3,), maniac=5, doctor=1))
    assert g.state.roles is not None and g.state.role(5).value == "maniac"
    assert kind_of(act.Lift()) is None
    with pytest.raises(IllegalAction) as refused:
        g.push(act.Lift())  # type: ignore[arg-type]  # an untyped caller's classic action
    assert refused.value.phrase.key is R.CLUB_NOT_IN_GAME


@pytest.mark.parametrize("name", [n for n, (required, _) in FIELDS.items() if not required])
def test_a_bare_line_reads_as_the_full_reader_reads_it(name: str) -> None:
    bare = parse_action({"action": name}, 7)
    timed = parse_action({"action": name, "t": "00:00:01"}, 7)  # the reader's full path
    assert bare == timed
    with pytest.raises(LogError):
        parse_action({"action": name, "t": 5}, 7)  # `t` still checked on the full path
    with pytest.raises(LogError):
        parse_action({"action": name, "seats": 7}, 7)
