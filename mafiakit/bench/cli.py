"""`mafiakit bench NAME`: run one benchmark, print exactly one JSON object on stdout.

Each benchmark lives in `mafiakit/bench/<name>.py` and defines
`run(args: argparse.Namespace) -> Result` (one JSON object); progress goes to stderr.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import sys

from mafiakit.bench import Result
from mafiakit.bench.boards import BOARD_NAMES, BOARDS

NAMES = ("engine", "bus", "pad", "scoreboard", "hub", "overlay", "e2e", "scoring", "fans")


def machine() -> dict[str, str | int | None]:
    return {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "system": platform.platform(),
    }


def run_one(name: str, args: argparse.Namespace) -> Result:
    """One benchmark's object; with `--pi-proxy` its measured processes run on the Pi's
    budget (mafiakit/bench/proxy.py) and the object gains `proxy`."""
    module = importlib.import_module(f"mafiakit.bench.{name}")
    if not getattr(args, "pi_proxy", False):
        args.proxy = None
        return {"bench": name, **module.run(args)}
    from mafiakit.bench.proxy import PiProxy, ProxyError

    if not getattr(module, "PI_PROXY", False):
        raise ProxyError(f"{name} runs no table, screen or hub of its own to put on a Pi's "
                         f"budget (--pi-proxy: {', '.join(proxied())})")

    with PiProxy(board=args.pi_board, share_percent=args.pi_share) as proxy:
        args.proxy = proxy
        print(f"bench {name}: on a {BOARD_NAMES[proxy.board]}'s budget: "
              f"{proxy.quota_us} us of CPU {proxy.cpu} every {proxy.period_us} us "
              f"({proxy.path})", file=sys.stderr)
        result: Result = {"bench": name, **module.run(args)}
        result["proxy"] = proxy.report()
    return result


def proxied() -> list[str]:
    """The benchmarks that take `--pi-proxy`."""
    return [name for name in NAMES
            if getattr(importlib.import_module(f"mafiakit.bench.{name}"), "PI_PROXY", False)]


def command(args: argparse.Namespace) -> int:
    from mafiakit.bench.proxy import ProxyError

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the JSON object only
    try:
        if args.name == "all":
            results = []
            for name in proxied() if args.pi_proxy else NAMES:
                try:
                    results.append(run_one(name, args))
                except ModuleNotFoundError as exc:
                    print(f"bench {name}: not available ({exc})", file=sys.stderr)
            out: Result = {"bench": "all", "machine": machine(), "results": results}
        else:
            out = {**run_one(args.name, args), "machine": machine()}
    except ProxyError as exc:
        print(f"mafiakit bench {args.name} --pi-proxy: {exc}", file=sys.stderr)
        return 2
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
                   help="e2e, pad, overlay: presses to time (default: e2e 300, pad 1000 at "
                   "each table, overlay 300; with --quick 100, 200, 60)")
    p.add_argument("--tables", type=_positive, metavar="N",
                   help="hub: simulated tables (default 500, 100 with --quick, 30 with "
                   "--pi-proxy)")
    p.add_argument("--rate", type=float, metavar="R",
                   help="hub: events a second per table in the steady phase (default 2)")
    p.add_argument("--followers", type=_positive, metavar="N",
                   help="fans: followers on the outside broker (default 2000, 200 with --quick)")
    p.add_argument("--follower-processes", type=_positive, metavar="K",
                   help="fans: Node processes holding the followers (default 2)")
    p.add_argument("--seconds", type=_positive, metavar="S",
                   help="fans: length of each phase (default 30, 10 with --quick)")
    p.add_argument("--pi-proxy", action="store_true",
                   help="run the measured processes (the table, the screen, the hub) on a "
                   "Raspberry Pi core's budget: one CPU, a CFS quota (a cgroup: root)")
    p.add_argument("--pi-board", choices=tuple(BOARDS), default="pi4",
                   help="with --pi-proxy: the board whose core the budget stands for "
                   "(default pi4: 1 ms of CPU every 4 ms)")
    p.add_argument("--pi-share", type=float, metavar="PERCENT",
                   help="with --pi-proxy: this share of one core instead of the board's "
                   "(another machine: docs/benchmarks.md \"Choosing the quota\")")
    p.set_defaults(run="mafiakit.bench.cli:command")
