"""One small function per effect kind of ``cards.EFFECTS`` that acts in a combat.

Each reads a card's named effects (``Effect.kind``) and says what they do; the steps and the
match-up arithmetic call them. ``aoe`` (a spell's n-pt AOE) is read here too, for the day the
data names it.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.guardians.cards import Bribe, Creature, DeckCard, Effect, Stronghold, TerrainType

PRIMARY_WHEN = ("primary", "combat", "always")
SECONDARY_WHEN = ("secondary", "combat", "always")
CONTRADICTING = ("announce", "terrain_change")
"""Command effects that cannot both happen: the lower Up number is dispelled (text ex. 2, 4)."""


def effects(
    card: DeckCard | Stronghold, kind: str, when: Iterable[str] | None = None
) -> list[Effect]:
    """The card's effects of ``kind`` (acting in one of ``when``, if given)."""
    found = [e for e in getattr(card, "effects", ()) if e.kind == kind]
    return found if when is None else [e for e in found if e.when in tuple(when)]


def _opponent_matches(e: Effect, opp: Creature) -> bool:
    return (
        (e.family is None or opp.family == e.family)
        and (e.klass is None or opp.klass == e.klass)
        and (e.size is None or opp.size == e.size)
    )


def bonus(
    card: DeckCard, opp: Creature | None, terrain: TerrainType | None, attacking: bool, when: tuple
) -> int:
    """``bonus``: +amount when the opponent (family/klass/size), terrain and role match."""
    total = 0
    for e in effects(card, "bonus", when):
        if opp is not None and not _opponent_matches(e, opp):
            continue
        if e.terrain is not None and e.terrain != terrain:
            continue
        if e.target == ("defending" if attacking else "attacking"):
            continue
        total += e.amount or 0
    return total


def team_bonus(source: DeckCard, fighter: Creature, attacking: bool, when: tuple) -> int:
    """``team_bonus``: +amount to each of your primary attackers (of klass, if given).

    ``target='attacking'``: only while the fighter's side attacks (Brom's Standard Bearer).
    """
    role = "attacking" if attacking else "defending"
    return sum(
        e.amount or 0
        for e in effects(source, "team_bonus", when)
        if (e.klass is None or e.klass == fighter.klass) and e.target in (None, role)
    )


def stronghold_bonus(source: DeckCard) -> int:
    """``stronghold_bonus``: +amount to your creatures defending a Stronghold this combat."""
    return sum(e.amount or 0 for e in effects(source, "stronghold_bonus"))


def channel_bonus(source: DeckCard | Stronghold) -> int:
    """``channel_bonus``: +amount CMP to each channeler under the Stronghold (or beside it)."""
    return sum(e.amount or 0 for e in effects(source, "channel_bonus"))


def spell_bonus(spell: DeckCard, opp_klass: str | None) -> int:
    """``bonus`` of a spell or hand item on a creature whose opponent is of ``opp_klass``.

    An effect naming a klass counts only against it (Dork Age: against a ``guardian``).
    """
    return sum(e.amount or 0 for e in effects(spell, "bonus") if e.klass in (None, opp_klass))


def destroys(card: DeckCard, victim: Creature, when: tuple) -> bool:
    """``destroys``: the opposing creature matches (icon, family, klass, size, attack, flier)."""
    for e in effects(card, "destroys", when):
        if e.bribe is not None and e.bribe not in victim.bribes:
            continue
        if e.target == "flying" and not victim.flies:
            continue
        if e.attack is not None and e.attack in victim.immune:
            continue  # "Mortals affected by fear": not the ones immune to fear
        if _opponent_matches(e, victim):
            return True
    return False


def destroy_pair_klass(spell: DeckCard) -> str | None:
    """``destroy_pair``: the klass of creature whose match-up the spell wipes out."""
    found = effects(spell, "destroy_pair")
    return (found[0].klass or "") if found else None


def bribe_blocks(card: DeckCard) -> set[Bribe]:
    """``immune_bribe_block``: bribery kinds the opponent may not use while it is on the table."""
    return {e.bribe for e in effects(card, "immune_bribe_block") if e.bribe is not None}


