"""Draw & Organize: both seats at once, in secret.

Each seat's placements are kept as a plan (``Seat.plan``) and applied to the board only when
both seats are done, so neither sees the other's choices early. Legal moves and the seat's own
view are computed on ``effective(state, seat)``: the state with that seat's plan applied.
"""

from __future__ import annotations

from engines.base import Event
from engines.guardians import board
from engines.guardians.actions import (
    AutoPlace,
    Discard,
    Done,
    KeepUp,
    Place,
    Redraw,
    SkipUp,
    TakeBack,
)
from engines.guardians.board import card, name
from engines.guardians.cards import Creature, CreatureItem, Shield, StrongholdUpgrade
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.combat import effects as fx
from engines.guardians.state import COLUMNS, GuardiansState, Hold, Placement, Stack
from engines.rng import rng_for
from engines.text import plural

FIRST_DRAW = 12
STORAGE_LIMIT = 7


# ---- turn start and drawing ------------------------------------------------------------------
def effect_total(state: GuardiansState, seat: int, kind: str) -> int:
    """Sum of ``kind`` effects of the seat's Guardian and its standing upgrades."""
    s = state.seats[seat]
    effects = list(CATALOGUE.guardians[s.guardian].effects)
    for h in s.holds:
        if h.upgrade is not None and not h.rubbled:
            up = card(state, h.upgrade)
            effects += list(getattr(up, "effects", ()))
    return sum(e.amount or 0 for e in effects if e.kind == kind)


def draw_count(state: GuardiansState, seat: int) -> int:
    """12 on the first turn; later base draw with MDL/LDL, LUC and draw effects."""
    if state.turn == 1:
        return FIRST_DRAW
    s = state.seats[seat]
    g = CATALOGUE.guardians[s.guardian]
    mine, theirs = board.lands_of(state, seat), board.lands_of(state, 1 - seat)
    n = g.base_draw + (g.mdl if mine > theirs else g.ldl if mine < theirs else 0)
    n += g.luc if s.lower_up else 0
    return max(0, n + effect_total(state, seat, "draw"))


def start_organize(state: GuardiansState) -> list[Event]:
    """A new Draw & Organize: stones from upgrades, then each seat draws (or chooses first)."""
    state.phase = "organize"
    state.moved = []
    events = []
    for seat, s in enumerate(state.seats):
        s.ready, s.plan, s.channel_used, s.flew = False, [], [], False
        gained = effect_total(state, seat, "stones")
        if gained:
            s.stones += gained
            events.append(Event(text=f"Player {seat + 1} gains {plural(gained, 'power stone')}."))
        skip = any(e.kind == "skip_up_card" for e in CATALOGUE.guardians[s.guardian].effects)
        if skip and s.up is not None and not s.up_from_discard and draw_count(state, seat) > 0:
            s.up_choice = True
        else:
            draw(state, seat, skip_up=False)
    for st in state.stacks:
        st.turned = False
    return events


def draw(state: GuardiansState, seat: int, skip_up: bool) -> None:
    """Draw this turn's cards; the previous Up-card is the first unless skipped or borrowed."""
    s = state.seats[seat]
    n = draw_count(state, seat)
    if s.up is not None:
        if s.up_from_discard or skip_up or n == 0:
            s.discard.append(s.up)
        else:
            s.drawn.append(s.up)
            n -= 1
        s.up, s.up_from_discard = None, False
    take = min(n, len(s.deck))
    s.drawn += s.deck[:take]
    del s.deck[:take]
    s.up_choice = False


def shuffle(state: GuardiansState, uids: list[str]) -> list[str]:
    """A seeded shuffle (a fresh stream each time)."""
    out = list(uids)
    rng_for(state.seed, f"shuffle{state.shuffles}").shuffle(out)
    state.shuffles += 1
    return out


