"""The Gondor lessons: Sauron's first Game-Turn; the siege and a combat; Westernesse's defence."""

from engines.lessons import Lesson, Step

GOAL = (
    "You win after Game-Turn 16 if Minas Tirith's garrison is demoralized (its losses reach "
    "its limit) while your army is not, and your troops were the last on both hexes marked "
    '"East road" on the map (by the Main Gate and at the east edge); otherwise Westernesse wins.'
)

FIRST_TURN = Lesson(
    game_id="gondor",
    seats=2,
    seed=1,
    steps=(
        Step(
            "You command Sauron's army, east of Minas Tirith; your orders come by direct message. "
            f"{GOAL} First deploy your counters in rows 21-24: click Place the rest at random, "
            "then adjust.",
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
            "then where it goes. Click Select Orc Infantry 4 (0523, Pelennor fields).",
            "select.16.0523",
        ),
        Step(
            "Each hex costs movement points (MP); the button says what a move costs. March west, "
            "towards the city: click Move to 0520, Pelennor fields.",
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
defender steps out onto the East road by the Main Gate (1918)."""

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
            "hurls a Severed Head at 2116, city level 1. Within range 2 it never scatters.",
            "hurl.92.2116.1.2",
        ),
        Step(
            "Each catapult fires once a Game-Turn. Click End phase: the defenders' catapults "
            "may answer.",
            "end_phase",
            replies=("end_phase",),
        ),
        Step(
            "Movement: a defender stands on the East road by the Main Gate (1918), a road hex you "
            "must hold. Bring a unit next to it: click Light Orc Infantry 2 to 1919, the East "
            "road to Osgiliath.",
            "march.5.1621.1919.8._",
        ),
        Step(
            "A unit that ends next to an enemy must fight it in your combat phase. Click End "
            "movement.",
            "move_done",
        ),
        Step(
            "Combat: in melee both units strike at once, each hitting on a roll of two dice; "
            "a unit hit rolls its morale and may retreat or break. Click Light Orc Infantry 2 "
            "melee Gondor Axeman 1.",
            "melee.5.57.1918.12.9",
            replies=("retreat.57.1717",),
        ),
        Step(
            "The defender fell back. Advance onto the road by the Main Gate: your troops are the "
            "last there, one of the two East road hexes your victory needs. Click Advance Light "
            "Orc Infantry 2 into 1918, East road.",
            "advance.5.1918",
        ),
    ),
    done=(
        "You hurled a Head into the city and won a melee on the road. Keep adding to the "
        f"garrison's losses while sparing your own, and keep the road to the end. {GOAL}"
    ),
)

DEFENDER_GOAL = (
    "Sauron wins after Game-Turn 16 only if all three hold: Minas Tirith's garrison is "
    "demoralized (its losses reach its limit), his army is not, and his troops were the last on "
    'both hexes marked "East road" on the map (by the Main Gate and at the east edge). Deny him '
    "any one of the three and you, Westernesse, win."
)

DEFENCE = Lesson(
    game_id="gondor",
    seats=2,
    seed=3,
    learner=1,
    title="Westernesse: magic and the defence",
    opening=("standard_deploy.1",),
    steps=(
        Step(
            "You command Westernesse, the defenders of Minas Tirith; your orders come by direct "
            f"message. {DEFENDER_GOAL} Sauron's army stands east of the walls. Click Place the "
            "rest near the Main Gate and finish: your counters go inside the walls.",
            "standard_deploy.1",
        ),
        Step(
            "Game-Turn 1, magic: Gandalf, your magic leader, moves or casts one spell with his 10 "
            "points. By day Break Darkness makes every Mordor unit strike one worse and stops "
            "Sauron's rallies: click Cast Break Darkness with 6 points (sure).",
            "cast.84.4.6",
        ),
        Step(
            "Break Darkness holds until this phase next Game-Turn. One spell a phase: click End "
            "phase. Sauron's magic and siege phases follow.",
            "end_phase",
            replies=("end_phase", "end_phase"),
        ),
        Step(
            "Siege phase: after Sauron's, your catapults hurl fireballs. Fire burns catapults and "
            "siege towers (and the units with them): hit his Catapult 1, east of the Main Gate. "
            "At range 3 or more a fireball may scatter. Click Catapult 1 hurls a fireball at 1921, "
            "Pelennor fields.",
            "hurl.98.1921.0.4",
        ),
        Step(
            "Sauron's catapult burns. Click End phase: Sauron moves and fights, then his magic "
            "leader may act again.",
            "end_phase",
            replies=("select.4.2021", "move.1919.3._", "move_done", "end_phase", "end_phase"),
        ),
        Step(
            "An orc marched up the road from Osgiliath, next to the Main Gate. Second magic phase: "
            "Gandalf cast a spell this Game-Turn and may only move; he is safer in the city: "
            "click End phase.",
            "end_phase",
        ),
        Step(
            "Your movement. The Main Gate's outer hex is an East road hex Sauron must hold to "
            "win: stand on it and he must drive you off to take it back. Click Select Gondor "
            "Mounted Knight 1 (1815, city level 1), a strong cavalry unit.",
            "select.55.1815",
        ),
        Step(
            "Your own gate is open to you for free. Click Move to 1918, East road: the knight "
            "ends next to the orc, so it must fight it in your combat phase.",
            "move.1918.6._",
        ),
        Step(
            "The knight left a cauldron's hex: a unit may carry its oil to pour on attackers "
            "below the walls. Out on the road it is of no use: click Leave it.",
            "leave_oil",
        ),
        Step(
            "Every group may move once a phase; the walls already hold your other units. Click "
            "End movement.",
            "move_done",
        ),
        Step(
            "Your combat: both units strike at once, each hitting on two dice at or under its "
            "number; Break Darkness lowers the orc's. Click Gondor Mounted Knight 1 melee Light "
            "Orc Infantry 1.",
            "melee.55.4.1919.9.3",
            replies=("retreat.4.2019",),
        ),
        Step(
            "The orc was hit, shaken (disrupted) and fell back. Advancing would leave the road "
            "hex by the gate: click Stay, and the East road by the Main Gate stays yours.",
            "stay",
        ),
    ),
    done=(
        "You cast a spell, burnt a catapult and won back the road by the Main Gate. Keep the "
        "garrison's losses below its limit, make Sauron's army lose heart, or hold one East road "
        f"hex to the end. {DEFENDER_GOAL}"
    ),
)

LESSONS = (FIRST_TURN, SIEGE, DEFENCE)
