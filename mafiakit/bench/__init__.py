"""Benchmarks: `mafiakit bench NAME` prints one JSON object (definitions: docs/benchmarks.md)."""

from typing import TypeAlias

Result: TypeAlias = dict[str, object]
"""What a benchmark's `run(args)` returns: one JSON object, printed as it is (never read back
by the kit: the figures' names are docs/benchmarks.md's)."""

JsonObject: TypeAlias = dict[str, object]
"""A JSON object a benchmark reads off the wire or a child's stdout (a snapshot, a report):
each field is narrowed where it is read."""
