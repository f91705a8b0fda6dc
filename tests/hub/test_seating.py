"""The seating generator: hard constraints always hold, figures beat a random schedule."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hub.roster_csv import read_seating, write_seating
from hub.seating import (
    SEATS,
    SeatingError,
    TournamentPlan,
    floor_squares,
    generate,
    random_seating,
)


def plan_of(players: int, tables: int, rounds: int, **kw: object) -> TournamentPlan:
    return TournamentPlan(players=tuple(f"p{i}" for i in range(players)),
                          tables=tuple(str(t + 1) for t in range(tables)), rounds=rounds,
                          **kw)  # type: ignore[arg-type]


@st.composite
def plans(draw: st.DrawFn) -> TournamentPlan:
    tables = draw(st.integers(1, 3))
    players = draw(st.integers(SEATS * tables, SEATS * tables + 7))
    rounds = draw(st.integers(1, 4))
    names = [f"p{i}" for i in range(players)]
    pairs = draw(st.lists(st.tuples(st.sampled_from(names), st.sampled_from(names))
                          .filter(lambda ab: ab[0] != ab[1]), max_size=3))
    judges = {str(t + 1): f"judge{t + 1}" for t in range(tables)}
    ties = {}
    if tables > 1:
        ties = {"judge1": frozenset(draw(st.lists(st.sampled_from(names), max_size=4)))}
    return TournamentPlan(players=tuple(names), tables=tuple(judges), rounds=rounds,
                          judges=judges, ties=ties,
                          apart=frozenset(frozenset(p) for p in pairs))


@settings(max_examples=40, deadline=None)
@given(plans(), st.integers(0, 1000))
def test_every_constraint_holds_for_random_plans(plan: TournamentPlan, seed: int) -> None:
    try:
        seating = generate(plan, seed, effort=0.2)
    except SeatingError as exc:  # only when the constraints really leave no room
        assert "relax a constraint" in str(exc)
        return
    assert seating.violations() == []
    for rnd in seating.rounds:
        seated = [p for g in rnd.games for p in g.seats]
        assert sorted(seated + list(rnd.sitting_out)) == sorted(plan.players)
        for game in rnd.games:
            assert len(game.seats) == SEATS and game.judge == plan.judges[game.table]
            for a, b in combinations(game.seats, 2):
                assert frozenset((a, b)) not in plan.apart
            assert not set(game.seats) & plan.ties.get(game.judge or "", frozenset())


def test_sitting_out_is_shared_evenly() -> None:
    seating = generate(plan_of(13, 1, 6), seed=3, effort=0.2)
    counts = {p: sum(p in r.sitting_out for r in seating.rounds) for p in seating.plan.players}
    assert max(counts.values()) - min(counts.values()) <= 1


def test_the_same_seed_gives_the_same_seating() -> None:
    plan = plan_of(30, 3, 4)
    assert generate(plan, 7) == generate(plan, 7)
    assert generate(plan, 7) != generate(plan, 8)


def test_30_players_10_rounds_beats_random_and_is_close_to_the_floor() -> None:
    plan = plan_of(30, 3, 10)
    ours, chance = generate(plan, 1).figures(), random_seating(plan, 1).figures()
    assert ours.seats_within_one == 1.0 and ours.seat_spread <= 2
    assert ours.pairs_within_one > chance.pairs_within_one
    # 4590 is a proven floor (floor_squares): "within one" for every pair is impossible here
    assert ours.pair_squares_floor == 4590
    assert ours.pair_squares <= ours.pair_squares_floor * 1.02


def test_100_players_12_rounds_seat_counts_within_one() -> None:
    plan = plan_of(100, 10, 12)
    ours, chance = generate(plan, 1).figures(), random_seating(plan, 1).figures()
    assert ours.seats_within_one >= 0.99 and ours.edge_seat_spread <= 1
    assert ours.pair_max < chance.pair_max + 1 and ours.pair_squares < chance.pair_squares


def test_floor_of_squares_counts_meetings() -> None:
    # 10 players at one table for 3 rounds: every pair meets 3 times: 45 * 9
    assert floor_squares(10, 1, 3) == 405


def test_impossible_plans_are_refused_in_words() -> None:
    with pytest.raises(SeatingError, match="need 20 players"):
        generate(plan_of(15, 2, 1))
    with pytest.raises(SeatingError, match="relax a constraint"):
        generate(plan_of(10, 1, 1, apart=frozenset({frozenset(("p0", "p1"))})))


def test_csv_round_trip_and_bad_rows() -> None:
    seating = generate(plan_of(20, 2, 2, judges={"1": "Ivanov", "2": "Petrov"}), seed=2)
    again = read_seating(write_seating(seating))
    assert again.rounds == seating.rounds
    with pytest.raises(SeatingError, match="seat 3 is given twice"):
        read_seating("round,table,seat,player\n1,1,3,a\n1,1,3,b\n")
    with pytest.raises(SeatingError, match="are empty"):
        read_seating("round,table,seat,player\n1,1,1,a\n")
    rows = "".join(f"1,1,{s},p{s}\n" for s in range(1, 11)) + "".join(
        f"1,2,{s},p{s if s > 1 else 1}\n" for s in range(1, 11))
    with pytest.raises(SeatingError, match="sits twice"):
        read_seating("round,table,seat,player\n" + rows)
