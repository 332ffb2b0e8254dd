"""Gondolin Cards behind the engine contract (a solo game: one seat, 0)."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, Self

from engines.base import Action, Event, Game, Result, Unavailable
from engines.gondolin import determinize, policy
from engines.gondolin.actions import (
    ACTION_TYPES,
    ChooseLocation,
    ChooseTarget,
    DestroyCard,
    EndDefence,
    EndTurn,
    PickCard,
    PlayCard,
    UseCard,
)
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.effects import card_of
from engines.gondolin.help import PHASE_HELP
from engines.gondolin.modifiers import stats
from engines.gondolin.phases import (
    choose,
    destroy_for_upkeep,
    end_defence,
    end_turn,
    hand_options,
    play_card,
    upkeep_cards,
    use_card,
    use_options,
)
from engines.gondolin.setup import (
    found_at,
    hand_choices,
    initial_state,
    location_choices,
    pick_card,
)
from engines.gondolin.siege import attack_turn
from engines.gondolin.state import GondolinState, InPlay
from engines.gondolin.views import GOAL, GondolinView, audience_view, view_model
from engines.rng import Random
from engines.text import join_and

Options = tuple[list[tuple[str, int, str | None]], list[tuple[InPlay, str | None]]]
"""The hand's cards (id, price, why not now) and the abilities in play (card, why not now)."""


