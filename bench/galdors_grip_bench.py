"""Galdor's Grip's own parts of the shared benches (its views: the shared random game's)."""

LOAD_SHARE = 0.20
"""Its share of the load test's games (docs/benchmarks.md, "Load")."""
