"""`JsonValue`: any value `json.dumps` writes, as a type (the game log's lines, the result).

The engine's own alias, not pydantic's of the same name: the log and the scoring lines only
need the type, and importing pydantic for it would put pydantic on the startup path of
`mafiakit replay` (docs/architecture.md, "The engine starts without pydantic").
"""

from __future__ import annotations

from typing import TypeAlias

JsonValue: TypeAlias = list["JsonValue"] | dict[str, "JsonValue"] | str | bool | int | float | None
