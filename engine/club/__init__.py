"""The club game (seed 004, docs/club.md): 3 to 15 seats, maniac, doctor, commissar,
kamikaze, sapper and putana, its own day cycle, night order, five-foul ladder and points.

Pure like the rest of the engine. `ClubGame` has the push/pop API of `engine.classic.Game`.
"""

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

__all__ = [
    "Catastrophe", "ClubAction", "ClubDisqualify", "ClubGame", "ClubOutcome", "ClubRoles",
    "DiscussionEnd", "NightAction", "NominationsEnd", "Settings",
]
