"""Gondor as a plugin: two players by DM, and small budgets for a siege of thousands of moves."""

from engines.plugins import Budget, Budgets, GamePlugin

MARGIN = 0.1
"""The policy margin: six moves see little of a melee's or a shot's effect on a siege of
thousands of moves, and at 0.02 the few departures from the policy (1.5 % of searched choices,
which garrison unit to strike first) lost games the policy won (docs/rules/gondor.md)."""

PLUGIN = GamePlugin(
    id="gondor",
    title="Gondor",
    seats="two",
    controls="dm",
    engine="engines.gondor",
    renderer="render.gondor",
    commands="bot.games.gondor",
    order=5,
    lessons="engines.gondor.lesson",
    # A move is ~1.5 ms and a game thousands of them (docs/rules/gondor.md).
    budgets=Budgets(
        levels={
            # easy's Westernesse is a beginner's defence (Game.level_action), its Sauron searched.
            "easy": Budget(6, horizon=2, smart_playouts=False, candidates=3, own_moves=True),
            "normal": Budget(
                12, horizon=4, smart_playouts=True, candidates=4, policy_margin=MARGIN
            ),
            "hard": Budget(24, horizon=6, smart_playouts=True, candidates=6, policy_margin=MARGIN),
        },
        # Some 500 reviewed moves a game: one move and the estimate (docs/design/ai.md).
        review=Budget(4, horizon=0, smart_playouts=True, candidates=3),
    ),
)