def blocks_channel(card: DeckCard) -> bool:
    """``no_channel_against``: no channeling for a creature matched against this one."""
    return bool(effects(card, "no_channel_against"))


def beaten_value(card: Creature) -> int:
    """``beaten_counts_as``: the secondary-attack bonus it gives once beaten (else its V)."""
    found = effects(card, "beaten_counts_as")
    return found[0].amount or 0 if found else card.vitality


def control_value(card: Creature) -> int:
    """``counts_as``: what it counts for control of the space (else its vitality)."""
    found = effects(card, "counts_as")
    return found[0].amount or 0 if found else card.vitality


def heal_amount(card: DeckCard, won: bool = True) -> int:
    """``heal``: how many beaten creatures of yours it heals after a won combat.

    After a lost combat only ``win_or_lose`` healers heal (the Demon Hordes of Kabod).
    """
    return sum(e.amount or 1 for e in effects(card, "heal") if won or e.target == "win_or_lose")


def self_destroys(card: DeckCard) -> bool:
    """``self_destroy``: the card is destroyed after its command effect."""
    return bool(effects(card, "self_destroy"))


def dispels_command(card: DeckCard) -> bool:
    """``dispel_command``: the card dispels the opponent's command card."""
    return bool(effects(card, "dispel_command"))


def is_dispel(card: DeckCard) -> bool:
    """``dispel``: cancels a spell or command card just cast."""
    return bool(effects(card, "dispel"))


def terrain_change(card: DeckCard) -> TerrainType | None:
    """``terrain_change``: the battle's terrain type from now on."""
    found = effects(card, "terrain_change")
    return found[0].terrain if found else None


def destroys_terrain(card: DeckCard) -> bool:
    """``destroy_terrain`` in a combat: the space's terrain card is destroyed (no bonus).

    Not a ``target='settlement'`` one (the Ancient Tome): it acts in Terrain Settlement only.
    """
    return any(e.target != "settlement" for e in effects(card, "destroy_terrain"))


def removes_terrain_in_settlement(card: DeckCard) -> bool:
    """``destroy_terrain`` with when=always: it may remove a terrain card in Terrain Settlement."""
    return bool(effects(card, "destroy_terrain", when=("always",)))


def reserve(card: DeckCard) -> Effect | None:
    """``reserve``: the upgrade keeps creatures of ``klass`` for a stone each (``amount``)."""
    found = effects(card, "reserve")
    return found[0] if found else None


def upgrade_side(card: DeckCard) -> str | None:
    """The only side (``left`` / ``right``) an upgrade may stand on, if its effects name one."""
    return next((e.target for e in effects(card, "reserve") if e.target), None)


def allow_channel(card: DeckCard) -> Effect | None:
    """``allow_channel``: the creature it targets may receive channeling (up to amount)."""
    found = effects(card, "allow_channel")
    return found[0] if found else None


def announce(card: DeckCard) -> str | None:
    """``announce``: which attribute of their creatures the opponent must announce."""
    found = effects(card, "announce")
    return (found[0].target or "size") if found else None


def first_klasses(card: DeckCard) -> frozenset[str]:
    """``first``: the classes the opponent must play first (Trumpeter: Demons and Devils)."""
    return frozenset(e.klass for e in effects(card, "first") if e.klass)


def aoe(card: DeckCard) -> tuple[int, str, str | None] | None:
    """An AOE: (points, attack kind, ``aoe_only`` klass); a creature's own or a spell's."""
    only = effects(card, "aoe_only")
    klass = only[0].klass if only else None
    if isinstance(card, Creature) and card.aoe:
        return card.aoe, card.attack, klass
    found = effects(card, "aoe")
    if found and found[0].amount:
        return found[0].amount, found[0].attack or "normal", klass
    return None


def contradict(a: DeckCard, b: DeckCard) -> bool:
    """Two command cards contradict when both do one of the exclusive things."""
    return any(effects(a, kind) and effects(b, kind) for kind in CONTRADICTING)


def up_number(card: DeckCard) -> int:
    """A card's Up number: creatures use their vitality."""
    return card.vitality if isinstance(card, Creature) else card.up