# ---- the plan ------------------------------------------------------------------------------
def effective(state: GuardiansState, seat: int) -> GuardiansState:
    """A copy of the state with ``seat``'s pending placements applied.

    The copy round-trips through JSON: 20 times faster than a deep copy (playouts list these
    moves at every Draw & Organize).
    """
    eff = GuardiansState.model_validate_json(state.model_dump_json())
    for p in eff.seats[seat].plan:
        apply_placement(eff, seat, p)
    return eff


def apply_placement(state: GuardiansState, seat: int, p: Placement) -> None:
    """Move one card as planned (from the drawn cards, the Pen, the Storage Hand or a hold)."""
    s = state.seats[seat]
    for lst in (s.drawn, s.pen, s.storage, *(h.on for h in s.holds), *(h.under for h in s.holds)):
        if p.uid in lst:
            lst.remove(p.uid)
    if p.target == "discard":
        s.discard.append(p.uid)
        return
    if p.target == "pen":
        s.pen.append(p.uid)
        return
    col = COLUMNS.index(p.target[-1])
    h = s.holds[col]
    space = f"{p.target[-1]}{0 if seat == 0 else 3}"
    c = card(state, p.uid)
    if p.target.startswith("x"):
        h.upgrade = p.uid
    elif p.target.startswith("p"):
        h.reserve.append(p.uid)
    elif p.target.startswith("u"):
        h.under.append(p.uid)
    elif isinstance(c, Shield):
        state.stacks.append(Stack(shield=p.uid, owner=seat, space=space, cards=h.on))
        h.on = []
    else:
        mine = board.own_shields(state, space, seat)
        (mine[0].cards if mine else h.on).append(p.uid)


def commit(state: GuardiansState) -> None:
    """Both seats are done: apply every plan; unplaced cards go to the pen or Storage Hand."""
    for seat, s in enumerate(state.seats):
        for p in s.plan:
            apply_placement(state, seat, p)
        s.plan = []
        for uid in s.drawn:
            (s.storage if card(state, uid).kind in _DOUBLE else s.pen).append(uid)
        s.drawn = []


_DOUBLE = ("spell", "hand_item", "bribery")


def _held(state: GuardiansState, seat: int) -> list[str]:
    """The Storage Hand as it will be: kept cards plus double-bordered cards drawn."""
    s = state.seats[seat]
    return s.storage + [u for u in s.drawn if card(state, u).kind in _DOUBLE]


def candidates(state: GuardiansState, seat: int) -> list[str]:
    """Cards that may be placed, one per card id: drawn first, then the pen."""
    s = state.seats[seat]
    seen: set[str] = set()
    out = []
    for uid in s.drawn + s.pen:
        c = card(state, uid)
        if isinstance(c, Creature | CreatureItem | Shield | StrongholdUpgrade) and c.id not in seen:
            seen.add(c.id)
            out.append(uid)
    return out


def place_options(state: GuardiansState, seat: int, uid: str) -> list[Place]:
    """Where ``uid`` may go now (the state already holds the seat's plan)."""
    s = state.seats[seat]
    c = card(state, uid)
    out: list[Place] = []
    for col, h in zip(COLUMNS, s.holds, strict=True):
        if h.rubbled:
            continue
        space = f"{col}{0 if seat == 0 else 3}"
        used = board.space_points(state, space, seat)
        mine = board.own_shields(state, space, seat)
        pile = mine[0].cards if mine else h.on
        if isinstance(c, Creature):
            if used + c.stacks_as <= board.LIMIT:
                out.append(Place(uid=uid, card=c.id, target=col, used=used + c.stacks_as))
                if c.cmp > 0:
                    out.append(Place(uid=uid, card=c.id, target="u" + col, used=used + c.stacks_as))
                if reserve_klass(state, h) == c.klass:
                    out.append(Place(uid=uid, card=c.id, target="p" + col, used=used + c.stacks_as))
        elif isinstance(c, CreatureItem):
            if board.stack_ok(state, [*pile, uid]):
                out.append(Place(uid=uid, card=c.id, target=col, used=used))
        elif isinstance(c, Shield):
            stackable = not mine and any(board.is_creature(state, u) for u in h.on)
            if stackable and not (c.standard_bearer and _bearer_in_play(state, seat)):
                out.append(Place(uid=uid, card=c.id, target=col, used=used))
        elif isinstance(c, StrongholdUpgrade) and h.upgrade is None and _fits_beside(c, col):
            out.append(Place(uid=uid, card=c.id, target="x" + col, used=used))
    return out


