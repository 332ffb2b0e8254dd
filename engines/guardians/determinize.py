"""Re-dealing what one player cannot see, for computer players (``Game.resample``).

Hidden from a seat: the opponent's deck, discard pile, Storage Hand, Creature Pen, cards drawn
this turn, the creatures on and under its Strongholds, the contents of its Shields (until they
fly), its face-down terrain, its pending secret choices (the Draw & Organize plan, a combat
pick), the seat's own deck order and the game's seed. The hidden cards keep their places (the
counts are public); their identities are dealt again from the opponent's unseen cards, and
their uids are renamed in a canonical order, so the sample depends only on what the seat sees.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from engines.guardians.board import LIMIT, cards_map
from engines.guardians.cards import Creature, DeckCard
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.combat import CombatState
from engines.guardians.combat import effects as fx
from engines.guardians.combat.matchup import effective
from engines.guardians.combat.targets import is_command_card
from engines.guardians.organize import reserve_klass
from engines.guardians.state import GuardiansState, Hold
from engines.rng import Random

DOUBLE = ("spell", "hand_item", "bribery")
"""Double-bordered cards: the Storage Hand holds only these; the Pen never does."""
UID = re.compile(r'"([ab][0-9]{2,3})"')
SEED_RANGE = 2**31
DEAL_TRIES = 8

Fits = Callable[[DeckCard], bool]


def _creature(c: DeckCard) -> bool:
    return isinstance(c, Creature)


def _fighter(c: DeckCard) -> bool:
    """A creature in a combat hand: never a creature item in its place."""
    return isinstance(c, Creature)


def _channeler(c: DeckCard) -> bool:
    return isinstance(c, Creature) and c.cmp > 0


def _item(c: DeckCard) -> bool:
    return c.kind == "creature_item"


def _double(c: DeckCard) -> bool:
    return c.kind in DOUBLE


def _single(c: DeckCard) -> bool:
    return c.kind not in DOUBLE


def _any(c: DeckCard) -> bool:
    return True


def shown(state: GuardiansState) -> set[str]:
    """Uids shown face up: the challenger's named creature and the combat's cards.

    In the combat in progress: on the table, cast, used, channelled.
    """
    ch = state.challenge
    named = {ch.creature} if ch is not None and ch.creature else set()
    c = state.combat
    if c is None:
        return named
    out = {f.uid for f in c.table} | {x.uid for x in c.casts} | set(c.carried)
    return out | set(c.channelers_used) | set(c.used) | named


def hidden_slots(state: GuardiansState, seat: int) -> list[tuple[str, Fits]]:
    """The opponent's cards ``seat`` cannot see, in a canonical order, with what may go there.

    The order comes from public places (Shields by uid, Strongholds, piles, lands by space);
    each slot says which cards it may hold (a Shield's creatures, a channeler under a
    Stronghold, a double-bordered card in the Storage Hand…).
    """
    opp = state.seats[1 - seat]
    public = shown(state)
    fits: dict[str, Fits] = {}
    c = state.combat
    told = announced(state, seat)
    mixed: set[str] = set()  # combat hand cards whose creature / item split is not public
    if c is not None:
        side = _side(c, 1 - seat)
        fits |= {u: _item for u in c.items[side]}
        fits |= {u: _channeler for u in c.channelers[side]}
        fits |= {u: _fighter for u in c.hands[side]}
        if told is None and c.hands[side]:
            mixed = {u for u in c.hands[side] + c.items[side] if u not in public}
            fits |= {u: _creature_or_item for u in mixed}
    reserved = {u: _reserved(state, h) for h in opp.holds for u in h.reserve}
    fits |= reserved  # also when it joined the combat hand: it is a creature of that class
    mixed -= set(reserved)
    places: list[tuple[list[str], Fits]] = []
    for st in sorted(state.stacks, key=lambda s: s.shield):
        if st.owner != seat and not st.revealed:
            places.append((st.cards, _creature))
    for h in opp.holds:
        places += [(h.on, _creature), (h.under, _channeler), (h.reserve, _reserved(state, h))]
    places += [(opp.storage, _double), (opp.pen, _single)]
    places += [(opp.drawn, _any), (opp.deck, _any), (opp.discard, _any)]
    lands = sorted(state.lands.items())
    places.append(([x.uid for _, x in lands if x.owner != seat and x.face_down], _any))
    slots = []
    for uids, default in places:
        slots += [(u, fits.get(u, default)) for u in uids if u not in public]
    # the opponent has creatures left (it still fights primaries), not how many: one place
    # of the hand is a creature, the others a creature or a creature item
    first = next((k for k, (u, _) in enumerate(slots) if u in mixed), None)
    if first is not None:
        slots[first] = (slots[first][0], _fighter)
    if told is not None:  # the opponent told this of the creatures in its combat hand
        attribute, values = told
        hand = set(c.hands[side])  # type: ignore[union-attr]
        hidden = [k for k, (u, _) in enumerate(slots) if u in hand]
        cards = cards_map(state)
        for u in hand - {slots[k][0] for k in hidden}:  # seen (a flown Shield's): not a slot
            values.remove(str(getattr(cards[u], attribute, "?")))
        for k, value in zip(hidden, values, strict=True):
            slots[k] = (slots[k][0], _telling(attribute, value))
    return slots


def _reserved(state: GuardiansState, h: Hold) -> Fits:
    """A reserve place: a creature of the class its upgrade keeps (Death Pit: Undead)."""
    klass = reserve_klass(state, h)

    def fits(c: DeckCard) -> bool:
        return isinstance(c, Creature) and c.klass == klass

    return fits


def _telling(attribute: str, value: str) -> Fits:
    def fits(c: DeckCard) -> bool:
        return isinstance(c, Creature) and str(getattr(c, attribute, "?")) == value

    return fits


def announced(state: GuardiansState, seat: int) -> tuple[str, list[str]] | None:
    """What an announce command of ``seat`` made the opponent tell of its combat hand."""
    c = state.combat
    if c is None:
        return None
    cards = cards_map(state)
    mine = _side(c, seat)
    for x in c.casts:
        if x.side == mine and x.command and x.final and effective(c, cards, x):
            attribute = fx.announce(cards[x.uid])
            if attribute:
                hand = [cards[u] for u in c.hands[1 - mine]]
                return attribute, sorted(str(getattr(h, attribute, "?")) for h in hand)
    return None


def redeal(state: GuardiansState, seat: int, rng: Random) -> tuple[GuardiansState, bool]:
    """A copy with every card hidden from ``seat`` dealt again, and a fresh seed.

    Returns the copy and whether the opponent's finished secret choice was forgotten (the
    caller makes it again). Constrained places (Shields, Strongholds, Storage Hand, Pen) are dealt
    first, each the first unseen card that fits, in shuffled order.
    """
    slots = hidden_slots(state, seat)
    spaces = _spaces(state, 1 - seat)
    hidden = {u for u, _ in slots}
    used = {sp: 0 for sp in spaces.values()}
    for u, sp in spaces.items():
        if u not in hidden:
            used[sp] += _points(state.cards[u])
    names = sorted(hidden)
    rename = {u: names[k] for k, (u, _) in enumerate(slots)}
    ids = sorted(state.cards[u] for u in rename)
    for _ in range(DEAL_TRIES):  # rarely, the greedy deal overfills a space: deal again
        dealt, fitted = _deal(state, seat, slots, spaces, used, ids, rng)
        if fitted:
            break
    by_uid = {names[k]: cid for k, cid in dealt.items()}
    text = UID.sub(lambda m: f'"{rename.get(m.group(1), m.group(1))}"', state.model_dump_json())
    copy = GuardiansState.model_validate_json(text)
    copy.cards = {u: by_uid.get(u, cid) for u, cid in state.cards.items()}
    copy.seed = rng.randrange(SEED_RANGE)
    mine = copy.seats[seat]
    mine.deck = sorted(mine.deck)
    rng.shuffle(mine.deck)
    if copy.fight is not None:
        copy.fight.origins = dict(sorted(copy.fight.origins.items()))
    if copy.combat is not None and announced(state, seat) is None:
        _sort_hand(copy, copy.combat, _side(copy.combat, 1 - seat))
    return copy, _forget(copy, 1 - seat)


def _sort_hand(state: GuardiansState, c: CombatState, side: int) -> None:
    """The opponent's combat hand split anew into creatures and items, as dealt."""
    cards = cards_map(state)
    hand = sorted(c.hands[side] + c.items[side])
    c.hands[side] = [u for u in hand if isinstance(cards[u], Creature)]
    c.items[side] = [u for u in hand if not isinstance(cards[u], Creature)]


