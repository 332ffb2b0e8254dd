"""``./dev bench``: action latency end to end, then image render times (default settings)."""

from bench import action_latency, render_bench

action_latency.main([])
render_bench.main([])
