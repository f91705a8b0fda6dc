"""engine.evolve: the fast `_replace` gives the very value `_replace` gives."""

from __future__ import annotations

import pytest

from engine.classic.state import DayLog, GameState, Speech
from engine.club.game import initial_state
from engine.club.setup import Settings
from engine.evolve import replacer


def test_evolve_equals_replace_field_by_field() -> None:
    evolve = replacer(GameState)
    s = GameState()
    for changes in ({"speech": Speech(3, "speech")}, {"number": 2, "phase": "day"},
                    {"fouls": (1,) * 10, "quiet": 1, "winner": "red"}, {}):
        new = evolve(s, **changes)
        assert new == s._replace(**changes)
        assert type(new) is GameState
    assert s == GameState()  # the old value is untouched


def test_evolve_of_a_club_state_and_a_day() -> None:
    s = initial_state(Settings(seats=7))
    assert replacer(type(s))(s, number=1) == s._replace(number=1)
    day = DayLog(1, 3)
    assert replacer(DayLog)(day, nominations=(4,)) == day._replace(nominations=(4,))


def test_an_unknown_field_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="GameState has no field 'speach'"):
        replacer(GameState)(GameState(), speach=None)
