"""The club part of `mafiakit bench engine`: random legal club games of 3..15 seats, replayed
from their game-log lines (each parsed, checked against the rules and applied, undo lines
included), reported like the classic games: games/s and the cost of one action."""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from engine.actions import Undo
from engine.club.game import ClubGame
from engine.club.log import action_to_dict, parse_action
from engine.club.playout import ClubMix, random_club_game
from engine.club.setup import Settings

Log = tuple[Settings, list[dict[str, Any]]]


def _logs(n: int) -> list[Log]:
    mix = ClubMix(undo=0.02, foul=0.03)
    out = []
    for seed in range(n):
        p = random_club_game(3 + seed % 13, seed, mix)
        assert p.game is not None
        out.append((p.game.settings, [action_to_dict(a) for a in p.entered]))
    return out


def _replay(settings: Settings, lines: list[dict[str, Any]]) -> None:
    game = ClubGame(settings)
    for line in lines:
        action = parse_action(line, settings.seats)
        if isinstance(action, Undo):
            game.pop()
        else:
            game.push(action)


def run(args: argparse.Namespace) -> dict[str, Any]:
    quick = getattr(args, "quick", False)
    n = 130 if quick else 650
    logs = _logs(n)
    actions = sum(len(lines) for _, lines in logs)
    for settings, lines in logs[:26]:  # warm-up
        _replay(settings, lines)
    rounds = []
    for _ in range(3 if quick else 5):
        t0 = time.perf_counter()
        for settings, lines in logs:
            _replay(settings, lines)
        rounds.append(time.perf_counter() - t0)
    per_action: list[int] = []
    clock = time.perf_counter_ns
    for settings, lines in logs:
        game = ClubGame(settings)
        for line in lines:
            t0 = clock()
            action = parse_action(line, settings.seats)
            if isinstance(action, Undo):
                game.pop()
            else:
                game.push(action)
            per_action.append(clock() - t0)
    per_action.sort()
    median = statistics.median(rounds)
    return {
        "games": n,
        "seats": "3-15, evenly",
        "actions": actions,
        "actions_per_game": round(actions / n, 1),
        "games_per_s": round(n / median, 1),
        "games_per_s_best": round(n / min(rounds), 1),
        "us_per_action_p50": round(per_action[len(per_action) // 2] / 1000, 2),
        "us_per_action_p99": round(per_action[int(len(per_action) * 0.99)] / 1000, 2),
        "us_per_action_max": round(per_action[-1] / 1000, 2),
        "target": {"games_per_s": ">= 1000", "us_per_action_p99": "< 100"},
    }
