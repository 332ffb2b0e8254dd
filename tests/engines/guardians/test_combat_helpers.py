"""Builders for combat scenario tests: cards of the text's examples and a table driver.

Cards not in the seed data are built from the stats the examples imply
(docs/rules/guardians.md) under the ids the data will use (snake_case of the name).
"""

from __future__ import annotations

from engines.base import Action, Game
from engines.guardians.cards import Creature, Effect, Spell
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.combat import (
    COMBAT_ACTIONS,
    CombatSetup,
    CombatSide,
    combat_apply,
    combat_legal_actions,
    combat_outcome,
    combat_to_act,
    combat_view,
    start_combat,
)


def creature(cid: str, family: str, vitality: int, **kw) -> Creature:
    name = kw.pop("name", cid.replace("_", " ").title())
    return Creature(
        id=cid, name=name, family=family, klass=kw.pop("klass", "beast"), vitality=vitality, **kw
    )


def fx(kind: str, **kw) -> Effect:
    return Effect(kind=kind, **kw)


def aoe_effect(amount: int, attack: str = "normal") -> Effect:
    """A spell's n-pt AOE: the effect kind 'aoe' the data still has to add to EFFECTS."""
    return Effect.model_construct(
        kind="aoe",
        when="command",
        amount=amount,
        attack=attack,
        bribe=None,
        family=None,
        klass=None,
        terrain=None,
        size=None,
        target=None,
        note=None,
    )


