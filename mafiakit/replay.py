"""`mafiakit replay FILE`: read a game log, print the result object (spec/game-log.md)."""

from __future__ import annotations

import argparse
import json
import sys

from mafiakit.engine.protocol import result
from mafiakit.engine.replay import ReplayError, replay


def command(args: argparse.Namespace) -> int:
    try:
        with open(args.file, "rb") as fh:
            _, game = replay(fh.read().split(b"\n"))
    except ReplayError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    print(json.dumps(result(game.state, game.rules.id), ensure_ascii=False))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("replay", help="replay a game log, print the result as JSON")
    p.add_argument("file")
    p.set_defaults(func=command)
