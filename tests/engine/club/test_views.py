"""Club views per information class (docs/views.md, docs/club.md; club R29)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.club.game import ClubGame
from engine.club.playout import ClubMix, choose, random_deal, random_settings
from engine.club.views import audience_view, judge_view, public_view
from engine.vocab import Phase
from tests.engine.club.script import THIRTEEN, game, push

# Always the host's: who was blocked, shot (mafia or maniac), checked, healed or saved, and
# the roles. The kamikaze's pick and the blast are announced (004 §4, §7.8): those causes show.
NIGHT_WORDS = ("putana", "mafia_shot", "don_check", "maniac_shot", "heal", "commissar_check",
               "saved", "blast", '"mafia"', '"maniac"', "doctor", "commissar", "citizen")


def _screens_hide_the_night(g: ClubGame) -> None:
    for view in (public_view(g), audience_view(g)):
        text = view.model_dump_json()
        for word in NIGHT_WORDS:
            assert word not in text, (word, text)
        if view.phase is Phase.NIGHT and view.number > 0:
            assert view.step in ("night",) and view.timer is None and view.speaker is None
    judge_view(g)  # the judge's view is valid at every step


@pytest.mark.parametrize("n", range(3, 16))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_public_and_audience_views_never_carry_a_secret(n: int, seed: int) -> None:
    rng = random.Random(seed)
    g = ClubGame(random_settings(rng, n))
    g.push(random_deal(rng, g.settings))
    mix = ClubMix(foul=0.04)
    while not (g.state.finished and g.state.speaking is None):
        _screens_hide_the_night(g)
        g.push(choose(g, rng, mix))
    _screens_hide_the_night(g)


def test_the_judge_sees_every_night_action_the_screens_only_kill() -> None:
    g = game(13, {**THIRTEEN, "putana": 4}, "start", "day", "discussion_end",
             *["speech_end"] * 13, "nominations_end", "night",
             {"action": "putana", "seat": 6}, {"action": "mafia_shot", "target": 5},
             {"action": "don_check", "seat": 8}, {"action": "maniac_shot", "target": 10},
             {"action": "heal", "seat": 10}, {"action": "commissar_check", "seat": 11})
    j = judge_view(g)
    assert j.club_nights is not None and j.club_nights[0].model_dump() == {
        "night": 1, "putana": 6, "mafia_shot": 5, "don_check": {"seat": 8, "found": "commissar"},
        "maniac_shot": 10, "heal": 10, "saved": None,
        "commissar_check": {"seat": 11, "found": "mafia"}, "kamikaze": None, "blast": ()}
    assert j.club_night_step is None and j.timer is None
    assert public_view(g).step == "night"
    push(g, "day")
    assert judge_view(g).club_nights[0].saved == 10  # type: ignore[index]
    seat5 = public_view(g).seats[4]
    assert seat5.out is not None and seat5.out.cause == "kill"  # not "mafia" (who shot)
    assert judge_view(g).seats[4].out.cause == "kill"  # type: ignore[union-attr]
    # club R29: the card of a leaver is public, but the typed screen has no role field
    assert "role" not in json.loads(public_view(g).model_dump_json())