class Gondolin(Game[GondolinState]):
    """Lead a settlement through a story of sieges: survive every turn to score."""

    game_id: ClassVar[str] = "gondolin"
    title: ClassVar[str] = "Gondolin Cards"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    state_type: ClassVar[type[GondolinState]] = GondolinState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    auto_play_all: ClassVar[bool] = True  # nothing is hidden: the switch decides every one
    light_turns: ClassVar[bool] = True  # a turn costs about a millisecond
    auto_play_default: ClassVar[bool] = True
    _viewed: tuple[str, GondolinView] | None = None
    """The last view built and the state it shows (as JSON): the player's and the channel's
    views of a position differ only in their audience, so a click builds one, not two."""
    _kept_options: tuple[str, Options] | None = None
    """The last ``_options`` and the state they are for (as JSON)."""

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
        if st.phase == "choose_location":
            return [ChooseLocation(card=c) for c in location_choices(st)]
        if st.phase == "choose_hand":
            return [PickCard(card=c) for c in hand_choices(st)]
        if st.phase == "choose_target" and st.target is not None:
            return [ChooseTarget(uid=u, card=card_of(st, u)) for u in st.target.uids]
        if st.phase == "maintenance":
            first = {x.card: x for x in reversed(upkeep_cards(st))}
            return [
                DestroyCard(uid=x.uid, card=x.card) for x in upkeep_cards(st) if first[x.card] is x
            ]
        hand, uses = self._options()
        actions: list[Action] = [PlayCard(card=c, cost=r) for c, r, why in hand if why is None]
        actions += [UseCard(uid=x.uid, card=x.card) for x, why in uses if why is None]
        actions.append(EndDefence() if st.phase == "defence" else EndTurn(turn=st.turn))
        return actions

    def _options(self) -> Options:
        """The hand's cards and the abilities in play, each with why not now (None: it may).

        Both the legal moves and the unavailable ones read them: worked out once per position
        (kept with the state's JSON, which any move changes).
        """
        key = self.to_json()
        if self._kept_options is None or self._kept_options[0] != key:
            self._kept_options = (key, (hand_options(self.state), use_options(self.state)))
        return self._kept_options[1]

    def check(self, seat: int, action: Action) -> None:
        """As the contract's, but any copy of a card may be destroyed for upkeep.

        The maintenance check offers one copy of each card: every copy is the same then
        (nothing has been used yet this turn), so one button per card; a stored game that
        named another copy still replays.
        """
        st = self.state
        if (
            isinstance(action, DestroyCard)
            and st.phase == "maintenance"
            and seat == 0
            and any(x.uid == action.uid and x.card == action.card for x in upkeep_cards(st))
        ):
            return
        super().check(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        st = self.state
        hand_before = Counter(st.hand)
        if isinstance(action, ChooseLocation):
            lines = found_at(st, action.card)
        elif isinstance(action, PickCard):
            lines = pick_card(st, action.card)
        elif isinstance(action, ChooseTarget):
            lines = choose(st, action.uid)
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
            events.append(Event(text=f"New in your hand: {names}."))
        return events

    def unavailable_actions(self, seat: int) -> list[Unavailable]:
        """Hand cards and abilities that cannot be played now, each with the reason."""
        st = self.state
        if seat != 0 or st.phase not in ("defence", "main"):
            return []
        out = []
        hand, uses = self._options()
        for cid, price, why in hand:
            if why is not None:
                label = PlayCard(card=cid, cost=price).label()
                out.append(Unavailable(label=label, reason=f"{CATALOGUE.card(cid).name}: {why}"))
        for x, why in uses:
            if why is not None:
                label = UseCard(uid=x.uid, card=x.card).label()
                out.append(Unavailable(label=label, reason=f"{CATALOGUE.card(x.card).name}: {why}"))
        return out

    def auto_play_pauses(self, seat: int) -> bool:
        """An attack is fought when this Defence phase ends: the player sees it coming."""
        st = self.state
        when = attack_turn(st)
        return st.phase == "defence" and when is not None and when <= st.turn

    def confirm_text(self, seat: int, action: Action) -> str | None:
        """Ending the Defence phase into a lost or costly attack asks first, saying what follows."""
        st = self.state
        if not isinstance(action, EndDefence) or not st.enemies:
            return None
        if not st.defenders:
            return (
                "End the Defence phase with no Defender in play? The besiegers take the "
                "settlement and the game ends."
            )
        when = attack_turn(st)
        if when is None or when > st.turn:
            return None
        now = stats(st)
        flyers = [CATALOGUE.card(x.card).name for x in st.enemies if CATALOGUE.enemy(x.card).flying]
        if flyers and not now.anti_flying:
            return (
                f"End the Defence phase? {join_and(flyers)} fly over the walls and nothing in "
                "play defends against flying: the settlement falls and the game ends."
            )
        if now.td < now.ta:
            return (
                f"End the Defence phase with TD {now.td} below TA {now.ta}? The attack "
                "overruns the settlement and the game ends."
            )
        if now.td == now.ta:
            return (
                f"End the Defence phase with TD {now.td} equal to TA {now.ta}? Every Defender "
                "and every attacker is destroyed; the settlement survives."
            )
        return None

    def chapter(self) -> str:
        """A replay steps by turn and phase."""
        return f"Turn {self.state.turn} · {self.state.phase.replace('_', ' ')}"

    def goal(self) -> str:
        """How to win and how the game ends, in one line."""
        return GOAL

    def phase_help(self, seat: int | None) -> str:
        """What the current phase is about and how to choose (from data/gondolin)."""
        return PHASE_HELP.get(self.state.phase, "")

    def view(self, seat: int | None) -> dict[str, Any]:
        """The player's view (seat 0) or the channel's (None); the hand is face-up in both.

        Built once per position (kept with the state's JSON, which any move changes), dumped
        afresh for each caller: no two views share a part.
        """
        key = self.to_json()
        if self._viewed is None or self._viewed[0] != key:
            self._viewed = (key, view_model(self.state))
        return audience_view(self._viewed[1], seat)

    def resample(self, seat: int, rng: Random) -> Self:
        """The deck's order (and a drawn event) dealt again (engines/gondolin/determinize.py)."""
        return type(self)(determinize.redeal(self.state, rng))

    def rollout_action(self, seat: int, rng: Random) -> Action:
        """A quick sensible move (engines/gondolin/policy.py)."""
        return policy.rollout_action(self.state, self.legal_actions(seat), rng)

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
