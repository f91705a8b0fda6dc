"""`mafiakit replay FILE`: read a game log, print the result object (docs/game-log.md).

The engine is imported when the command runs, so registering it costs nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.classic.ruleset import Ruleset


def _league(spec: str) -> Ruleset:
    """A league's own ruleset file; a built-in id or a missing file gets a clear error."""
    from pathlib import Path  # only here: a plain replay loads no pathlib (issue 8)

    from engine.classic.ruleset import BUILTIN, RulesetError, load_ruleset

    if spec in BUILTIN:
        raise RulesetError(f"{spec!r} is built in, and a log's header chooses its own ruleset "
                           f"(\"rules\": \"{spec}\"); --rules takes a league's own ruleset "
                           "TOML file")
    if not Path(spec).is_file():
        raise RulesetError(f"no such file: {spec} (--rules takes a league's ruleset TOML file; "
                           f"the built-in ones are {', '.join(BUILTIN)})")
    return load_ruleset(Path(spec))


def command(args: argparse.Namespace) -> int:
    from engine.classic.ruleset import RulesetError
    from engine.replay import ReplayError, replay_game

    leagues = {}
    for spec in args.rules or ():
        try:
            ruleset = _league(spec)
        except RulesetError as exc:
            print(f"rules: {exc}", file=sys.stderr)
            return 2
        leagues[ruleset.id] = (spec, ruleset)
    try:
        with open(args.file, "rb") as fh:
            raw = fh.read().split(b"\n")
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        head, game = replay_game(raw, {rid: rules for rid, (_, rules) in leagues.items()})
    except ReplayError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    unused = [(spec, rid) for rid, (spec, _) in leagues.items() if rid != head["rules"]]
    for spec, rid in unused:
        print(f"rules: {spec} is ruleset {rid!r} but the log's header plays {head['rules']!r}; "
              f"give the file whose id is {head['rules']!r}, or leave --rules out",
              file=sys.stderr)
    if unused:
        return 2
    print(json.dumps(game.scored_result(), ensure_ascii=False))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from mafiakit.cli import help_formatter  # argparse's, without shutil (issue 8)

    p = sub.add_parser("replay", help="replay a game log, print the result as JSON",
                       formatter_class=help_formatter,
                       description="Replay a game log (JSON Lines: a header, then one "
                       "action a line) and print its result object; an illegal line is "
                       "reported as `line N: reason` (exit 2).")
    p.add_argument("file", help="the game log (.jsonl): a header line, then one action a line")
    p.add_argument("--rules", action="append", metavar="TOML",
                   help="a league's own ruleset file, for a log whose header names that "
                        "ruleset's id (the built-in ones need no file); repeatable")
    p.set_defaults(run="mafiakit.replay:command")
