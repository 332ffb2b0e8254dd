"""The Gondor lessons: how Sauron wins; his first Game-Turn; then the siege and a combat."""

from engines.lessons import Lesson, Step

GOAL = (
    "You win after Game-Turn 16 if Minas Tirith's garrison is demoralized (its losses reach "
    "its limit) while your army is not, and your troops were the last on the road east of "
    "the Main Gate (hexes 1918 and 2124); otherwise Westernesse wins."
)

FIRST_TURN = Lesson(
    game_id="gondor",
    seats=2,
    seed=1,
    steps=(
        Step(
            "You command Sauron's army, east of Minas Tirith; your orders come by direct message. "
            f"{GOAL} First deploy your counters in rows 21-24: click Auto-deploy the rest.",
            "auto_deploy",
        ),
        Step(
            "Your army stands on the map. Click Done: the computer, Westernesse, then deploys "
            "the city's defenders, and Game-Turn 1 begins.",
            "setup_done",
            replies=("auto_deploy", "setup_done", "end_phase"),
        ),
        Step(
            "A Game-Turn is a row of phases, each side in turn. First magic: your Lord of the "
            "Nazgûl may move or cast one spell with his magic points. FearSpell shakes the "
            "defenders' morale: click Cast FearSpell with 5 points (sure).",
            "cast.81.0.5",
        ),
        Step(
            "FearSpell holds this Game-Turn: the defenders fight and hold their morale one "
            "worse. One spell a phase: click End phase.",
            "end_phase",
        ),
        Step(
            "Siege phase: each catapult may hurl one fireball, at the walls or at the defenders; "
            "breached walls let your army in. The city is still out of range: click End phase.",
            "end_phase",
            replies=("end_phase",),
        ),
        Step(
            "Movement: pick a group (a unit with the leaders and equipment stacked with it), "
            "then where it goes. Click Select Orc Infantry 4 (0523).",
            "select.16.0523",
        ),
        Step(
            "Each hex costs movement points (MP); the button says what a move costs. March west, "
            "towards the city: click Move to 0520.",
            "move.0520.8._",
        ),
        Step(
            "Every group may move once a phase; the others can wait. Click End movement: combat "
            "and the defenders' phases follow.",
            "move_done",
        ),
    ),
    done=(
        "Each Game-Turn repeats these phases, with fire and melee after the moves: a unit that "
        f"ends next to an enemy fights it, and each loss adds to its side's demoralization. {GOAL}"
    ),
)


def _turn(
    start: str, end: str, westernesse: tuple[str, ...] = ("move_done",)
) -> tuple[tuple[int, str], ...]:
    """One Game-Turn played for the learner: only Catapult 3 and its Orc Archers advance."""
    return (
        (1, "end_phase"),  # A: the magic leaders
        (0, "end_phase"),
        (0, "end_phase"),  # B: the siege
        (1, "end_phase"),
        (0, f"select.2-92.{start}"),  # C: Sauron's movement
        (0, f"move.{end}.4._"),
        (0, "move_done"),
        (0, "end_phase"),  # D: Sauron's combat
        (0, "end_phase"),  # E: the magic leaders again
        (1, "end_phase"),
        *((1, move) for move in westernesse),  # F: Westernesse's movement
        (1, "end_phase"),  # G: Westernesse's combat
        (0, "end_phase"),  # H: rally
        (1, "end_phase"),
    )


_FIVE_TURNS = (
    (0, "auto_deploy"),
    (0, "setup_done"),
    (1, "auto_deploy"),
    (1, "setup_done"),
    *_turn("3023", "2822"),
    *_turn("2822", "2820"),
    *_turn("2820", "2719"),
    *_turn("2719", "2518"),
    *_turn("2518", "2317", ("select.57.1614", "move.1918.10._", "move_done")),
    (1, "end_phase"),  # Game-Turn 6 begins: Westernesse's magic leader
)
"""Deployment and Game-Turns 1-5: a catapult is brought within range of the city, and a
defender steps out onto the Main Gate (1918)."""

SIEGE = Lesson(
    game_id="gondor",
    seats=2,
    seed=1,
    title="The siege and a combat",
    prelude=_FIVE_TURNS,
    steps=(
        Step(
            f"Five Game-Turns were played for you. {GOAL} The garrison's losses are counted on "
            "the board. Your Lord of the Nazgûl rests this time: click End phase.",
            "end_phase",
        ),
        Step(
            "Siege phase: Catapult 3 now reaches the city. A Severed Head that lands in the "
            "city adds 1 to the garrison's losses, towards its demoralization: click Catapult 3 "
            "hurls a Severed Head at 2116 (range 2). Within range 2 it never scatters.",
            "hurl.92.2116.1.2",
        ),
        Step(
            "Each catapult fires once a Game-Turn. Click End phase: the defenders' catapults "
            "may answer.",
            "end_phase",
            replies=("end_phase",),
        ),
        Step(
            "Movement: a defender stands on the Main Gate (1918), on the road you must hold. "
            "Bring a unit next to it: click Light Orc Infantry 2 (1621) to 1919.",
            "march.5.1621.1919.8._",
        ),
        Step(
            "A unit that ends next to an enemy must fight it in your combat phase. Click End "
            "movement.",
            "move_done",
        ),
        Step(
            "Combat: in melee both units strike at once, each hitting on a roll of two dice; "
            "a unit hit rolls its morale and may retreat or break. Click the melee button.",
            "melee.5.57.1918.12.9",
            replies=("retreat.57.1717",),
        ),
        Step(
            "The defender fell back. Advance into 1918: your troops are the last on the road's "
            "first hex, one of the two your victory needs. Click Advance Light Orc Infantry 2 "
            "into 1918.",
            "advance.5.1918",
        ),
    ),
    done=(
        "You hurled a Head into the city and won a melee on the road. Keep adding to the "
        f"garrison's losses while sparing your own, and keep the road to the end. {GOAL}"
    ),
)

LESSONS = (FIRST_TURN, SIEGE)
