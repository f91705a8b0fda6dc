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

from typing import TYPE_CHECKING

from engine import LazyNames

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


_LAZY = LazyNames(__name__, _HOMES, __all__, globals())
__getattr__, __dir__ = _LAZY.getattr, _LAZY.dir
