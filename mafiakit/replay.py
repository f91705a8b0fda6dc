"""`mafiakit replay FILE`: read a game log, print the result object (spec/game-log.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.protocol import result
from engine.replay import ReplayError, replay
from engine.ruleset import RulesetError, load_ruleset


def command(args: argparse.Namespace) -> int:
    leagues = {}
    for path in args.rules or ():
        try:
            ruleset = load_ruleset(Path(path))
        except RulesetError as exc:
            print(f"rules: {exc}", file=sys.stderr)
            return 2
        leagues[ruleset.id] = ruleset
    try:
        with open(args.file, "rb") as fh:
            _, game = replay(fh.read().split(b"\n"), leagues)
    except ReplayError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    print(json.dumps(result(game.state, game.rules.id, game.rules), ensure_ascii=False))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("replay", help="replay a game log, print the result as JSON")
    p.add_argument("file")
    p.add_argument("--rules", action="append", metavar="TOML",
                   help="a league's ruleset file, for logs whose header names its id")
    p.set_defaults(func=command)
