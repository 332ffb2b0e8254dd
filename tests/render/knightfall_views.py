"""Hand-made Knightfall views that follow docs/design/knightfall-view.md exactly.

Until (and beside) the real engine, these give the renderer realistic input for every stage,
public and private. ``make_case`` deals a hidden "truth" from a seeded deck and projects the
view a seat would get from it, returning the labels that view must not reveal.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

CAMP_JSON = Path(__file__).resolve().parents[2] / "data" / "knightfall" / "camp.json"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
SLOT_IDS = ["K", "A1", "A2", "A3", "M1", "M2", "M3", "M4", "R1", "R2"]
STAGES = ("muster", "draw", "coins", "battle", "revealed", "powers", "over")
VIEWERS = (None, 0, 1)


def card(rank: str, suit: str) -> dict:
    """A Card dict as the engine sends it."""
    return {
        "rank": rank,
        "suit": suit,
        "power": RANKS.index(rank) + 1,
        "colour": "red" if suit in "HD" else "black",
        "label": f"{rank}{SYMBOLS[suit]}",
    }


def layout() -> dict:
    """The camp layout from the data file, as the engine copies it into the view."""
    return json.loads(CAMP_JSON.read_text())


@dataclass
class Scenario:
    """One moment of a game: which slots hold cards, which are WEAK, what happened."""

    stage: str
    round: int
    filled: tuple[list[str], list[str]]
    weak: tuple[list[str], list[str]] = ([], [])
    discard: int = 0
    ready: tuple[bool, bool] = (False, False)
    waiting_for: list[int] = field(default_factory=list)
    drawn: int = 0
    coins: tuple[str | None, str | None] = (None, None)
    battle_slot: tuple[str | None, str | None] = (None, None)
    battle: dict | None = None
    powers: list[dict] = field(default_factory=list)
    status: str = ""


FULL = SLOT_IDS
SCENARIOS = {
    "muster": Scenario(
        "muster",
        1,
        (["K", "A1", "A2"], ["K", "A1", "A2", "A3", "M1"]),
        ready=(False, True),
        waiting_for=[0],
        drawn=2,
        status="Round 1 · mustering: waiting for Player 1",
    ),
    "draw": Scenario(
        "draw",
        3,
        (FULL[:9], FULL),
        weak=(["A2"], ["M1", "A3"]),
        discard=3,
        ready=(False, True),
        waiting_for=[0],
        drawn=1,
        battle={
            "round": 2,
            "coins": ("attack", "defend"),
            "slots": ("A2", "K"),
            "winner": 0,
            "reversed_by": [],
        },
        status="Round 3 · draw: waiting for Player 1",
    ),
    "coins": Scenario(
        "coins",
        5,
        (FULL, FULL[:8]),
        weak=(["A2", "M4"], ["M1", "A3"]),
        discard=7,
        ready=(True, False),
        waiting_for=[1],
        coins=("attack", "defend"),
        status="Round 5 · decision coins: waiting for Player 2",
    ),
    "battle": Scenario(
        "battle",
        6,
        (FULL, FULL[:8]),
        weak=(["A2", "M4"], ["M1", "A3"]),
        discard=9,
        ready=(False, True),
        waiting_for=[0],
        coins=("attack", "attack"),
        battle_slot=(None, "M2"),
        status="Round 6 · both attack: waiting for Player 1 to pick a card",
    ),
    "revealed": Scenario(
        "powers",
        6,
        (FULL, FULL[:8]),
        weak=(["A2", "M4", "M1"], ["M1", "A3"]),
        discard=10,
        waiting_for=[1],
        battle={
            "round": 6,
            "coins": ("attack", "attack"),
            "slots": ("M1", "M2"),
            "winner": 0,
            "reversed_by": [],
        },
        status="Round 6 · powers: waiting for Player 2",
    ),
    "powers": Scenario(
        "knight",
        9,
        (["A3", "M1", "M3", "M4", "R1", "R2"], ["K", "A1", "A2", "A3", "M1", "M2", "R1"]),
        weak=(["M4", "M1"], ["K", "A1", "A3"]),
        discard=14,
        waiting_for=[0],
        battle={
            "round": 9,
            "coins": ("attack", "attack"),
            "slots": ("M2", "A1"),
            "winner": 0,
            "reversed_by": [1],
        },
        # The loser reverses the battle with a Mage; the winner answers with an Archer.
        powers=[
            {"seat": "loser", "power": "mage", "target": None},
            {"seat": "winner", "power": "archer", "target": "K"},
        ],
        status="Round 9 · Player 1 must move a card into the Knight slot",
    ),
    "over": Scenario(
        "over",
        21,
        (FULL, FULL[:9]),
        weak=(["A2", "M4", "K", "R1"], ["M1", "A3", "M2"]),
        discard=30,
        battle={
            "round": 21,
            "coins": ("defend", "defend"),
            "slots": (None, None),
            "winner": None,
            "reversed_by": [],
        },
        status="Game over",
    ),
}


def make_case(stage: str, viewer: int | None, *, seed: int = 1, names: bool = True) -> tuple:
    """Return ``(view, hidden)``: the view ``viewer`` gets and the card labels it must hide."""
    sc = SCENARIOS[stage]
    deck = [card(r, s) for s in "HDCS" for r in RANKS]
    random.Random(f"{seed}:{stage}").shuffle(deck)
    over = sc.stage == "over"
    truth = [
        {
            sid: {"status": "weak" if sid in sc.weak[p] else "strong", "card": deck.pop()}
            for sid in sc.filled[p]
        }
        for p in (0, 1)
    ]
    discard: list[dict] = []
    last_battle = _battle(sc, truth, deck, discard)
    won = last_battle["winner"] if last_battle else None
    roles = {"winner": won, "loser": None if won is None else 1 - won}
    powers = [
        {**pw, "seat": roles.get(pw["seat"], pw["seat"]), "paid": _dead(deck, discard, 3)}
        for pw in sc.powers
    ]
    discard += [deck.pop() for _ in range(sc.discard - len(discard))]
    drawn = [[deck.pop() for _ in range(sc.drawn)] for _ in (0, 1)]
    hidden: set[str] = {c["label"] for c in deck}

    def sees(p: int, slot: dict) -> bool:
        return over or viewer == p or slot["status"] == "weak"

    players = []
    for p in (0, 1):
        slots: dict[str, dict | None] = dict.fromkeys(SLOT_IDS)
        for sid, slot in truth[p].items():
            visible = sees(p, slot)
            slots[sid] = {"status": slot["status"], "card": slot["card"] if visible else None}
            if not visible:
                hidden.add(slot["card"]["label"])
        players.append(
            {
                "seat": p,
                "slots": slots,
                "troop_size": len(truth[p]),
                "strong_count": sum(s["status"] == "strong" for s in truth[p].values()),
                "visible_power": sum(s["card"]["power"] for s in truth[p].values() if sees(p, s)),
                "ready": sc.ready[p],
            }
        )
        if viewer != p:
            hidden |= {c["label"] for c in drawn[p]}

    view = {
        "game": "knightfall",
        "viewer": viewer,
        "round": sc.round,
        "stage": sc.stage,
        "deck_count": 42 if sc.stage == "muster" else 42 - 2 * sc.round,
        "layout": layout(),
        "players": players,
        "discard": discard,
        "waiting_for": sc.waiting_for,
        "last_battle": last_battle,
        "powers": powers,
        "you": None,
        "result": None,
        "status": sc.status,
    }
    if viewer is not None:
        view["you"] = {
            "seat": viewer,
            "drawn": drawn[viewer],
            "coin": sc.coins[viewer],
            "battle_slot": sc.battle_slot[viewer],
            "score": sum(s["card"]["power"] for s in truth[viewer].values()),
        }
    if over:
        scores = {str(p): sum(s["card"]["power"] for s in truth[p].values()) for p in (0, 1)}
        winner = max((0, 1), key=lambda p: scores[str(p)])
        view["result"] = {
            "winners": [winner],
            "scores": scores,
            "summary": f"Player {winner + 1} wins {scores[str(winner)]} to "
            f"{scores[str(1 - winner)]}.",
        }
    if names:
        view["seat_names"] = ["Alice", "Bob"]
    return view, hidden


def _dead(deck: list[dict], discard: list[dict], n: int) -> list[dict]:
    """Deal ``n`` cards that are DEAD by now: face-up in the discard pile."""
    cards = [deck.pop() for _ in range(n)]
    discard.extend(cards)
    return cards


def _battle(sc: Scenario, truth: list[dict], deck: list[dict], discard: list[dict]) -> dict | None:
    """The battle record; the camps are updated to match it (winner WEAK, loser DEAD)."""
    b = sc.battle
    if b is None:
        return None
    cards = {}
    for p in (0, 1):
        sid = b["slots"][p]
        if sid is not None:
            c = truth[p][sid]["card"] if sid in truth[p] else deck.pop()
            knight = sid == "K" and b["coins"][p] == "defend"
            cards[str(p)] = {"slot": sid, "card": c, "power": c["power"] + knight}
    winner = None
    if len(cards) == 2 and cards["0"]["power"] != cards["1"]["power"]:
        winner = 0 if cards["0"]["power"] > cards["1"]["power"] else 1
    if winner is None:
        outcome = "Both defended: no battle." if not cards else "A tie: both cards die."
        reversed_by: list[int] = []
        survivors: set[int] = set()
    else:
        w, lo = winner, 1 - winner
        outcome = (
            f"Player {w + 1}'s {cards[str(w)]['card']['label']} beats "
            f"{cards[str(lo)]['card']['label']}."
        )
        reversed_by = [lo] if b["reversed_by"] else []
        if reversed_by:
            outcome += f" Reversed by Player {lo + 1}'s Mage."
        survivors = {lo if reversed_by else w}
    for key, fighter in cards.items():
        p, sid = int(key), fighter["slot"]
        if p in survivors:
            truth[p][sid] = {"status": "weak", "card": fighter["card"]}
        else:
            truth[p].pop(sid, None)
            discard.append(fighter["card"])
    return {
        "round": b["round"],
        "coins": {str(p): b["coins"][p] for p in (0, 1)},
        "cards": cards,
        "outcome": outcome,
        "winner": 1 - winner if winner is not None and reversed_by else winner,  # as reversed
        "reversed_by": reversed_by,
    }