def take_back_options(state: GuardiansState, seat: int) -> list[TakeBack]:
    """Cards on or under a standing Stronghold (no Shield over them) that may go back to the Pen.

    Channelling is an intention "this turn", so a channeler under a Stronghold may leave it at
    the next Draw & Organize; creatures and items lying on a Stronghold may be re-organised too.
    A creature stays while the items there would outnumber the creatures left. Copies of one
    card in one place are one move. A card taken back this Draw & Organize stays where it is
    placed again, so every Draw & Organize ends.
    """
    out: list[TakeBack] = []
    taken = {p.uid for p in state.seats[seat].plan if p.target == "pen"}
    for col, h in zip(COLUMNS, state.seats[seat].holds, strict=True):
        if h.rubbled:
            continue
        for source, pile in ((col, h.on), ("u" + col, h.under), ("p" + col, h.reserve)):
            seen: set[str] = set()
            for uid in pile:
                cid = state.cards[uid]
                rest = [u for u in pile if u != uid]
                if uid in taken or cid in seen:
                    continue
                if source == col and not board.stack_ok(state, rest):
                    continue
                seen.add(cid)
                out.append(TakeBack(uid=uid, card=cid, source=source))
    return out


def _fits_beside(upgrade: StrongholdUpgrade, col: str) -> bool:
    """Upgrades stand beside the left or right Stronghold (the Death Pit only the right)."""
    return col != "C" and fx.upgrade_side(upgrade) in (None, "left" if col == "L" else "right")


def reserve_klass(state: GuardiansState, h: Hold) -> str | None:
    """The class of creature the upgrade beside ``h`` keeps in reserve (Death Pit: Undead)."""
    found = fx.reserve(card(state, h.upgrade)) if h.upgrade and not h.rubbled else None
    return found.klass if found is not None else None


def _bearer_in_play(state: GuardiansState, seat: int) -> bool:
    return any(
        st.owner == seat and getattr(card(state, st.shield), "standard_bearer", False)
        for st in state.stacks
    )


def can_redraw(state: GuardiansState, seat: int) -> bool:
    """No Shield drawn, none in play or penned, a stone to spend, nothing placed yet."""
    s = state.seats[seat]
    if s.plan or s.up_choice or s.stones < 1 or not s.drawn or not s.deck:
        return False
    shields = [u for u in s.drawn + s.pen if card(state, u).kind == "shield"]
    return not shields and not any(st.owner == seat for st in state.stacks)


def organize_actions(state: GuardiansState, seat: int, single: bool = True) -> list:
    """Legal Draw & Organize actions for ``seat``; ``single=False``: without single placements.

    Listing every placement is most of a playout's Draw & Organize; the playout policy never
    picks one (it auto-places), so it asks for the short list.
    """
    s = state.seats[seat]
    if s.ready:
        return []
    if s.up_choice:
        cid = state.cards[s.up or ""]
        return [KeepUp(card=cid), SkipUp(card=cid)]
    eff = effective(state, seat)
    out: list = []
    if can_redraw(state, seat):
        out.append(Redraw(count=len(s.drawn)))
    if single:
        for uid in candidates(eff, seat):
            out += place_options(eff, seat, uid)
        out += take_back_options(eff, seat)
    if auto_plan(eff, seat):  # a plan places cards only where a single placement may go
        out.append(AutoPlace())
    held = _held(eff, seat)
    if len(held) > STORAGE_LIMIT:
        seen: set[str] = set()
        for uid in held:
            if state.cards[uid] not in seen:
                seen.add(state.cards[uid])
                out.append(Discard(uid=uid, card=state.cards[uid], held=len(held)))
    else:
        out.append(Done())
    return out


