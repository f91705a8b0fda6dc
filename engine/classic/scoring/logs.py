"""A game log (its lines) -> a `ScoredGame` for the standings, or a reason a judge reads."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.classic.replay import replay
from engine.classic.ruleset import Ruleset
from engine.classic.scoring.standings import ScoredGame, StandingsError, scored_game


def game_from_log(lines: Iterable[str | bytes], name: str,
                  rulesets: Mapping[str, Ruleset] | None = None) -> ScoredGame:
    """Replay a log for the standings. Raises `ReplayError` for a refused line and
    `StandingsError` for a game the table cannot count (undecided, no nicknames)."""
    head, game = replay(lines, rulesets)
    if game.state.winner is None:
        raise StandingsError(f"{name}: the game is not decided")
    players = head.get("players")
    if players is None:
        raise StandingsError(f'{name}: the header has no "players": the standings need the '
                             "nicknames of all ten seats")
    return scored_game(game.state, game.rules, players, name)
