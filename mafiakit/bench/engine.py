"""`mafiakit bench engine`: replay complete random legal games through the engine.

Each game is replayed from its game-log dicts: every line parsed and validated, every action
checked against the rules and applied (undo lines included). Reports games per second over
whole games and the cost of one action (p50/p99, parse + rules + apply).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from engine import Undo
from engine.game import Game
from engine.log import action_to_dict, parse_action
from engine.playout import Mix, random_game

RULES = ("cml", "fiim", "fiim-2015", "judge-guide")


def _logs(n: int) -> list[tuple[str, list[dict[str, Any]]]]:
    mix = Mix(undo=0.02, foul=0.03)
    out = []
    for seed in range(n):
        rules = RULES[seed % len(RULES)]
        p = random_game(rules, seed, mix)
        out.append((rules, [action_to_dict(a) for a in p.entered]))
    return out


def _replay(rules: str, lines: list[dict[str, Any]]) -> None:
    game = Game(rules)
    for line in lines:
        action = parse_action(line)
        if isinstance(action, Undo):
            game.pop()
        else:
            game.push(action)


def run(args: argparse.Namespace) -> dict[str, Any]:
    n = 200 if getattr(args, "quick", False) else 1000
    print(f"bench engine: generating {n} random games", file=sys.stderr)
    logs = _logs(n)
    actions = sum(len(lines) for _, lines in logs)
    for rules, lines in logs[:50]:  # warm-up
        _replay(rules, lines)
    rounds = []
    for _ in range(3 if getattr(args, "quick", False) else 5):
        t0 = time.perf_counter()
        for rules, lines in logs:
            _replay(rules, lines)
        rounds.append(time.perf_counter() - t0)
    per_action: list[int] = []
    clock = time.perf_counter_ns
    for rules, lines in logs:
        game = Game(rules)
        for line in lines:
            t0 = clock()
            action = parse_action(line)
            if isinstance(action, Undo):
                game.pop()
            else:
                game.push(action)
            per_action.append(clock() - t0)
    per_action.sort()
    best = min(rounds)
    median = statistics.median(rounds)
    return {
        "games": n,
        "actions": actions,
        "actions_per_game": round(actions / n, 1),
        "games_per_s": round(n / median, 1),
        "games_per_s_best": round(n / best, 1),
        "us_per_action_p50": round(per_action[len(per_action) // 2] / 1000, 2),
        "us_per_action_p99": round(per_action[int(len(per_action) * 0.99)] / 1000, 2),
        "us_per_action_max": round(per_action[-1] / 1000, 2),
        "target": {"games_per_s": ">= 1000", "us_per_action_p99": "< 100"},
        "club": _club(args),
    }


def _club(args: argparse.Namespace) -> dict[str, Any]:
    """The club game (docs/club.md) alongside: 3 to 15 seats."""
    from mafiakit.bench import club

    print("bench engine: club games, 3-15 seats", file=sys.stderr)
    return club.run(args)
