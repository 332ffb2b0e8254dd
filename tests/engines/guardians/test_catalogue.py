"""The Guardians card pool: every number the rule text gives, every mechanic it names."""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from engines.guardians.cards import EFFECTS, OCB_TARGET, Creature, DeckCard
from engines.guardians.catalogue import CARD_FILES, CATALOGUE, DATA_DIR, load_catalogue
from engines.guardians.decks import normalise

ROOT = Path(__file__).resolve().parents[3]
CARDS = CATALOGUE.cards
CREATURES = [c for c in CARDS.values() if isinstance(c, Creature)]


def effects(card: DeckCard) -> list:
    """The card's effects (terrain, shields and bribery may have none)."""
    return list(getattr(card, "effects", ()))


def has(card: DeckCard, kind: str, **params: object) -> bool:
    """True if the card carries an effect of ``kind`` with these parameters."""
    return any(
        e.kind == kind and all(getattr(e, k) == v for k, v in params.items()) for e in effects(card)
    )


def test_every_data_file_validates_and_is_a_known_file():
    known = {*CARD_FILES, "guardians", "strongholds", "decks", "deck_rules", "phases"}
    files = {p.name.removesuffix(".toml") for p in DATA_DIR.iterdir() if p.name.endswith(".toml")}
    assert files == known
    for name in files:
        tomllib.loads((DATA_DIR / f"{name}.toml").read_text(encoding="utf-8"))
    assert load_catalogue().cards.keys() == CARDS.keys()


def test_ids_are_unique_across_every_file_and_names_are_unique_for_lookup():
    ids = []
    for name in CARD_FILES:
        ids += [c["id"] for c in tomllib.loads((DATA_DIR / f"{name}.toml").read_text())["card"]]
    assert len(ids) == len(set(ids)) == len(CARDS)
    names = Counter(normalise(c.name) for c in CARDS.values())
    assert [n for n, k in names.items() if k > 1] == []
    others = [*CATALOGUE.guardians.values(), *CATALOGUE.strongholds.values()]
    assert not {normalise(o.name) for o in others} & set(names)


def test_at_least_sixty_creatures_across_the_three_families():
    families = Counter(c.family for c in CREATURES)
    assert len(CREATURES) >= 60
    assert all(families[f] >= 20 for f in ("mortal", "elemental", "external")), families


def test_every_card_has_an_up_number_and_creatures_use_their_vitality():
    for card in CARDS.values():
        if isinstance(card, Creature):
            assert card.up_number == card.vitality
        else:
            assert card.up >= 1, card.id


def test_every_card_with_an_ability_prints_a_text():
    for card in CARDS.values():
        special = effects(card) or (
            isinstance(card, Creature)
            and (card.command or card.aoe or card.ranged or card.cmp or card.receives)
        )
        if special:
            assert card.text, card.id


