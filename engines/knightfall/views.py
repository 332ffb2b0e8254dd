"""Views: typed models built from the state for one viewer (see docs/design/knightfall-view.md).

An opponent's STRONG card becomes a back (``card: null``) until the game is over; the deck
order, the seed and the other player's pending choices never appear.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engines.knightfall.camp import LAYOUT
from engines.knightfall.cards import Card
from engines.knightfall.rounds import final_result, who
from engines.knightfall.routes import seats_to_act
from engines.knightfall.rules import carry_out_draw
from engines.knightfall.state import Fighter, KnightfallState, PlayerState, Stage
from engines.lookup import CardLookup
from engines.text import join_and


class CardView(BaseModel):
    """A face-up card."""

    rank: str
    suit: Literal["H", "D", "C", "S"]
    power: int
    colour: Literal["red", "black"]
    label: str

    @classmethod
    def of(cls, card: Card) -> CardView:
        """Show ``card`` face-up."""
        return cls(
            rank=card.rank_name,
            suit=card.suit,
            power=card.power,
            colour=card.colour,
            label=card.label,
        )


class SlotView(BaseModel):
    """An occupied slot; ``card`` is None for a card this viewer cannot see."""

    status: Literal["strong", "weak"]
    card: CardView | None


class PlayerView(BaseModel):
    """One camp as this viewer sees it."""

    seat: int
    slots: dict[str, SlotView | None]
    troop_size: int
    strong_count: int
    visible_power: int
    ready: bool


class LayoutSlotView(BaseModel):
    """A slot of the camp map."""

    id: str
    role: str
    row: int
    col: int


class LayoutView(BaseModel):
    """The camp map (from data/knightfall/camp.json)."""

    slots: list[LayoutSlotView]
    links: list[list[str]]


class FighterView(BaseModel):
    """A card revealed in battle; power includes the Knight's +1."""

    slot: str
    card: CardView
    power: int


class BattleView(BaseModel):
    """The last revealed coins and battle."""

    round: int
    coins: dict[str, Literal["attack", "defend"]]
    cards: dict[str, FighterView]
    outcome: str
    winner: int | None
    reversed_by: list[int]


class PowerView(BaseModel):
    """A power used in the round of the last battle."""

    seat: int
    power: Literal["archer", "mage"]
    paid: list[CardView]
    target: str | None


class YouView(BaseModel):
    """The viewer's own private information."""

    seat: int
    drawn: list[CardView]
    coin: Literal["attack", "defend"] | None
    battle_slot: str | None
    score: int


class ResultView(BaseModel):
    """The final count."""

    winners: list[int]
    scores: dict[str, int]
    summary: str


GOAL = (
    "Keep the stronger camp: when the draw pile runs out, the higher total power of the cards "
    "left in your camp wins (equal totals: a draw)."
)
"""How to win and how the game ends, in one line (rules: Objective, Stage 6)."""


class KnightfallView(BaseModel):
    """Everything one viewer may know."""

    game: Literal["knightfall"] = "knightfall"
    goal: str = GOAL
    viewer: int | None
    round: int
    stage: Stage
    deck_count: int
    layout: LayoutView
    players: list[PlayerView]
    discard: list[CardView]
    waiting_for: list[int]
    last_battle: BattleView | None
    powers: list[PowerView]
    you: YouView | None
    result: ResultView | None
    status: str
    """One line without a final full stop; renderers add it (``engines.text.sentence``)."""


class LookupCardView(BaseModel):
    """The card a lookup page shows (its face only: power and colour are in the text)."""

    rank: str
    suit: Literal["H", "D", "C", "S"]
    label: str


class KnightfallLookupView(BaseModel):
    """A card lookup view, as the lookup command sends it to the renderer."""

    game: Literal["knightfall"] = "knightfall"
    lookup: CardLookup[LookupCardView]


def is_ready(state: KnightfallState, seat: int) -> bool:
    """Whether ``seat`` has locked in its decision for the current stage (no content)."""
    player = state.players[seat]
    match state.stage:
        case "muster":
            return player.knight_chosen and not player.hand
        case "draw":
            return player.draw_choice is not None
        case "coins":
            return player.coin is not None
        case "battle":
            return player.coin != "attack" or player.battle_slot is not None
        case "powers":
            return player.acted
        case _:
            return seat not in seats_to_act(state)


