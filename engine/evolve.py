"""A fast `_replace` for the frozen NamedTuple states the engine folds events into.

`NamedTuple._replace` walks every field through `kwds.pop` (27 for `GameState`); an event
changes one to five, and `apply` runs several times per judge action, so the bench
(docs/benchmarks.md) spent a fifth of its time there. `replacer(cls)` copies the tuple once
and sets only the given fields; the result is the same value `_replace` would give.

Callers bind it under `TYPE_CHECKING` to the class's own `_replace`, so mypy still checks
every field name and type:

    if TYPE_CHECKING:
        evolve = GameState._replace
    else:
        evolve = replacer(GameState)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar

T = TypeVar("T", bound=NamedTuple)


def replacer(cls: type[T]) -> Callable[..., T]:
    """`evolve(value, **changes)`: `value._replace(**changes)`, copying the tuple once."""
    index = {name: i for i, name in enumerate(cls._fields)}
    new = tuple.__new__

    def evolve(value: T, /, **changes: object) -> T:
        fields = list(value)
        for name, v in changes.items():
            try:
                fields[index[name]] = v
            except KeyError:
                raise ValueError(f"{cls.__name__} has no field {name!r}") from None
        return new(cls, fields)

    evolve.__qualname__ = f"replacer({cls.__name__})"
    return evolve
