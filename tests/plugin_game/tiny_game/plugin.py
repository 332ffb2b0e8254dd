"""Everything the shared code knows of Hopscotch."""

from engines.plugins import GamePlugin

PLUGIN = GamePlugin(
    id="hopscotch",
    title="Hopscotch",
    seats="solo",
    controls="channel",
    engine="tiny_game.engine",
    renderer="tiny_game.render",
    commands="tiny_game.commands",
    order=6,
)
