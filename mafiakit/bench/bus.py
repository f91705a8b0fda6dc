"""`mafiakit bench bus`: judge action -> retained public snapshot at a subscriber.

Measured in the same run, on the same broker: the kit's path (inbox -> rules -> journal
fsync -> three snapshots + event published -> subscriber decodes the public one), a bare
paho QoS 1 publish -> receive round trip (raw), and one journal commit alone (fsync).
The path and the floor take turns in five rounds; one table process plays every game, as
a table does over an evening. Started once per game, as before, the first lines of every
game paid the process's warm-up (up to 3.7 ms), a cost a table pays once an evening and
the floor does not (raw_round_trips drops its warm-up). The floor of one durable, published
action is `limit_p99_ms` = raw_p99 + fsync_p99; the target is p99 <= 3 x that
(docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from bus.client import BusClient, Received
from bus.config import BrokerConfig
from bus.topics import table_topic
from engine.classic.log import action_to_dict
from engine.classic.playout import random_game
from engine.log import header
from mafiakit.bench import JsonObject, Result
from mafiakit.bench.broker import broker_url
from mafiakit.bench.floor import journal_commits, pct, raw_round_trips
from mafiakit.bench.proxy import PiProxy

ROUNDS = 5  # the path and its floor take turns, so a change in the machine's load hits both
PI_PROXY = True  # --pi-proxy: the table process (and the journal-commit floor) on the budget


def _drain_until(sub: BusClient, accept: Callable[[JsonObject], bool]) -> None:
    while True:
        item = sub.inbox.get(timeout=30)
        if isinstance(item, Received) and accept(json.loads(item.payload)):
            return


def _seq_is(seq: int) -> Callable[[JsonObject], bool]:
    return lambda snapshot: bool(snapshot["seq"] == seq)


class BenchTable:
    """The table service in its own process, as on a Pi, started once and kept for every
    round: a table runs all evening, game after game (`new_game`), so the path is timed warm,
    as the floor is (raw_round_trips drops its warm-up). The screen is this process."""

    def __init__(self, url: str, journal: Path, proxy: PiProxy | None = None) -> None:
        self.screen = BusClient(BrokerConfig.from_url(url), name="bench-screen")
        # the judge snapshot: its seq is the journal's (a public one is sent only when the
        # players' view changes, so night actions send none), and it leaves last
        self.screen.subscribe(table_topic("bench", "1", "judge"))
        self.screen.start()
        self.screen.wait_ready(30)
        argv = [sys.executable, "-m", "mafiakit.cli", "table", "--journal", str(journal),
                "--broker", url, "--stdin"]
        if proxy is not None:
            argv = proxy.command(argv, "table (mafiakit table --stdin)")
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "MAFIAKIT_TOURNAMENT": "bench", "MAFIAKIT_TABLE": "1"})
        assert self.proc.stdout is not None
        self.proc.stdout.readline()  # ready
        _drain_until(self.screen, _seq_is(0))  # its first snapshot: connected
        self.fresh = True  # the game the table opened at start has no line yet

    def say(self, line: Mapping[str, object]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(line) + "\n")
        self.proc.stdin.flush()

    def answer(self) -> str:
        assert self.proc.stdout is not None
        answer = self.proc.stdout.readline()
        if not answer.startswith("ok"):
            raise RuntimeError(answer)
        return answer

    def new_game(self) -> None:
        if not self.fresh:
            self.say({"command": "new_game", "header": header("cml")})
            self.answer()
            _drain_until(self.screen, _seq_is(0))
        self.fresh = False

    def play(self, n: int) -> list[float]:
        """Whole random games until `n` actions are timed (ms each)."""
        times: list[float] = []
        seed = 0
        while len(times) < n:
            self.new_game()
            for seq, action in enumerate(random_game("cml", seed).entered, start=1):
                t0 = time.perf_counter()
                self.say(action_to_dict(action))
                _drain_until(self.screen, _seq_is(seq))
                times.append((time.perf_counter() - t0) * 1000)
                self.answer()
            seed += 1
        return times[:n]

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(30)
        self.screen.close()


def run(args: argparse.Namespace) -> Result:
    """600 actions (150 with --quick) in turns with the floor; with `args.proxy`
    (--pi-proxy) the table and the journal-commit floor run on the Pi's budget."""
    n = 150 if getattr(args, "quick", False) else 600
    proxy: PiProxy | None = getattr(args, "proxy", None)
    kit: list[float] = []
    raw: list[float] = []
    fsync: list[float] = []
    with broker_url(args.broker) as url, \
            tempfile.TemporaryDirectory(prefix="mafiakit-bench-") as tmp:
        cfg = BrokerConfig.from_url(url)
        table = BenchTable(url, Path(tmp) / "bench.sqlite", proxy)
        try:
            for r in range(ROUNDS):
                work = Path(tmp) / f"round-{r + 1}"
                work.mkdir()
                share = n * (r + 1) // ROUNDS - n * r // ROUNDS
                print(f"bench bus: round {r + 1}/{ROUNDS}: {share} actions through the "
                      "table service, then the floor", file=sys.stderr)
                kit += table.play(share)
                raw += raw_round_trips(cfg.host, cfg.port, share)
                with proxy.inside("the journal-commit floor") if proxy \
                        else contextlib.nullcontext():
                    fsync += journal_commits(work, share // 2)
        finally:
            table.close()
    p99, raw_p99, fsync_p99 = (round(pct(kit, 0.99), 3), round(pct(raw, 0.99), 3),
                               round(pct(fsync, 0.99), 3))
    limit = round(raw_p99 + fsync_p99, 3)
    return {
        "actions": len(kit),
        "rounds": ROUNDS,
        "p50_ms": round(statistics.median(kit), 3),
        "p99_ms": p99,
        "raw_p50_ms": round(statistics.median(raw), 3),
        "raw_p99_ms": raw_p99,
        "fsync_p50_ms": round(statistics.median(fsync), 3),
        "fsync_p99_ms": fsync_p99,
        "limit_p99_ms": limit,
        "ratio_p99": round(p99 / limit, 2),
        "target_met": p99 <= 3 * limit,
    }
