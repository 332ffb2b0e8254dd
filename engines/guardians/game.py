"""The Guardians engine: the contract surface over the phase modules."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from engines.base import Action, EngineError, Event, Game, Result, Unavailable
from engines.guardians import (
    board,
    clash,
    determinize,
    movement,
    organize,
    policy,
    settlement,
    stronghold,
)
from engines.guardians.actions import ACTION_TYPES, DestroyShield, Done, FaceDown
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.combat import combat_apply, combat_legal_actions, combat_to_act
from engines.guardians.copies import one_per_copy
from engines.guardians.state import GuardiansState, Seat
from engines.guardians.views import build_view, phase_help
from engines.rng import Random, rng_for

RECENT = 8


def new_state(seed: int, options: dict[str, Any]) -> GuardiansState:
    """Shuffle each seat's deck; Guardian, Strongholds and stones from the options."""
    if "deck_lists" in options:
        lists = [list(x) for x in options["deck_lists"]]
        guardians, sets = list(options["guardians"]), list(options["strongholds"])
    else:
        decks = [CATALOGUE.decks[d] for d in options.get("decks", ["starter_1", "starter_2"])]
        lists = [d.card_list() for d in decks]
        guardians, sets = [d.guardian for d in decks], [d.strongholds for d in decks]
    if len(lists) != 2:
        raise EngineError("Guardians needs two decks.")
    for cid in [c for lst in lists for c in lst]:
        if cid not in CATALOGUE.cards:
            raise EngineError(f"Unknown card id {cid!r}.")
    cards: dict[str, str] = {}
    seats = []
    for seat in (0, 1):
        uids = [f"{'ab'[seat]}{n:02d}" for n in range(len(lists[seat]))]
        cards |= dict(zip(uids, lists[seat], strict=True))
        rng_for(seed, f"deck{seat}").shuffle(uids)
        g = CATALOGUE.guardians[guardians[seat]]
        seats.append(
            Seat(
                guardian=g.id,
                strongholds=CATALOGUE.strongholds[sets[seat]].id,
                vitality=g.vitality,
                stones=g.stones,
                deck=uids,
            )
        )
    state = GuardiansState(seed=seed, seats=seats, cards=cards)
    organize.start_organize(state)
    return state


