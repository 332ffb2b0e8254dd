"""Views: what a seat (or the channel) may see, in the format of docs/design/guardians-plan.md.

Views are built from typed models, never by filtering the state. While organising, a seat
sees its own pending placements; everyone else sees the board as it was before.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from engines.guardians import board
from engines.guardians.board import card
from engines.guardians.cards import Bribe, Family, TerrainType
from engines.guardians.catalogue import CATALOGUE, DATA_DIR
from engines.guardians.combat import combat_view
from engines.guardians.combat.state import Choice, Fate, Role, Step
from engines.guardians.organize import effective
from engines.guardians.state import GuardiansState, Stack
from engines.guardians.stronghold import stronghold_card
from engines.lookup import CardLookup
from engines.text import glossary_line, sentence

CARD_FIELDS = (  # what a card view shows of a card (lookup adds the bribery kind)
    "family",
    "klass",
    "vitality",
    "stacking",
    "ocb",
    "bribes",
    "flies",
    "cmp",
    "receives",
    "ranged",
    "terrain",
)


class CardView(BaseModel):
    """A face-up card (``card_view``, the combat's cards, a lookup's card).

    A card has only the fields of its kind (a spell has no vitality), and the combat view
    leaves out empty ones: a field the card was built without stays out of the dump.
    """

    uid: str | None = None  # None: a lookup's card, which is no copy on the table
    id: str
    name: str
    kind: str  # a deck card's kind; a lookup may say "Guardian" or "Stronghold set"
    family: Family | None = None
    klass: str | None = None
    vitality: int | None = None
    stacking: int | None = None
    ocb: int | None = None
    bribes: list[Bribe] | None = None
    flies: bool | None = None
    cmp: int | None = None
    receives: bool | None = None
    ranged: int | None = None
    terrain: TerrainType | None = None
    bribe: Bribe | None = None  # a lookup's bribery card
    text: str

    @model_serializer(mode="wrap")
    def _given_fields(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        return {k: v for k, v in handler(self).items() if k in self.model_fields_set}


def card_view(state: GuardiansState, uid: str) -> CardView:
    """A face-up card: only the fields its kind has."""
    c = card(state, uid)
    out: dict[str, Any] = {"uid": uid, "id": c.id, "name": c.name, "kind": c.kind}
    for f in CARD_FIELDS:
        if hasattr(c, f):
            value = getattr(c, f)
            out[f] = list(value) if isinstance(value, tuple) else value
    out["text"] = c.text
    return CardView.model_validate(out)


class FighterView(CardView):
    """A card on the combat table."""

    side: int  # 0 attacker, 1 defender
    role: Role
    opponent: str | None  # a primary's opponent, a secondary's target, a ranged ally (uid)
    fate: Fate | None
    no_damage: bool
    channel: int
    items: list[CardView]
    strength: int | None = None  # the current match-up only
    needs: int | None = None  # points to kill it, while secondary attacks are picked


class CastView(CardView):
    """A command card, spell or item put into play."""

    side: int
    target: str | None
    command: bool
    in_effect: bool


class CombatSideView(BaseModel):
    """One side of the combat; ``creatures_left``, ``hand`` and ``choice`` only for its seat."""

    seat: int
    role: str
    shield: str | None
    creatures_left: int | None
    stones: int
    stones_spent: int
    channelers_left: int
    to_act: bool
    decided: bool
    hand: list[CardView] | None
    choice: Choice | None
    total: int | None  # once the combat is resolved


class CombatView(BaseModel):
    """What a seat may see of a combat (``engines.guardians.combat.combat_view``)."""

    space: str
    terrain: TerrainType | None
    terrain_destroyed: bool
    step: Step
    status: str
    attacker: int
    defender: int
    sides: list[CombatSideView]
    table: list[FighterView]
    casts: list[CastView]
    channelers_used: list[CardView]
    announced: list[str] | None
    winner: int | None


class TerrainView(BaseModel):
    """A land's terrain card (a face-down card: no type, its name for its owner only)."""

    model_config = ConfigDict(frozen=True)
    type: TerrainType | None
    name: str
    owner: int
    face_down: bool


class StrongholdView(BaseModel):
    """A Stronghold: counts for everyone, the cards for its owner."""

    owner: int
    name: str
    defence: int
    rubbled: bool
    upgrade: str | None
    on: int
    under: int
    cards_on: list[CardView] | None
    cards_under: list[CardView] | None
    reserve: int = 0  # creatures in reserve under its upgrade (Death Pit of Djoser)
    cards_reserve: list[CardView] | None = None


class ShieldView(BaseModel):
    """A Shield on the board; its cards only for the owner or once it flew."""

    uid: str
    owner: int
    name: str
    turned: bool
    standard_bearer: bool
    count: int
    points: int | None
    revealed: bool
    cards: list[CardView] | None


