"""Gondolin Cards as a plugin: solo, controls on the board, a hint's chance is to survive."""

from engines.plugins import Budget, Budgets, GamePlugin

DECK_CARDS = 100
"""The most cards a deck may hold: the largest legal deck is 40, and this leaves room for a deck
being built, no more."""

PLUGIN = GamePlugin(
    id="gondolin",
    title="Gondolin Cards",
    short_title="Gondolin",
    seats="solo",
    controls="channel",
    goal="survive",
    deck_cards=DECK_CARDS,
    engine="engines.gondolin",
    renderer="render.gondolin",
    commands="bot.games.gondolin",
    daily=True,
    order=3,
    lessons="engines.gondolin.lesson",
    lookup="engines.gondolin.lookup",
    # Played to the end, so a value is a chance to reach the goal (docs/design/ai.md).
    budgets=Budgets(
        hint=Budget(simulations=160, horizon=None, smart_playouts=True),
        review=Budget(24, horizon=None, smart_playouts=True, candidates=4),
        coach=Budget(32, horizon=None, smart_playouts=True, candidates=4),
    ),
)
