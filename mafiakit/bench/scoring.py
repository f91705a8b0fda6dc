"""`mafiakit bench scoring`: the standings of a generated tournament, from its game logs.

100 players x 12 rounds (120 random legal games with random legal after-game lines) are
written as log files first; the timed part is what the head judge waits for at midnight:
every file read, replayed through the rules, scored, and the table computed.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
from pathlib import Path

from engine.classic.ruleset import load_ruleset
from engine.classic.scoring.logs import game_from_log
from engine.classic.scoring.playout import random_tournament
from engine.classic.scoring.standings import standings
from mafiakit.bench import Result

PLAYERS, ROUNDS = 100, 12
PI_PROXY = True  # --pi-proxy: the timed part (a club's hub on a Pi) on the budget


def run(args: argparse.Namespace) -> Result:
    rules = load_ruleset("cml")
    players, rounds = PLAYERS, (3 if args.quick else ROUNDS)
    with tempfile.TemporaryDirectory() as folder:
        files = []
        for i, lines in enumerate(random_tournament(rules, players, rounds, seed=12)):
            path = Path(folder) / f"game-{i + 1:04d}.jsonl"
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            files.append(path)
        print(f"bench scoring: {len(files)} logs written, timing", file=sys.stderr)
        proxy = getattr(args, "proxy", None)
        with proxy.inside("bench scoring: read, replay, score, rank") if proxy \
                else contextlib.nullcontext():
            start, cpu = time.perf_counter(), time.process_time()
            games = [game_from_log(p.read_bytes().split(b"\n"), p.name) for p in files]
            table = standings(games, rules)
            seconds = time.perf_counter() - start
            cpu = time.process_time() - cpu
    return {"players": len(table.rows), "rounds": rounds, "games": len(games),
            "seconds": round(seconds, 4), "games_per_s": round(len(games) / seconds, 1),
            "cpu_seconds": round(cpu, 4)}  # CPU time: the wall time a busy machine hides
