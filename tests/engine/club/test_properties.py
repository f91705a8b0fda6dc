"""Property tests for every player count 3..15: random legal club games always end, undo
of any suffix restores exactly, state == fold(events), the log round-trips."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import actions as act
from engine.club.apply import fold
from engine.club.game import ClubGame
from engine.club.log import action_to_dict, parse_action
from engine.club.playout import ClubMix, random_club_game

SEATS = range(3, 16)


@pytest.mark.parametrize("n", SEATS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_legal_games_end_with_one_winner(n: int, seed: int) -> None:
    p = random_club_game(n, seed, ClubMix(undo=0.03, foul=0.04))
    assert p.game is not None
    s = p.game.state
    assert s.finished and s.speaking is None
    assert p.game.outcome() is not None
    assert fold(p.game.initial, tuple(e for es in p.game.events for e in es)) == s


@pytest.mark.parametrize("n", SEATS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_undo_of_any_suffix_restores_exactly(n: int, seed: int, data: st.DataObject) -> None:
    p = random_club_game(n, seed)
    g = p.game
    assert g is not None
    actions = g.actions
    k = data.draw(st.integers(0, len(actions)))
    states = []
    fresh = ClubGame(g.settings)
    states.append(fresh.state)
    for a in actions:
        fresh.push(a)
        states.append(fresh.state)
    for _ in range(k):
        g.pop()
    assert g.state == states[len(actions) - k]
    assert g.actions == actions[:len(actions) - k]


@pytest.mark.parametrize("n", SEATS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_line_round_trips_through_the_log(n: int, seed: int) -> None:
    p = random_club_game(n, seed, ClubMix(undo=0.05))
    g = ClubGame(p.game.settings if p.game else n)
    for a in p.entered:
        back = parse_action(json.loads(json.dumps(action_to_dict(a))), n)
        assert back == a
        if isinstance(back, act.Undo):
            g.pop()
        else:
            g.push(back)
    assert p.game is not None and g.state == p.game.state
