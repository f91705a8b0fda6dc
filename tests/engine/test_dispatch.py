"""One dispatch style for both engines (issue 27 item 1): an action's rule and an event's
change of state are looked up in a table keyed by the class (engine.classic.apply says why,
with the measurements). The tables are complete, and an object of no action class gets a
refusal the judge can read, never an assertion from inside the engine."""

from __future__ import annotations

from typing import get_args

import pytest

from engine import actions as act
from engine.classic import apply as classic_apply
from engine.classic import events as classic_events
from engine.classic import rules as classic_rules
from engine.classic.testing import started
from engine.club import actions as club_actions
from engine.club import apply as club_apply
from engine.club import decide as club_decide
from engine.club import events as club_events
from engine.club.actions import DiscussionEnd
from engine.errors import IllegalAction


def test_every_event_of_each_engine_has_exactly_one_rule() -> None:
    assert classic_apply.APPLY.keys() == set(get_args(classic_events.Event))
    assert club_apply.APPLY.keys() == set(get_args(club_events.ClubEvent))


def test_every_action_of_each_engine_has_its_rule_or_its_own_place() -> None:
    """Classic: undo is `Game.pop`'s and the after-game lines the scoring's (`_NOT_HERE`)."""
    classic = classic_rules._HANDLERS.keys()
    assert classic | classic_rules._NOT_HERE == set(get_args(act.Action))
    assert not classic & classic_rules._NOT_HERE
    assert club_decide._HANDLERS.keys() == set(get_args(club_actions.ClubAction))


def test_a_club_action_pushed_into_a_classic_game_is_refused_in_words() -> None:
    game = started("cml")
    before = game.state
    with pytest.raises(IllegalAction) as refused:
        game.push(DiscussionEnd())  # type: ignore[arg-type]  # an untyped caller's mistake
    assert "unknown action" in refused.value.text("en")
    assert "DiscussionEnd" in refused.value.text("en")
    assert game.state is before
