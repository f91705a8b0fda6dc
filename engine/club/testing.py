"""Helpers for the club game's tests."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.club.game import ClubGame
    from engine.log import LogLine


def replay_club(lines: Iterable[str | bytes]) -> tuple[LogLine, ClubGame]:
    """A club log replayed (`engine.replay.replay_game`), for tests that read the club
    game's own state: a log of another variant is a test's mistake (TypeError)."""
    from engine.club.game import ClubGame
    from engine.replay import replay_game

    head, game = replay_game(lines)
    if not isinstance(game, ClubGame):
        raise TypeError(f"not a club log: rules {head.get('rules')!r}")
    return head, game
