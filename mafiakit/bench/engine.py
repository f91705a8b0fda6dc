"""`mafiakit bench engine`: replay complete random legal games through the engine.

Each game is replayed from its game-log dicts: every line parsed and validated, every action
checked against the rules and applied (undo lines included). Reports games per second over
whole games and the cost of one action (p50/p99, parse + rules + apply); the loop is
`mafiakit.bench.replay`'s, shared with the club games.
"""

from __future__ import annotations

import argparse
import contextlib
import sys

from engine.actions import Action
from engine.classic.game import Game
from engine.classic.log import action_to_dict, parse_action
from engine.classic.playout import Mix, random_game
from mafiakit.bench import Result
from mafiakit.bench.replay import Line, Replayer, as_line, measure

RULES = ("cml", "fiim", "fiim-2015", "judge-guide")
CLASSIC: Replayer[str, Action] = Replayer(new_game=Game, reader=lambda rules: parse_action)
PI_PROXY = True  # --pi-proxy: the replays (a table's engine) on the budget: throughput


def _logs(n: int) -> list[tuple[str, list[Line]]]:
    mix = Mix(undo=0.02, foul=0.03)
    out = []
    for seed in range(n):
        rules = RULES[seed % len(RULES)]
        p = random_game(rules, seed, mix)
        out.append((rules, [as_line(action_to_dict(a)) for a in p.entered]))
    return out


def run(args: argparse.Namespace) -> Result:
    """Classic games, then club games; with `args.proxy` (--pi-proxy) the replays run on
    the Pi's budget (the games are made before, off it)."""
    quick = getattr(args, "quick", False)
    n = 200 if quick else 1000
    print(f"bench engine: generating {n} random games", file=sys.stderr)
    logs = _logs(n)
    proxy = getattr(args, "proxy", None)
    with proxy.inside("bench engine: the replays") if proxy else contextlib.nullcontext():
        result = measure(CLASSIC, logs, rounds=3 if quick else 5, warm_up=50)
    return {**result, "club": _club(args)}


def _club(args: argparse.Namespace) -> Result:
    """The club game (docs/club.md) alongside: 3 to 15 seats."""
    from mafiakit.bench import club

    print("bench engine: club games, 3-15 seats", file=sys.stderr)
    return club.run(args)
