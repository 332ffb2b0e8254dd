"""The computer players' playout policy and position estimate (docs/design/ai.md).

``playout`` picks a quick sensible move for either side; Sauron's siege plan is in
``sauron_movement`` (his groups' moves), ``sauron_road`` (his posts on the road),
``sauron_assault`` (Ladders, magic, melee and fire) and ``sauron_city`` (what they read of the
city); Westernesse's deployment, road and keepers are in ``westernesse_end``, Gandalf's spells
in ``westernesse_magic``. ``estimate`` is Sauron's chance to win from a position.
"""
