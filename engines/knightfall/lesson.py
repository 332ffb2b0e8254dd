"""The Knightfall lesson: one round against the computer, from the muster to the new Knight.

The texts are on the public board too, so they never name a card: the button does.
"""

from engines.lessons import Lesson, Step

FIRST_TURN = Lesson(
    game_id="knightfall",
    seats=2,
    seed=7,
    opening=("muster.0.A2-A3-M2-A1.19-50-49-5-14",),
    steps=(
        Step(
            "Your five cards are in your direct messages. First you muster them: one becomes "
            "your Knight, who defends your camp, the others your Archers and Mages, who attack. "
            "Your cards stay face-down to the computer. In your direct messages, click the "
            "Muster move: it keeps your second-best card as Knight and puts your best one in "
            "Archer 1.",
            "muster.4.A1-A3-M2-A2.9-0-20-41-46",
            replies=("place.11.M1",),
        ),
        Step(
            "Each round starts with a draw. Your new card is red, like your Mage 2: put it in "
            "Mage 1 beside it. Three linked cards of one colour pay for a special power later.",
            "place.33.M1",
            replies=("defend",),
        ),
        Step(
            "Now both players toss a secret coin: Attack or Defend. Your Archer 1 is strong, so "
            "click Attack. (Attack with … names the fighting card at once; plain Attack lets you "
            "pick it after the coins are shown.)",
            "attack",
        ),
        Step(
            "The computer defended: your card fights its Knight, which gets +1. Pick your "
            "strongest card, in Archer 1: the higher power wins and returns face-up (WEAK), "
            "the loser is discarded.",
            "battle.A1.9",
            replies=("pass",),
        ),
        Step(
            "You won the battle: the computer's Knight is gone. Now special powers: paying three "
            "linked cards of one colour makes an enemy card WEAK (Archers) or reverses the "
            "battle (Mages). Your cards are worth more in your camp: click Pass.",
            "pass",
            replies=("move.A2.50",),
        ),
    ),
    done=(
        "The computer chose a new Knight, and the next round begins with a draw. The game goes "
        "on until the deck is empty; then the higher total power of your camp wins."
    ),
)

LESSONS = (FIRST_TURN,)
