"""Builders for Galdor's Grip scenarios: a deck written top first as short card specs.

A spec is a card id with marks: ``+`` face-up (seen on an earlier turn), ``!`` upside-down,
``?`` face-down but peeked, ``:1`` the second face of a Forked Path card. E.g. ``"+figment_a!"``
is a Figment of Feragot already showing its dangerous side.
"""

from __future__ import annotations

from engines.galdors_grip import GAME, GaldorsGrip
from engines.galdors_grip import rules as R
from engines.galdors_grip.actions import Move
from engines.galdors_grip.state import CardState, GripState, Options


def card(spec: str) -> CardState:
    """One deck card from its spec."""
    face = 0
    if ":" in spec:
        spec, face_text = spec.split(":")
        face = int(face_text)
    up, peeked, inverted = spec.startswith("+"), spec.startswith("?"), spec.endswith("!")
    card_id = spec.strip("+?!")
    return CardState(
        id=card_id,
        face=face,
        inverted=inverted,
        face_up=up,
        peeked=peeked,
        revealed_turn=1 if up else -1,
        changed_turn=1,
        tops=1 if up else 0,
    )


def deal(specs: list[str], *, turn: int = 5, advance: bool = True, **options) -> GaldorsGrip:
    """A game about to start turn ``turn`` with this deck (top first).

    With ``advance`` the turn starts at once: the top card is encountered and the game waits
    for the first decision; otherwise call ``begin`` after adjusting the state.
    """
    deck = [card(s) for s in specs]
    state = GripState(
        options=Options(**options),
        deck=deck,
        turn=turn - 1,
        step="moving",
    )
    game = GAME(state)
    if advance:
        begin(game)
    return game


def begin(game: GaldorsGrip) -> list[str]:
    """Run the game on to its next decision; the texts of the events."""
    return [e.text for e in R.advance(game.state)]


def labels(game: GaldorsGrip) -> list[str]:
    """The labels of the legal actions."""
    return [a.label() for a in game.legal_actions(0)]


def act(game: GaldorsGrip, label: str) -> list[str]:
    """Apply the legal action with that label, or the only one starting with it (a move
    without its "→ destination"); the texts of the events."""
    actions = game.legal_actions(0)
    matches = [a for a in actions if a.label() == label] or [
        a for a in actions if a.label().startswith(label + " ")
    ]
    if len(matches) != 1:
        raise AssertionError(f"no single action {label!r} among {labels(game)}")
    return [e.text for e in game.apply(0, matches[0])]


def moves(game: GaldorsGrip) -> list[str]:
    """The labels of the legal moves without their destinations."""
    return [a.what() for a in game.legal_actions(0) if isinstance(a, Move)]


def ids(game: GaldorsGrip) -> list[str]:
    """The deck's card ids, top first."""
    return [cs.id for cs in game.state.deck]


def get(game: GaldorsGrip, card_id: str) -> CardState:
    """The deck card with that id."""
    return next(cs for cs in game.state.deck if cs.id == card_id)


FILLER = [
    "binding_stones_1",
    "binding_stones_2",
    "binding_stones_3",
    "binding_stones_4",
    "veiled_stair",
    "sunlit_memory",
    "whispering_orchard",
    "wardens_oath",
    "lantern_of_recall",
    "ember_reverie",
    "deeproot_depths",
    "galdors_grip",
    "feragots_fortress",
    "frenzied_flame",
]
"""Core cards in a fixed order, to fill a deck up behind the cards a test is about."""


def fill(*specs: str) -> list[str]:
    """The specs followed by face-down filler cards not already named, 18 cards in all."""
    used = {s.strip("+?!").split(":")[0] for s in specs}
    figments = [f"figment_{c}" for c in "abcd"]
    rest = [c for c in FILLER + figments if c not in used]
    return [*specs, *rest][:18]
