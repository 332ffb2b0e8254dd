"""Hand-made Guardians views in the format of docs/design/guardians-plan.md ("The view").

Each case is a hidden "truth" (every card under every Shield and Stronghold, both hands and
pens, both command picks) projected for a viewer the way the engine must: the owner sees their
own cards, the opponent and the spectator only counts, revealed cards and face-up terrain.
``make_case`` returns the view and the card names that view must not reveal.
"""

from __future__ import annotations

import copy
from typing import Any

CASES = ("organize", "move", "command", "combat", "resolution", "settle", "over")
VIEWERS = (None, 0, 1)
NAMES = ["Alexandrina Wolfeschlegelsteinha", "Bartholomew Fitzwilliam-Smythe X"]

_n = 0


def _uid(seat: int) -> str:
    global _n
    _n += 1
    return f"{'ab'[seat]}{_n:02d}"


def creature(seat: int, cid: str, name: str, family: str, klass: str, v: int, **kw: Any) -> dict:
    """A creature card dict as the engine sends it to someone allowed to see it."""
    return {
        "uid": _uid(seat),
        "id": cid,
        "name": name,
        "kind": "creature",
        "family": family,
        "klass": klass,
        "vitality": v,
        "text": kw.pop("text", ""),
        **kw,
    }


def other(seat: int, cid: str, name: str, kind: str, **kw: Any) -> dict:
    """A non-creature card dict."""
    return {
        "uid": _uid(seat),
        "id": cid,
        "name": name,
        "kind": kind,
        "text": kw.pop("text", ""),
        **kw,
    }


def _cards() -> dict[str, dict]:
    """Every card of the cases, by a short key (names are distinct per seat where hidden)."""
    c: dict[str, dict] = {}
    c["sword"] = creature(
        0,
        "swordsman",
        "Swordsman",
        "mortal",
        "knight",
        6,
        ocb=3,
        bribes=["gold"],
        text="A Knight of the Mid Realms.",
    )
    c["sand"] = creature(
        0,
        "sand_lord",
        "Sand Lord",
        "elemental",
        "lord",
        11,
        ocb=3,
        bribes=["babes"],
        text="+6 in the Dry Heaps, -6 in the Woods.",
    )
    c["archer"] = creature(
        0,
        "archer",
        "Archer",
        "mortal",
        "knight",
        6,
        bribes=["gold"],
        ranged=3,
        text="3 pt. ranged-attack.",
    )
    c["valk"] = creature(
        0,
        "valkyrie_spirit",
        "Valkyrie Spirit",
        "elemental",
        "spirit",
        4,
        cmp=3,
        bribes=["babes"],
        text="Channels only to Knights.",
    )
    c["super"] = creature(
        0,
        "super_model",
        "Super Model",
        "mortal",
        "babe",
        1,
        stacking=4,
        bribes=["gold"],
        text="Destroys creatures bribeable by Babes.",
    )
    c["arnath"] = creature(
        0,
        "arnath",
        "Arnath, Lord of the Skies",
        "mortal",
        "knight",
        6,
        flies=True,
        text="Flies. Destroys fliers.",
    )
    c["floyd"] = creature(
        0,
        "floyd",
        "Floyd, the Flying Pig",
        "mortal",
        "pig",
        2,
        flies=True,
        bribes=["beer"],
        text="Command: +2 to your primary attackers.",
    )
    c["gnomes"] = creature(
        0, "gnomish_gnomes", "Gn'Omish Gnomes", "mortal", "gnome", 4, ocb=1, bribes=["beer"]
    )
    c["lunch"] = other(
        0,
        "power_lunch",
        "Power Lunch",
        "spell",
        text="A creature may receive channeling up to its base vitality.",
    )
    c["gold0"] = other(0, "gold", "Gold", "bribery", bribe="gold")
    c["ballantine"] = other(
        0,
        "st_ballantine",
        "St. Ballantine's Evocation",
        "spell",
        text="Destroys a Knight in a match-up and its opponent.",
    )
    c["woods0"] = other(0, "woods", "Deep Woods", "terrain", terrain="woods")
    # seat 1
    c["snog"] = creature(
        1,
        "snogwart",
        "Snogwart",
        "mortal",
        "troll",
        8,
        ocb=2,
        bribes=["beer"],
        text="+4 in the Dry Heaps.",
    )
    c["ice"] = creature(
        1,
        "ice_spirit",
        "Ice Spirit",
        "elemental",
        "spirit",
        5,
        ocb=2,
        receives=True,
        text="Immune to Undead.",
    )
    c["nymph"] = creature(
        1, "wild_nymph", "Wild Nymph", "external", "nymph", 4, ocb=1, bribes=["babes"]
    )
    c["wraith"] = creature(
        1,
        "wraith",
        "Wraith",
        "external",
        "undead",
        8,
        receives=True,
        bribes=["beer"],
        text="May receive up to 16 channeling.",
    )
    c["baal"] = creature(
        1, "baal_a_gog", "Baal-a-Gog", "elemental", "demon", 12, ocb=4, bribes=["babes", "gold"]
    )
    c["lung"] = creature(
        1,
        "black_lung",
        "Black Lung",
        "external",
        "lung",
        14,
        bribes=["beer"],
        text="No channeling.",
    )
    c["babes1"] = other(1, "babes", "Babes", "bribery", bribe="babes")
    c["hammer"] = other(
        1,
        "hammer_of_doom",
        "Hammer of Doom",
        "hand_item",
        text="Destroys the terrain of the battle space.",
    )
    c["dispel"] = other(1, "dispel_magic", "Dispel Magic", "spell", text="Cancels a spell.")
    c["heaps1"] = other(1, "dry_heaps", "The Dry Heaps", "terrain", terrain="dry_heaps")
    return c


