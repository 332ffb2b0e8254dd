"""The Gondor lesson: how Sauron wins, and his first Game-Turn from deployment to a march."""

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

LESSONS = (FIRST_TURN,)
