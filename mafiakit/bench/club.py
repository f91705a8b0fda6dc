"""The club part of `mafiakit bench engine`: random legal club games of 3..15 seats, replayed
from their game-log lines (each parsed, checked against the rules and applied, undo lines
included) by the same loop as the classic games (`mafiakit.bench.replay`).

Each game is opened as the club playout opened it (its own class and settings: 2-6 us,
measured under load), not from its header through `find_variant` (16-23 us, 4-5 % of a
72-line game), so the figures stay the engine's, comparable with earlier runs."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from engine.club.actions import ClubAction
from engine.club.log import action_to_dict, parse_action
from engine.club.playout import ClubMix, random_club_game
from mafiakit.bench.replay import Line, Playable, Replayer, as_line, measure


class ClubSetup(NamedTuple):
    fresh: Callable[[], Playable[ClubAction]]  # a new game of the played game's class, settings
    seats: int


# the club engine's reader, bound to the game's seats once per game, not once per line
CLUB_GAMES: Replayer[ClubSetup, ClubAction] = Replayer(
    new_game=lambda setup: setup.fresh(), reader=lambda setup: partial(parse_action, n=setup.seats))


def _logs(n: int) -> list[tuple[ClubSetup, list[Line]]]:
    mix = ClubMix(undo=0.02, foul=0.03)
    out = []
    for seed in range(n):
        p = random_club_game(3 + seed % 13, seed, mix)
        assert p.game is not None
        setup = ClubSetup(partial(type(p.game), p.game.settings), p.game.seats)
        out.append((setup, [as_line(action_to_dict(a)) for a in p.entered]))
    return out


def run(args: argparse.Namespace) -> dict[str, object]:
    quick = getattr(args, "quick", False)
    logs = _logs(130 if quick else 650)
    proxy = getattr(args, "proxy", None)
    with proxy.inside("bench engine: the replays") if proxy else contextlib.nullcontext():
        result = measure(CLUB_GAMES, logs, rounds=3 if quick else 5, warm_up=26)
    return {**result, "seats": "3-15, evenly"}