def _space(
    sid: str,
    controller: int | None,
    terrain: dict | None = None,
    stronghold: dict | None = None,
    shields: list[dict] | None = None,
) -> dict:
    col, row = "LCR".index(sid[0]), int(sid[1])
    kind = "stronghold" if row in (0, 3) else "disputed"
    return {
        "id": sid,
        "col": col,
        "row": row,
        "kind": kind,
        "controller": controller,
        "terrain": terrain,
        "stronghold": stronghold,
        "shields": shields or [],
    }


def _terrain(kind: str, name: str, owner: int, face_down: bool = False) -> dict:
    return {"type": kind, "name": name, "owner": owner, "face_down": face_down}


def _stronghold(
    owner: int,
    side: str,
    defence: int,
    on: list[dict] | None = None,
    under: list[dict] | None = None,
    upgrade: str | None = None,
    rubbled: bool = False,
) -> dict:
    name = ("Keep of Rak Nam" if owner == 0 else "Khnumian Stronghold") + f" ({side})"
    return {
        "owner": owner,
        "name": name,
        "defence": defence,
        "rubbled": rubbled,
        "upgrade": upgrade,
        "cards_on": list(on or []),
        "cards_under": list(under or []),
    }


def _shield(
    owner: int,
    name: str,
    cards: list[dict],
    turned: bool = False,
    revealed: bool = False,
    bearer: bool = False,
) -> dict:
    return {
        "uid": _uid(owner),
        "owner": owner,
        "name": name,
        "turned": turned,
        "standard_bearer": bearer,
        "cards": list(cards),
        "revealed": revealed,
    }


def _player(
    seat: int,
    vit: int,
    stones: int,
    deck: int,
    discard: int,
    lands: int,
    destroyed: int,
    up: dict | None,
) -> dict:
    guardian = (
        {
            "id": "rak_nam",
            "name": "Rak Nam",
            "vitality": vit,
            "max_vitality": 30,
            "stones": stones,
            "cmp": 9,
        }
        if seat == 0
        else {
            "id": "tes_let",
            "name": "Tes Let",
            "vitality": vit,
            "max_vitality": 28,
            "stones": stones,
            "cmp": 7,
        }
    )
    return {
        "seat": seat,
        "guardian": guardian,
        "deck": deck,
        "discard": discard,
        "lands": lands,
        "shields_destroyed": destroyed,
        "up_card": up,
        "deciding": False,
    }