# The creatures the rule text names, with the numbers its worked examples give (derived
# where the examples imply them, reconstructed elsewhere: docs/rules/guardians.md).
# None = the text does not say.
NAMED: dict[str, dict[str, object]] = {
    "Swordsman": dict(family="mortal", klass="knight", vitality=6, ocb=3, bribes=("gold",)),
    "Sand Lord": dict(
        family="elemental",
        vitality=11,
        ocb=3,
        bribes=("babes",),
        terrain_bonus={"dry_heaps": 6, "woods": -6},
    ),
    "Archer": dict(family="mortal", klass="knight", vitality=6, ranged=3),
    "Wraith": dict(family="external", klass="undead", vitality=8, receives=True, receive_limit=16),
    "Snogwart": dict(family="mortal", vitality=8, ocb=2),
    "Devil Dog": dict(family="elemental", klass="devil", vitality=6, immune=("fire",)),
    "Ice Spirit": dict(family="elemental", vitality=5, ocb=2, immune=("undead",)),
    "Baal-a-Gog": dict(family="elemental", vitality=12, bribes=("gold", "babes")),
    "Floyd, the Flying Pig": dict(vitality=2, command=True, flies=True),
    "Gn'Omish Gnomes": dict(vitality=4),
    "Super Model": dict(vitality=1, stacking=4, bribes=("gold",)),
    "Wild Nymph": dict(family="external", vitality=4, ocb=1, bribes=("babes",)),
    "Ugly Wart Fiend": dict(family="mortal", klass="fiend", vitality=1, receives=False),
    "Sorcerer": dict(vitality=9, command=True, aoe=4, attack="fire"),
    "Merchant": dict(bribes=("babes",)),
    "Fire Walker": dict(family="elemental", vitality=9, attack="fire"),
    "Iron Crag Baggler": dict(vitality=5, command=True),
    "Wood Nymph": dict(family="external", vitality=8, terrain_bonus={"woods": 3}),
    "Ice Ogre": dict(family="mortal", klass="ogre", vitality=9, ocb=2),
    "Sun Spirit": dict(family="elemental", vitality=12, ocb=6, attack="fire", bribes=()),
    "Amber Well": dict(family="elemental", vitality=4, ocb=0, bribes=()),
    "Gorgal Skag": dict(family="elemental", vitality=4, receives=False),
    "Black Lung": dict(family="external", vitality=14, receives=False, immune=()),
    "Rock Spirit": dict(family="elemental", vitality=5, ocb=1, bribes=(), command=True),
    "Valkyrie Spirit": dict(cmp=3, channels_to="knight"),
    "Gunner": dict(vitality=4, stacking=6),
    "Blackthwaite Jumper": dict(immune=("aoe",)),
    "Cow": dict(attack="methane"),
    "Mayor McEvil": dict(attack="methane"),
    "Visionary": dict(vitality=5, command=True),
    "Seer": dict(vitality=5, command=True),
    "Trumpeter": dict(command=True),
    "Baleful Eye": dict(command=True),
    "Uras, Overlord of the Mountains": dict(command=True),
    "Slor, Overlord of the Wastes": dict(command=True),
    "Lawyer": dict(vitality=7),
    "Demon Hordes of Kabod": dict(klass="demon"),
    "Champs, the Wonder Dog": dict(),
}


@pytest.mark.parametrize("name", sorted(NAMED))
def test_every_creature_the_text_names_exists_with_its_derived_numbers(name):
    card = next((c for c in CREATURES if c.name == name), None)
    assert card is not None, f"{name} is missing"
    for field, value in NAMED[name].items():
        assert getattr(card, field) == value, f"{name}.{field}"


def by_name(name: str) -> Creature:
    """The creature called ``name``."""
    return next(c for c in CREATURES if c.name == name)


def total(me: str, them: str, terrain: str | None = None) -> int:
    """Vitality + off-colour bonus + terrain bonus of ``me`` matched against ``them``."""
    a, b = by_name(me), by_name(them)
    ocb = a.ocb if OCB_TARGET[a.family] == b.family else 0
    return a.vitality + ocb + (a.terrain_bonus.get(terrain, 0) if terrain else 0)


# "A vs B: x vs y" of the text's worked examples (without Floyd, channeling, ranged attacks).
MATCH_UPS = [
    ("Swordsman", "Sand Lord", None, 9, 11),  # "That gives him a Vitality of 9"
    ("Swordsman", "Sand Lord", "woods", 9, 5),  # "a penalty of -6, making him Vitality 5"
    ("Wild Nymph", "Ugly Wart Fiend", "swamps", 5, 1),  # "Wild Nymph is Vitality 4, +1 OCB"
    ("Snogwart", "Devil Dog", "swamps", 10, 6),  # "Snogwart is 8, +2 for OCB"
    ("Ice Spirit", "Wraith", "swamps", 7, 8),  # "Ice Spirit is 5, +2 OCB" (+2 Floyd)
    ("Archer", "Gn'Omish Gnomes", "swamps", 6, 4),  # "Archer has Vitality 6. The Gnomes ... 4"
    ("Wood Nymph", "Amber Well", "woods", 11, 4),  # "8 + 3 (terrain) vs. 4 + 0 (OCB)"
    ("Ice Ogre", "Gorgal Skag", "woods", 11, 4),  # "9 + 2 (OCB) vs. 4"
    ("Sun Spirit", "Black Lung", "woods", 18, 14),  # "12 + 6 (OCB) vs. 14"
    ("Ice Ogre", "Amber Well", "woods", 11, 4),  # "9 + 2 (OCB) vs 4"
    ("Sun Spirit", "Gorgal Skag", "woods", 12, 4),  # "12 vs 4"
    ("Wood Nymph", "Black Lung", "woods", 11, 14),  # "8 + 3 (terrain) vs 14"
]


