"""The error a bad payload raises, and turning pydantic's report into a judge's sentence."""

from __future__ import annotations

from pydantic import ValidationError


class PayloadError(ValueError):
    """A payload was refused; the message says why in plain words."""


def first_problem(exc: ValidationError) -> tuple[str, str]:
    """(where, what) of the first problem, without pydantic's "Value error, " prefix: the
    option's path as a.b.0 and the validator's own sentence."""
    first = exc.errors()[0]
    where = ".".join(str(level) for level in first["loc"])
    return where, str(first["msg"]).removeprefix("Value error, ")


def describe_validation_error(exc: ValidationError) -> str:
    """One short sentence per problem (at most three), field paths written as a.b.0."""
    parts = []
    for error in exc.errors()[:3]:
        where = ".".join(str(level) for level in error["loc"])
        message = str(error["msg"]).removeprefix("Value error, ")
        if error["type"] == "missing":
            parts.append(f"missing field {where!r}")
        elif error["type"] == "extra_forbidden":
            parts.append(f"unknown field {where!r}")
        elif error["type"] == "string_pattern_mismatch":
            parts.append(f"field {where!r} may contain only letters, digits and - _ . :")
        elif where:
            parts.append(f"field {where!r}: {message}")
        else:
            parts.append(message)
    more = exc.error_count() - len(parts)
    if more > 0:
        parts.append(f"and {more} more problem{'s' if more > 1 else ''}")
    return "; ".join(parts)
