"""Benchmarks: `mafiakit bench NAME` prints one JSON object (see shared spec/benchmarks.md)."""
