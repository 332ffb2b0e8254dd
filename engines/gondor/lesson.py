"""The Gondor lesson: Sauron's first Game-Turn, from deployment to the first march."""

from engines.lessons import Lesson, Step

LESSON = Lesson(
    game_id="gondor",
    seats=2,
    seed=1,
    steps=(
        Step(
            "You command Sauron's army, east of Minas Tirith; your orders come by direct message. "
            "First you deploy your counters in rows 21-24, one at a time or all at once: click "
            "Auto-deploy the rest.",
            "auto_deploy",
        ),
        Step(
            "Your army stands on the map. Click Done: the computer, Westernesse, then deploys "
            "the city's defenders, and Game-Turn 1 begins.",
            "setup_done",
            replies=("auto_deploy", "setup_done", "end_phase"),
        ),
        Step(
            "A Game-Turn is a row of phases, each side in turn. First the wizards: your Lord of "
            "the Nazgûl may move or cast one spell. Save his strength for now: click End phase.",
            "end_phase",
        ),
        Step(
            "Siege phase: each catapult may fire once, at the walls or at the defenders. The "
            "city is still far: click End phase.",
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
        "Each Game-Turn repeats these phases, with fire and melee after the moves, for 16 "
        "Game-Turns; `/gondor rules` says how each side wins."
    ),
)
