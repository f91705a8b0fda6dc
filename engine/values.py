"""Frozen value classes without `dataclasses`: the judge's actions are defined at every start.

`@dataclass(frozen=True, slots=True)` imports `inspect` (with `ast`, `dis`, `tokenize`) and
compiles six methods per class, then builds each slotted class twice: most of the import
time of `mafiakit replay` (docs/architecture.md, "The engine starts without pydantic").
Subclasses of `Value` get the same behaviour from one metaclass: fields from the
annotations, `__slots__`, `__match_args__`, one compiled `__init__` each (ending with the
class's `__post_init__`), and the shared `__eq__` (same class only, so `Day() != Night()`),
`__hash__`, `__repr__` and frozenness below. `dataclass_transform` makes mypy check them
as it checks frozen dataclasses (constructor arguments, read-only fields, `match`).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, ClassVar, cast, dataclass_transform


class FrozenValueError(AttributeError):
    """An attempt to change a field of a value (as `dataclasses.FrozenInstanceError`)."""


@dataclass_transform(frozen_default=True)
class _ValueMeta(type):
    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, object]) -> type:
        hints = cast("dict[str, object]", namespace.get("__annotations__", {}))
        fields = tuple(field for field, hint in hints.items()
                       if not str(hint).startswith("ClassVar"))
        namespace["__slots__"] = fields
        if not bases:  # Value itself: a value without fields matches `Day()`
            namespace["__match_args__"] = ()
        if fields:  # a subclass without annotations keeps its base's fields
            if any(getattr(base, "_fields", ()) for base in bases):
                raise TypeError(f"{name}: a value's fields are all declared in one class")
            defaults = {field: namespace.pop(field) for field in fields if field in namespace}
            namespace["__match_args__"] = namespace["_fields"] = fields
            namespace["_key"] = staticmethod(attrgetter(*fields))  # C speed for eq and hash
            namespace["__init__"] = _init(name, fields, defaults, "__post_init__" in namespace)
        return super().__new__(mcs, name, bases, namespace)


def _init(name: str, fields: tuple[str, ...], defaults: dict[str, object],
          post_init: bool) -> Callable[..., None]:
    """The class's `__init__`, compiled once, as fast as the one `dataclass` would write;
    it ends with the class's own `__post_init__` check if it has one."""
    params = ", ".join(f"{f}=_d_{f}" if f in defaults else f for f in fields)
    body = "\n".join([*(f"    _set(self, {f!r}, {f})" for f in fields),
                      *(["    self.__post_init__()"] if post_init else [])])
    source = f"def __init__(self, {params}):\n{body}\n"
    scope: dict[str, object] = {"_set": object.__setattr__,
                             **{f"_d_{f}": value for f, value in defaults.items()}}
    exec(source, scope)  # the source is built from the class's own field names
    init = cast("Callable[..., None]", scope["__init__"])
    init.__qualname__ = f"{name}.__init__"
    return init


class Value(metaclass=_ValueMeta):
    """A frozen, slotted, typed value; equal only to a value of its own class."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _key: ClassVar[Callable[[Value], object]] = staticmethod(lambda value: ())
    """The fields' values to compare and hash (one value alone for a single field)."""

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, f) for f in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Value)
        key = type(self)._key
        return key(self) == key(other)

    def __hash__(self) -> int:
        return hash(type(self)._key(self))

    def __repr__(self) -> str:
        fields = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__qualname__}({fields})"

    if not TYPE_CHECKING:  # hidden from mypy, which would then allow any attribute name

        def __setattr__(self, name: str, value: object) -> None:
            raise FrozenValueError(f"cannot assign to field {name!r}")

        def __delattr__(self, name: str) -> None:
            raise FrozenValueError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Value], tuple[object, ...]]:
        return type(self), self._values()


def _tuple_eq(self: tuple[object, ...], other: object) -> bool:
    return other.__class__ is self.__class__ and tuple.__eq__(self, other)


def _tuple_ne(self: tuple[object, ...], other: object) -> bool:
    return other.__class__ is not self.__class__ or tuple.__ne__(self, other)


def compare_by_class(*classes: type[tuple[object, ...]]) -> None:
    """Make NamedTuple values (events, states) equal only within their own class, as a
    `Value` is: a NamedTuple compares as a plain tuple, so `SpeechEnded(3) == FoulGiven(3)
    == (3,)`, and a test comparing events could not see an event of the wrong class
    (issue 27). The hash stays the tuple's, in C: equal values still hash alike, and two
    classes with equal fields only share a bucket. Building, reading and `_replace` are
    untouched, so the engine's hot path keeps NamedTuple speed (docs/architecture.md)."""
    for cls in classes:
        if tuple not in cls.__mro__:
            raise TypeError(f"{cls.__name__} is not a NamedTuple")
        setattr(cls, "__eq__", _tuple_eq)  # noqa: B010 (mypy: no assigning to a method)
        setattr(cls, "__ne__", _tuple_ne)  # noqa: B010
        setattr(cls, "__hash__", tuple.__hash__)  # noqa: B010