def _truth(case: str) -> dict:
    """The full state of one moment (everything, hidden or not)."""
    global _n
    _n = 0  # same uids on every call
    c = _cards()
    hands = {
        0: [c["lunch"], c["gold0"], c["ballantine"]],
        1: [c["babes1"], c["hammer"], c["dispel"]],
    }
    pens = {0: [c["woods0"], c["super"]], 1: [c["heaps1"]]}
    base = {
        "turn": 3,
        "phase": "move",
        "to_act": [0],
        "combat": None,
        "result": None,
        "status": "Player 1 turns a Shield.",
        "recent": [],
    }
    players = [_player(0, 30, 6, 31, 4, 3, 0, c["valk"]), _player(1, 28, 5, 29, 6, 3, 1, c["ice"])]
    if case == "organize":
        spaces = [
            _space(
                "L0",
                0,
                stronghold=_stronghold(
                    0, "left", 5, under=[c["valk"]], upgrade="Sacrificial Altar"
                ),
                shields=[_shield(0, "Shield of Dawn", [c["sword"], c["archer"]])],
            ),
            _space("C0", 0, stronghold=_stronghold(0, "centre", 7, on=[c["sand"]])),
            _space(
                "R0",
                0,
                stronghold=_stronghold(0, "right", 5),
                shields=[_shield(0, "Shield of Dusk", [c["arnath"]])],
            ),
            *[_space(f"{col}1", 0) for col in "LCR"],
            *[_space(f"{col}2", 1) for col in "LCR"],
            _space("L3", 1, stronghold=_stronghold(1, "left", 4, on=[c["snog"]])),
            _space(
                "C3",
                1,
                stronghold=_stronghold(1, "centre", 6, under=[c["wraith"]]),
                shields=[
                    _shield(1, "Brom Standard Bearer Goblin", [c["baal"], c["nymph"]], bearer=True)
                ],
            ),
            _space(
                "R3",
                1,
                stronghold=_stronghold(1, "right", 4),
                shields=[_shield(1, "Black Banner", [c["lung"]])],
            ),
        ]
        players[0]["up_card"] = players[1]["up_card"] = None
        players[1]["deciding"] = True
        base.update(
            turn=1,
            phase="organize",
            to_act=[1],
            status="Draw & Organize: place creatures, Shields and terrain in secret.",
            recent=[
                "Player 1 drew 12 cards.",
                "Player 2 drew 12 cards.",
                "Player 1 has organized.",
            ],
        )
        return {**base, "spaces": spaces, "players": players, "hands": hands, "pens": pens}
    rubbled = case == "over"
    spaces = [
        _space(
            "L0",
            0,
            stronghold=_stronghold(0, "left", 5, under=[c["valk"]], upgrade="Sacrificial Altar"),
        ),
        _space("C0", 0, stronghold=_stronghold(0, "centre", 7, on=[c["super"]])),
        _space(
            "R0",
            1 if rubbled else 0,
            stronghold=_stronghold(0, "right", 5, rubbled=rubbled),
            shields=[_shield(1, "Black Banner", [c["lung"]], turned=True)] if rubbled else [],
        ),
        _space(
            "L1",
            0,
            terrain=_terrain("woods", "Deep Woods", 0),
            shields=[_shield(0, "Shield of Dawn", [c["sword"]], turned=True)],
        ),
        _space("C1", 0, terrain=_terrain("swamps", "Swamps", 0, face_down=True)),
        _space("R1", 0, terrain=_terrain("rivers_lakes", "Rivers and Lakes", 0)),
        _space(
            "L2",
            1,
            terrain=_terrain("spirit_mountain", "Spirit Mountain", 1),
            shields=[_shield(0, "Shield of Dusk", [c["arnath"]], turned=True, revealed=True)],
        ),
        _space(
            "C2",
            1,
            terrain=_terrain("dry_heaps", "The Dry Heaps", 1),
            shields=[
                _shield(1, "Brom Standard Bearer Goblin", [c["snog"], c["nymph"]], bearer=True),
                *(
                    [
                        _shield(
                            0, "Iron Ward", [c["sand"], c["archer"], c["floyd"], c["gnomes"]], True
                        )
                    ]
                    if case in ("command", "combat")
                    else []
                ),
            ],
        ),
        _space("R2", None),
        _space("L3", 1, stronghold=_stronghold(1, "left", 4, on=[c["baal"]])),
        _space("C3", 1, stronghold=_stronghold(1, "centre", 6, under=[c["wraith"]])),
        _space("R3", 1, stronghold=_stronghold(1, "right", 4, rubbled=True)),
    ]
    if case in ("resolution", "settle"):
        survivors = [c["sand"], c["floyd"], c["gnomes"]]
        spaces[7]["shields"] = [_shield(0, "Iron Ward", survivors, turned=True)]
        spaces[7]["controller"] = 0
    truth = {
        **base,
        "spaces": spaces,
        "players": players,
        "hands": hands,
        "pens": pens,
        "recent": [
            "Player 1 flew Shield of Dusk from L1 to L2 (revealed: Arnath).",
            "Player 2 turned Brom Standard Bearer Goblin.",
        ],
    }
    if case == "command":
        truth.update(phase="combat", to_act=[1], status="Combat on C2: command cards.")
        players[0]["deciding"] = False
        players[1]["deciding"] = True
        truth["combat"] = _combat(
            "command",
            "Command cards: picking (revealed together)",
            [
                _side(
                    0,
                    4,
                    decided=True,
                    hand=[c["sand"], c["archer"], c["floyd"], c["gnomes"]],
                    choice=c["floyd"],
                ),
                _side(1, 2, to_act=True, hand=[c["snog"], c["nymph"]]),
            ],
        )
    elif case == "combat":
        truth.update(phase="combat", to_act=[1], status="Combat on C2: any-time window.")
        truth["combat"] = _combat(
            "window",
            "Spells, ranged attacks, channeling: defender may act or pass",
            [_side(0, 1, hand=[c["gnomes"]]), _side(1, 0, to_act=True, hand=[])],
            table=[
                _fighter(c["floyd"], 0, "command"),
                _fighter(c["sand"], 0, "primary", c["snog"]),
                _fighter(c["snog"], 1, "primary", c["sand"], fate="beaten"),
                _fighter(c["archer"], 0, "primary", c["nymph"], fate="bribed"),
                _fighter(c["nymph"], 1, "primary", c["archer"], strength=5),
                _fighter(c["wraith"], 1, "out"),
            ],
            casts=[
                {
                    **c["babes1"],
                    "side": 1,
                    "target": c["archer"]["uid"],
                    "command": False,
                    "in_effect": True,
                }
            ],
        )
        truth["recent"].append("Player 1 moved Iron Ward to C2: combat!")
    elif case == "resolution":
        truth.update(phase="move", to_act=[1], status="Player 2 turns a Shield.")
        truth["combat"] = _combat(
            "over",
            "The combat is over",
            [_side(0, 0, total=13), _side(1, 0, total=0)],
            table=[
                _fighter(c["floyd"], 0, "command"),
                _fighter(c["sand"], 0, "primary", c["snog"]),
                _fighter(c["snog"], 1, "primary", c["sand"], fate="beaten"),
                _fighter(c["archer"], 0, "primary", c["nymph"], fate="bribed"),
                _fighter(c["nymph"], 1, "primary", c["archer"], fate="beaten"),
                _fighter(c["gnomes"], 0, "secondary", c["nymph"]),
            ],
            winner=0,
        )
        truth["recent"] += [
            "Player 1 wins the combat on C2 (13 to 0).",
            "Player 2's Brom Standard Bearer Goblin is destroyed.",
        ]
        players[1]["shields_destroyed"] = 2
    elif case == "settle":
        truth.update(
            phase="settle",
            to_act=[0],
            status="Terrain settlement: Player 1 may play terrain on C2.",
        )
        spaces[7]["terrain"] = None
        players[1]["shields_destroyed"] = 2
    elif case == "over":
        truth.update(
            phase="over",
            to_act=[],
            status="Game over.",
            turn=9,
            result={"winners": [1], "summary": "Player 2 destroyed five Shields."},
        )
        players[0]["shields_destroyed"] = 5
        players[0]["guardian"]["vitality"] = 7
        players[1]["lands"] = 4
    return truth


