"""Benchmarks: scripts, not tests."""
