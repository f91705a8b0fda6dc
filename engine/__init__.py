"""The rules engine: pure, deterministic, no I/O, no clock, no threads.

Each game of the kit is a variant in its own subpackage: the classic tournament game in
`engine.classic` (`Game`, `load_ruleset`), the club game in `engine.club` (`ClubGame`). The
root holds what every variant shares: the action classes, roles, the vocabulary, values,
errors and refusals, view models, the game log's common part, the timer type and the variant
protocol (`engine.variant`, `find_variant`).

The names below are imported when first used (PEP 562), so `import engine.replay` (or any
submodule) does not load every part of the engine first (docs/architecture.md, "The engine
starts without pydantic").
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
    from engine.roles import Role, Team
    from engine.vocab import Termination, Winner

# public name -> the module that defines it
_HOMES: dict[str, str] = {
    **dict.fromkeys(("Action", "BestMove", "Day", "Disqualify", "DonCheck", "Foul", "Lift",
                     "Night", "Nominate", "Roles", "SheriffCheck", "Shoot", "SpeechEnd",
                     "Start", "Undo", "Votes", "Withdraw"), "engine.actions"),
    "IllegalAction": "engine.errors", "LogError": "engine.errors",
    "Role": "engine.roles", "Team": "engine.roles",
    "Termination": "engine.vocab", "Winner": "engine.vocab",
}

__all__ = [
    "Action", "BestMove", "Day", "Disqualify", "DonCheck", "Foul", "IllegalAction", "Lift",
    "LogError", "Night", "Nominate", "Role", "Roles", "SheriffCheck", "Shoot", "SpeechEnd",
    "Start", "Team", "Termination", "Undo", "Votes", "Winner", "Withdraw",
]


class LazyNames:
    """A package's `__getattr__` and `__dir__` (PEP 562) that import each public name from
    its home module when first used, then keep it as a plain global: `engine`,
    `engine.classic` and `engine.club` start without loading their parts."""

    def __init__(self, package: str, homes: dict[str, str], names: list[str],
                 namespace: dict[str, object]) -> None:
        self.package, self.homes, self.names, self.namespace = package, homes, names, namespace

    def getattr(self, name: str) -> object:
        home = self.homes.get(name)
        if home is None:
            raise AttributeError(f"module {self.package!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        self.namespace[name] = value  # the next access is a plain global
        return value

    def dir(self) -> list[str]:
        return sorted([*self.namespace, *self.names])


_LAZY = LazyNames(__name__, _HOMES, __all__, globals())
__getattr__, __dir__ = _LAZY.getattr, _LAZY.dir
