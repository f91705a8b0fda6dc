"""The bus's own secrecy check: the last gate before a view leaves the table.

The engine already builds views without secrets and the broker ACL keeps judge topics from
screens; this third check refuses to even build a public or audience snapshot that carries
judge data (docs/views.md) while the game is undecided, so one bug cannot leak a role.
"""

from __future__ import annotations

from typing import Final

from pydantic import JsonValue

# Keys only the judge class may fill before the game is decided (docs/views.md).
JUDGE_ONLY_KEYS: Final = ("roles", "nights", "best_move", "night_steps")
# Night steps the players may see: the rest would tell who is being checked or killed.
OPEN_NIGHT_STEPS: Final = ("night", "zero_night")


def decided(view: dict[str, JsonValue]) -> bool:
    """After the game is decided every class may show roles and nights."""
    return view.get("phase") == "finished" or view.get("winner") is not None


def secret_keys_in(view_class: str, view: dict[str, JsonValue]) -> list[str]:
    """Names of the keys of `view` that `view_class` must not carry yet (empty if clean)."""
    if view_class == "judge" or decided(view):
        return []
    leaked = [key for key in JUDGE_ONLY_KEYS if view.get(key) not in (None, [], {})]
    if view.get("phase") == "night" and view.get("step") not in OPEN_NIGHT_STEPS:
        leaked.append(f"the night step {view.get('step')!r}")
    return leaked
