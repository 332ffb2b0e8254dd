"""A table driver for combat scenario tests over the catalogue's cards."""

from __future__ import annotations

from engines.base import Action, Game
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


def card(cid: str):
    """The catalogue card ``cid``."""
    return CATALOGUE.cards[cid]


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
    """Rocks of Skull Cracking on Captain South America: the full code would take 61
    characters, so the longer id is cut; the move still applies."""
    t = Table(["swordsman"], ["captain_south_america"], storage=(["rocks_of_skull_cracking"], ()))
    t.no_commands()
    t.primaries("swordsman", "captain_south_america")
    t.no_bribes()
    (cast,) = [a for a in t.legal(0) if a.kind == "ccast"]
    assert cast.card != "rocks_of_skull_cracking" and len(CombatCodec.encode(cast)) <= 60
    t.do(0, "ccast", uid=cast.uid)
    t.passes()
    assert t.fighter("captain_south_america").fate == "destroyed"
