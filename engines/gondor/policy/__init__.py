"""The computer players' playout policy and position estimate (docs/design/ai.md).

``playout`` picks a quick sensible move for either side; Sauron's siege plan is in
``sauron_movement``. ``estimate`` is Sauron's chance to win from a position.
"""
