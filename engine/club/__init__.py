"""The club game (seed 004, docs/club.md): 3 to 15 seats, maniac, doctor, commissar,
kamikaze, sapper and putana, its own day cycle, night order, five-foul ladder and points.

Pure like the rest of the engine. `ClubGame` has the push/pop API of `engine.classic.Game`.

The names below are imported when first used (PEP 562), as `engine` and `engine.classic`
do: the refusal catalogue at the engine's root reads the club's texts
(`engine.club.refusals`) without loading the club game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import LazyNames

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


_LAZY = LazyNames(__name__, _HOMES, __all__, globals())
__getattr__, __dir__ = _LAZY.getattr, _LAZY.dir