def _player_view(state: KnightfallState, seat: int, viewer: int | None) -> PlayerView:
    player: PlayerState = state.players[seat]
    open_all = state.stage == "over" or viewer == seat
    slots: dict[str, SlotView | None] = {}
    visible = 0
    for sid, held in player.slots.items():
        if held is None:
            slots[sid] = None
            continue
        shown = open_all or held.status == "weak"
        slots[sid] = SlotView(status=held.status, card=CardView.of(held.card) if shown else None)
        visible += held.card.power if shown else 0
    return PlayerView(
        seat=seat,
        slots=slots,
        troop_size=len(player.troop()),
        strong_count=player.strong_count(),
        visible_power=visible,
        ready=is_ready(state, seat),
    )


def _fighter_view(f: Fighter) -> FighterView:
    return FighterView(slot=f.slot, card=CardView.of(f.card), power=f.power)


def _status(state: KnightfallState, waiting: list[int]) -> str:
    """One line without a final full stop ("Round 3 · waiting for both decision coins")."""
    prefix = f"Round {state.round}"
    names = join_and([who(s) for s in waiting]) if len(waiting) < 2 else "both players"
    match state.stage:
        case "muster":
            return f"{prefix} · muster: waiting for {names} to place their cards"
        case "draw":
            return f"{prefix} · waiting for {names} to place or exchange"
        case "coins":
            coins = "both decision coins" if len(waiting) == 2 else f"{names}'s decision coin"
            return f"{prefix} · waiting for {coins}"
        case "battle":
            return f"{prefix} · battle: waiting for {names} to pick a card"
        case "powers":
            if state.shooting is not None:
                return f"{prefix} · special powers: {names} to aim the Archers"
            return f"{prefix} · special powers: {names} to act"
        case "knight":
            return f"{prefix} · waiting for {names} to choose a new Knight"
        case _:
            return f"Game over · {final_result(state).summary.removesuffix('.')}"


def build_view(state: KnightfallState, viewer: int | None) -> KnightfallView:
    """The view model for ``viewer`` (None: the public channel)."""
    waiting = seats_to_act(state)
    ready = [is_ready(state, s) for s in range(len(state.players))]
    shown = state
    if (
        viewer is not None
        and state.stage == "draw"
        and state.players[viewer].draw_choice is not None
    ):
        # The viewer sees their own pending decision carried out; nobody else does.
        shown = state.model_copy(deep=True)
        carry_out_draw(shown, viewer)
    players = [_player_view(shown, s, viewer) for s in range(len(state.players))]
    for s, player in enumerate(players):
        player.ready = ready[s]
    record = state.battle
    last_battle = None
    if record is not None:
        last_battle = BattleView(
            round=record.round,
            coins={str(s): c for s, c in enumerate(record.coins)},
            cards={str(f.seat): _fighter_view(f) for f in record.cards},
            outcome=record.outcome,
            winner=record.winner.seat if record.winner is not None else None,
            reversed_by=list(record.reversed_by),
        )
    you = None
    if viewer is not None:
        me = shown.players[viewer]
        you = YouView(
            seat=viewer,
            drawn=[CardView.of(c) for c in me.hand],
            coin=me.coin,
            battle_slot=me.battle_slot,
            score=me.score(),
        )
    result = None
    if state.stage == "over":
        final = final_result(state)
        result = ResultView(
            winners=final.winners,
            scores={str(s): int(v) for s, v in final.scores.items()},
            summary=final.summary,
        )
    return KnightfallView(
        viewer=viewer,
        round=state.round,
        stage=state.stage,
        deck_count=len(state.deck),
        layout=LayoutView(
            slots=[
                LayoutSlotView(id=s.id, role=s.role, row=s.row, col=s.col) for s in LAYOUT.slots
            ],
            links=[[a, b] for a, b in LAYOUT.links],
        ),
        players=players,
        discard=[CardView.of(c) for c in shown.discard],
        waiting_for=waiting,
        last_battle=last_battle,
        powers=[
            PowerView(
                seat=p.seat, power=p.power, paid=[CardView.of(c) for c in p.paid], target=p.target
            )
            for p in state.powers
        ],
        you=you,
        result=result,
        status=_status(state, waiting),
    )
