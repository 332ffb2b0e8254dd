"""Galdor's Grip as a plugin: solo, nothing hidden, so its controls are on the board."""

from engines.plugins import Budget, Budgets, GamePlugin

PLUGIN = GamePlugin(
    id="galdors_grip",
    title="Galdor's Grip",
    seats="solo",
    controls="channel",
    engine="engines.galdors_grip",
    renderer="render.galdors_grip",
    commands="bot.games.galdors_grip",
    daily=True,
    score_unit="⭐",
    order=2,
    lessons="engines.galdors_grip.lesson",
    lookup="engines.galdors_grip.lookup",
    # Played to the end, so a value is a chance to reach the goal (docs/design/ai.md).
    budgets=Budgets(
        hint=Budget(simulations=120, horizon=None, smart_playouts=True),
        review=Budget(16, horizon=None, smart_playouts=True, candidates=4),
        coach=Budget(32, horizon=None, smart_playouts=True, candidates=4),
    ),
)
