"""The club game (seed 004, docs/club.md): 3 to 15 seats, maniac, doctor, commissar,
kamikaze, sapper and putana, its own day cycle, night order, five-foul ladder and points.

Pure like the rest of the engine. `ClubGame` has the push/pop API of `engine.classic.Game`.

The names below are imported when first used (PEP 562), as `engine` and `engine.classic`
do: the refusal catalogue at the engine's root reads the club's texts
(`engine.club.refusals`) without loading the club game.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.club.actions import (
        Catastrophe,
        ClubAction,
        ClubDisqualify,
        ClubRoles,
        DiscussionEnd,
        NightAction,
        NominationsEnd,
    )
    from engine.club.game import ClubGame, ClubOutcome
    from engine.club.setup import Settings

# public name -> the module that defines it
_HOMES: dict[str, str] = {
    **dict.fromkeys(("Catastrophe", "ClubAction", "ClubDisqualify", "ClubRoles",
                     "DiscussionEnd", "NightAction", "NominationsEnd"), "engine.club.actions"),
    "ClubGame": "engine.club.game", "ClubOutcome": "engine.club.game",
    "Settings": "engine.club.setup",
}

__all__ = [
    "Catastrophe", "ClubAction", "ClubDisqualify", "ClubGame", "ClubOutcome", "ClubRoles",
    "DiscussionEnd", "NightAction", "NominationsEnd", "Settings",
]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'engine.club' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value  # the next access is a plain global
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
