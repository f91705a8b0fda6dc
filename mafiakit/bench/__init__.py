"""Benchmarks: `mafiakit bench NAME` prints one JSON object (definitions: docs/benchmarks.md)."""
