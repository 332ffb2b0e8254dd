"""The only source of randomness for engines: a generator derived from seed and a label."""

import random

Random = random.Random
"""The generator type, for annotations in engines (which may not import ``random``)."""


def rng_for(seed: int, label: str | int) -> random.Random:
    """A fresh generator for ``(seed, label)``: same inputs, same stream, on any machine."""
    return random.Random(f"{seed}:{label}")
