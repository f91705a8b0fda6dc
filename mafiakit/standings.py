"""`mafiakit standings LOG...`: the tournament table from game logs (docs/scoring.md)."""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the engine loads when the command runs: `mafiakit --help` stays instant
    from engine.classic.ruleset import Ruleset
    from engine.classic.scoring.standings import ScoredGame


class CommandError(Exception):
    """Printed as is on stderr; exit 2."""


def league_rulesets(paths: list[str] | None) -> dict[str, Ruleset]:
    from engine.classic.ruleset import RulesetError, load_ruleset

    leagues = {}
    for path in paths or ():
        try:
            ruleset = load_ruleset(Path(path))
        except RulesetError as exc:
            raise CommandError(f"rules: {exc}") from None
        leagues[ruleset.id] = ruleset
    return leagues


def read_games(files: list[str], leagues: dict[str, Ruleset]) -> list[ScoredGame]:
    """Every log replayed and scored; the same game given twice is refused."""
    from engine.classic.scoring.logs import game_from_log
    from engine.classic.scoring.standings import StandingsError
    from engine.replay import ReplayError, header_of
    from engine.variant import find_variant

    games: list[ScoredGame] = []
    seen: dict[str, str] = {}
    for name in files:
        try:
            data = Path(name).read_bytes()
        except OSError as exc:
            raise CommandError(f"{name}: cannot read: {exc.strerror}") from None
        head = header_of(data.split(b"\n"))
        if head is not None and not find_variant(head).standings:
            raise CommandError(f"{name} is a club game (rules: {head.get('rules')}): a club "
                               f"night adds up with `mafiakit evening {' '.join(files)}` "
                               "(004 §8)")
        digest = hashlib.sha256(data).hexdigest()
        if digest in seen:
            raise CommandError(f"{name}: the same game log as {seen[digest]}: give each game once")
        seen[digest] = name
        try:
            games.append(game_from_log(data.split(b"\n"), name, leagues))
        except ReplayError as exc:
            raise CommandError(f"{name}: {exc}") from None
        except StandingsError as exc:
            raise CommandError(str(exc)) from None
    return games


def ruleset_of(games: list[ScoredGame], leagues: dict[str, Ruleset]) -> Ruleset:
    from engine.classic.ruleset import load_ruleset

    ids = sorted({g.rules for g in games})
    if len(ids) != 1:
        first = {i: next(g.name for g in games if g.rules == i) for i in ids}
        raise CommandError("one tournament has one ruleset, these logs have "
                           + ", ".join(f"{i} ({first[i]})" for i in ids))
    return leagues.get(ids[0]) or load_ruleset(ids[0])


def command(args: argparse.Namespace) -> int:
    from engine.classic.scoring.standings import StandingsError, csv_rows, standings

    try:
        leagues = league_rulesets(args.rules)
        games = read_games(args.logs, leagues)
        table = standings(games, ruleset_of(games, leagues))
    except (CommandError, StandingsError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerows(csv_rows(table))
    else:
        print(json.dumps(table.as_dict(), ensure_ascii=False))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("standings", help="the tournament table from game logs (JSON or CSV)",
                       description="Replay and score every game log given and rank the "
                       "players: points, wins, first-night compensation and the tie-breaks, "
                       "down to \"lot needed\" (docs/scoring.md).")
    p.add_argument("logs", nargs="+", metavar="LOG",
                   help="the game logs (.jsonl) of one tournament, each game once")
    p.add_argument("--csv", action="store_true", help="CSV rows instead of JSON")
    p.add_argument("--rules", action="append", metavar="TOML",
                   help="a league's ruleset file, for logs whose header names its id")
    p.set_defaults(func=command)