def _side(
    seat: int,
    left: int,
    *,
    decided: bool = False,
    to_act: bool = False,
    hand: list[dict] | None = None,
    choice: dict | None = None,
    total: int | None = None,
) -> dict:
    return {
        "seat": seat,
        "role": "attacker" if seat == 0 else "defender",
        "shield": None,
        "creatures_left": left,
        "stones": 5,
        "stones_spent": 0,
        "channelers_left": 0,
        "to_act": to_act,
        "decided": decided,
        "hand": hand,
        "choice": {"uid": choice["uid"], "target": None} if choice else None,
        "total": total,
    }


def _fighter(
    card: dict,
    side: int,
    role: str,
    opponent: dict | None = None,
    fate: str | None = None,
    strength: int | None = None,
) -> dict:
    out = {
        **card,
        "side": side,
        "role": role,
        "opponent": opponent["uid"] if opponent else None,
        "fate": fate,
        "no_damage": False,
        "channel": 0,
        "items": [],
    }
    if strength is not None:
        out["strength"] = strength
    return out


def _combat(
    step: str,
    status: str,
    sides: list[dict],
    table: list[dict] | None = None,
    casts: list[dict] | None = None,
    winner: int | None = None,
) -> dict:
    return {
        "space": "C2",
        "terrain": "dry_heaps",
        "terrain_destroyed": False,
        "step": step,
        "status": status,
        "attacker": 0,
        "defender": 1,
        "sides": sides,
        "table": table or [],
        "casts": casts or [],
        "channelers_used": [],
        "announced": None,
        "winner": winner,
    }