@pytest.mark.parametrize(("a", "b", "terrain", "a_total", "b_total"), MATCH_UPS)
def test_the_worked_examples_arithmetic_follows_from_the_data(a, b, terrain, a_total, b_total):
    assert (total(a, b, terrain), total(b, a, terrain)) == (a_total, b_total)


def test_the_example_shields_stack_to_thirty_points():
    chris = ["Super Model", "Snogwart", "Archer", "Wraith", "Wild Nymph"]
    bill = ["Floyd, the Flying Pig", "Ugly Wart Fiend", "Baal-a-Gog", "Devil Dog", "Ice Spirit"]
    bill.append("Gn'Omish Gnomes")
    assert sum(by_name(n).stacks_as for n in chris) == 30  # "he has played 30 points"
    assert sum(by_name(n).stacks_as for n in bill) == 30
    assert sum(by_name(n).vitality for n in chris) == 27


def test_amber_well_gives_eight_so_rock_spirit_beats_the_ice_ogre():
    # "the Amber Well's special ability will let the Rock Spirit beat the Ice Ogre (8 + 5 vs 9)"
    assert has(by_name("Amber Well"), "beaten_counts_as", amount=8)
    assert 8 + by_name("Rock Spirit").vitality > by_name("Ice Ogre").vitality


def test_the_overlords_and_visionary_seer_up_numbers_decide_as_the_text_says():
    # "Slor has the higher Up number ... Uras is dispelled"; "both have Vitality 5"
    assert (
        by_name("Slor, Overlord of the Wastes").up_number
        > by_name("Uras, Overlord of the Mountains").up_number
    )
    assert by_name("Visionary").up_number == by_name("Seer").up_number == 5


def test_the_guardians_keep_the_text_and_research_numbers():
    rak, tes, gaar = (CATALOGUE.guardians[g] for g in ("rak_nam", "tes_let", "gaar"))
    # "Vitality 30, Stones 7, CMP 9, Base Draw 3, LDL -1, MDL +1, LUC +1"
    assert (rak.vitality, rak.stones, rak.cmp, rak.base_draw, rak.ldl, rak.mdl, rak.luc) == (
        30,
        7,
        9,
        3,
        -1,
        1,
        1,
    )
    assert tes.cmp == 7 and any(e.kind == "skip_up_card" for e in tes.effects)
    channel = [e for e in gaar.effects if e.kind == "guardian_channel"]
    assert [(e.amount, e.target) for e in channel] == [(2, "5")]  # "2 Powerstones channel 5pts"


def test_the_stronghold_sets():
    sets = CATALOGUE.strongholds
    assert len(sets) >= 3
    keep, khnum = sets["keep_of_rak_nam"], sets["khnumian_stronghold"]
    assert [s.defence for s in (keep.left, keep.centre, keep.right)] == [5, 7, 5]
    assert [s.defence for s in (khnum.left, khnum.centre, khnum.right)] == [4, 6, 4]
    assert [(e.kind, e.amount) for e in khnum.centre.effects] == [("channel_bonus", 1)]


def test_terrain_of_all_five_types_plus_named_specials():
    terrain = [c for c in CARDS.values() if c.kind == "terrain"]
    assert {t.terrain for t in terrain} == {
        "woods",
        "swamps",
        "dry_heaps",
        "rivers_lakes",
        "spirit_mountain",
    }
    names = {t.name for t in terrain}
    assert {"Iron Crag Brew Mountain", "SS House of Babes"} <= names
    assert sum(bool(t.effects) for t in terrain) >= 2


def test_the_spells_and_items_the_text_names_exist():
    names = {c.name for c in CARDS.values()}
    assert {
        "Vitales Dark Cloud",
        "Dispel Magic",
        "Power Lunch",
        "St. Ballantine's Evocation",
        "Hammer of Doom",
        "Ancient Tome of Dispansation",
        "Sacrificial Altar",
        "Death Pit of Djoser",
        "Ice Storm",
        "Medallion of Skyphos",
        "Dork Age",
        "Beer",
        "Gold",
        "Babes",
    } <= names


