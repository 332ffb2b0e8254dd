"""The Guardians lesson: the first turn, from organizing in secret to settling a land.

The texts are on the public board too, so they never name a hidden card: the button does.
"""

from engines.lessons import Lesson, Step

LESSON = Lesson(
    game_id="guardians",
    seats=2,
    seed=1,
    opening=("auto", "done"),
    steps=(
        Step(
            "Draw & Organize: your 12 cards are in your direct messages. Both players place "
            "them face-down on their Strongholds, in secret. Click Auto-place the rest: "
            "creatures go on a Stronghold, and a Shield on top lets that stack move.",
            "auto",
        ),
        Step(
            "Your stacks are set; the computer is ready too. Click Done organising. The Up "
            "cards then decide who moves first.",
            "done",
        ),
        Step(
            "Movement: in turn, each player turns one Shield and moves it. Click Turn Shield of "
            "Dawn on L0: its creatures travel with it.",
            "turn.a31.shield_of_dawn.L0",
        ),
        Step(
            "A Shield walks one or two spaces. L1 is a disputed land in front of you: click "
            "Move to L1. Entering an enemy Shield's space would start a combat.",
            "step.L1.end",
        ),
        Step(
            "Click End the move. The computer then moves one of its Shields.",
            "stay",
            replies=("turn.b36.demonic_shield.L3", "stay"),
        ),
        Step(
            "Terrain settlement: a Shield on a land without terrain must claim it. Click the "
            "enabled Play button: a terrain card from your Pen makes L1 yours.",
            "terrain.L1.a40.woods",
        ),
    ),
    done=(
        "Each turn: draw and organize, Up cards, movement, terrain. Win by holding all six "
        "lands, destroying five enemy Shields or killing the enemy Guardian."
    ),
)
