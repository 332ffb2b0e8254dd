"""Guardians as a plugin: two players by DM, saved decks, and budgets for a costly search."""

from engines.plugins import Budget, Budgets, GamePlugin

DECK_CARDS = 200
"""The most cards a deck may hold. The text sets no maximum (55 at least, the starters hold
64); this bounds what one player can build, store and list."""

PLUGIN = GamePlugin(
    id="guardians",
    title="Guardians",
    seats="two",
    controls="dm",
    deck_cards=DECK_CARDS + 2,  # a stored deck also holds its Guardian and Stronghold set
    engine="engines.guardians",
    renderer="render.guardians",
    commands="bot.games.guardians",
    order=4,
    lessons="engines.guardians.lesson",
    lookup="engines.guardians.lookup",
    # A simulation costs ~6 ms (docs/rules/guardians.md, "Computer player").
    budgets=Budgets(
        levels={
            "easy": Budget(24, horizon=4, smart_playouts=False, random_share=0.95),
            "normal": Budget(48, horizon=8, smart_playouts=True, candidates=8, policy_margin=0.02),
            "hard": Budget(112, horizon=12, smart_playouts=True, candidates=10, policy_margin=0.02),
        },
        review=Budget(12, horizon=6, smart_playouts=True, candidates=4),
        # normal's search with more simulations and candidates: a newcomer taking every
        # suggestion of normal's own budget won 1 of 6 against normal (docs/design/ai.md).
        coach=Budget(80, horizon=8, smart_playouts=True, candidates=10, policy_margin=0.02),
    ),
)
