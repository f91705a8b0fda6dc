"""A league's own ruleset file, checked option by option: pydantic over the NamedTuples of
engine.classic.ruleset (it validates them as they are, reading their `Limit` bounds).

Imported only when a file is loaded, so the built-in rulesets and `mafiakit replay` never
load pydantic (docs/architecture.md, "The engine starts without pydantic").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import get_type_hints

from pydantic import TypeAdapter, ValidationError

from engine.classic.ruleset import Ruleset, RulesetError, consistent

RULESET = TypeAdapter(Ruleset)


def validated(table: dict[str, object], where: str) -> Ruleset:
    """The ruleset of a decoded TOML file; RulesetError names the first wrong option."""
    _tables_where_tables_go(Ruleset, table, where, "")
    try:
        rules = RULESET.validate_python(table)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise RulesetError(f"{where}: option {loc}: {first['msg']}") from exc
    return consistent(rules, where)


def _tables_where_tables_go(cls: type[object], table: Mapping[str, object], where: str,
                            prefix: str) -> None:
    """pydantic would take an array for an options table (`day = [true]`), filling its
    options in order; a league's file names every option, so only a table is taken."""
    hints = get_type_hints(cls)
    for name, value in table.items():
        hint = hints.get(name)
        if not (isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields")):
            continue
        if not isinstance(value, Mapping):
            raise RulesetError(f"{where}: option {prefix}{name}: Input should be a valid "
                               f"dictionary or instance of {hint.__name__}")
        _tables_where_tables_go(hint, value, where, f"{prefix}{name}.")
