"""Setup: build the 18-card deck by method a, b or c, then shuffle it face down, upright.

Chance (the cards drawn, the suggested picks, the shuffle) is settled from the seed when the
game is created; the player's choices (method a's swaps, method b's three expansion cards,
method c's looking or not) are setup actions, unless the options already made them.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engines.base import Action, EngineError, Event
from engines.galdors_grip.actions import Add, Blind, Deal, Suggest, SwapIn, SwapOut
from engines.galdors_grip.cards import CARDS, CATALOGUE
from engines.galdors_grip.state import Build, CardState, GripState, Options
from engines.rng import Random, rng_for
from engines.text import join_and, plural

DECK_SIZE = 18
PICKS = 3
CORE = CATALOGUE.set_of("core").cards
ESSENTIAL = [c.id for c in CORE if c.essential]
OPTIONAL = [c.id for c in CORE if not c.essential]


def parse_options(raw: dict[str, Any]) -> Options:
    """Validate the options dict, with messages fit for the player."""
    try:
        return Options.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise EngineError(f"Bad option {where}: {first['msg']}") from exc


def expansion_pool(options: Options) -> list[str]:
    """The expansion cards the options allow, in catalogue order."""
    known = [s.id for s in CATALOGUE.expansions]
    chosen = known if options.expansions is None else list(options.expansions)
    unknown = sorted(set(chosen) - set(known))
    if unknown:
        raise EngineError(f"Unknown expansion {unknown[0]!r}; known: {', '.join(known)}.")
    return [c.id for s in CATALOGUE.expansions if s.id in chosen for c in s.cards]


def _specific(ids: tuple[str, ...], allowed: list[str], what: str) -> list[str]:
    if len(set(ids)) != len(ids):
        raise EngineError(f"{what}: a card is named twice.")
    for card_id in ids:
        if card_id not in allowed:
            raise EngineError(f"{what}: {card_id!r} is not one of {', '.join(allowed)}.")
    return list(ids)


def new_state(seed: int, raw_options: dict[str, Any]) -> GripState:
    """Draw what chance decides; deal at once if the options made every choice."""
    options = parse_options(raw_options)
    pool = expansion_pool(options)
    if options.method == "b" and len(pool) < PICKS:
        raise EngineError("Method b needs at least three expansion cards.")
    build = Build()
    draw_by_chance(build, options, rng_for(seed, "deck"))
    shuffle = draw_shuffle(rng_for(seed, "shuffle"))
    state = GripState(options=options, deck=[], shuffle=shuffle, build=build, step="build")
    _preset(state, pool)
    return state


def draw_by_chance(build: Build, options: Options, rng: Random) -> None:
    """What chance decides for the build: method b's drawn cards and suggested picks, c's six."""
    pool = expansion_pool(options)
    if options.method == "b":
        build.drawn = rng.sample(OPTIONAL, PICKS)
        build.suggested = rng.sample(pool, PICKS)
    elif options.method == "c":
        build.drawn = rng.sample(OPTIONAL + pool, DECK_SIZE - len(ESSENTIAL))


def draw_shuffle(rng: Random) -> list[str]:
    """One shuffle of the whole catalogue; the dealt deck keeps its cards' order."""
    return rng.sample(list(CARDS), len(CARDS))


def _preset(state: GripState, pool: list[str]) -> None:
    """Deal now when the options already hold the player's choices (or there are none)."""
    options, build = state.options, state.build
    assert build is not None
    if options.method == "a":
        if options.swap_out is None and options.swap_in is None:
            if pool:
                return
        else:
            out = _specific(options.swap_out or (), OPTIONAL, "swap_out")
            into = _specific(options.swap_in or (), pool, "swap_in")
            if len(out) != len(into):
                raise EngineError("Method a swaps equal numbers of cards (swap_out, swap_in).")
            build.out, build.into = out, into
    elif options.method == "b":
        if options.picks is None:
            return
        build.into = _specific(options.picks, pool, "picks")
        if len(build.into) != PICKS:
            raise EngineError("Method b takes exactly three expansion cards (picks).")
    elif options.look is None:
        return
    _deal(state, look=options.look is not False)


def build_actions(state: GripState) -> list[Action]:
    """The deck-building choices open now; the suggested build comes first."""
    build, method = state.build, state.options.method
    assert build is not None
    pool = expansion_pool(state.options)
    actions: list[Action] = [Suggest(method=method)]
    if method == "a" and len(build.out) == len(build.into):
        if build.out:
            actions.append(Deal(swaps=len(build.out)))
        if len(build.into) < len(pool):
            actions += [SwapOut(card=c) for c in OPTIONAL if c not in build.out]
    elif method == "a":
        actions += [SwapIn(card=c) for c in pool if c not in build.into]
    elif method == "b":
        actions += [Add(card=c) for c in pool if c not in build.into]
    else:
        actions.append(Blind())
    return actions


def apply_build(state: GripState, action: Action) -> list[Event]:
    """Record a deck-building choice; deal once the build is complete."""
    build = state.build
    assert build is not None
    match action:
        case Suggest():
            build.out, build.into = [], build.suggested
        case SwapOut(card=card):
            build.out.append(card)
            return []
        case SwapIn(card=card):
            build.into.append(card)
            return []
        case Add(card=card):
            build.into.append(card)
            if len(build.into) < PICKS:
                return []
    text = _deal(state, look=not isinstance(action, Blind) and state.options.look is not False)
    return [Event(text=text)]


def _deal(state: GripState, *, look: bool) -> str:
    """Build the deck from the choices, shuffle it face down; Forked Path cards face up."""
    build = state.build
    assert build is not None
    if state.options.method == "a":
        chosen = [c for c in OPTIONAL if c not in build.out] + build.into
    else:
        chosen = build.drawn + build.into
    ids = ESSENTIAL + chosen
    forked = [c for c in state.shuffle if c in ids and len(CARDS[c].faces) == 2]
    state.deck = [
        CardState(id=c, face_up=c in forked, revealed_turn=0 if c in forked else -1)
        for c in state.shuffle
        if c in ids
    ]
    state.blind = [] if look else [c for c in build.drawn if c not in forked]
    state.faces_to_choose = [c for c in CARDS if c in forked]
    state.step = "setup" if forked else "start"
    state.build = None
    return _dealt_text(state.options.method, build, look)


def _dealt_text(method: str, build: Build, look: bool) -> str:
    names = [CARDS[c].name for c in build.into]
    if method == "a":
        swapped = f" with {join_and(names)} swapped in" if names else ""
        return f"The deck is dealt: the Core Set{swapped}."
    drawn = plural(len(build.drawn), "card")
    how = "looked at" if look else "left unseen"
    added = f", plus {join_and(names)}" if names else ""
    return f"The deck is dealt: {drawn} drawn and {how}{added}."
