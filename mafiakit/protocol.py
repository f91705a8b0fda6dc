"""`mafiakit protocol FILE --format pdf|html|csv|json [--lang ru|en] [--out PATH]`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def command(args: argparse.Namespace) -> int:
    from engine.classic.replay import replay
    from engine.replay import ReplayError
    from mafiakit.standings import CommandError, league_rulesets
    from report.protocol import build
    from report.render import to_csv, to_html, to_json, to_pdf
    from words import check_lang

    try:
        leagues = league_rulesets(args.rules)
        head, game = replay(Path(args.file).read_bytes().split(b"\n"), leagues)
    except CommandError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except ReplayError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    protocol = build(head, game, check_lang(args.lang))
    if args.format == "pdf":
        try:
            data = to_pdf(protocol)
        except ModuleNotFoundError as exc:
            if exc.name != "weasyprint":
                raise
            print("a PDF needs WeasyPrint, which the hub machine has and a table has not: "
                  "pip install 'mafiakit[report]' (or --format html and print the page)",
                  file=sys.stderr)
            return 2
    else:
        render = {"html": to_html, "csv": to_csv, "json": to_json}[args.format]
        data = render(protocol).encode("utf-8")
    if args.out:
        Path(args.out).write_bytes(data)
    elif args.format == "pdf" and sys.stdout.isatty():
        print("a PDF goes to a file: add --out protocol.pdf", file=sys.stderr)
        return 2
    else:
        sys.stdout.buffer.write(data)
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("protocol", help="the official protocol of a game (pdf, html, csv, json)",
                       description="The official protocol of one game from its game log: "
                       "the result and each player's points, each figure with its clause "
                       "(docs/scoring.md).")
    p.add_argument("file", help="the game log (.jsonl) of one finished game")
    p.add_argument("--format", choices=("pdf", "html", "csv", "json"), default="json",
                   help="the protocol as a PDF, a page, CSV rows or JSON (default json)")
    p.add_argument("--lang", choices=("ru", "en"), default="ru",
                   help="the language of the printed protocol (default ru)")
    p.add_argument("--out", metavar="PATH", help="write here instead of stdout")
    p.add_argument("--rules", action="append", metavar="TOML",
                   help="a league's ruleset file, for logs whose header names its id")
    p.set_defaults(func=command)
