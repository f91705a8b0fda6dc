"""The classic tournament game (seeds 000-003, docs/rules.md): ten seats, don, mafia and
sheriff, nominations and vote rounds, the lift, the best move, fouls and the after-game
sheet; its rulesets (`rulesets/*.toml`) and its points (`scoring/`).

Public API: `Game` (push/pop), `Outcome`, `load_ruleset`, `Ruleset`. The action classes,
roles and the vocabulary every variant shares are at the engine's root.

The names below are imported when first used (PEP 562), so `import engine.classic.replay`
(or any submodule) does not load every part of the game first (docs/architecture.md, "The
engine starts without pydantic").
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.classic.game import Game, Outcome
    from engine.classic.ruleset import Ruleset, RulesetError, load_ruleset

# public name -> the module that defines it
_HOMES: dict[str, str] = {
    "Game": "engine.classic.game", "Outcome": "engine.classic.game",
    "Ruleset": "engine.classic.ruleset", "RulesetError": "engine.classic.ruleset",
    "load_ruleset": "engine.classic.ruleset",
}

__all__ = ["Game", "Outcome", "Ruleset", "RulesetError", "load_ruleset"]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'engine.classic' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value  # the next access is a plain global
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
