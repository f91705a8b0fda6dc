"""JSON from strangers: how deep it nests, measured without recursion.

`json.loads` raises RecursionError (not ValueError) on a few thousand brackets, and pydantic
walks what it is given recursively: nesting is bounded before anything else looks at it.
"""

from __future__ import annotations

from typing import Final

MAX_DEPTH: Final = 16  # the deepest payload the kit sends (a judge view) nests 5 levels


def json_depth(value: object) -> int:
    """How deeply lists and objects nest in `value` (a scalar is 0, `[]` is 1)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            stack.extend((child, level + 1)
                         for child in (item.values() if isinstance(item, dict) else item))
    return deepest