class SpaceView(BaseModel):
    """One of the twelve spaces."""

    id: str
    col: int
    row: int
    kind: str
    controller: int | None
    terrain: TerrainView | None
    stronghold: StrongholdView | None
    shields: list[ShieldView]


class GuardianView(BaseModel):
    """A Guardian's public numbers."""

    id: str
    name: str
    vitality: int
    max_vitality: int
    stones: int
    cmp: int


class PlayerView(BaseModel):
    """A seat's public counts."""

    seat: int
    guardian: GuardianView
    deck: int
    discard: int
    storage: int
    pen: int
    lands: int
    shields_destroyed: int
    up_card: CardView | None
    deciding: bool


class ResultView(BaseModel):
    """The end."""

    winners: list[int]
    summary: str


GOAL = (
    "Win by holding all six disputed lands, destroying 5 enemy Shields (the markers that move "
    "your creatures) or killing the enemy Guardian; from turn 20 on, either may offer a draw."
)
"""How to win and how the game ends, in one line (rules: Winning)."""


class GuardiansView(BaseModel):
    """The whole view."""

    game: str = "guardians"
    goal: str = GOAL
    viewer: int | None
    turn: int
    phase: str
    """The state's phase, or "challenge" during a Guardian challenge (a step of Movement)."""
    status: str
    to_act: list[int]
    spaces: list[SpaceView]
    players: list[PlayerView]
    hand: list[CardView] | None
    pen: list[CardView] | None
    combat: CombatView | None
    recent: list[str]
    result: ResultView | None
    reach: list[str] = Field(default_factory=list)
    """The spaces the viewer's moving Shield may walk or fly to (the mover's own view only)."""
    legend: str = ""
    """The key to the short labels of the viewer's own picture (``legend``): the bot
    shows it in their message, under the status."""
    # The seats' display names: never in the engine's dump, the bot adds them for the renderer.
    seat_names: list[str] = Field(default_factory=list, exclude=True)
    # The headlines of a player's warnings (``Alert.short``): the bot adds them to that
    # player's own picture only.
    warnings: list[str] = Field(default_factory=list, exclude=True)


class LookupView(BaseModel):
    """The view of a card lookup page."""

    game: str = "guardians"
    lookup: CardLookup[CardView]


def _shield(state: GuardiansState, st: Stack, viewer: int | None) -> ShieldView:
    sh = card(state, st.shield)
    mine = viewer == st.owner
    return ShieldView(
        uid=st.shield,
        owner=st.owner,
        name=sh.name,
        turned=st.turned,
        standard_bearer=bool(getattr(sh, "standard_bearer", False)),
        count=len(st.cards),
        points=board.points(state, st.cards) if mine else None,
        revealed=st.revealed,
        cards=[card_view(state, u) for u in st.cards] if mine or st.revealed else None,
    )


def _space(state: GuardiansState, space: str, viewer: int | None) -> SpaceView:
    found = board.hold_of(space)
    terrain = None
    land = state.lands.get(space)
    if land is not None and found is None:
        c = card(state, land.uid)
        hidden = land.face_down and viewer != land.owner  # its owner may look at it
        terrain = TerrainView(
            type=None if land.face_down else getattr(c, "terrain", None),
            name="a face-down card" if hidden else c.name,
            owner=land.owner,
            face_down=land.face_down,
        )
    sview = None
    if found is not None:
        owner, col = found
        h = state.seats[owner].holds[col]
        sc = stronghold_card(state, space)
        mine = viewer == owner
        sview = StrongholdView(
            owner=owner,
            name=sc.name,
            defence=sc.defence,
            rubbled=h.rubbled,
            upgrade=card(state, h.upgrade).name if h.upgrade else None,
            on=len(h.on),
            under=len(h.under),
            cards_on=[card_view(state, u) for u in h.on] if mine else None,
            cards_under=[card_view(state, u) for u in h.under] if mine else None,
            reserve=len(h.reserve),
            cards_reserve=[card_view(state, u) for u in h.reserve] if mine else None,
        )
    return SpaceView(
        id=space,
        col="LCR".index(space[0]),
        row=int(space[1]),
        kind="disputed" if found is None else "stronghold",
        controller=board.controller(state, space),
        terrain=terrain,
        stronghold=sview,
        shields=[_shield(state, st, viewer) for st in state.stacks_at(space)],
    )


def _player(state: GuardiansState, seat: int, to_act: list[int]) -> PlayerView:
    s = state.seats[seat]
    g = CATALOGUE.guardians[s.guardian]
    return PlayerView(
        seat=seat,
        guardian=GuardianView(
            id=g.id,
            name=g.name,
            vitality=max(0, s.vitality),
            max_vitality=g.vitality,
            stones=s.stones,
            cmp=g.cmp,
        ),
        deck=len(s.deck),
        discard=len(s.discard),
        storage=len(s.storage),
        pen=len(s.pen),
        lands=board.lands_of(state, seat),
        shields_destroyed=s.shields_lost,
        up_card=card_view(state, s.up) if s.up else None,
        deciding=seat in to_act,
    )


