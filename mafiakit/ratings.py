"""`mafiakit export --format mafiaratings FILE...` and `mafiakit import --format mafiaratings
FILE`: game logs to and from the rating site's game JSON (docs/mafiaratings.md).

What the site's format cannot hold (export) and every inference the conversion made
(import) go to stderr, one line each, prefixed with the file or the game; a game that
cannot be converted is named with the reason and the exit status is 2 (the others are
still written).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ratings.arguments import add_site_arguments

if TYPE_CHECKING:  # the engine loads when a command runs, never for --help
    from engine.log import JsonObject
    from ratings.export import SiteGameJson

FORMATS = ("mafiaratings",)


def export_command(args: argparse.Namespace) -> int:
    from engine.replay import ReplayError
    from mafiakit.standings import CommandError, league_rulesets
    from ratings.arguments import site_from
    from ratings.export import ExportError, export_game

    try:
        leagues = league_rulesets(args.rules)
        site = site_from(args)
    except (CommandError, OSError, ValueError) as exc:
        print(f"export: {exc}", file=sys.stderr)
        return 2
    games: list[SiteGameJson] = []
    status = 0
    for name in args.files:
        try:
            done = export_game(Path(name).read_bytes().split(b"\n"), site, leagues)
        except ReplayError as exc:
            print(f"{name}: {exc}", file=sys.stderr)
            status = 2
            continue
        except ExportError as exc:
            print(f"{name}: {exc}", file=sys.stderr)
            status = 2
            continue
        except OSError as exc:
            print(f"cannot read {name}: {exc.strerror}", file=sys.stderr)
            status = 2
            continue
        for note in done.notes:
            print(f"{name}: {note}", file=sys.stderr)
        if args.out:
            out = Path(args.out)
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{Path(name).stem}.json").write_text(
                json.dumps(done.game, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        games.append(done.game)
    if not args.out:
        data: object = games[0] if len(args.files) == 1 and games else games
        if games or len(args.files) > 1:
            print(json.dumps(data, ensure_ascii=False))
    return status


def _site_games(data: object) -> list[tuple[str, JsonObject]]:
    """(name, game) of a file holding one game, a list of them, or {"games": [...]}."""
    if isinstance(data, dict) and isinstance(data.get("games"), list):
        data = data["games"]
    items = data if isinstance(data, list) else [data]
    out: list[tuple[str, JsonObject]] = []
    for index, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise ValueError(f"game {index}: not a JSON object")
        name = str(item.get("id") or item.get("gameNum") or index)
        out.append((name, item))
    return out


def import_command(args: argparse.Namespace) -> int:
    from engine.classic.ruleset import RulesetError, load_ruleset
    from ratings.importer import ImportRefused, import_game

    try:
        # load_ruleset takes a built-in id or a league's TOML path as it is
        rules = None if args.rules is None else load_ruleset(args.rules)
        games = _site_games(json.loads(Path(args.file).read_text(encoding="utf-8")))
    except RulesetError as exc:
        print(f"import: rules: {exc}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"import: {args.file}: {exc}", file=sys.stderr)
        return 2
    if len(games) > 1 and not args.out:
        print(f"import: {args.file} holds {len(games)} games: give --out DIR (a game log "
              "holds one game)", file=sys.stderr)
        return 2
    status = 0
    for name, game in games:
        try:
            done = import_game(game, name, rules)
        except ImportRefused as exc:
            print(str(exc), file=sys.stderr)
            status = 2
            continue
        for note in done.notes:
            print(note, file=sys.stderr)
        text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in done.lines)
        if args.out:
            out = Path(args.out)
            out.mkdir(parents=True, exist_ok=True)
            (out / f"game-{name}.jsonl").write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
    return status


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    e = sub.add_parser("export", help="finished game logs as a rating site's game JSON",
                       description="Each finished game log as the game JSON of a rating site "
                       "(mafiaratings: docs/mafiaratings.md). What the site's format cannot "
                       "hold is written to stderr.")
    e.add_argument("files", nargs="+", metavar="FILE", help="game logs (.jsonl) of finished "
                   "games")
    e.add_argument("--format", choices=FORMATS, required=True,
                   help="the site's format (mafiaratings)")
    e.add_argument("--out", metavar="DIR", help="write DIR/<log name>.json for each game "
                   "(default: the JSON on stdout, a list for several files)")
    add_site_arguments(e)
    e.add_argument("--rules", action="append", metavar="TOML",
                   help="a league's ruleset file, for logs whose header names its id")
    e.set_defaults(run="mafiakit.ratings:export_command")

    i = sub.add_parser("import", help="a rating site's game JSON as a game log",
                       description="A game in a rating site's JSON (mafiaratings: "
                       "docs/mafiaratings.md) as a game log the engine replays. Every "
                       "inference is written to stderr; a record that contradicts the rules "
                       "is refused with the reason (game N: reason).")
    i.add_argument("file", metavar="FILE", help="one game, a list of games, or "
                   "{\"games\": [...]}, in the site's JSON")
    i.add_argument("--format", choices=FORMATS, required=True,
                   help="the site's format (mafiaratings)")
    i.add_argument("--rules", metavar="ID|TOML", help="the ruleset the games were played "
                   "under (default: the one whose rules code matches)")
    i.add_argument("--out", metavar="DIR", help="write DIR/game-<id>.jsonl for each game "
                   "(needed for a file of several games; default: the log on stdout)")
    i.set_defaults(run="mafiakit.ratings:import_command")
