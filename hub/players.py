"""The retained `hub/public/players` and `hub/public/rounds/{n}`: what every player may see
on his phone (docs/web.md, "The player's page"). Public data only:

- where he sits next: the first round of the seating whose game at his table has not
  finished at the hub (the round he plays now, while it runs);
- the finished games of each round: table, players, result, points and roles by seat: a role
  is published only with its decided game's protocol (as on every screen), and never while
  the table is back in that game (an undo after the decision);
- the standings as the public aggregate has them (null when the hub hides them);
- `hub/public/club`: the club tables' games of the latest club evening (the aggregate's
  `club_games` of the latest header date): seats, winner, points; public once decided.

Points are the game's as it counts (hub.standings `counted_game`: the scoring library on the
stored protocol with the head judge's decisions applied), as in the standings; a game that
does not count shows no points rather than a guess.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence

from engine.classic.scoring.game import as_points
from engine.classic.scoring.standings import tie_break_reasons
from engine.log import JsonObject
from hub.club import club_tonight
from hub.seating import Seating
from hub.standings import by_game, counted_game
from hub.store import DecisionRow, Decisions, ProtocolRow, StoredProtocol

_points_cache: dict[str, tuple[float, ...] | None] = {}


def seat_points(table: str, game_id: str, protocol: StoredProtocol,
                decisions: list[DecisionRow]) -> tuple[float, ...] | None:
    """Every seat's points in one game as it counts (the head judge's decisions applied by
    hub.standings, through the scoring library), seat 1 first; None if it does not count."""
    actions = protocol.get("actions", [])
    key = json.dumps([table, game_id, len(actions), actions[-1:], protocol.get("result"),
                      [d.id for d in decisions]], sort_keys=True, default=str)
    if key not in _points_cache:
        counted = counted_game(protocol, decisions, f"table {table} game {game_id}")
        _points_cache[key] = None if counted.game is None else tuple(
            as_points(s.total) for s in counted.game.scores)
    return _points_cache[key]


def compact_standings(standings: Mapping[str, object] | None) -> list[JsonObject] | None:
    """What a phone shows of the standings (place, player, total, games, wins, lot): the
    library's full rows of 100 players would not fit one message with everything else. A
    row placed by a tie-break on equal points says which (`tie_break`, only then: bytes
    count here; docs/scoring.md)."""
    if standings is None:
        return None
    rows = [row for row in _list(standings.get("standings")) if isinstance(row, dict)]
    chain = [str(name) for name in _list(standings.get("tie_breaks"))]
    reasons = tie_break_reasons(rows, chain)
    return [{**{k: row.get(k) for k in ("place", "player", "total", "games", "wins", "lot")},
             **({"tie_break": why} if why else {})}
            for row, why in zip(rows, reasons, strict=True)]


def public_pages(seating: Seating | None, games: Sequence[Mapping[str, object]],
                 protocols: Sequence[ProtocolRow], decisions: Decisions, *,
                 undecided: Collection[tuple[str, str]],
                 aggregate: Mapping[str, object],
                 round_numbers: Collection[int] = ()) -> dict[str, JsonObject]:
    """Hub topic name -> JSON, from the seating, the games as they count (hub/decisions.py),
    the stored protocols and decisions and the (table, game) pairs running right now:

    - `public/players`: every player's next seat and the standings (as in the aggregate);
    - `public/rounds/{n}`: round n's decided games, each with its players, roles, result and
      points by seat (one message per round, so a tournament of any length fits);
    - `public/club`: tonight's club games (`club_tonight`), once a club game is stored.
    """
    stored = {(t, g): p for t, g, p in protocols}
    decided_on = by_game(decisions)
    # every round of the seating (and of `round_numbers`: the rounds of games back in play)
    # gets its page, empty or not: an emptied round (an undo after the decision) replaces
    # what was retained before
    rounds: dict[int, list[JsonObject]] = {
        n: [] for n in {*(r.number for r in (seating.rounds if seating is not None else ())),
                        *round_numbers}}
    finished = set()
    for game in games:
        key = (str(game["table"]), str(game["game_id"]))
        protocol = stored.get(key)
        if protocol is None or key in undecided or not protocol.get("result", {}).get("winner"):
            continue
        finished.add(key)
        roles = _object(protocol.get("reveal", {}).get("roles"))
        names = _list(game["players"])
        points = (seat_points(*key, protocol, decided_on.get(key, []))
                  if game["counts"] else None)
        number = game["round"]
        rounds.setdefault(number if isinstance(number, int) else 0, []).append({
            "table": key[0], "game_id": key[1], "winner": game["winner"],
            "counts": game["counts"], "players": game["players"],
            "roles": [roles.get(str(seat)) for seat in range(1, len(names) + 1)],
            "points": None if points is None else list(points)})
    players: dict[str, JsonObject] = {}
    if seating is not None:
        for rnd in seating.rounds:
            for table_game in rnd.games:
                game_id = f"r{rnd.number}-t{table_game.table}"  # as hub.outbox.game_id_of
                for seat, name in enumerate(table_game.seats, start=1):
                    entry = players.setdefault(name, {"player": name, "next": None})
                    if entry["next"] is None and (table_game.table, game_id) not in finished:
                        entry["next"] = {"round": rnd.number, "table": table_game.table,
                                         "seat": seat}
    for played in rounds.values():
        for game in played:
            for player in _list(game["players"]):
                players.setdefault(str(player), {"player": player, "next": None})
    out: dict[str, JsonObject] = {"public/players": {
        "tournament": aggregate.get("tournament"), "name": aggregate.get("name"),
        "as_of": aggregate.get("as_of"),
        "rounds": sorted(n for n, played in rounds.items() if played),
        "players": sorted(players.values(), key=lambda p: str(p["player"]).casefold()),
        "standings": compact_standings(_object(aggregate.get("standings")) or None),
        **{k: v for k, v in aggregate.items() if k.startswith("standings_")},
    }}
    club = [g for g in _list(aggregate.get("club_games")) if isinstance(g, dict)]
    if club:  # a tournament without club tables has no club page
        out["public/club"] = club_tonight(club)
    for number, played in rounds.items():
        out[f"public/rounds/{number}"] = {
            "round": number, "games": sorted(played, key=lambda g: str(g["table"]))}
    return out


def _object(value: object) -> JsonObject:
    """A JSON object of a stored protocol or page, or {} where there is none."""
    return value if isinstance(value, dict) else {}


def _list(value: object) -> list[object]:
    """A JSON array of a stored protocol or page, or [] where there is none."""
    return value if isinstance(value, list) else []
