"""Helpers for tests and benchmarks: random play and invariant checking (no pytest import)."""