class Guardians(Game[GuardiansState]):
    """Guardians (FPG 1995): Shields of creatures fight over six disputed lands."""

    game_id: ClassVar[str] = "guardians"
    title: ClassVar[str] = "Guardians"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type[BaseModel]] = GuardiansState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    auto_play_option: ClassVar[str | None] = "Play my only choices for me"

    @classmethod
    def initial_state(cls, n: int, seed: int, options: dict[str, Any]) -> GuardiansState:
        """Shuffle the decks and draw the first 12 cards each."""
        return new_state(seed, options)

    def to_act(self) -> list[int]:
        """Seats that may act now (both while organising)."""
        s = self.state
        match s.phase:
            case "organize":
                return [i for i, x in enumerate(s.seats) if not x.ready]
            case "combat":
                return combat_to_act(s.combat) if s.combat else []
            case "move":
                if s.retreat is not None:
                    return [s.retreat.seat]
                if s.challenge is not None:
                    return [stronghold.challenge_seat(s)]
                return [s.mover]
            case "settle":
                return sorted(set(s.settle.values()))
            case _:
                return []

    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions for ``seat`` in a deterministic order, one per interchangeable copy."""
        return one_per_copy(self.state, seat, self._every_action(seat))

    def check(self, seat: int, action: Action) -> None:
        """As the contract's, but a move naming any copy of a card is legal (see ``copies``)."""
        if not self.is_over and action in self._every_action(seat):
            return
        super().check(seat, action)

    def _every_action(self, seat: int) -> list[Action]:
        """Every legal action, one per copy of a card."""
        s = self.state
        if seat not in self.to_act():
            return []
        match s.phase:
            case "organize":
                return organize.organize_actions(s, seat)
            case "combat":
                assert s.combat is not None
                return combat_legal_actions(s.combat, seat, board.cards_map(s))
            case "move":
                if s.retreat is not None:
                    return clash.retreat_actions(s, seat)
                if s.challenge is not None:
                    return stronghold.challenge_actions(s, seat)
                return movement.move_actions(s, seat)
            case "settle":
                return settlement.settle_actions(s, seat)
            case _:
                return []

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Dispatch to the phase module, then the immediate win checks."""
        s = self.state
        if s.phase == "organize":
            events = organize.apply_organize(s, seat, action)
            if all(x.ready for x in s.seats):
                organize.commit(s)
                events += movement.start_up(s)
        elif s.phase == "combat":
            assert s.combat is not None
            events = combat_apply(s.combat, seat, action, board.cards_map(s))
            events += clash.after_combat_action(s)
        elif s.retreat is not None:
            events = clash.apply_retreat(s, seat, action)
        elif s.challenge is not None:
            events = stronghold.apply_challenge(s, seat, action)
        elif s.phase == "move":
            events = movement.apply_move(s, seat, action)
        else:
            events = settlement.apply_settle(s, seat, action)
        events += settlement.check_end(s)
        s.log = (s.log + [e.text for e in events if e.seat is None])[-RECENT:]
        return events

    def auto_play_reveals(self, seat: int) -> bool:
        """Organising and settling depend on hidden cards; combat and challenge choices too.

        A forced shield turn, step or retreat follows from the open board.
        """
        s = self.state
        return s.phase in ("organize", "settle", "combat") or s.challenge is not None

    def confirm_text(self, seat: int, action: Action) -> str | None:
        """Destroying your own Shield counts for the opponent; face-down terrain costs a stone."""
        if isinstance(action, DestroyShield):
            return "Destroy this Shield and its creatures? It counts for your opponent's goal."
        if isinstance(action, FaceDown):
            return "Spend a power stone to place this card face-down as terrain?"
        return None

    def unavailable_actions(self, seat: int) -> list[Unavailable]:
        """Done organising while the Storage Hand is over 7 cards."""
        s = self.state
        if s.phase == "organize" and seat in self.to_act() and not s.seats[seat].up_choice:
            excess = organize.storage_excess(s, seat)
            if excess:
                return [
                    Unavailable(
                        label=Done().label(),
                        reason=f"Discard {excess} more from your Storage Hand (7 at most).",
                    )
                ]
        return []

    def phase_help(self, seat: int | None) -> str:
        """The current phase explained (data/guardians/phases.toml)."""
        return phase_help(self.state, seat)

    def resample(self, seat: int, rng: Random) -> Guardians:
        """Re-deal the cards hidden from ``seat``; the opponent makes its secret choice anew."""
        state, remake = determinize.redeal(self.state, seat, rng)
        game = Guardians(state)
        other, log = 1 - seat, list(state.log)
        if remake and state.phase == "organize":
            while not state.seats[other].ready:
                game.apply_unchecked(other, game.rollout_action(other, rng))
        elif remake:
            game.apply_unchecked(other, game.rollout_action(other, rng))
        state.log = log  # the table already read that the choice was made
        return game

    def rollout_action(self, seat: int, rng: Random) -> Action:
        """A quick sensible move (engines/guardians/policy.py)."""
        s = self.state
        if s.phase == "organize":  # the policy never picks a single placement: skip listing them
            legal = (
                organize.organize_actions(s, seat, single=False) if seat in self.to_act() else []
            )
            return policy.choose(s, seat, legal, rng)
        return policy.choose(s, seat, self._every_action(seat), rng)  # no buttons: every copy

    def evaluate(self, seat: int) -> float:
        """The chance to win estimated from Shields, lands, Guardians and forces."""
        return policy.evaluate(self.state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (None: the channel), as JSON-ready data."""
        return build_view(self.state, seat, self.to_act())

    @property
    def is_over(self) -> bool:
        """Whether someone has won (or the turn limit was reached)."""
        return self.state.phase == "over"

    @property
    def result(self) -> Result | None:
        """Winners, lands held as scores, and the reason."""
        s = self.state
        if s.phase != "over":
            return None
        scores: dict[int, int | float] = {i: board.lands_of(s, i) for i in (0, 1)}
        return Result(winners=list(s.winners or []), scores=scores, summary=s.summary)
