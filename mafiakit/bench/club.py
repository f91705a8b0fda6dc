"""The club part of `mafiakit bench engine`: random legal club games of 3..15 seats, replayed
from their game-log lines (each parsed, checked against the rules and applied, undo lines
included) by the same loop as the classic games (`mafiakit.bench.replay`)."""

from __future__ import annotations

import argparse
import contextlib
from functools import partial
from typing import Any

from engine.club.actions import ClubAction
from engine.club.game import ClubGame
from engine.club.log import action_to_dict, parse_action
from engine.club.playout import ClubMix, random_club_game
from engine.club.setup import Settings
from mafiakit.bench.replay import Line, Replayer, as_line, measure

CLUB: Replayer[Settings, ClubAction] = Replayer(
    new_game=ClubGame, reader=lambda settings: partial(parse_action, n=settings.seats))


def _logs(n: int) -> list[tuple[Settings, list[Line]]]:
    mix = ClubMix(undo=0.02, foul=0.03)
    out = []
    for seed in range(n):
        p = random_club_game(3 + seed % 13, seed, mix)
        assert p.game is not None
        out.append((p.game.settings, [as_line(action_to_dict(a)) for a in p.entered]))
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    quick = getattr(args, "quick", False)
    logs = _logs(130 if quick else 650)
    proxy = getattr(args, "proxy", None)
    with proxy.inside("bench engine: the replays") if proxy else contextlib.nullcontext():
        result = measure(CLUB, logs, rounds=3 if quick else 5, warm_up=26)
    return {**result, "seats": "3-15, evenly"}
