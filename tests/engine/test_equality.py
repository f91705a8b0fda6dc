"""Events and state values are equal only within their own class (issue 27 item 6).

They are NamedTuples for speed (docs/architecture.md), and a NamedTuple compares as a plain
tuple: `SpeechEnded(3) == FoulGiven(3) == (3,)` was True, so a test comparing events could not
see an event of the wrong class. `engine.values.compare_by_class` gives each one a class's
equality; these tests walk every module of the engine, so a new NamedTuple that forgets it
fails here.
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil
from collections.abc import Callable, Iterator

import pytest

import engine
from engine.classic import events as ev
from engine.club import events as club_ev


def _engine_modules() -> Iterator[object]:
    for info in pkgutil.walk_packages(engine.__path__, "engine."):
        yield importlib.import_module(info.name)


def named_tuples() -> list[type[tuple[object, ...]]]:
    """Every NamedTuple class defined in the engine."""
    found: dict[str, type[tuple[object, ...]]] = {}
    for module in _engine_modules():
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, tuple) and hasattr(value, "_fields")
                    and value.__module__.startswith("engine")):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[name] for name in sorted(found)]


CLASSES = named_tuples()


def _sample(cls: type[tuple[object, ...]], value: object = 1) -> tuple[object, ...]:
    """An instance whose every field is `value` (a NamedTuple checks no types)."""
    make: Callable[..., tuple[object, ...]] = cls
    return make(*(value for _ in getattr(cls, "_fields")))  # noqa: B009


def test_the_walk_finds_the_events_and_the_states() -> None:
    names = {c.__name__ for c in CLASSES}
    assert {"SpeechEnded", "FoulGiven", "GameState", "ClubState", "Timer", "Ruleset",
            "Dealt", "ExtraSet"} <= names
    assert len(CLASSES) > 90


def test_the_issue_s_example() -> None:
    speech_ended: object = ev.SpeechEnded(3)  # `object`: mypy knows the classes differ
    assert speech_ended != ev.FoulGiven(3)
    assert not speech_ended == ev.FoulGiven(3)  # noqa: SIM201 (== itself is tested)
    assert speech_ended != (3,) and speech_ended != (3,)
    assert speech_ended != club_ev.SpeechEnded(3)  # the same name in the two games
    assert speech_ended == ev.SpeechEnded(3) == ev.SPEECH_ENDED[3]
    assert len({ev.SpeechEnded(3), ev.FoulGiven(3), ev.SheriffChecked(3)}) == 3


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_every_named_tuple_compares_by_class(cls: type[tuple[object, ...]]) -> None:
    one, same, other = _sample(cls), _sample(cls), _sample(cls, 2)
    assert one == same and not one != same  # noqa: SIM202 (!= is its own method)
    assert hash(one) == hash(same)
    assert one != other or not getattr(cls, "_fields")  # noqa: B009
    assert one != tuple(one) and tuple(one) != one


def test_no_two_classes_with_equal_fields_are_equal() -> None:
    """Every pair of classes with as many fields, built from the very same field values."""
    checked = 0
    for a, b in itertools.combinations(CLASSES, 2):
        if len(getattr(a, "_fields")) != len(getattr(b, "_fields")):  # noqa: B009
            continue
        x, y = _sample(a), _sample(b)
        assert x != y, (a, b)
        assert not x == y, (a, b)  # noqa: SIM201
        checked += 1
    assert checked > 500
