"""The Galdor's Grip lesson: the suggested build, then two turns of rotating and exploring."""

from engines.lessons import Lesson, Step

FIRST_TURN = Lesson(
    game_id="galdors_grip",
    seats=1,
    seed=2,
    steps=(
        Step(
            "First the deck is built. Click Use the suggested build: six cards join the core "
            "deck and you look at them. The whole deck is your hand, and its order is the puzzle.",
            "suggest.c",
        ),
        Step(
            "Each turn the top card turns face-up: Sunlit Memory. Its left side is the active "
            "one: value 1, no star. It has the rotate symbol, so click Rotate: upside down its "
            "value is 6, with a ⭐.",
            "rotate.sunlit_memory",
        ),
        Step(
            "Now explore: move as many cards from the top to the bottom as the active value, "
            "keeping their order. Each move button says which card it brings to the top. Click "
            "Move 6.",
            "move.6.top.0._.unseen",
        ),
        Step(
            "The top card may go anywhere in the moved stack. Place it 1st: it goes to the bottom "
            "first, face-up, and its ⭐ keeps counting.",
            "place.1",
        ),
        Step(
            "Turn 2: Last Light is on top, value 3 and a ⭐ as it lies. Keep it so: click Move 3.",
            "move.3.top.0._.unseen",
        ),
        Step(
            "This time put the top card 3rd, under the other two moved cards: where a card "
            "lands decides when you meet it again.",
            "place.3",
        ),
    ),
    done=(
        "Turn by turn, gather ⭐ from face-up cards; with enough ⭐, meet the upside-down Galdor's "
        "Grip on top to trap Feragot. Meeting a Figment of Feragot a third time loses."
    ),
)

LESSONS = (FIRST_TURN,)
