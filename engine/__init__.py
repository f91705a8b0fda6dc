"""The rules engine: pure, deterministic, no I/O, no clock, no threads.

Public API: `Game` (push/pop), the action classes, `Outcome`, `load_ruleset`, the views
and the game-log reader/writer.
"""

from engine.actions import (
    Action,
    BestMove,
    Day,
    Disqualify,
    DonCheck,
    Foul,
    Lift,
    Night,
    Nominate,
    Roles,
    SheriffCheck,
    Shoot,
    SpeechEnd,
    Start,
    Undo,
    Votes,
    Withdraw,
)
from engine.errors import IllegalAction, LogError
from engine.game import Game, Outcome
from engine.roles import Role, Team
from engine.ruleset import Ruleset, RulesetError, load_ruleset
from engine.vocab import Termination, Winner

__all__ = [
    "Action", "BestMove", "Day", "Disqualify", "DonCheck", "Foul", "Game", "IllegalAction",
    "Lift", "LogError", "Night", "Nominate", "Outcome", "Role", "Roles", "Ruleset",
    "RulesetError", "SheriffCheck", "Shoot", "SpeechEnd", "Start", "Team", "Termination",
    "Undo", "Votes", "Winner", "Withdraw", "load_ruleset",
]
