"""`mafiakit hub export`: everything the hub holds, as files a head judge can hand over.

- `protocols/{table}-{game}.json`: every finished game exactly as the table published it;
- `games.json` / `games.csv`: every game as it counts (the table's winner, the head judge's
  decisions applied: changed results, replays, extra points, protests, penalties) with the
  scoring library's points per seat, each figure with its clause;
- `decisions.json`: the audit trail (who, when, why);
- `quarantine.json`: what the hub refused, and why;
- `club-protocols/{table}-{game}.json`: every decided club game (docs/hub.md, "Club tables")
  as its table published it; `mafiakit hub evening` adds them up.

- `standings.json` / `standings.csv`: the tournament table from the scoring library on the
  games as they count, "as of round N" when asked, always shown (the head judge's copy,
  even while the public standings are hidden before a final); before any game counts,
  `standings.csv` is its header line alone.

`export_mafiaratings` writes instead `mafiaratings/{table}-{game}.json`: every finished
classic game as it counts, in the rating site's game JSON (docs/mafiaratings.md).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from engine.classic.scoring.standings import CSV_HEADER, csv_rows
from hub.decisions import effective_games
from hub.standings import games_as_they_count, latest_round, tournament_standings
from hub.store import Store

if TYPE_CHECKING:
    from pydantic import JsonValue

    from ratings.export import Site


def export(store: Store, out: Path, rules: str = "cml",
           as_of_round: int | None = None) -> dict[str, int]:
    out.mkdir(parents=True, exist_ok=True)
    protocols = store.protocols()
    folder = out / "protocols"
    folder.mkdir(exist_ok=True)
    for table, game_id, protocol in protocols:
        (folder / f"{table}-{game_id}.json").write_text(
            json.dumps(protocol, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    clubs = store.club_protocols()
    if clubs:
        club_folder = out / "club-protocols"
        club_folder.mkdir(exist_ok=True)
        for table, game_id, protocol, _ in clubs:
            (club_folder / f"{table}-{game_id}.json").write_text(
                json.dumps(protocol, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    rounds = store.game_rounds()
    games = games_as_they_count(protocols, store.decisions(), rounds)
    (out / "games.json").write_text(json.dumps(games, ensure_ascii=False, indent=2) + "\n",
                                    encoding="utf-8")
    with (out / "games.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(("round", "table", "game_id", "table_winner", "winner", "counts",
                         "players"))
        for g in games:
            writer.writerow((g["round"] or "", g["table"], g["game_id"], g["table_winner"],
                             g["winner"], "yes" if g["counts"] else "no",
                             " ".join(str(p) for p in _list(g["players"]))))
    decisions = [{"id": i, "at": at, "who": who, "why": why, "kind": k, "table": t,
                  "game_id": gid, "args": args}
                 for i, at, who, why, k, t, gid, args in store.decisions()]
    (out / "decisions.json").write_text(json.dumps(decisions, ensure_ascii=False, indent=2)
                                        + "\n", encoding="utf-8")
    refused = [{"topic": t, "reason": r} for t, r in store.quarantined()]
    (out / "quarantine.json").write_text(json.dumps(refused, ensure_ascii=False, indent=2)
                                         + "\n", encoding="utf-8")
    ranking, left_out = tournament_standings(protocols, store.decisions(), rules, rounds,
                                             as_of_round=as_of_round)
    as_of = {"as_of_round": as_of_round if as_of_round is not None
             else latest_round(protocols, rounds)}
    standing = ({**ranking.as_dict(), **as_of, "left_out": left_out} if ranking
                else {**as_of, "left_out": left_out})
    (out / "standings.json").write_text(json.dumps(standing, ensure_ascii=False, indent=2)
                                        + "\n", encoding="utf-8")
    # no finished game yet: the header alone, so the file a head judge looks for is there
    rows = csv_rows(ranking) if ranking is not None else [CSV_HEADER.split(",")]
    with (out / "standings.csv").open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    return {"protocols": len(protocols), "games": len(games), "decisions": len(decisions),
            "quarantined": len(refused), "club_protocols": len(clubs)}


def _list(value: JsonValue) -> list[JsonValue]:
    return value if isinstance(value, list) else []


def export_mafiaratings(store: Store, out: Path, site: Site,
                        notes: Callable[[str], None]) -> dict[str, int]:
    """Every finished classic game as it counts (the head judge's decisions applied: a
    changed result, extra points, penalties; a game to be replayed is left out) in the rating
    site's game JSON, one file a game; what the site cannot hold goes to `notes`."""
    from ratings.export import ExportError, as_decided, export_game

    folder = out / "mafiaratings"
    folder.mkdir(parents=True, exist_ok=True)
    protocols = store.protocols()
    books = effective_games(protocols, store.decisions(), store.game_rounds())
    written = left_out = 0
    for book, (table, game_id, protocol) in zip(books, protocols, strict=True):
        name = f"table {table} game {game_id}"
        if not book["counts"]:
            notes(f"{name}: a replay was ordered: the game does not count, not exported")
            left_out += 1
            continue
        lines = [json.dumps(protocol.get("header", {}), ensure_ascii=False)] + [
            json.dumps(a, ensure_ascii=False) for a in protocol.get("actions", [])]
        try:
            done = export_game(lines, site, times=store.game_times(table, game_id))
        except (ExportError, ValueError) as exc:
            notes(f"{name}: {exc}")
            left_out += 1
            continue
        points = [(e["seat"], float(e["points"]), f"extra {e['points']:+} ({e['approved_by']})")
                  for e in book["extra_points"]] + [
            (p["seat"], float(p["points"]), f"penalty {p['points']:+} ({p['clause']})")
            for p in book["penalties"]]
        winner = book["winner"] if book["winner"] != book["table_winner"] else None
        done = as_decided(done, winner, points)
        for note in done.notes:
            notes(f"{name}: {note}")
        (folder / f"{table}-{game_id}.json").write_text(
            json.dumps(done.game, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        written += 1
    return {"games": written, "left_out": left_out}
