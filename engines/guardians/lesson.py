"""The Guardians lessons: the first turn; then combat and the three ways to win.

The second part plays four turns for the learner, then a combat with a command card, a bribe
and channelling, and a settlement.
The texts are on the public board too, so they never name a hidden card: the button does.
"""

from engines.lessons import Lesson, Step

FIRST_TURN = Lesson(
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

_FOUR_TURNS = (
    (1, "auto"),
    (1, "done"),
    (0, "auto"),
    (0, "done"),
    (1, "turn.b38.dem_bones_standard_bearer.L3"),
    (1, "step.L2.end"),
    (1, "stay"),
    (1, "terrain.L2.b47.dry_heaps"),
    (0, "sdone"),
    (1, "auto"),
    (1, "done"),
    (0, "auto"),
    (0, "done"),
    (1, "turn.b38.dem_bones_standard_bearer.L2"),
    (1, "step.C2.end"),
    (1, "stay"),
    (1, "terrain.C2.b42.rivers_lakes"),
    (1, "sdone"),
    (0, "sdone"),
    (1, "auto"),
    (1, "done"),
    (0, "auto"),
    (0, "done"),
    (1, "turn.b38.dem_bones_standard_bearer.C2"),
    (1, "step.C1.end"),
    (1, "stay"),
    (1, "terrain.C1.b46.woods"),
    (1, "sdone"),
    (0, "sdone"),
    (1, "auto"),
    (1, "done"),
    (0, "auto"),
    (0, "done"),
    (1, "turn.b38.dem_bones_standard_bearer.C1"),
    (1, "step.C2.end"),
    (1, "stay"),
    (0, "turn.a33.shield_of_dawn.L0"),
    (0, "step.C0.pass"),
    (0, "step.C1.end"),
    (0, "stay"),
    (0, "terrain.C1.a44.dry_heaps"),
    (1, "sdone"),
    (0, "sdone"),
    (1, "auto"),
    (1, "done"),
    (0, "auto"),
    (0, "done"),
    (0, "turn.a33.shield_of_dawn.C1"),
)
"""Turns 1-4 and turn 5's organizing, played for the learner: (seat, move)."""

GOAL = (
    "You win by holding all six middle lands at a settlement, by destroying five enemy "
    "Shields, or by killing the enemy Guardian."
)

COMBAT = Lesson(
    game_id="guardians",
    seats=2,
    seed=53,
    title="Combat and how to win",
    prelude=_FOUR_TURNS,
    steps=(
        Step(
            f"Four turns were played for you. {GOAL} Your turned Shield stands on C1, an enemy "
            "Shield on C2 in front of it. Entering an enemy Shield's space starts a combat: "
            "click Move to C2.",
            "step.C2.combat",
        ),
        Step(
            "Combat, first the command cards: a spell or a creature with a command ability "
            "that helps your whole side in this fight. You hold one: click Play a command card.",
            "cdecl.1",
            replies=("cdecl.0",),
        ),
        Step(
            "The computer plays none. Pick yours: the enabled button names it (your combat "
            "hand is in your direct messages; only you see it).",
            "ccmd.a19.iron_crag_baggler.0",
        ),
        Step(
            "A command card may be dispelled before it works. You have nothing to dispel: "
            "click Pass.",
            "cpass",
            replies=("cpass", "cplay.b11.lawyer"),
        ),
        Step(
            "Match-ups: each side plays one creature face down, then both are shown and the "
            "stronger beats the other. The computer has chosen: click the enabled Play button.",
            "cplay.a26.ice_spirit",
        ),
        Step(
            "Bribery comes before strength: a bribery card whose icon the opposing creature "
            "carries sends it away. You have none for this one: click No bribe.",
            "cnobribe",
        ),
        Step(
            "Channelling: power stones, and channelers placed under your Strongholds, pour "
            "strength into a creature in the fight. Spend one stone: click the enabled "
            "Channel button.",
            "cstone.a26.ice_spirit.5.1.0",
            replies=("cpass",),
        ),
        Step(
            "Spells, channelling and ranged attacks come in turns until both sides pass in a "
            "row; then the strengths are compared. Click Pass.",
            "cpass",
            replies=("cplay.b24.gorgal_skag",),
        ),
        Step(
            "Your creature won its match-up. The defender plays its next creature: click the "
            "enabled Play button for yours.",
            "cplay.a09.archer",
            replies=("cnobribe",),
        ),
        Step(
            "This time you can bribe: the enabled Bribe button spends a bribery card and sends "
            "the opposing creature away. With no creature left, the defender loses and its "
            "Shield is destroyed: one of the five that win.",
            "cbribe.a51.beer.b24.gorgal_skag",
            replies=("cleave",),
        ),
        Step(
            "Terrain settlement: your Shield holds C2, now without terrain. Play a terrain "
            "card from your Pen (the enabled Play button) and C2 is yours. A land you "
            "leave empty can be taken: hold all six at a settlement and you win.",
            "terrain.C2.a41.woods",
        ),
    ),
    done=(f"{GOAL} Watch your own lands: when all six are the enemy's at a settlement, you lose."),
)

LESSONS = (FIRST_TURN, COMBAT)
