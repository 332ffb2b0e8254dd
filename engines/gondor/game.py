"""The Gondor game: deployment (13.0), then Game-Turns 1-16 of phases A-H (2.0), victory (20.0).

This module owns the sequence of play and whose turn it is; each phase's choices and effects
live in its own :class:`~engines.gondor.phase.PhaseRules` (``PHASE_RULES``), and decisions owed
mid-phase in ``DECISIONS`` (see ``engines/gondor/phase.py``).
"""

from __future__ import annotations

import tomllib
from typing import Any, ClassVar

from engines.base import Action, Alert, Event, Game, Result, StandingChoice, Unavailable
from engines.gondor import banner, coach, determinize, listed, places, spotlight, victory
from engines.gondor import warnings as dangers
from engines.gondor.actions import (
    OTHER_DEPLOYMENTS,
    SETUP_AND_MOVEMENT_ACTIONS,
    AutoDeploy,
    EndMovement,
    EndPhase,
    March,
    Move,
    Place,
    Select,
    SetupDone,
    StandardDeploy,
    TakeBack,
    counter_name,
    side_name,
)
from engines.gondor.board import other
from engines.gondor.combat.actions import COMBAT_ACTIONS
from engines.gondor.combat.phases import AdvanceChoice, Combat, RetreatChoice, TrampleChoice
from engines.gondor.data import GAME, SCHEDULE, Side
from engines.gondor.deploying import Deployment
from engines.gondor.formation_actions import FORMATION_ACTIONS
from engines.gondor.magic.actions import MAGIC_ACTIONS
from engines.gondor.magic.phases import MagicPhase, StalemateChoice
from engines.gondor.moving import BreakMove, Movement, suggestions
from engines.gondor.phase import PhaseRules
from engines.gondor.policy import beginner, estimate, playout
from engines.gondor.rally import RallyPhase
from engines.gondor.siege.actions import SIEGE_ACTIONS, Hurl
from engines.gondor.siege.moves import LadderRules, PassingPourRules
from engines.gondor.siege.oil import PickUpRules, PourRules
from engines.gondor.siege.phase import SiegeAdvanceRules, SiegePhase
from engines.gondor.state import LOG_KEPT, SEATS, GondorState, all_gates, new_counters
from engines.gondor.views import FORCES_LABEL, GOAL, PositionViews
from engines.resources import data_path
from engines.rng import Random
from engines.text import glossary_line

PHASES = tuple(GAME.phase)
PHASE_IDS = tuple(str(p["id"]) for p in PHASES)
_PHASE_TEXT = tomllib.loads((data_path("gondor") / "phases.toml").read_text(encoding="utf-8"))
HELP: dict[str, str] = _PHASE_TEXT["help"]
NOW: dict[str, str] = _PHASE_TEXT["now"]  # what the players are doing, in plain words
GLOSSARY: dict[str, str] = _PHASE_TEXT["glossary"]
PICTURES: str = _PHASE_TEXT["pictures"]  # the key to the pictures' signs, in every "?" answer
ENDINGS = (EndPhase, EndMovement, SetupDone)
SUGGESTED = "Suggested moves (one click)"
ROUTINE_PHASES = ("setup", "sauron-movement", "westernesse-movement")
"""Phases whose choices (placing, selecting and moving groups) the computer does not search."""
MAGIC_PHASES = ("magic-1", "magic-2")
DEPLOY_RINGED_MOST = 150
"""A deployment area of more hexes is not ringed (Westernesse's: the city and around it)."""
FOCUS_MOST = 12  # a decision offering more hexes than this is shown on the whole map
STANDING = (
    StandingChoice(
        key="magic",
        label="Pass my magic phases",
        explanation="your magic leader neither moves nor casts: each of your magic phases is "
        "passed for you, with a line in the log, until you switch it off.",
    ),
    StandingChoice(
        key="nohurl",
        label="My catapults hurl nothing",
        explanation="your catapults hurl no fireballs or Heads: a Siege Phase with nothing "
        "else to fire is passed for you (a breach shot or Grond is still asked), until you "
        "switch it off.",
    ),
)
"""Gondor's standing choices: phases with nothing the rules force (rulings 8.5, 16.12)."""

