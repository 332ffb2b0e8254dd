"""The Guardians engine: the contract surface over the phase modules."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from engines.base import Action, Alert, EngineError, Event, Game, Result, Unavailable
from engines.guardians import board, coach, determinize, move_groups, organize, policy, settlement
from engines.guardians import warnings as dangers
from engines.guardians.actions import (
    ACTION_TYPES,
    AcceptDraw,
    DeclineDraw,
    DestroyShield,
    EndMove,
    FaceDown,
    Fly,
    OfferDraw,
    Redraw,
    Retreat,
    Step,
    TurnShield,
)
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.copies import one_per_copy
from engines.guardians.routes import current_route
from engines.guardians.state import GuardiansState, Seat
from engines.guardians.views import GOAL, build_view, phase_help
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


PUBLIC_MOVES = (
    TurnShield,
    Step,
    Fly,
    EndMove,
    Retreat,
    DestroyShield,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
)
"""Moves whose label names only what the board shows (``Game.public_label``)."""


WAITS = (
    "Your only choice waits for your click: played at once, it would tell the table what you "
    "hold (or do not hold)."
)
"""Why a single choice that follows from hidden cards is not played for the player."""


class Guardians(Game[GuardiansState]):
    """Guardians (FPG 1995): Shields of creatures fight over six disputed lands."""

    game_id: ClassVar[str] = "guardians"
    title: ClassVar[str] = "Guardians"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type[BaseModel]] = GuardiansState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    auto_play_option: ClassVar[str] = "Also play my only card choices for me"

    @classmethod
    def initial_state(cls, n: int, seed: int, options: dict[str, Any]) -> GuardiansState:
        """Shuffle the decks and draw the first 12 cards each."""
        return new_state(seed, options)

    def to_act(self) -> list[int]:
        """Seats that may act now (both while organising)."""
        return current_route(self.state).to_act(self.state)

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
        route = current_route(self.state)
        return route.actions(self.state, seat) if seat in route.to_act(self.state) else []

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Apply through the current step's route, then the immediate win checks."""
        s = self.state
        events = current_route(s).apply(s, seat, action)
        events += settlement.check_end(s)
        s.log = (s.log + [e.text for e in events if e.seat is None])[-RECENT:]
        return events

    def auto_play_reveals(self, seat: int) -> bool:
        """Organising and settling depend on hidden cards; combat and challenge choices too.

        A forced shield turn, step or retreat follows from the open board.
        """
        return current_route(self.state).reveals

    def public_label(self, seat: int, action: Action) -> str | None:
        """Named: a Shield's turn, step, flight or retreat, a draw's offer or answer.

        All on the open board; a card picked up or added, or any card choice, stays unnamed.
        """
        return action.label() if isinstance(action, PUBLIC_MOVES) else None

    def confirm_text(self, seat: int, action: Action) -> str | None:
        """Destroying your own Shield counts for the opponent; face-down terrain costs a stone."""
        if isinstance(action, DestroyShield):
            return "Destroy this Shield and its creatures? It counts for your opponent's goal."
        if isinstance(action, FaceDown):
            return "Spend a power stone to place this card face-down as terrain?"
        return None

    def unavailable_actions(self, seat: int) -> list[Unavailable]:
        """Done organising while the Storage Hand is over 7 cards; creatures with no room."""
        route = current_route(self.state)
        return route.unavailable(self.state, seat) if seat in route.to_act(self.state) else []

    def action_groups(self, seat: int, actions: list[Action]) -> list[str | None]:
        """Draw & Organize moves by where the card goes ("To a Shield", "Take back"…)."""
        if self.state.phase != "organize":
            return [None] * len(actions)
        return move_groups.organize_groups(self.state, seat, actions)

    def chapter(self) -> str:
        """A replay steps by turn and phase."""
        return f"Turn {self.state.turn} · {self.state.phase}"

    def goal(self) -> str:
        """How to win and how the game ends, in one line."""
        return GOAL

    def warnings(self, seat: int) -> list[Alert]:
        """The six lands, a fifth Shield or the Guardian about to fall (from the open table)."""
        return dangers.warnings(self.state, seat)

    def phase_help(self, seat: int | None) -> str:
        """The current phase explained (data/guardians/phases.toml).

        A seat whose only choice waits for its click is told why, after the "Now:" line.
        """
        text = phase_help(self.state, seat)
        if seat is None or seat not in self.to_act() or not self.auto_play_reveals(seat):
            return text
        if len(self.legal_actions(seat)) != 1:
            return text
        now, _, rest = text.partition("\n")
        return f"{now}\n{WAITS}\n{rest}"

    def resample(self, seat: int, rng: Random) -> Guardians:
        """Re-deal the cards hidden from ``seat``; the opponent makes its secret choice anew."""
        state, remake = determinize.redeal(self.state, seat, rng)
        game = Guardians(state)
        other, log = 1 - seat, list(state.log)
        if remake and state.phase == "organize":
            while not state.seats[other].ready:
                game.apply_unchecked(other, game.remade_plan_move(other, rng))
        elif remake:
            game.apply_unchecked(other, game.rollout_action(other, rng))
        state.log = log  # the table already read that the choice was made
        return game

    def remade_plan_move(self, seat: int, rng: Random) -> Action:
        """The policy's move for a plan made again in a sample: never a Redraw.

        The table would have seen a Redraw (the stone it costs is public), so a sample that
        redraws would no longer look the same to the other seat.
        """
        s, route = self.state, current_route(self.state)
        moves = route.playout_actions or route.actions
        return policy.choose(s, seat, [a for a in moves(s, seat) if not isinstance(a, Redraw)], rng)

    def rollout_action(self, seat: int, rng: Random) -> Action:
        """A quick sensible move (engines/guardians/policy.py), chosen among every copy."""
        s, route = self.state, current_route(self.state)
        moves = route.playout_actions or route.actions
        return policy.choose(s, seat, moves(s, seat) if seat in route.to_act(s) else [], rng)

    def suggestion_reason(self, seat: int, action: Action) -> str | None:
        """What the coach's move does for ``seat`` (engines/guardians/coach.py)."""
        return coach.reason(self.state, seat, action)

    def evaluate(self, seat: int) -> float:
        """The chance to win estimated from Shields, lands, Guardians and forces."""
        return policy.evaluate(self.state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (None: the channel), as JSON-ready data.

        The moving seat's own view adds where its Shield may go (``reach``).
        """
        view = build_view(self.state, seat, self.to_act())
        if seat is not None and self.state.phase == "move" and self.to_act() == [seat]:
            goes = {a.to for a in self.legal_actions(seat) if isinstance(a, Step | Fly)}
            view["reach"] = sorted(goes)
        return view

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
