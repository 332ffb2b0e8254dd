"""The Gondolin lesson: saving resources, a siege, Defenders, and the attack they beat."""

from engines.lessons import Lesson, Step

FIRST_TURN = Lesson(
    game_id="gondolin",
    seats=1,
    seed=17,
    options={"mode": "hard"},
    steps=(
        Step(
            "Your hand is dealt (in a real game you pick it). R is what you pay with; each turn "
            "half of S comes in, minus M, the upkeep of your cards. No enemy is near, and every "
            "Defender costs M each turn: keep your R. Click End turn 1.",
            "end.1",
        ),
        Step(
            "Turn 2: Orc Raiders besiege the settlement, attack TA 3, and strike on turn 3. Now "
            "is the time for Defenders: each adds its D to your total defence TD. Click Play "
            "Spear-warden (D2).",
            "play.spear_warden.2",
        ),
        Step(
            "TD 2 is below TA 3: that would lose. Click Play Archers of the Wall (D2), which also "
            "stop flying enemies.",
            "play.wall_archers.2",
        ),
        Step(
            "TD 4 beats TA 3. Click End Defence phase; the Main phase follows, for cards that "
            "build the settlement.",
            "hold",
        ),
        Step(
            "Nothing more is worth buying now: your R stays for later. Click End turn 2.",
            "end.2",
        ),
        Step(
            "Turn 3: the siege turns into an attack. TD 4 against TA 3: click End Defence phase "
            "and watch your Defenders win, which destroys the raiders and gives their bonus.",
            "hold",
        ),
    ),
    done=(
        "Each turn: income, a draw, the story's events, then Defence and Main. Survive to the "
        "story's last turn for your score; an attack your TD does not beat ends the game."
    ),
)

LESSONS = (FIRST_TURN,)