def _declared_command(
    state: GuardiansState, seat: int, slots: list[tuple[str, Fits]], pool: list[str]
) -> tuple[int, int] | None:
    """(slot, pool index) of the first unseen command card the opponent could have declared.

    None unless the opponent declared a command card it has not shown yet.
    """
    c = state.combat
    if c is None or c.step not in ("declare", "command"):
        return None
    side = _side(c, 1 - seat)
    if not c.declared[side]:
        return None
    hand, storage = set(c.hands[side] + c.items[side]), set(c.storage[side])
    for i, cid in enumerate(pool):
        x = CATALOGUE.cards[cid]
        if not is_command_card(x) or getattr(x, "cost", 0) > c.stones[side]:
            continue
        where = hand if isinstance(x, Creature) else storage
        for k, (u, fits) in enumerate(slots):
            if u in where and fits(x):
                return k, i
    return None


def _deal(
    state: GuardiansState,
    seat: int,
    slots: list[tuple[str, Fits]],
    spaces: dict[str, str],
    public: dict[str, int],
    ids: list[str],
    rng: Random,
) -> tuple[dict[int, str], bool]:
    """A card id for every slot (by index), and whether every space stays within 30 points.

    The ids are shuffled; the tightest places take the first card that fits, keeping a point
    on the space for every place still to deal there.
    """
    pool = list(ids)
    rng.shuffle(pool)
    used = dict(public)
    dealt: dict[int, str] = {}
    order = sorted(range(len(slots)), key=lambda k: _tightness(slots[k][1]))
    first = _declared_command(state, seat, slots, pool)
    if first is not None:  # the opponent said it plays a command card: it holds one
        k, i = first
        dealt[k] = pool.pop(i)
        order.remove(k)
        if slots[k][0] in spaces:
            used[spaces[slots[k][0]]] += _points(dealt[k])
    left = Counter(spaces[u] for k, (u, _) in enumerate(slots) if u in spaces and k in order)
    for k in order:
        uid, fits = slots[k]
        room = LIMIT
        if uid in spaces:
            left[spaces[uid]] -= 1
            room = LIMIT - used[spaces[uid]] - left[spaces[uid]]
        loose = _creature_or_item if fits in LOOSE else _creature
        pick = _first(pool, fits, room)
        if pick is None and uid in spaces and fits is _creature:  # an item stacks as 0
            pick = _first(pool, loose, room)
        if pick is None:  # fewer unseen cards of a kind than places: the smallest that fits
            fitting = [i for i, cid in enumerate(pool) if fits(CATALOGUE.cards[cid])]
            fitting = fitting or [i for i, cid in enumerate(pool) if loose(CATALOGUE.cards[cid])]
            pick = min(fitting, key=lambda i: _points(pool[i]), default=0)
        if uid in spaces:
            used[spaces[uid]] += _points(pool[pick])
        dealt[k] = pool.pop(pick)
    return dealt, all(points <= LIMIT for points in used.values())


