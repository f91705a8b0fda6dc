"""Reading a benchmark's JSON object in a test: each figure a number, or the test fails."""

from __future__ import annotations

from collections.abc import Mapping


def figure(result: Mapping[str, object], key: str) -> float:
    """The number `result[key]` (a missing key, a bool or a non-number fails here)."""
    value = result[key]
    assert isinstance(value, int | float) and not isinstance(value, bool), (key, value)
    return value