PHASE_RULES: dict[str, PhaseRules] = {
    "setup": Deployment(),
    "magic-1": MagicPhase(),
    "siege": SiegePhase(),
    "sauron-movement": Movement(),
    "sauron-combat": Combat(),
    "magic-2": MagicPhase(),
    "westernesse-movement": Movement(),
    "westernesse-combat": Combat(),
    "rally": RallyPhase(),
}
"""Each phase id of game.toml (and "setup") -> its rules."""

DECISIONS: dict[str, PhaseRules] = {
    "retreat": RetreatChoice(),
    "advance": AdvanceChoice(),
    "trample": TrampleChoice(),
    "stalemate": StalemateChoice(),
    "siege-advance": SiegeAdvanceRules(),
    "ladder": LadderRules(),
    "oil": PourRules(),
    "oil-passing": PassingPourRules(),
    "oil-pickup": PickUpRules(),
    "formation-break": BreakMove(),
}
"""Each ``state.pending.kind`` -> the rules that offer and apply its answers."""


def _phase(phase_id: str) -> dict[str, object]:
    return PHASES[PHASE_IDS.index(phase_id)]


def _first_side(phase_id: str) -> Side:
    p = _phase(phase_id)
    return p["first"] if p["side"] == "both" else p["side"]  # type: ignore[return-value]


def _heading(action: Action) -> str | None:
    """The heading ``action`` is listed under (``Gondor.action_groups``), or None."""
    if isinstance(action, Hurl):
        return action.heading()
    if isinstance(action, March):
        return SUGGESTED
    if isinstance(action, Place):
        return f"Place {counter_name(action.counter)} on"
    if isinstance(action, AutoDeploy) or action == StandardDeploy():
        return OTHER_DEPLOYMENTS
    return None


