"""`mafiakit evening LOG...`: a club evening from its game logs (docs/club-evening.md).

The logs are replayed with the engine and folded in the order given (the order played):
points per player, immunity carried to the next game at each table. The engine is imported
when the command runs, so registering it costs nothing.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.club.evening import Evening, EveningGame


class CommandError(Exception):
    """Printed as is on stderr; exit 2."""


def read_logs(names: list[str]) -> list[tuple[str, bytes]]:
    """Every log's bytes; a missing file or the same log twice is refused before any replay."""
    logs: list[tuple[str, bytes]] = []
    seen: dict[str, str] = {}
    for name in names:
        try:
            data = Path(name).read_bytes()
        except OSError as exc:
            raise CommandError(f"{name}: cannot read: {exc.strerror}") from None
        digest = hashlib.sha256(data).hexdigest()
        if digest in seen:
            raise CommandError(f"{name}: the same game log as {seen[digest]}: give each game "
                               "once")
        seen[digest] = name
        logs.append((name, data))
    return logs


def read_game(name: str, data: bytes) -> EveningGame:
    """One log replayed into a decided club game."""
    from engine.club.evening import EveningError, club_game
    from engine.replay import ReplayError, replay_game
    from engine.variant import find_variant

    lines = data.split(b"\n")
    try:
        head, game = replay_game(lines)
    except ReplayError as exc:
        raise CommandError(f"{name}: {exc}") from None
    if not find_variant(head).evening:
        raise CommandError(f"{name} plays {head.get('rules')!r}: a club evening adds up club "
                           "games only (`mafiakit standings` totals a tournament)")
    try:
        return club_game(head, game.scored_result(), name)
    except EveningError as exc:
        raise CommandError(str(exc)) from None


def journal_games(path: str, date: str | None) -> list[EveningGame]:
    """The decided club games of one table's journal (`mafiakit table --journal`), of the
    evening `date` (default: the latest date any of its club games has), in the order
    played (the header's `game`, else when each was opened). A game not decided yet, or not
    of that evening, is left out and said on stderr."""
    from device.table.journal import Journal, JournalError
    from engine.variant import find_variant

    if not Path(path).is_file():
        raise CommandError(f"{path}: no journal there (the table writes it where its "
                           "--journal or table.toml's journal says)")
    try:
        journal = Journal(path)
    except JournalError as exc:
        raise CommandError(str(exc)) from None
    try:
        club = [g for g in reversed(journal.archive()) if find_variant(g["header"]).evening]
        dates = sorted({str(g["header"]["date"]) for g in club if g["header"].get("date")})
        day = date or (dates[-1] if dates else None)
        chosen = [g for g in club if day is None or g["header"].get("date") == day]
        if not chosen:
            have = ", ".join(dates) or "none"
            raise CommandError(f"{path}: no club game of {day} (its evenings: {have})")
        chosen.sort(key=lambda g: (not isinstance(g["header"].get("game"), int),
                                   g["header"].get("game") or 0, g["created"]))
        games = []
        for found in chosen:
            name = f"{path}:{found['game_id']}"
            if not found["finished"]:
                print(f"{name}: left out, not decided yet", file=sys.stderr)
                continue
            saved = journal.load(found["game_id"])
            assert saved is not None
            lines = [json.dumps(saved.log_header()), *(json.dumps(line) for line in saved.lines)]
            games.append(read_game(name, "\n".join(lines).encode()))
        return games
    finally:
        journal.close()


def command(args: argparse.Namespace) -> int:
    from engine.club.evening import EveningError, evening

    if not args.logs and not args.journal:
        print("evening: give the club game logs, in the order played, or a table's journal "
              "(--journal table.sqlite)", file=sys.stderr)
        return 2
    try:
        games = [read_game(name, data) for name, data in read_logs(args.logs)]
        for path in args.journal:
            games.extend(journal_games(path, args.date))
        if not games:
            raise CommandError("evening: no decided club game to add up")
        night = evening(games)
    except (CommandError, EveningError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    sys.stdout.write(render(night, args.format))
    return 0


def render(night: Evening, form: str) -> str:
    """The evening as printed: one JSON object, or CSV with a row a player."""
    if form == "csv":
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(night.csv_rows())
        return out.getvalue()
    return json.dumps(night.as_dict(), ensure_ascii=False) + "\n"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("evening", help="a club evening: points per player from club game logs",
                       description="Replay club game logs (rules: club) in the order they were "
                       "played and add up each player's rating points, wins, extra points and "
                       "fines, places shared on equal points (004 §8); show who holds immunity "
                       "for the next game at each table. A bad log is reported as `FILE: "
                       "reason` (exit 2). Or read a club table's journal at once: --journal.")
    p.add_argument("logs", nargs="*", metavar="LOG", help="club game logs, in the order played")
    p.add_argument("--journal", action="append", default=[], metavar="FILE",
                   help="a club table's journal: its decided games of the evening, in the "
                        "order played (repeatable: one a table)")
    p.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                   help="with --journal: the evening (default: the journal's latest)")
    p.add_argument("--format", choices=("json", "csv"), default="json",
                   help="json (default): games, players and immunity; csv: one row a player")
    p.set_defaults(run="mafiakit.evening:command")