def storage_excess(state: GuardiansState, seat: int) -> int:
    """How many cards over the Storage Hand limit the seat's plan leaves."""
    return max(0, len(_held(effective(state, seat), seat)) - STORAGE_LIMIT)


def auto_plan(eff: GuardiansState, seat: int) -> list[Placement]:
    """A deterministic placement of the remaining cards (mutates the given copy).

    Upgrades first, channelers under the Strongholds, creatures biggest first on Centre, Left,
    Right, creature items on stacks, then a Shield on every stack without one.
    """
    plan: list[Placement] = []

    def rank(uid: str) -> tuple[int, int]:
        c = card(eff, uid)
        order = {"upgrade": 0, "creature": 2, "creature_item": 3, "shield": 4}[c.kind]
        if isinstance(c, Creature):
            return (1 if c.cmp > 0 else 2, -c.vitality)
        if isinstance(c, Shield):
            return (order, 0 if c.standard_bearer else 1)
        return (order, 0)

    while True:
        s = eff.seats[seat]
        pool = [
            u
            for u in s.drawn + s.pen
            if card(eff, u).kind in ("creature", "creature_item", "shield", "upgrade")
        ]
        for uid in sorted(pool, key=lambda u: (rank(u), u)):
            options = place_options(eff, seat, uid)
            c = card(eff, uid)
            if isinstance(c, Creature):
                wanted = "u" if c.cmp > 0 else "LCR"  # never "p": the reserve is a choice
                options = [o for o in options if o.target[0] in wanted]
                options.sort(key=lambda o: "CLR".index(o.target[-1]))
            if options:
                p = Placement(uid=uid, target=options[0].target)
                apply_placement(eff, seat, p)
                plan.append(p)
                break
        else:
            return plan


def apply_organize(state: GuardiansState, seat: int, action: object) -> list[Event]:
    """Apply one Draw & Organize action (the game commits once both seats are done)."""
    s = state.seats[seat]
    if isinstance(action, KeepUp | SkipUp):
        draw(state, seat, skip_up=isinstance(action, SkipUp))
        verb = "discards" if isinstance(action, SkipUp) else "keeps"
        return [Event(text=f"Player {seat + 1} {verb} the old Up-card.")]
    if isinstance(action, Redraw):
        s.deck = shuffle(state, s.drawn + s.deck)
        n = len(s.drawn)
        s.drawn = s.deck[:n]
        del s.deck[:n]
        s.stones -= 1
        return [Event(text=f"Player {seat + 1} spends a stone to redraw (no Shield drawn).")]
    if isinstance(action, Place):
        s.plan.append(Placement(uid=action.uid, target=action.target))
        return [Event(text=f"{action.label()}.", seat=seat)]
    if isinstance(action, TakeBack):
        s.plan.append(Placement(uid=action.uid, target="pen"))
        return [Event(text=f"{action.label()}.", seat=seat)]
    if isinstance(action, AutoPlace):
        plan = auto_plan(effective(state, seat), seat)
        s.plan += plan
        return [Event(text=f"Auto-placed {plural(len(plan), 'card')}.", seat=seat)]
    if isinstance(action, Discard):
        s.plan.append(Placement(uid=action.uid, target="discard"))
        return [Event(text=f"Discarded {name(state, action.uid)}.", seat=seat)]
    if isinstance(action, Done):
        s.ready = True
        return [Event(text=f"Player {seat + 1} has organised.")]
    raise AssertionError(f"not an organize action: {action!r}")
