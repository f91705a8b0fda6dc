"""The command-line options that give the site's ids and what a log does not hold, shared by
`mafiakit export` and `mafiakit hub export --format mafiaratings`. Argparse only: a part's
registration must stay cheap (mafiakit/cli.py)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ratings.export import Site


def add_site_arguments(p: argparse.ArgumentParser, prefix: str = "") -> None:
    """--club, --event, --tournament, --moderator, --players, --language, --date."""
    p.add_argument("--club", type=int, default=0, help=f"{prefix}the club's id on the site")
    p.add_argument("--event", type=int, default=None,
                   help=f"{prefix}the event's id on the site")
    p.add_argument("--tournament", type=int, default=None,
                   help=f"{prefix}the tournament's id on the site")
    p.add_argument("--moderator", type=int, default=0,
                   help=f"{prefix}the judge's user id on the site")
    p.add_argument("--players", metavar="FILE", help=f"{prefix}the players' user ids on the "
                   "site: a JSON object or CSV lines nickname,id (the header names the players)")
    p.add_argument("--language", default="ru",
                   help=f"{prefix}the language the games were played in (default ru)")
    p.add_argument("--date", metavar="YYYY-MM-DD", help=f"{prefix}the date of a game whose "
                   "lines carry no time and whose header no date")


def site_from(args: argparse.Namespace) -> Site:
    """The options as a `Site`; OSError or ValueError for an unreadable --players file."""
    from ratings.export import Site, player_ids

    ids = player_ids(Path(args.players).read_text(encoding="utf-8")) if args.players else {}
    return Site(club=args.club, event=args.event, tournament=args.tournament,
                moderator=args.moderator, players=ids, language=args.language,
                date=args.date)
