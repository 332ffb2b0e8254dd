"""Knightfall as a plugin: a duel, each hand by DM; the computer keeps the default budgets."""

from engines.plugins import GamePlugin

PLUGIN = GamePlugin(
    id="knightfall",
    title="Knightfall",
    seats="two",
    controls="dm",
    engine="engines.knightfall",
    renderer="render.knightfall",
    commands="bot.games.knightfall",
    order=1,
    lessons="engines.knightfall.lesson",
    lookup="engines.knightfall.lookup",
)
