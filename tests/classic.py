"""The classic game a test's table plays: the table service holds a game of any variant
(`TableService.table_game`, engine/variant.py's `GameVariant`); a test written for the
classic game reads its own state and rules through this, and fails in words at a table that
plays another game."""

from __future__ import annotations

from typing import Protocol

from engine.classic.game import Game
from engine.variant import GameVariant


class _Table(Protocol):
    @property
    def table_game(self) -> GameVariant: ...


def classic_game(table: _Table) -> Game:
    game = table.table_game
    assert isinstance(game, Game), f"a classic test, at a table that plays {game.rules_id}"
    return game