def status(state: GuardiansState, to_act: list[int]) -> str:
    """One line saying what happens now."""
    seats = " and ".join(f"Player {s + 1}" for s in to_act)
    if state.phase == "over":
        return state.summary
    if state.phase == "organize":
        return f"Turn {state.turn}, Draw & Organize: waiting for {seats}."
    if state.phase == "combat" and state.fight is not None:
        return f"Combat on {state.fight.space}: waiting for {seats}."
    if state.phase == "settle" and not state.settle:
        return f"Terrain settlement: {seats} may remove a terrain card or pass."
    if state.phase == "settle":
        lands = ", ".join(sorted(state.settle))
        return f"Terrain settlement ({lands}): waiting for {seats}."
    if state.retreat is not None and (state.retreat.merge or state.retreat.trim):
        return f"Player {state.retreat.seat + 1} chooses what stays of the combined Shields."
    if state.retreat is not None:
        return f"Player {state.retreat.seat + 1}'s beaten Shield must retreat."
    if state.challenge is not None:
        return f"Guardian challenge: waiting for {seats}."
    return f"Turn {state.turn}, movement: Player {state.mover + 1} turns a Shield."


# ---- the key to a player's picture ------------------------------------------------------------
# The board's Stronghold labels ("def +5", "on 1", "under 2", "reserve 1") and the card tiles'
# chips ("V 6", "V 1/4", "OCB +2", "gold", "CMP 4", "receives", "ranged 2"), explained in a few
# words each in the player's own message, so a newcomer need not press "?" (whose answer keeps
# the full key). Text beside the picture, not on it: there it would cost a row of their cards.
BRIBE_WORDS = ("beer", "gold", "babes")


def _card_entries(cards: Iterable[CardView]) -> list[str]:
    """The tiles' labels explained, each kind once, with the first card's numbers."""
    found: dict[str, str] = {}
    bribes: set[str] = set()
    for c in cards:
        if c.vitality is not None and c.stacking is None:
            found.setdefault("v", f"V {c.vitality}: Vitality")
        if c.vitality is not None and c.stacking is not None:
            found.setdefault(
                "stack", f"V {c.vitality}/{c.stacking}: {c.stacking} of a space's 30 points"
            )
        if c.ocb:
            found.setdefault("ocb", f"OCB +{c.ocb}: off-colour bonus")
        bribes.update(c.bribes or ())
        if c.kind == "bribery" and c.bribe:
            bribes.add(c.bribe)
        if c.cmp:
            found.setdefault("cmp", f"CMP {c.cmp}: channels {c.cmp}")
        if c.receives:
            found.setdefault("receives", "receives: takes channelling")
        if c.ranged:
            found.setdefault("ranged", f"ranged {c.ranged}: ranged attack")
    if bribes:
        found["bribe"] = "/".join(b for b in BRIBE_WORDS if b in bribes) + ": bribes"
    order = ("v", "stack", "ocb", "bribe", "cmp", "receives", "ranged")
    return [found[k] for k in order if k in found]


def _board_entries(view: GuardiansView) -> list[str]:
    """The Stronghold labels the battlefield shows, explained."""
    holds = [s.stronghold for s in view.spaces if s.stronghold and not s.stronghold.rubbled]
    out: list[str] = []
    if holds:
        d = holds[0].defence
        out.append(f"def +{d}: Stronghold's bonus")
    words = (
        ("on", "cards on it", [h.on for h in holds if h.on]),
        ("under", "channelers under it", [h.under for h in holds if h.under]),
        ("reserve", "creatures in reserve", [h.reserve for h in holds if h.reserve]),
    )
    counted = [(f"{label} {seen[0]}", meaning) for label, meaning, seen in words if seen]
    if counted:
        labels = " / ".join(label for label, _ in counted)
        out.append(f"{labels}: " + ", ".join(meaning for _, meaning in counted))
    return out


def _entries(view: GuardiansView) -> list[str]:
    """The key for a player's own picture: their hand and Pen as tiles, the battlefield.

    Empty in any other view, and in a combat, whose picture shows neither.
    """
    if (view.hand is None and view.pen is None) or view.combat is not None:
        return []
    return _board_entries(view) + _card_entries([*(view.hand or []), *(view.pen or [])])


def legend(view: GuardiansView) -> str:
    """The key as one line ("Key: V 8: Vitality; OCB +2: off-colour bonus; …"), or ""."""
    found = _entries(view)
    return ("Key: " + "; ".join(found) + ".") if found else ""