def project(truth: dict, viewer: int | None) -> dict:
    """The view ``viewer`` gets of ``truth``: hidden cards become counts."""
    t = copy.deepcopy(truth)
    spaces = []
    for s in t["spaces"]:
        terrain = s["terrain"]
        if terrain and terrain["face_down"] and terrain["owner"] != viewer:
            hidden = {"type": None, "name": "a face-down card"}
            terrain = {**hidden, "owner": terrain["owner"], "face_down": True}
        sh = s["stronghold"]
        if sh:
            own = sh["owner"] == viewer
            on, under = sh.pop("cards_on"), sh.pop("cards_under")
            sh.update(
                on=len(on),
                under=len(under),
                cards_on=on if own else None,
                cards_under=under if own else None,
            )
            if sh["rubbled"]:
                sh.update(on=0, under=0, cards_on=None, cards_under=None, upgrade=None)
        shields = []
        for sd in s["shields"]:
            cards = sd.pop("cards")
            own = sd["owner"] == viewer
            sd.update(
                count=len(cards),
                points=sum(c.get("stacking") or c["vitality"] for c in cards) if own else None,
                cards=cards if own or sd["revealed"] else None,
            )
            shields.append(sd)
        spaces.append({**s, "terrain": terrain, "stronghold": sh, "shields": shields})
    players = t["players"]
    for p in players:
        p["storage"] = len(t["hands"][p["seat"]])
        p["pen"] = len(t["pens"][p["seat"]])
    combat = t["combat"]
    if combat:
        for side in combat["sides"]:
            if side["seat"] != viewer:
                side.update(hand=None, choice=None)
    own = viewer in (0, 1)
    return {
        "game": "guardians",
        "viewer": viewer,
        "turn": t["turn"],
        "phase": t["phase"],
        "status": t["status"],
        "to_act": t["to_act"],
        "spaces": spaces,
        "players": players,
        "hand": t["hands"][viewer] if own else None,
        "pen": t["pens"][viewer] if own else None,
        "combat": combat,
        "recent": t["recent"],
        "result": t["result"],
        "seat_names": NAMES,
    }


def _names(obj: Any) -> set[str]:
    if isinstance(obj, dict):
        out = {str(obj["name"])} if isinstance(obj.get("name"), str) and "kind" in obj else set()
        for v in obj.values():
            out |= _names(v)
        return out
    if isinstance(obj, list):
        return set().union(*(_names(v) for v in obj)) if obj else set()
    return set()


def make_case(case: str, viewer: int | None) -> tuple[dict, set[str]]:
    """The view of ``case`` for ``viewer`` and the card names it must never show."""
    truth = _truth(case)
    view = project(truth, viewer)
    everything = _names(truth) | _terrain_names(truth)
    visible = _names(view) | _terrain_names(view)
    return view, everything - visible


def _terrain_names(state: dict) -> set[str]:
    return {
        str(s["terrain"]["name"])
        for s in state["spaces"]
        if s["terrain"] and s["terrain"].get("name")
    }
