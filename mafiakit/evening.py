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
    from engine.club_evening import ClubGame, Evening


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


def read_game(name: str, data: bytes) -> ClubGame:
    """One log replayed into a decided club game."""
    from engine.club.result import result
    from engine.club_evening import EveningError, club_game
    from engine.replay import ReplayError, is_club, replay, replay_club

    lines = data.split(b"\n")
    try:
        if not is_club(next((line for line in lines if line.strip()), b"")):
            classic, _ = replay(lines)
            raise CommandError(f"{name} plays {classic['rules']!r}: a club evening adds up club "
                               "games only (`mafiakit standings` totals a tournament)")
        head, game = replay_club(lines)
    except ReplayError as exc:
        raise CommandError(f"{name}: {exc}") from None
    try:
        return club_game(head, result(game), name)
    except EveningError as exc:
        raise CommandError(str(exc)) from None


def command(args: argparse.Namespace) -> int:
    from engine.club_evening import EveningError, evening

    try:
        night = evening([read_game(name, data) for name, data in read_logs(args.logs)])
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
                       "fines; show who holds immunity for the next game at each table. A bad "
                       "log is reported as `FILE: reason` (exit 2).")
    p.add_argument("logs", nargs="+", metavar="LOG", help="club game logs, in the order played")
    p.add_argument("--format", choices=("json", "csv"), default="json",
                   help="json (default): games, players and immunity; csv: one row a player")
    p.set_defaults(run="mafiakit.evening:command")
