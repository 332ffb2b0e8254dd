"""``./dev bench``: run the latency and render benchmarks."""

from bench import action_latency

action_latency.main()
