"""Gondolin Cards behind the engine contract (a solo game: one seat, 0)."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from engines.base import Action, Event, Game, Result
from engines.gondolin.actions import (
    ACTION_TYPES,
    DestroyCard,
    EndDefence,
    EndTurn,
    PickCard,
    PlayCard,
    UseCard,
)
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.phases import (
    destroy_for_upkeep,
    end_defence,
    end_turn,
    play_card,
    playable,
    upkeep_cards,
    usable,
    use_card,
)
from engines.gondolin.setup import hand_choices, initial_state, pick_card
from engines.gondolin.state import GondolinState
from engines.gondolin.views import build_view


class Gondolin(Game[GondolinState]):
    """Lead a settlement through a story of sieges: survive every turn to score."""

    game_id: ClassVar[str] = "gondolin"
    title: ClassVar[str] = "Gondolin Cards"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    state_type: ClassVar[type[GondolinState]] = GondolinState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    @classmethod
    def initial_state(cls, n: int, seed: int, options: dict[str, Any]) -> GondolinState:
        """Set up from options ``story``, ``deck`` and ``mode`` (see ``setup.parse_options``)."""
        return initial_state(seed, options)

    def to_act(self) -> list[int]:
        """The player, until the story ends."""
        return [] if self.state.phase == "over" else [0]

    def legal_actions(self, seat: int) -> list[Action]:
        """The choices of the current phase, in a fixed order."""
        st = self.state
        if seat != 0 or st.phase == "over":
            return []
        if st.phase == "choose_hand":
            return [PickCard(card=c) for c in hand_choices(st)]
        if st.phase == "maintenance":
            return [DestroyCard(uid=x.uid, card=x.card) for x in upkeep_cards(st)]
        actions: list[Action] = [PlayCard(card=c, cost=r) for c, r in playable(st)]
        actions += [UseCard(uid=x.uid, card=x.card) for x in usable(st)]
        actions.append(EndDefence() if st.phase == "defence" else EndTurn(turn=st.turn))
        return actions

    def _apply(self, seat: int, action: Action) -> list[Event]:
        st = self.state
        hand_before = Counter(st.hand)
        if isinstance(action, PickCard):
            lines = pick_card(st, action.card)
        elif isinstance(action, DestroyCard):
            lines = destroy_for_upkeep(st, action.uid)
        elif isinstance(action, PlayCard):
            lines = play_card(st, action.card, action.cost)
        elif isinstance(action, UseCard):
            lines = use_card(st, action.uid, action.card)
        elif isinstance(action, EndDefence):
            lines = end_defence(st)
        else:
            lines = end_turn(st)
        events = [Event(text=line) for line in lines]
        new = Counter(st.hand) - hand_before
        if new:
            names = ", ".join(CATALOGUE.card(c).name for c in sorted(new.elements()))
            events.append(Event(text=f"New in your hand: {names}.", seat=0))
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        """The player's view (seat 0) or the spectators' view (None)."""
        return build_view(self.state, seat)

    @property
    def is_over(self) -> bool:
        """Whether the story has ended, one way or the other."""
        return self.state.phase == "over"

    @property
    def result(self) -> Result | None:
        """Survival wins with the story's score; a fallen settlement scores 0."""
        st = self.state
        if st.phase != "over":
            return None
        won = st.outcome == "survived"
        return Result(winners=[0] if won else [], scores={0: st.score}, summary=st.end_text)