def card_named(name: str) -> DeckCard:
    """Any deck card by its exact name."""
    return next(c for c in CARDS.values() if c.name == name)


def test_the_spells_do_what_the_text_says():
    assert card_named("Vitales Dark Cloud").command  # "states that it must be used as a Command"
    assert has(card_named("Vitales Dark Cloud"), "aoe", amount=4)
    assert has(card_named("St. Ballantine's Evocation"), "destroy_pair", klass="knight")
    assert has(card_named("Power Lunch"), "allow_channel")
    assert has(card_named("Hammer of Doom"), "destroy_terrain", when="always")
    assert has(card_named("Ancient Tome of Dispansation"), "destroy_terrain", target="settlement")
    assert has(card_named("Sacrificial Altar"), "stones", amount=1)


def creature(pred: Callable[[Creature], bool]) -> Callable[[DeckCard], bool]:
    """A predicate on creatures only."""
    return lambda c: isinstance(c, Creature) and pred(c)


def kind(k: str, **params: object) -> Callable[[DeckCard], bool]:
    """A predicate: the card carries effect ``k`` with these parameters."""
    return lambda c: has(c, k, **params)


MECHANICS: dict[str, Callable[[DeckCard], bool]] = {
    "off-colour bonus, Mortals": creature(lambda c: c.ocb > 0 and c.family == "mortal"),
    "off-colour bonus, Elementals": creature(lambda c: c.ocb > 0 and c.family == "elemental"),
    "off-colour bonus, Externals": creature(lambda c: c.ocb > 0 and c.family == "external"),
    "red stacking number": creature(lambda c: c.stacking is not None),
    "beer icon": creature(lambda c: "beer" in c.bribes),
    "gold icon": creature(lambda c: "gold" in c.bribes),
    "babes icon": creature(lambda c: "babes" in c.bribes),
    "two bribe icons": creature(lambda c: len(c.bribes) >= 2),
    "unbribeable": creature(lambda c: not c.bribes),
    "small": creature(lambda c: c.size == "small"),
    "large": creature(lambda c: c.size == "large"),
    "mammoth": creature(lambda c: c.size == "mammoth"),
    "channeler": creature(lambda c: c.cmp > 0 and c.channels_to is None),
    "channels to one class only": creature(lambda c: c.channels_to is not None),
    "channels and receives": creature(lambda c: c.cmp > 0 and c.receives),
    "green bar": creature(lambda c: c.receives and c.receive_limit is None),
    "receives more than its vitality": creature(lambda c: (c.receive_limit or 0) > c.vitality),
    "Guardian killer Demon": creature(lambda c: c.klass == "demon" and c.receive_limit == 20),
    "Guardian killer flying Devil": creature(
        lambda c: c.klass == "devil" and c.flies and c.receive_limit == 20
    ),
    "flier": creature(lambda c: c.flies),
    "fire attack": creature(lambda c: c.attack == "fire" and not c.aoe),
    "fear attack": creature(lambda c: c.attack == "fear" and not c.aoe),
    "command fire AOE": creature(lambda c: c.command and c.aoe and c.attack == "fire"),
    "command fear AOE": creature(lambda c: c.command and c.aoe and c.attack == "fear"),
    "methane AOE": creature(lambda c: c.aoe and c.attack == "methane"),
    "primary-attack AOE": creature(lambda c: c.aoe > 0 and not c.command),
    "AOE on one class only": kind("aoe_only"),
    "plain AOE spell": kind("aoe", attack=None),
    "fear AOE spell": kind("aoe", attack="fear"),
    "immune to fire": creature(lambda c: "fire" in c.immune),
    "immune to fear": creature(lambda c: "fear" in c.immune),
    "immune to every AOE": creature(lambda c: "aoe" in c.immune),
    "immune to a class": creature(lambda c: "undead" in c.immune),
    "immune to a family": creature(lambda c: "mortal" in c.immune),
    "immune to fliers": creature(lambda c: "flying" in c.immune),
    "ranged attack": creature(lambda c: c.ranged > 0),
    "terrain bonus": creature(lambda c: any(v > 0 for v in c.terrain_bonus.values())),
    "terrain penalty": creature(lambda c: any(v < 0 for v in c.terrain_bonus.values())),
    "command creature": creature(lambda c: c.command),
    "command spell": lambda c: c.kind == "spell" and c.command,
    "command hand item": lambda c: c.kind == "hand_item" and c.command,
    "Fiend blocks beer": kind("immune_bribe_block", bribe="beer"),
    "Fiend blocks gold": kind("immune_bribe_block", bribe="gold"),
    "Fiend blocks babes": kind("immune_bribe_block", bribe="babes"),
    "destroys by bribe icon": kind("destroys", bribe="gold"),
    "destroys by class": kind("destroys", klass="undead"),
    "destroys by size": kind("destroys", size="mammoth"),
    "destroys fliers": kind("destroys", target="flying"),
    "healer (winner)": kind("heal", target=None),
    "healer win or lose (Demon Hordes)": kind("heal", target="win_or_lose"),
    "counts as more (Lawyer 21)": kind("counts_as", amount=21),
    "beaten counts as (Amber Well 8)": kind("beaten_counts_as", amount=8),
    "team bonus then destroyed (Floyd)": lambda c: has(c, "team_bonus") and has(c, "self_destroy"),
    "dispels a command card (Baggler)": kind("dispel_command"),
    "Stronghold command (Rock Spirit)": creature(
        lambda c: c.command and has(c, "stronghold_bonus")
    ),
    "terrain change": kind("terrain_change"),
    "announce": kind("announce"),
    "play a class first": kind("first"),
    "no channeling against it (Ogres)": kind("no_channel_against"),
    "secondary bonus (Devil Dog)": kind("bonus", when="secondary"),
    "bonus against a class": kind("bonus", klass="fairy"),
    "bonus against a Guardian": kind("bonus", klass="guardian"),
    "destroys a Knight and its opponent": kind("destroy_pair"),
    "dispel magic": kind("dispel"),
    "allow channeling": kind("allow_channel"),
    "destroy terrain in combat": kind("destroy_terrain", when="always", target=None),
    "stronghold bonus spell or upgrade": lambda c: (
        c.kind != "creature" and has(c, "stronghold_bonus")
    ),
    "power stones (upgrade)": kind("stones"),
    "reserve (Death Pit)": kind("reserve"),
    "channel bonus (upgrade)": kind("channel_bonus"),
    "extra draw": kind("draw"),
    "anti-bribe terrain": lambda c: c.kind == "terrain" and has(c, "immune_bribe_block"),
    "Standard Bearer": lambda c: c.kind == "shield" and c.standard_bearer,
    "plain shield": lambda c: c.kind == "shield" and not c.standard_bearer,
    "creature magic item": lambda c: c.kind == "creature_item",
    "hand magic item": lambda c: c.kind == "hand_item",
    "stone cost": lambda c: getattr(c, "cost", 0) > 0,
}


@pytest.mark.parametrize("mechanic", sorted(MECHANICS))
def test_every_mechanic_of_the_text_is_carried_by_a_card(mechanic):
    assert any(MECHANICS[mechanic](c) for c in CARDS.values()), mechanic


def test_the_bribery_cards_are_beer_gold_and_babes():
    assert sorted(c.bribe for c in CARDS.values() if c.kind == "bribery") == [
        "babes",
        "beer",
        "gold",
    ]


def test_every_effect_kind_of_the_vocabulary_is_used():
    used = {e.kind for c in CARDS.values() for e in effects(c)}
    used |= {e.kind for g in CATALOGUE.guardians.values() for e in g.effects}
    used |= {
        e.kind
        for s in CATALOGUE.strongholds.values()
        for part in (s.left, s.centre, s.right)
        for e in part.effects
    }
    assert used == set(EFFECTS)


def test_the_rules_document_lists_every_card():
    doc = (ROOT / "docs" / "rules" / "guardians.md").read_text(encoding="utf-8")
    missing = [c.name for c in CARDS.values() if c.name not in doc]
    assert missing == []
    for section in ("## Engine rulings", "## Combat rulings"):
        assert section in doc