class Gondor(Game[GondorState]):
    """Gondor: The Siege of Minas Tirith, for two players (seat 0 Sauron, seat 1 Westernesse)."""

    game_id: ClassVar[str] = "gondor"
    title: ClassVar[str] = "Gondor: The Siege of Minas Tirith"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    auto_play_option: ClassVar[str] = "Play my only oil and cauldron moves for me"
    auto_play_seats: ClassVar[tuple[int, ...] | None] = (1,)  # the oil and cauldrons: Westernesse's
    standing_choices: ClassVar[tuple[StandingChoice, ...]] = STANDING
    state_type: ClassVar[type[GondorState]] = GondorState
    action_types: ClassVar[tuple[type[Action], ...]] = (
        *SETUP_AND_MOVEMENT_ACTIONS,
        *COMBAT_ACTIONS,
        *SIEGE_ACTIONS,
        *FORMATION_ACTIONS,
        *MAGIC_ACTIONS,
    )

    def __init__(self, state: GondorState) -> None:
        super().__init__(state)
        self._cache: tuple[GondorState, int, list[Action]] | None = None
        self._suggested: tuple[GondorState, int, list[Action]] | None = None
        self._views: PositionViews | None = None

    @classmethod
    def initial_state(cls, n: int, seed: int, options: dict[str, Any]) -> GondorState:
        """Every counter off the map but the Citadel Guard in 1903; Sauron deploys first."""
        state = GondorState(
            seed=seed,
            counters=new_counters(),
            acting=SCHEDULE.order[0],
            gates=all_gates(),
            totals={str(f["id"]): 0 for f in GAME.force},
        )
        for c in state.counters:
            if c.hex is not None and c.kind == "unit":
                state.visit(c.side, [c.hex])
        state.log.append("Initial deployment (13.0): Sauron places his counters first.")
        return state

    # ---- whose turn ---------------------------------------------------------------------
    def to_act(self) -> list[int]:
        """The seat owing a decision, else the seat of the side acting now; [] once over."""
        s = self.state
        if self.is_over:
            return []
        return [SEATS.index(s.pending.side if s.pending else s.acting)]

    def rules(self) -> PhaseRules:
        """The rules in force now: the pending decision's, else the phase's."""
        s = self.state
        return DECISIONS[s.pending.kind] if s.pending else PHASE_RULES[s.phase]

    def legal_actions(self, seat: int) -> list[Action]:
        """The acting side's suggested moves, then its choices (cached per step)."""
        if seat not in self.to_act():
            return []
        return [*self._suggestions(), *self._choices()]

    def offers(self, seat: int, action: Action) -> bool:
        """Only a March is looked up among the suggestions (a path search per stack tried).

        The suggestions are all Marches and no rule offers one: any other move is legal
        exactly when it is one of the rules' choices.
        """
        if isinstance(action, March):
            return super().offers(seat, action)
        return action in self._choices()

    def _suggestions(self) -> list[Action]:
        """Movement's one-click moves (``moving.suggestions``), computed once per step.

        Apart from ``_choices``: the computer's playouts never list them (a path search each).
        """
        s = self.state
        if self._suggested is None or self._suggested[0] is not s or self._suggested[1] != s.step:
            movable = [a for a in self._choices() if isinstance(a, Select)]
            self._suggested = (s, s.step, list(suggestions(s, movable)))
        return self._suggested[2]

    def _choices(self) -> list[Action]:
        """The rules' choices now, computed once per state and step."""
        s = self.state
        if self._cache is None or self._cache[0] is not s or self._cache[1] != s.step:
            self._cache = (s, s.step, self.rules().choices(s))
        return self._cache[2]

    # ---- serialisation --------------------------------------------------------------------
    def to_json(self) -> str:
        """The state as JSON; the moves listed for it are kept with the text (``listed``)."""
        text = super().to_json()
        s = self.state
        if self._cache is not None and self._cache[0] is s and self._cache[1] == s.step:
            found = self._suggested
            suggested = found[2] if found and found[0] is s and found[1] == s.step else None
            listed.remember(text, listed.Listed(self._cache[2], suggested))
        return text

    @classmethod
    def from_json(cls, s: str) -> Gondor:
        """The game of a saved state, with its moves if this process listed them (``listed``)."""
        game = super().from_json(s)
        known = listed.recall(s)
        if known is not None:
            state = game.state
            game._cache = (state, state.step, known.choices)
            if known.suggestions is not None:
                game._suggested = (state, state.step, known.suggestions)
        return game

    # ---- applying -----------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        s = self.state
        s.step += 1
        before = spotlight.marks(s)
        rules = self.rules()
        if isinstance(action, ENDINGS) and s.pending is None:
            events = rules.finish(s) + self._end_phase()
        else:
            events = rules.apply(s, action)
            if isinstance(action, StandardDeploy) and action.done:  # deploy and Done, one click
                events += rules.finish(s) + self._end_phase()
        events += banner.check(s)  # 18.14: the Banner stays with its leader, falls with him
        victory.settle(s)  # 19.13: remember the garrison falling, whatever made it fall
        after = spotlight.marks(s)
        s.spotlight = spotlight.changed(before, after)
        s.last_moves = spotlight.moves(before, after)
        events = [e.model_copy(update={"text": places.named(e.text)}) for e in events]
        s.log.extend(e.text for e in events if e.seat is None)
        del s.log[:-LOG_KEPT]  # the whole log is the session's actions' events
        return events

    # ---- the sequence of play -------------------------------------------------------------
    def _start_phase(self, phase_id: str) -> list[Event]:
        s = self.state
        s.phase, s.acting = phase_id, _first_side(phase_id)
        s.selected, s.moved, s.entered = [], [], {}
        if phase_id == PHASE_IDS[0]:
            s.fired = []
        name = str(_phase(phase_id)["name"])
        night = " (night)" if s.turn in GAME.night else ""
        events = [Event(text=f"Game-Turn {s.turn}{night}: {name}.")]
        return events + PHASE_RULES[phase_id].start(s)

    def _end_phase(self) -> list[Event]:
        s = self.state
        if s.phase == "setup":
            if all(s.placed.get(x) for x in SEATS):
                s.turn = 1
                return self._start_phase(PHASE_IDS[0])
            s.acting = other(s.acting)
            return []
        p = _phase(s.phase)
        if p["side"] == "both" and s.acting == p["first"]:
            s.acting = other(s.acting)
            s.selected, s.moved = [], []
            return PHASE_RULES[s.phase].start(s)
        index = PHASE_IDS.index(s.phase) + 1
        if index < len(PHASE_IDS):
            return self._start_phase(PHASE_IDS[index])
        if s.turn >= GAME.turns:
            victory.finish(s)
            s.phase = "over"
            return [Event(text=s.summary or "")]
        s.turn += 1
        return self._start_phase(PHASE_IDS[0])

    # ---- hints ------------------------------------------------------------------------------
    def chapter(self) -> str:
        """A replay steps by Game-Turn and phase (both players' halves are phases of their own)."""
        s = self.state
        if s.phase == "setup":
            return "Initial Deployment"
        name = _phase(s.phase)["name"] if s.phase in PHASE_IDS else "Game over"
        return f"Game-Turn {s.turn} · {name}"

    def goal(self) -> str:
        """How to win and how the game ends, in one line."""
        return GOAL

    def warnings(self, seat: int) -> list[Alert]:
        """A force near demoralization; in the last Game-Turns, the victory conditions (20.1)."""
        return dangers.warnings(self.state, seat)

    def phase_help(self, seat: int | None) -> str:
        """What the players do now, the phase's help, the game's words explained, the key.

        From data/gondor/phases.toml. The words are those the goal, the forces' line under the
        map, the help, the board's prompt and the seat's choices (labels and details) and
        greyed-out moves use ("in an enemy ZOC", "CPT"), which the "?" answer shows.
        """
        s = self.state
        key = f"setup-{s.acting}" if s.phase == "setup" else s.phase
        now = f"Now: {NOW[key]}"
        seen = [now, HELP[key], self._pending() or "", GOAL, FORCES_LABEL]
        if seat is not None:
            seen += [a.label() + " " + (a.detail() or "") for a in self.legal_actions(seat)]
            seen += [u.reason for u in self.unavailable_actions(seat)]
        words = glossary_line(" ".join(seen), GLOSSARY)
        return "\n".join(x for x in (now, HELP[key], words, PICTURES) if x)

    def auto_play_reveals(self, seat: int) -> bool:
        """True when the seat's choice involves cauldrons or oil, whose truth Sauron lacks."""
        return self.to_act() == [seat] and self.rules().reveals(self.state)

    def public_label(self, seat: int, action: Action) -> str | None:
        """Every counter is in the open but the cauldrons: named unless one is in play.

        The table sees "a cauldron" only, never its number nor whether it is real.
        """
        if self.auto_play_reveals(seat):
            return None
        if isinstance(action, TakeBack | Place) and self.state.counters[action.counter].is_cauldron:
            return None
        return action.label()

    def standing_applies(self, seat: int, key: str) -> bool:
        """A magic phase, or a Siege Phase offering only hurls, is the seat's now.

        Only the phase's own choices: a pending decision (where the Nazgûl lands, an advance
        through a breach) or a group being moved is asked; so is a Siege Phase in which a
        catapult may fire at a wall or Grond may batter.
        """
        s = self.state
        if self.to_act() != [seat] or s.pending is not None or s.selected:
            return False
        if key == "magic":
            return s.phase in MAGIC_PHASES
        if key == "nohurl":
            return s.phase == "siege" and all(
                isinstance(a, Hurl | EndPhase) for a in self._choices()
            )
        return False

    def standing_move(self, seat: int, key: str) -> tuple[Action, str] | None:
        """End phase, with "Sauron passes his magic phase (standing choice)." for the log."""
        if not self.standing_applies(seat, key) or EndPhase() not in self._choices():
            return None
        side = side_name(SEATS[seat])
        if key == "magic":
            his = "his" if SEATS[seat] == "sauron" else "its"
            return EndPhase(), f"{side} passes {his} magic phase (standing choice)."
        return EndPhase(), f"{side}'s catapults hurl nothing this Siege Phase (standing choice)."

    def confirm_text(self, seat: int, action: Action) -> str | None:
        """Ask what the rules ask, and once a game per side before ending a Movement Phase idle.

        The question guards against a slip the first time; a side that has once ended a Movement
        Phase moving nothing meant it, and is not asked again for every one.
        """
        s = self.state
        if isinstance(action, EndMovement) and not s.moved and s.acting not in s.idle_ends:
            return "End movement without moving anything? You will not be asked again this game."
        return self.rules().confirm(self.state, action) if seat in self.to_act() else None

    def action_groups(self, seat: int, actions: list[Action]) -> list[str | None]:
        """Headings: the suggested moves, each catapult's hurls of one missile, deployment's.

        "Catapult 1 hurls a fireball at": up to sixty targets, a list apart from breach fire.
        While deploying, "... and finish" stays a button; the placements of the next counter
        ("Place Gondor Spearmen 1 on") and the other ways to place the rest are lists of their
        own, each a page away, so no four "do it for me" buttons stand side by side.
        """
        return [_heading(a) for a in actions]

    def unavailable_actions(self, seat: int) -> list[Unavailable]:
        """The moves the rules in force show greyed, with why (spells out of reach...)."""
        return self.rules().unavailable(self.state) if seat in self.to_act() else []

    # ---- computer players (engines/gondor/determinize.py, policy/) ------------------------------
    def copy(self) -> Gondor:
        """An independent copy, without the JSON round trip (the search copies a lot)."""
        return type(self)(determinize.copy_state(self.state))

    def resample(self, seat: int, rng: Random) -> Gondor:
        """Fresh dice; for Sauron, the unrevealed cauldrons' truth (and their oil's) drawn again."""
        return type(self)(determinize.redraw(self.state, SEATS[seat], rng))

    def rollout_action(self, seat: int, rng: Random) -> Action:
        """A quick sensible move (engines/gondor/policy/playout.py)."""
        side = SEATS[seat]
        quick = playout.quick(self.state, side, rng)
        return quick or playout.choose(self.state, side, list(self._choices()), rng)

    def level_action(self, seat: int, level: str, rng: Random) -> Action | None:
        """``easy``'s Westernesse is a beginner's defence (engines/gondor/policy/beginner.py)."""
        if level != "easy" or SEATS[seat] != "westernesse":
            return None
        return beginner.choose(self.state, list(self._choices()), rng)

    def worth_search(self, seat: int) -> bool:
        """False for deployment and the routine movement clicks (no decision pending).

        They are most of a game's choices and follow the policy; combat, siege, magic, rally
        and every decision (Ladders, retreats, oil, advances) are searched.
        """
        s = self.state
        return s.pending is not None or s.phase not in ROUTINE_PHASES

    def suggestion_reason(self, seat: int, action: Action) -> str | None:
        """What the coach's move does for ``seat`` (engines/gondor/coach.py)."""
        return coach.reason(self.state, seat, action)

    def evaluate(self, seat: int) -> float:
        """The chance to win from 20.1's conditions (engines/gondor/policy/estimate.py)."""
        return estimate.evaluate(self.state, seat)

    # ---- views and result ------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What the seat knows (None: a spectator, who sees what Sauron sees).

        While a group is selected the view highlights where it may go; while a side deploys,
        its own view highlights where its next counter may be placed (Sauron's band by the east
        edge; not the whole city, whose rings would hide its names). The deciding seat's own
        view zooms on its decision (``focus``, see :meth:`_focus`).
        """
        s = self.state
        views = self._views
        if views is None or views.state is not s or views.step != s.step:
            views = self._views = PositionViews(s, self._pending())
        view = views.view(None if seat is None else SEATS[seat])
        moves = sorted(a.hex for a in self._choices() if isinstance(a, Move)) if s.selected else []
        if moves and s.pending is None:
            view["highlight"] = moves
        elif s.phase == "setup" and seat is not None and self.to_act() == [seat]:
            places = {a.hex for a in self._choices() if isinstance(a, Place)}
            if len(places) <= DEPLOY_RINGED_MOST:
                view["highlight"] = sorted(places)
        focus = self._focus(seat, moves) if seat is not None else []
        if focus:
            view["focus"] = focus
        return view

    def _focus(self, seat: int, moves: list[str]) -> list[str]:
        """The hexes the deciding seat's close-up is centred on.

        The selected group's hex, else the unit a decision is about (a retreat, an advance),
        else the hexes a decision offers (where a group enters from off the map).
        """
        s = self.state
        if self.to_act() != [seat]:
            return []
        if s.pending is None:
            if not moves:
                return []
            start = s.counters[s.selected[0]].hex
            return [start] if start else moves
        unit = s.pending.data.get("unit")
        here = s.counters[unit].hex if isinstance(unit, int) else None
        if here:
            return [here]
        offered = sorted(
            {h for a in self._choices() if isinstance(h := getattr(a, "hex", None), str)}
        )
        return offered if len(offered) <= FOCUS_MOST else []

    def _pending(self) -> str | None:
        s = self.state
        if self.is_over:
            return None
        asked = self.rules().prompt(s)
        if asked:
            return places.named(asked)
        return f"{side_name(s.acting)}: {_phase(s.phase)['name']} — choose, or end the phase."

    @property
    def is_over(self) -> bool:
        """After phase H of Game-Turn 16."""
        return self.state.winner is not None

    @property
    def result(self) -> Result | None:
        """Winner seat; scores = conditions of 20.1 Sauron achieved, and the rest."""
        s = self.state
        if s.winner is None:
            return None
        met = victory.score(s)
        return Result(
            winners=[SEATS.index(s.winner)], scores={0: met, 1: 3 - met}, summary=s.summary or ""
        )
