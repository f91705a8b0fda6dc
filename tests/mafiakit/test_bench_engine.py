"""`mafiakit bench engine`: one loop replays classic and club games to their end (the bench
times whole games, docs/benchmarks.md) and reports the documented keys."""

from __future__ import annotations

from engine.classic.game import Game
from engine.club.game import ClubGame
from mafiakit.bench import club, engine
from mafiakit.bench.replay import measure, replay

KEYS = {"games", "actions", "games_per_s", "us_per_action_p50", "us_per_action_p99",
        "floor_games_per_s", "ratio_to_floor"}


def test_the_shared_loop_plays_every_classic_game_to_its_result() -> None:
    for rules, lines in engine._logs(8):
        game = replay(engine.CLASSIC, rules, lines)
        assert isinstance(game, Game)
        assert game.outcome() is not None, rules
        assert len(game.actions) <= len(lines)  # undo lines took actions back


def test_the_shared_loop_plays_every_club_game_to_its_result() -> None:
    for setup, lines in club._logs(13):  # 3 to 15 seats
        game = replay(club.CLUB_GAMES, setup, lines)
        assert isinstance(game, ClubGame)
        assert game.outcome() is not None, setup.seats


def test_measure_reports_the_documented_keys_for_both_games() -> None:
    logs = engine._logs(4)
    result = measure(engine.CLASSIC, logs, rounds=1, warm_up=1)
    assert set(result) >= KEYS
    assert result["actions"] == sum(len(lines) for _, lines in logs)
    assert result["ratio_to_floor"] > 0
    assert result["us_per_action_p50"] <= result["us_per_action_p99"]
    club_result = measure(club.CLUB_GAMES, club._logs(3), rounds=1, warm_up=1)
    assert set(club_result) >= KEYS