def build_view(state: GuardiansState, viewer: int | None, to_act: list[int]) -> dict[str, Any]:
    """The view dict of ``viewer`` (None: the channel)."""
    src = state
    if state.phase == "organize" and viewer is not None:
        src = effective(state, viewer)
    own = src.seats[viewer] if viewer is not None else None
    view = GuardiansView(
        viewer=viewer,
        turn=state.turn,
        phase="challenge" if state.challenge is not None else state.phase,
        status=status(state, to_act),
        to_act=to_act,
        spaces=[_space(src, sp, viewer) for sp in board.SPACES],
        players=[_player(src, i, to_act) for i in (0, 1)],
        hand=[card_view(src, u) for u in own.drawn + own.storage] if own else None,
        pen=[card_view(src, u) for u in own.pen] if own else None,
        combat=(
            CombatView.model_validate(combat_view(state.combat, viewer, board.cards_map(state)))
            if state.combat
            else None
        ),
        recent=list(state.log),
        result=(
            ResultView(winners=list(state.winners or []), summary=state.summary)
            if state.phase == "over"
            else None
        ),
    )
    if viewer is not None:
        view.legend = legend(view)
    return view.model_dump(mode="json")


# ---- the "?" help ----------------------------------------------------------------------------
class PhaseText(BaseModel):
    """The help of one phase."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    title: str
    now: str  # what the players are doing, in words a newcomer knows
    text: str


HELP_KEYS = ("organize", "move", "combat", "retreat", "merge", "challenge", "settle", "over")


def _load_help() -> tuple[dict[str, PhaseText], dict[str, str], str]:
    raw = tomllib.loads((DATA_DIR / "phases.toml").read_text(encoding="utf-8"))
    glossary, pictures = raw.pop("glossary"), raw.pop("pictures")
    if set(raw) != set(HELP_KEYS):
        raise ValueError(f"data/guardians/phases.toml must have exactly {sorted(HELP_KEYS)}")
    return {k: PhaseText.model_validate(v) for k, v in raw.items()}, glossary, pictures


HELP, GLOSSARY, PICTURES = _load_help()
"""``PICTURES``: the key to the pictures' short labels ("def +5", "OCB +2"), in every answer."""


def phase_help(state: GuardiansState, seat: int | None) -> str:
    """The "?" help: now, the phase's text, its words, the pictures' key, the seat's cards.

    While organising, the seat's points on each Stronghold are added to the text.
    """
    key: str = state.phase if state.phase in HELP else "move"
    if state.retreat is not None:
        key = "merge" if state.retreat.merge or state.retreat.trim else "retreat"
    elif state.challenge is not None:
        key = "challenge"
    text = f"{HELP[key].title}. {sentence(HELP[key].text)}"
    now = f"Now: {HELP[key].now}"
    if state.draw_offer is not None:
        now = (
            f"Now: Player {state.draw_offer + 1} offers a draw; "
            f"Player {2 - state.draw_offer} accepts or declines it."
        )
    if state.phase == "organize" and seat is not None:
        eff = effective(state, seat)
        row = 0 if seat == 0 else 3
        used = [
            f"{board.COLUMN_NAMES[c]} {board.space_points(eff, f'{c}{row}', seat)}/30"
            for c in "LCR"
        ]
        text += " Your Strongholds: " + ", ".join(used) + "."
    words = glossary_line(f"{now} {text}", GLOSSARY)
    mine = own_cards(state, seat) if seat is not None else ""
    return "\n".join(x for x in (now, text, words, PICTURES, mine) if x)


def _listed(cards: list[CardView]) -> str:
    return ", ".join(c.name + (f" V{c.vitality}" if c.vitality is not None else "") for c in cards)


def own_cards(state: GuardiansState, seat: int) -> str:
    """The seat's own cards by name, which its image only counts or folds when they are many.

    Only what ``seat`` may see: its hand and Pen, the cards under its Shields and on and under
    its Strongholds.
    """
    view = GuardiansView.model_validate(build_view(state, seat, []))
    parts = [
        f"{title}: {_listed(cards)}."
        for title, cards in (("Storage hand", view.hand), ("Creature Pen", view.pen))
        if cards
    ]
    for space in view.spaces:
        for shield in space.shields:
            if shield.owner == seat and shield.cards:
                parts.append(f"{space.id} {shield.name}: {_listed(shield.cards)}.")
        hold = space.stronghold
        if hold is not None and hold.owner == seat:
            for where, cards in (
                ("on", hold.cards_on),
                ("under", hold.cards_under),
                ("in reserve", hold.cards_reserve),
            ):
                if cards:
                    parts.append(f"{space.id} Stronghold, {where}: {_listed(cards)}.")
    return ("**Your cards** " + " ".join(parts)) if parts else ""
