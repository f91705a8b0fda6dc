"""A league's own ruleset file, checked option by option: pydantic over the dataclasses of
engine.ruleset (it validates stdlib dataclasses, reading their `Limit` bounds).

Imported only when a file is loaded, so the built-in rulesets and `mafiakit replay` never
load pydantic (docs/architecture.md, "The engine starts without pydantic").
"""

from __future__ import annotations

from pydantic import TypeAdapter, ValidationError

from engine.ruleset import Ruleset, RulesetError

RULESET = TypeAdapter(Ruleset)

# pydantic names a dataclass's fields "arguments"; a judge reads them as options of a table,
# in the words pydantic uses for a model's fields
WORDS = {
    "unexpected_keyword_argument": "Extra inputs are not permitted",
    "missing_argument": "Field required",
}


def validated(table: dict[str, object], where: str) -> Ruleset:
    """The ruleset of a decoded TOML file; RulesetError names the first wrong option."""
    try:
        return RULESET.validate_python(table)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise RulesetError(f"{where}: option {loc}: {WORDS.get(first['type'], first['msg'])}") \
            from exc
