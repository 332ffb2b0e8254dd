"""Per-game command modules. Solo games with nothing secret show their controls in channel."""

CHANNEL_CONTROL_GAMES = frozenset({"galdors_grip", "gondolin"})