EXTRA = {
    c.id: c
    for c in [
        creature(
            "wraith",
            "external",
            8,
            klass="undead",
            receives=True,
            receive_limit=16,
            bribes=("beer",),
        ),
        creature(
            "devil_dog",
            "elemental",
            6,
            klass="devil",
            ocb=2,
            immune=("fire",),
            bribes=("gold",),
            effects=(fx("bonus", amount=3, when="secondary"),),
        ),
        creature("baal_a_gog", "elemental", 12, klass="demon", ocb=4, bribes=("babes", "gold")),
        creature(
            "floyd_the_flying_pig",
            "mortal",
            2,
            klass="pig",
            flies=True,
            command=True,
            bribes=("beer",),
            effects=(
                fx("team_bonus", amount=2, when="command"),
                fx("self_destroy", when="command"),
            ),
        ),
        creature("gn_omish_gnomes", "mortal", 4, klass="gnome", ocb=1, bribes=("beer",)),
        creature(
            "super_model",
            "mortal",
            1,
            klass="babe",
            stacking=4,
            bribes=("gold",),
            effects=(fx("destroys", bribe="babes"),),
        ),
        creature(
            "ugly_wart_fiend",
            "mortal",
            1,
            klass="fiend",
            bribes=("babes",),
            effects=(fx("immune_bribe_block", bribe="babes", when="always"),),
        ),
        creature(
            "sorcerer",
            "mortal",
            9,
            klass="mage",
            ocb=2,
            command=True,
            aoe=4,
            attack="fire",
            bribes=("gold",),
        ),
        creature(
            "merchant",
            "mortal",
            5,
            klass="merchant",
            ocb=1,
            bribes=("babes",),
            effects=(fx("destroys", bribe="gold"),),
        ),
        creature(
            "fire_walker", "elemental", 9, klass="spirit", ocb=3, attack="fire", immune=("fire",)
        ),
        creature(
            "iron_crag_baggler",
            "mortal",
            5,
            klass="dwarf",
            command=True,
            bribes=("beer",),
            effects=(fx("dispel_command", when="command"),),
        ),
        creature(
            "wood_nymph",
            "external",
            8,
            klass="nymph",
            ocb=1,
            bribes=("babes",),
            terrain_bonus={"woods": 3},
        ),
        creature(
            "ice_ogre",
            "mortal",
            9,
            klass="ogre",
            ocb=2,
            bribes=("babes",),
            effects=(fx("no_channel_against", when="always"),),
        ),
        creature("sun_spirit", "elemental", 12, klass="spirit", ocb=6, attack="fire"),
        creature(
            "amber_well",
            "elemental",
            4,
            klass="well",
            effects=(fx("beaten_counts_as", amount=8, when="always"),),
        ),
        # Elemental, not External: the text's "9 + 2 (OCB) vs. 4" and "12 vs 4" need it.
        creature("gorgal_skag", "elemental", 4, klass="skag", ocb=2, bribes=("beer",)),
        creature("black_lung", "external", 14, klass="lung", bribes=("beer",)),
        creature(
            "rock_spirit",
            "elemental",
            5,
            klass="spirit",
            ocb=1,
            command=True,
            effects=(fx("stronghold_bonus", amount=5, when="command"),),
        ),
        creature(
            "valkyrie_spirit",
            "elemental",
            4,
            klass="spirit",
            cmp=3,
            channels_to="knight",
            bribes=("babes",),
        ),
        creature(
            "visionary",
            "mortal",
            5,
            klass="mage",
            command=True,
            effects=(fx("announce", target="klass", when="command"),),
        ),
        creature(
            "seer",
            "mortal",
            5,
            klass="mage",
            command=True,
            effects=(fx("announce", target="family", when="command"),),
        ),
        creature(
            "trumpeter",
            "mortal",
            3,
            klass="herald",
            command=True,
            effects=(fx("first", klass="demon", when="command"),),
        ),
        creature(
            "baleful_eye",
            "external",
            4,
            klass="eye",
            command=True,
            effects=(fx("announce", target="size", when="command"),),
        ),
        creature(
            "uras_overlord_of_the_mountains",
            "elemental",
            15,
            klass="overlord",
            command=True,
            effects=(fx("terrain_change", terrain="spirit_mountain", when="command"),),
        ),
        creature(
            "slor_overlord_of_the_wastes",
            "elemental",
            16,
            klass="overlord",
            command=True,
            effects=(fx("terrain_change", terrain="dry_heaps", when="command"),),
        ),
        creature("idiot", "mortal", 0, klass="idiot"),
        creature(
            "demon_hordes_of_kabod",
            "external",
            5,
            klass="demon",
            effects=(fx("heal", amount=1, when="resolution"),),
        ),
        Spell(
            id="vitales_dark_cloud",
            name="Vitales Dark Cloud",
            up=4,
            command=True,
            effects=(aoe_effect(4),),
        ),
        Spell(id="dispel_magic", name="Dispel Magic", up=3, effects=(fx("dispel", when="combat"),)),
        Spell(
            id="st_ballantines_evocation",
            name="St. Ballantine's Evocation",
            up=4,
            effects=(fx("destroy_pair", klass="knight", when="combat"),),
        ),
        Spell(
            id="hammer_of_doom",
            name="Hammer of Doom",
            up=3,
            effects=(fx("destroy_terrain", when="combat"),),
        ),
    ]
}


def card(cid: str):
    return CATALOGUE.cards.get(cid) or EXTRA[cid]


