"""`mafiakit bench NAME`: run one benchmark, print exactly one JSON object on stdout.

Each benchmark lives in `mafiakit/bench/<name>.py` and defines
`run(args: argparse.Namespace) -> dict`; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import sys
from typing import Any

NAMES = ("engine", "bus", "pad", "scoreboard", "hub", "overlay", "e2e", "scoring", "fans")


def machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "system": platform.platform(),
    }


def run_one(name: str, args: argparse.Namespace) -> dict[str, Any]:
    module = importlib.import_module(f"mafiakit.bench.{name}")
    result: dict[str, Any] = {"bench": name, **module.run(args)}
    return result


def command(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the JSON object only
    if args.name == "all":
        results = []
        for name in NAMES:
            try:
                results.append(run_one(name, args))
            except ModuleNotFoundError as exc:
                print(f"bench {name}: not available ({exc})", file=sys.stderr)
        out: dict[str, Any] = {"bench": "all", "machine": machine(), "results": results}
    else:
        out = {**run_one(args.name, args), "machine": machine()}
    print(json.dumps(out))
    return 0


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive whole number")
    return value


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("bench", help="run a benchmark, print one JSON object",
                       description="Run one benchmark (or all) and print one JSON object on "
                       "stdout, with ratios to floors measured in the same run; progress goes "
                       "to stderr. docs/benchmarks.md defines each.")
    p.add_argument("name", choices=(*NAMES, "all"), help="which benchmark (all = every one)")
    p.add_argument("--broker", default=None, metavar="URL",
                   help="mqtt://host:port (default: start a mosquitto of its own)")
    p.add_argument("--quick", action="store_true", help="fewer repetitions (smoke run)")
    p.add_argument("--presses", type=_positive, metavar="N",
                   help="e2e: NEXT presses to time (default 300, 100 with --quick)")
    p.add_argument("--followers", type=_positive, metavar="N",
                   help="fans: followers on the outside broker (default 2000, 200 with --quick)")
    p.add_argument("--follower-processes", type=_positive, metavar="K",
                   help="fans: Node processes holding the followers (default 2)")
    p.add_argument("--seconds", type=_positive, metavar="S",
                   help="fans: length of each phase (default 30, 10 with --quick)")
    p.set_defaults(run="mafiakit.bench.cli:command")
