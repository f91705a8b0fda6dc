"""The retained `hub/public/players`: what every player may see about every player on his
phone (docs/web.md, "The player's page"). Public data only:

- where he sits next: the first round of the seating whose game at his table has not
  finished at the hub (the round he plays now, while it runs);
- his finished games: table, game, seat, result and his points, and his role: a role is
  published only with its decided game's protocol (as on every screen), and never while
  the table is back in that game (an undo after the decision);
- the standings exactly as the public aggregate has them (null when the hub hides them).

Points are the game's as it counts (hub.standings `counted_game`: the scoring library on the
stored protocol with the head judge's decisions applied), as in the standings; a game that
does not count shows no points rather than a guess.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from engine.roles import Role
from engine.scoring.game import as_points
from hub.decisions import DecisionRow
from hub.seating import Seating
from hub.standings import Decisions, by_game, counted_game

_points_cache: dict[str, tuple[float, ...] | None] = {}


def seat_points(table: str, game_id: str, protocol: dict[str, Any],
                decisions: list[DecisionRow]) -> tuple[float, ...] | None:
    """Every seat's points in one game as it counts (the head judge's decisions applied by
    hub.standings, through the scoring library), seat 1 first; None if it does not count."""
    key = json.dumps([table, game_id, protocol, decisions], sort_keys=True, default=str)
    if key not in _points_cache:
        counted = counted_game(protocol, decisions, f"table {table} game {game_id}")
        _points_cache[key] = None if counted.game is None else tuple(
            as_points(s.total) for s in counted.game.scores)
    return _points_cache[key]


def _team(role: str | None) -> str | None:
    if role is None:
        return None
    try:
        return Role(role).team.value
    except ValueError:
        return None


def players_state(seating: Seating | None, games: list[dict[str, Any]],
                  protocols: list[tuple[str, str, dict[str, Any]]], decisions: Decisions, *,
                  undecided: Collection[tuple[str, str]],
                  aggregate: dict[str, Any]) -> dict[str, Any]:
    """The `hub/public/players` JSON from the seating, the games as they count (hub/
    decisions.py), the stored protocols and decisions, and the (table, game) pairs running
    right now."""
    stored = {(t, g): p for t, g, p in protocols}
    decided_on = by_game(decisions)
    players: dict[str, dict[str, Any]] = {}

    def player(name: str) -> dict[str, Any]:
        return players.setdefault(name, {"player": name, "next": None, "games": []})

    finished = set()
    for game in games:
        key = (game["table"], game["game_id"])
        protocol = stored.get(key)
        if protocol is None or key in undecided or not (protocol.get("result") or {}).get(
                "winner"):
            continue
        finished.add(key)
        roles = (protocol.get("reveal") or {}).get("roles") or {}
        points = (seat_points(*key, protocol, decided_on.get(key, []))
                  if game["counts"] else None)
        for seat, name in enumerate(game["players"] or (), start=1):
            role = roles.get(str(seat))
            team = _team(role)
            player(name)["games"].append({
                "round": game["round"], "table": game["table"], "game_id": game["game_id"],
                "seat": seat, "role": role, "winner": game["winner"], "counts": game["counts"],
                "won": None if team is None or game["winner"] in (None, "draw")
                else team == game["winner"],
                "points": None if points is None else points[seat - 1],
            })
    if seating is not None:
        for rnd in seating.rounds:
            for table_game in rnd.games:
                game_id = f"r{rnd.number}-t{table_game.table}"  # as hub.service.game_id_of
                for seat, name in enumerate(table_game.seats, start=1):
                    entry = player(name)
                    if entry["next"] is None and (table_game.table, game_id) not in finished:
                        entry["next"] = {"round": rnd.number, "table": table_game.table,
                                         "seat": seat}
    for entry in players.values():
        entry["games"].sort(key=lambda g: (g["round"] or 0, g["table"]))
    return {
        "tournament": aggregate.get("tournament"), "name": aggregate.get("name"),
        "as_of": aggregate.get("as_of"),
        "players": sorted(players.values(), key=lambda p: str(p["player"]).casefold()),
        "standings": aggregate.get("standings"),
        **{k: v for k, v in aggregate.items() if k.startswith("standings_")},
    }