def _spaces(state: GuardiansState, seat: int) -> dict[str, str]:
    """The space of each card ``seat`` has on the board (its Shields and Strongholds)."""
    out = {u: st.space for st in state.stacks if st.owner == seat for u in st.cards}
    row = 0 if seat == 0 else 3
    for col, h in zip("LCR", state.seats[seat].holds, strict=True):
        out |= {u: f"{col}{row}" for u in h.on + h.under + h.reserve}
    return out


def _points(cid: str) -> int:
    """The stacking points of a card (0 for anything but a creature)."""
    c = CATALOGUE.cards[cid]
    return c.stacks_as if isinstance(c, Creature) else 0


def _first(pool: list[str], fits: Fits, room: int) -> int | None:
    """The index of the first card of ``pool`` that fits and stacks within ``room`` points."""
    return next(
        (i for i, cid in enumerate(pool) if fits(CATALOGUE.cards[cid]) and _points(cid) <= room),
        None,
    )


def _creature_or_item(c: DeckCard) -> bool:
    return _creature(c) or _item(c)


TIGHTNESS = (_channeler, _item, _fighter, _creature_or_item, _creature, _double, _single, _any)
"""The order in which places are dealt: the fewest fitting cards first (what the opponent
told of its hand before all)."""


LOOSE = (_creature, _item, _double, _single, _any)
"""Places that may take a creature item when no fitting card is left; a fighter in a combat
hand, a channeler and a creature the opponent told of must stay a creature."""


def _tightness(fits: Fits) -> int:
    return TIGHTNESS.index(fits) if fits in TIGHTNESS else -1


def _forget(state: GuardiansState, other: int) -> bool:
    """Forget ``other``'s secret choice not yet seen (its plan, a combat pick).

    Whether it had made one that must be made again: a plan it is done with, a combat pick.
    A plan still in progress is forgotten and left to the playouts.
    """
    o = state.seats[other]
    if state.phase == "organize":
        done, o.plan, o.ready = o.ready, [], False
        return done
    c = state.combat
    if c is not None and state.phase == "combat":
        side = _side(c, other)
        if side in c.pending and side in c.waiting:
            del c.pending[side]
            return True
    return False


def _side(c: CombatState, seat: int) -> int:
    return 0 if c.seat(0) == seat else 1