class Table:
    """A combat between seat 0 (attacker, uids a00...) and seat 1 (defender, b00...)."""

    def __init__(
        self,
        attacker: list[str],
        defender: list[str],
        *,
        storage=((), ()),
        terrain: str | None = "swamps",
        channelers=((), ()),
        stones=(7, 7),
        guardians=("rak_nam", "rak_nam"),
        space: str = "C1",
        stronghold_defence: int = 0,
        seats=(0, 1),
        land: str | None = None,
        land_owner: int = 1,
        shields: tuple[str | None, str | None] = (None, None),
    ) -> None:
        """``land``: a special terrain card (owned by side ``land_owner``) sets the terrain;
        ``shields``: the Shield cards of the sides (None: a plain Shield, not in ``cards``)."""
        self.cards: dict = {}
        if land is not None:
            self.cards["t00"] = card(land)
            terrain = self.cards["t00"].terrain
        sides = []
        for i, (prefix, ids) in enumerate((("a", attacker), ("b", defender))):
            uids = self._add(prefix, ids, 0)
            store = self._add(prefix, storage[i], 50)
            chan = self._add(prefix, channelers[i], 80)
            if shields[i] is not None:
                self.cards[f"{prefix}99"] = card(shields[i])
            sides.append(
                CombatSide(
                    seat=seats[i],
                    shield=f"{prefix}99",
                    creatures=uids,
                    storage=store,
                    channelers=chan,
                    stones=stones[i],
                    guardian_id=guardians[i],
                    stronghold_defence=stronghold_defence if i else 0,
                )
            )
        self.setup = CombatSetup(
            space=space,
            came_from="C0",
            attacker=sides[0],
            defender=sides[1],
            terrain=terrain,
            terrain_card="t00" if terrain else None,
            terrain_owner=seats[land_owner] if land else None,
        )
        self.c = start_combat(self.setup, self.cards)
        self.events: list[str] = []

    def _add(self, prefix: str, ids, start: int) -> list[str]:
        uids = []
        for n, cid in enumerate(ids):
            uid = f"{prefix}{start + n:02d}"
            self.cards[uid] = card(cid)
            uids.append(uid)
        return uids

    def uid(self, cid: str, seat: int | None = None) -> str:
        return next(
            u for u, c in self.cards.items() if c.id == cid and (seat is None or u[0] == "ab"[seat])
        )

    def legal(self, seat: int) -> list[Action]:
        return combat_legal_actions(self.c, seat, self.cards)

    def find(self, seat: int, kind: str, **fields) -> Action:
        for a in self.legal(seat):
            if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items()):
                return a
        raise AssertionError(
            f"no {kind} {fields} for {seat}: {[a.label() for a in self.legal(seat)]}"
        )

    def do(self, seat: int, kind: str, **fields) -> None:
        action = self.find(seat, kind, **fields)
        code = CombatCodec.encode(action)
        assert CombatCodec.decode(code) == action
        self.events += [e.text for e in combat_apply(self.c, seat, action, self.cards)]

    def no_commands(self) -> None:
        self.do(0, "cdecl", yes=False)
        self.do(1, "cdecl", yes=False)

    def primaries(self, a: str, d: str) -> None:
        self.do(0, "cplay", card=a)
        self.do(1, "cplay", card=d)

    def passes(self) -> None:
        """Both pass in a row (whoever is to act first)."""
        while self.c.step in ("window", "prestrike", "command_window"):
            self.do(self.to_act()[0], "cpass")

    def no_bribes(self) -> None:
        for seat in self.to_act():
            if self.c.step == "bribe":
                self.do(seat, "cnobribe")
        if self.c.step == "answer":
            self.do(self.c.actor, "cleave")

    def to_act(self) -> list[int]:
        return combat_to_act(self.c)

    def view(self, seat: int | None) -> dict:
        return combat_view(self.c, seat, self.cards)

    @property
    def outcome(self):
        return combat_outcome(self.c)

    def fighter(self, cid: str):
        return next(f for f in self.c.table if self.cards[f.uid].id == cid)


class CombatCodec(Game):
    """The generic codec of engines/base.py over the combat actions only."""

    action_types = COMBAT_ACTIONS


def test_every_action_code_round_trips_and_fits():
    t = Table(["sand_lord", "archer"], ["swordsman", "wild_nymph"], storage=(["babes"], ["gold"]))
    t.no_commands()
    for seat in (0, 1):
        for a in t.legal(seat):
            code = CombatCodec.encode(a)
            assert len(code) <= 60 and CombatCodec.decode(code) == a


def test_long_card_ids_are_cut_to_fit_the_code():
    t = Table(["uras_overlord_of_the_mountains"], ["slor_overlord_of_the_wastes"])
    t.no_commands()
    t.primaries("uras_overlord_of_the_mountains", "slor_overlord_of_the_wastes")
    assert t.c.step == "window"
    t.passes()
    t.do(0, "cnomore") if t.c.step == "secondary" else None
    assert t.outcome is not None
