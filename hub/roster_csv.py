"""A tournament's seating as CSV: one row per seat, so a head judge can edit it in a
spreadsheet and the hub can load a seating made by hand or by another program.

    round,table,seat,player,judge
    1,1,1,Alice,Ivanov
    ...

`judge` may be empty. Every round must seat ten players at every table it names. Every
player and judge is checked as a nickname (bus/nicknames.py: no invisible or control
character, at most 40 characters), naming the row: a table refuses a roster with such a
name, and a pasted zero-width space is invisible in a spreadsheet.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from pathlib import Path

from bus.nicknames import nickname_problem
from hub.seating import SEATS, Round, Seating, SeatingError, TableSeating, TournamentPlan

FIELDS = ("round", "table", "seat", "player", "judge")


def read_seating(source: Path | str, *, players: tuple[str, ...] | None = None) -> Seating:
    """Load a seating CSV (a path or the text itself); SeatingError names the bad row."""
    text = Path(source).read_text(encoding="utf-8") if isinstance(source, Path) else source
    reader = csv.DictReader(io.StringIO(text))
    missing = [f for f in FIELDS[:4] if f not in (reader.fieldnames or ())]
    if missing:
        raise SeatingError(f"the seating CSV needs the columns {', '.join(FIELDS[:4])} "
                           f"(missing: {', '.join(missing)})")
    cells: dict[int, dict[str, dict[int, str]]] = defaultdict(lambda: defaultdict(dict))
    judges: dict[tuple[int, str], str] = {}
    order: list[str] = []
    for line, row in enumerate(reader, start=2):
        try:
            rnd, seat = int(row["round"]), int(row["seat"])
        except (TypeError, ValueError):
            raise SeatingError(f"row {line}: round and seat must be numbers") from None
        table, player = (row["table"] or "").strip(), (row["player"] or "").strip()
        if not table or not player or not 1 <= seat <= SEATS or rnd < 1:
            raise SeatingError(f"row {line}: needs a round >= 1, a table, a seat 1-{SEATS} "
                               "and a player")
        if seat in cells[rnd][table]:
            raise SeatingError(f"row {line}: round {rnd} table {table} seat {seat} is given twice")
        judge = (row.get("judge") or "").strip()
        for name, what in ((player, "the player"), (judge, "the judge")):
            problem = nickname_problem(name, what) if name else None
            if problem is not None:  # the table would refuse the roster: say it here
                raise SeatingError(f"row {line} (round {rnd}, table {table}, seat {seat}): "
                                   f"{problem}")
        cells[rnd][table][seat] = player
        if judge:
            judges[(rnd, table)] = judge
        if player not in order:
            order.append(player)
    if not cells:
        raise SeatingError("the seating CSV has no rows")
    rounds = sorted(cells)
    if rounds != list(range(1, len(rounds) + 1)):
        raise SeatingError(f"rounds must be numbered 1, 2, 3...; found {rounds}")
    tables = tuple(sorted({t for r in cells.values() for t in r}, key=table_key))
    every = players or tuple(order)
    built = []
    for rnd in rounds:
        games = []
        for table in sorted(cells[rnd], key=table_key):
            seats = cells[rnd][table]
            if sorted(seats) != list(range(1, SEATS + 1)):
                raise SeatingError(f"round {rnd} table {table}: seats "
                                   f"{sorted(set(range(1, SEATS + 1)) - set(seats))} are empty")
            games.append(TableSeating(table, tuple(seats[s] for s in range(1, SEATS + 1)),
                                      judges.get((rnd, table))))
        playing = {p for g in games for p in g.seats}
        built.append(Round(rnd, tuple(games), tuple(p for p in every if p not in playing)))
    plan = TournamentPlan(players=every, tables=tables, rounds=len(rounds))
    seating = Seating(plan, tuple(built))
    problems = seating.violations()
    if problems:
        raise SeatingError("the seating CSV is not valid: " + "; ".join(problems[:5]))
    return seating


def write_seating(seating: Seating) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    for rnd in seating.rounds:
        for game in rnd.games:
            for seat, player in enumerate(game.seats, start=1):
                writer.writerow((rnd.number, game.table, seat, player, game.judge or ""))
    return out.getvalue()


def table_key(table: str) -> tuple[int, str]:
    return (int(table), "") if table.isdigit() else (1 << 30, table)
