"""Live standings through the scoring library (engine.scoring), never a second computation.

Each stored protocol is a game log (its header and every action in effect, after-game lines
included), so the library replays and scores it exactly as `mafiakit standings` does with
the table's log. A game the head judge ordered replayed does not count. A changed result or
extra points approved by the head judge are recorded in the games as they count
(hub/decisions.py) but the library scores the table's game: they are not yet in these
standings.
"""

from __future__ import annotations

import json
from typing import Any

from engine.replay import ReplayError
from engine.ruleset import load_ruleset
from engine.scoring.logs import game_from_log
from engine.scoring.standings import ScoredGame, Standings, StandingsError, standings
from hub.decisions import DecisionKind


def tournament_standings(
        protocols: list[tuple[str, str, dict[str, Any]]],
        decisions: list[tuple[int, str, str, str, str, str, str, dict[str, Any]]],
        rules: str) -> tuple[Standings | None, list[str]]:
    """(standings or None without a countable game, the reasons games were left out)."""
    replayed = {(t, g) for _, _, _, _, kind, t, g, _ in decisions
                if kind == DecisionKind.ORDER_REPLAY}
    games: list[ScoredGame] = []
    left_out: list[str] = []
    for table, game_id, protocol in protocols:
        name = f"table {table} game {game_id}"
        if (table, game_id) in replayed:
            left_out.append(f"{name}: a replay was ordered")
            continue
        lines = [json.dumps(protocol.get("header", {})),
                 *(json.dumps(a) for a in protocol.get("actions", []))]
        try:
            games.append(game_from_log(lines, name))
        except (ReplayError, StandingsError) as exc:
            left_out.append(str(exc))
    if not games:
        return None, left_out
    try:
        return standings(games, load_ruleset(rules)), left_out
    except StandingsError as exc:
        return None, [*left_out, str(exc)]
