"""The toy variant's one line (engine/variant.py `register`), for the tests that teach it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.variant import register, unregister
from tests.variants.toy import RULES, TOY


@pytest.fixture
def toy() -> Iterator[None]:
    register(RULES, TOY)
    try:
        yield
    finally:
        unregister(RULES)
