"""Property tests: random legal games (hypothesis picks the seed and the mix) keep every
invariant of the rules, undo restores exactly, and the views keep the secrets."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import actions as act
from engine.classic import events as ev
from engine.classic.apply import fold
from engine.classic.game import Game
from engine.classic.log import dump_lines
from engine.classic.moment import SETTLES_THE_DAY, after_tie
from engine.classic.playout import Mix, random_game
from engine.classic.protocol import result
from engine.classic.replay import replay
from engine.classic.ruleset import Ruleset
from engine.classic.state import GameState
from engine.classic.views import view
from engine.errors import IllegalAction
from engine.log import header
from engine.roles import Role

RULES = st.sampled_from(["cml", "fiim", "fiim-2015", "judge-guide"])
MIXES = st.builds(Mix, foul=st.floats(0, 0.08), disqualify=st.floats(0, 0.01),
                  undo=st.floats(0, 0.1), nominate=st.floats(0.2, 0.9),
                  tie_bias=st.floats(0, 0.8), voters=st.floats(0, 1), miss=st.floats(0, 0.9),
                  vote_removal=st.floats(0, 0.3))
SECRET_WORDS = ("sheriff", "don", "mafia", "citizen", "shot", "check", "best_move", "guess")


def play(rules: str, seed: int, mix: Mix) -> Game:
    p = random_game(rules, seed, mix)
    assert p.game is not None
    return p.game


@settings(max_examples=150, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**32), mix=MIXES)
def test_random_games_end_and_keep_the_invariants(rules: str, seed: int, mix: Mix) -> None:
    game = play(rules, seed, mix)
    s = game.state
    assert s.finished and s.speech is None and game.outcome() is not None
    removed = [r.seat for r in s.removed]
    assert len(removed) == len(set(removed))
    assert s.at_table == frozenset(range(1, 11)) - set(removed)
    assert all(f >= 0 for f in s.fouls)
    roles = s.roles
    assert roles is not None and sorted(roles).count(Role.DON) == 1
    blacks = sum(1 for seat in s.at_table if roles[seat - 1] in (Role.MAFIA, Role.DON))
    if s.termination == "all_black_out":
        assert blacks == 0 and s.winner == "red"
    if s.termination == "black_parity":
        assert blacks >= len(s.at_table) - blacks and s.winner == "black"
    # replaying from scratch, state by state: vote sums and the fold
    g = Game(rules)
    for action, events in zip(game.actions, game.events, strict=True):
        before = g.state
        assert g.push(action) == events
        for e in events:
            if isinstance(e, ev.RoundClosed):
                day = g.state.day
                assert day is not None
                closed = day.rounds[-1]
                # every player at the table votes once; one removed inside the round after
                # its result was known may or may not have voted (engine.classic.moment)
                assert len(g.state.at_table) <= sum(e.votes) <= closed.electorate
                if not closed.gone:
                    assert sum(e.votes) == len(before.at_table)
                assert all(v >= 0 for v in e.votes)
            if isinstance(e, ev.PlayerRemoved) and e.cause == "fouls":
                assert g.state.fouls[e.seat - 1] == game.rules.fouls.removal_at
    assert g.state == s
    assert fold(e for events in game.events for e in events) == s


def _spreads(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way of giving `total` votes to `parts` candidates (each voter votes once)."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _spreads(total - first, parts - 1):
            yield (first, *rest)


def _known_by_brute_force(s: GameState, rules: Ruleset) -> bool:
    """The moment of 000 I.8.2 / 003 7.2 by enumeration, not by engine.classic.moment's formula:
    every way of counting the votes still to come gives the same leaders, and they settle
    the day (one leader, or a tie that takes no revote and no lift question)."""
    voting, day = s.voting, s.day
    assert voting is not None and day is not None
    counted = [(c, n) for c, n, _ in voting.entered]
    still = voting.candidates[len(counted):]
    outcomes = set()
    for spread in _spreads(len(s.at_table) - sum(n for _, n in counted), len(still)):
        counts = [*counted, *zip(still, spread, strict=True)]
        top = max(n for _, n in counts)
        outcomes.add(tuple(c for c, n in counts if n == top))
    if len(outcomes) != 1:
        return False
    (leaders,) = outcomes
    return len(leaders) == 1 or after_tie(
        s, rules, voting.candidates, leaders, bool(day.rounds)) in SETTLES_THE_DAY


@settings(max_examples=150, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**32), mix=MIXES)
def test_a_removal_inside_a_round_keeps_the_vote_exactly_when_its_result_is_known(
        rules: str, seed: int, mix: Mix) -> None:
    """000 I.8.1-8.2, 003 7.1-7.2: a removal by discipline inside an open round (the first
    of it) cancels today's vote unless the counted votes already fixed a result that settles
    the day; the brute-force oracle decides, the engine must agree; a round left standing is
    closed with the leaders the counted votes had fixed."""
    game = play(rules, seed, replace(mix, vote_removal=max(mix.vote_removal, 0.2)))
    g = Game(rules)
    for action, events in zip(game.actions, game.events, strict=True):
        before = g.state
        g.push(action)
        removed = [e for e in events if isinstance(e, ev.PlayerRemoved)
                   and e.cause in ("fouls", "disqualified")]
        if not removed or before.voting is None or before.voting.gone:
            continue
        cancelled = ev.VoteCancelled(next_day=False) in events
        assert cancelled != _known_by_brute_force(before, g.rules), (action, before.voting)


@settings(max_examples=60, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**32), mix=MIXES, data=st.data())
def test_undo_of_any_suffix_restores_the_earlier_state(rules: str, seed: int, mix: Mix,
                                                       data: st.DataObject) -> None:
    game = play(rules, seed, mix)
    states = [Game(rules).state]
    g = Game(rules)
    for action in game.actions:
        g.push(action)
        states.append(g.state)
    k = data.draw(st.integers(0, len(game.actions)))
    for _ in range(k):
        g.pop()
    assert g.state == states[len(states) - 1 - k]
    assert g.actions == game.actions[: len(game.actions) - k]
    for action in game.actions[len(game.actions) - k:]:  # and forward again
        g.push(action)
    assert g.state == game.state


@settings(max_examples=60, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**32), mix=MIXES)
def test_judge_view_and_replay_agree(rules: str, seed: int, mix: Mix) -> None:
    p = random_game(rules, seed, mix)
    assert p.game is not None
    _, replayed = replay(dump_lines(header(rules), p.entered))
    res = result(replayed.state, rules)
    judge = view(p.game.state, p.game.rules, "judge", len(p.game.actions)).model_dump(
        mode="json")
    assert judge["winner"] == res["winner"]
    assert judge["best_move"] == res["best_move"]
    assert [n["shot"] for n in judge["nights"]] == [n["shot"] for n in res["nights"]]
    assert [n["don_check"] and n["don_check"]["seat"] for n in judge["nights"]] == [
        n["don_check"] for n in res["nights"]]
    outs = {str(x["seat"]): x["out"] for x in judge["seats"]}
    for r in res["removed"]:
        out = {k: v for k, v in outs[str(r["seat"])].items() if v is not None}
        assert out == {k: v for k, v in r.items() if k != "seat"}


@settings(max_examples=80, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**32), mix=MIXES)
def test_public_and_audience_views_never_carry_secrets_before_the_end(
        rules: str, seed: int, mix: Mix) -> None:
    """Roles, shots, checks and the best move stay in the judge view until the end."""
    game = play(rules, seed, mix)
    g = Game(rules)
    for action in game.actions:
        g.push(action)
        for info_class in ("public", "audience"):
            v = view(g.state, g.rules, info_class).model_dump(mode="json")
            # secrecy by type: not even a decided game's screen view holds a secret field
            assert not {"roles", "nights", "best_move", "winner", "termination"} & v.keys()
            if g.state.finished:
                continue
            text = json.dumps(v)
            for word in SECRET_WORDS:
                assert word not in text, (word, text)
            if g.state.phase == "night" and g.state.number > 0:
                assert v["step"] == "night" and v["timer"] is None and v["speaker"] is None


SEAT_ISH = st.integers(-2, 12)
ANY_ACTION = st.one_of(
    st.builds(lambda d, m1, m2, s: act.Roles(don=d, mafia=(m1, m2), sheriff=s),
              SEAT_ISH, SEAT_ISH, SEAT_ISH, SEAT_ISH),
    st.sampled_from([act.Start(), act.Day(), act.Night(), act.SpeechEnd()]),
    st.builds(act.Nominate, seat=SEAT_ISH, by=st.none() | SEAT_ISH),
    st.builds(act.Withdraw, seat=SEAT_ISH),
    st.builds(act.Votes, seat=SEAT_ISH, count=st.integers(-1, 11)),
    st.builds(act.Votes, seat=SEAT_ISH, voters=st.lists(SEAT_ISH, max_size=5).map(tuple)),
    st.builds(act.Lift, count=st.integers(-1, 11)),
    st.builds(act.Lift, voters=st.lists(SEAT_ISH, max_size=7).map(tuple)),
    st.builds(act.Shoot, target=st.none() | SEAT_ISH),
    st.builds(act.Shoot, shots=st.lists(st.tuples(SEAT_ISH, st.none() | SEAT_ISH),
                                        max_size=4).map(tuple)),
    st.builds(act.DonCheck, seat=SEAT_ISH),
    st.builds(act.SheriffCheck, seat=SEAT_ISH),
    st.builds(act.BestMove, seats=st.lists(SEAT_ISH, max_size=4).map(tuple)),
    st.builds(act.Foul, seat=SEAT_ISH, kind=st.sampled_from([None, "voting"])),
    st.builds(act.Disqualify, seat=SEAT_ISH, kind=st.sampled_from(["removal", "team_loss"])),
)


@settings(max_examples=150, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**32), cut=st.floats(0, 1),
       tries=st.lists(ANY_ACTION, min_size=1, max_size=40))
def test_any_action_at_any_moment_is_accepted_or_refused_cleanly(
        rules: str, seed: int, cut: float, tries: list[act.Action]) -> None:
    """Whatever the judge enters at whatever moment: either the rules accept it (and the
    state is still the fold of its events) or it is refused with IllegalAction and nothing
    changes; never another exception."""
    played = play(rules, seed, Mix())
    game = Game(rules)
    for action in played.actions[: int(len(played.actions) * cut)]:
        game.push(action)
    for action in tries:
        before = game.state
        try:
            game.push(action)
        except IllegalAction:
            assert game.state is before
            continue
        assert fold(e for events in game.events for e in events) == game.state
