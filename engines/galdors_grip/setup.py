"""Setup: build the 18-card deck by method a, b or c, then shuffle it face down, upright."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engines.base import EngineError
from engines.galdors_grip.cards import CARDS, CATALOGUE
from engines.galdors_grip.scoring import potential
from engines.galdors_grip.state import CardState, GripState, Options
from engines.rng import rng_for

DECK_SIZE = 18


def parse_options(raw: dict[str, Any]) -> Options:
    """Validate the options dict, with messages fit for the player."""
    try:
        return Options.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise EngineError(f"Bad option {where}: {first['msg']}") from exc


def _expansion_pool(options: Options) -> list[str]:
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


def build_deck(options: Options, seed: int) -> tuple[list[str], list[str]]:
    """The deck's card ids (12 essential cards first) and those drawn without looking."""
    core = CATALOGUE.set_of("core").cards
    essential = [c.id for c in core if c.essential]
    optional = [c.id for c in core if not c.essential]
    pool = _expansion_pool(options)
    rng = rng_for(seed, "deck")
    blind: list[str] = []
    if options.method == "a":
        out = _specific(options.swap_out, optional, "swap_out")
        into = _specific(options.swap_in, pool, "swap_in")
        if len(out) != len(into):
            raise EngineError("Method a swaps equal numbers of cards (swap_out, swap_in).")
        chosen = [c for c in optional if c not in out] + into
    elif options.method == "b":
        if len(pool) < 3:
            raise EngineError("Method b needs at least three expansion cards.")
        drawn = rng.sample(optional, 3)
        picks = _specific(options.picks, pool, "picks") if options.picks else rng.sample(pool, 3)
        if len(picks) != 3:
            raise EngineError("Method b takes exactly three expansion cards (picks).")
        chosen, blind = drawn + picks, drawn
    else:
        chosen = rng.sample(optional + pool, DECK_SIZE - len(essential))
        blind = chosen
    return essential + chosen, ([] if options.look else blind)


def new_state(seed: int, raw_options: dict[str, Any]) -> GripState:
    """Build, orient and shuffle the deck; Forked Path cards start face up."""
    options = parse_options(raw_options)
    ids, blind = build_deck(options, seed)
    order = rng_for(seed, "shuffle").sample(ids, len(ids))
    deck = []
    for card_id in order:
        forked = len(CARDS[card_id].faces) == 2
        deck.append(CardState(id=card_id, face_up=forked, revealed_turn=0 if forked else -1))
    forked_ids = [c for c in CARDS if c in ids and len(CARDS[c].faces) == 2]
    return GripState(
        options=options,
        deck=deck,
        blind=[c for c in blind if c not in forked_ids],
        max_stars=sum(potential(c) for c in ids),
        step="setup" if forked_ids else "start",
        faces_to_choose=forked_ids,
    )
