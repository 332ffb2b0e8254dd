"""Stages 1-4: setup, muster, draw, decision coins and battle (one function per stage).

Every function works in place on a private copy of the state (``Game.apply`` makes it) and
returns the events it produced. Rulings are those of docs/rules/knightfall.md.
"""

from __future__ import annotations

from itertools import combinations

from engines.base import Event, Unavailable
from engines.knightfall import powers
from engines.knightfall.actions import (
    Attack,
    AttackWith,
    BattleWith,
    Defend,
    Discard,
    Exchange,
    Place,
    Replace,
)
from engines.knightfall.camp import LAYOUT
from engines.knightfall.cards import Card, full_deck
from engines.knightfall.rounds import event, who
from engines.knightfall.state import (
    BattleRecord,
    DrawChoice,
    Fighter,
    KnightfallState,
    PlayerState,
    SlotCard,
)
from engines.rng import rng_for

HAND_SIZE = 5
KNIGHT_BONUS = 1
FIGHTING_ROLES = frozenset({"archer", "mage"})
"""Roles that may attack: Archers and Mages, never the Knight or a Reserve."""


def attackers_of(player: PlayerState) -> list[tuple[str, Card]]:
    """The player's STRONG Archers and Mages, in display order."""
    return [
        (sid, sc.card)
        for sid, sc in player.troop()
        if sc.status == "strong" and LAYOUT.role(sid) in FIGHTING_ROLES
    ]


# ---- setup and stage 1: muster ----------------------------------------------------------------
def new_state(seed: int) -> KnightfallState:
    """Shuffle once (the order is kept in the state) and deal five cards to each player."""
    deck = full_deck()
    rng_for(seed, "deck").shuffle(deck)
    players = [PlayerState(hand=deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(2)]
    return KnightfallState(deck=deck[2 * HAND_SIZE :], players=players)


# ---- stage 2: draw -------------------------------------------------------------------------------
def draw_actions(state: KnightfallState, seat: int) -> list[Place | Discard | Replace | Exchange]:
    """PLACE in a free slot or EXCHANGE two cards; a full troop may DISCARD or REPLACE instead.

    An empty Knight slot (only possible with an empty troop) must be filled first.
    """
    player = state.players[seat]
    if player.draw_choice is not None or not player.hand:
        return []
    card = player.hand[0].id
    free = player.free_slots()
    if LAYOUT.knight in free:
        free = [LAYOUT.knight]
    actions: list[Place | Discard | Replace | Exchange] = [
        Place(card=card, slot=sid) for sid in free
    ]
    if not free:
        actions.append(Discard(card=card))
        actions += [
            Replace(slot=sid, old=sc.card.id, card=card)
            for sid, sc in player.troop()
            if sc.status == "strong"
        ]
    occupied = [sid for sid, _ in player.troop()]
    actions += [Exchange(slot=a, other=b, card=card) for a, b in combinations(occupied, 2)]
    return actions


def choose_draw(
    state: KnightfallState, seat: int, action: Place | Discard | Replace | Exchange
) -> list[Event]:
    """Lock in a hidden stage-2 decision; reveal and carry out both once both are in."""
    player = state.players[seat]
    if isinstance(action, Place):
        player.draw_choice = DrawChoice(kind="place", slot=action.slot)
    elif isinstance(action, Exchange):
        player.draw_choice = DrawChoice(kind="exchange", slot=action.slot, other=action.other)
    elif isinstance(action, Replace):
        player.draw_choice = DrawChoice(kind="replace", slot=action.slot)
    else:
        player.draw_choice = DrawChoice(kind="discard")
    events = [
        event(f"Your choice: {action.label()} (carried out when both have decided)", seat),
        event(f"{who(seat)} has decided."),
    ]
    if all(p.draw_choice is not None for p in state.players):
        for s in range(len(state.players)):
            events += carry_out_draw(state, s)
        events += start_coins(state)
    return events


def carry_out_draw(state: KnightfallState, seat: int) -> list[Event]:
    """Apply one player's stage-2 decision (also used to preview it in that player's view)."""
    player = state.players[seat]
    choice = player.draw_choice
    if choice is None or not player.hand:
        return []
    card = player.hand.pop(0)
    name = who(seat)
    if choice.kind == "place" and choice.slot is not None:
        player.slots[choice.slot] = SlotCard(card=card)
        text = f"{name} placed a card in {LAYOUT.name(choice.slot)}."
    elif choice.kind == "exchange" and choice.slot is not None and choice.other is not None:
        a, b = choice.slot, choice.other
        player.slots[a], player.slots[b] = player.slots[b], player.slots[a]
        state.discard.append(card)
        text = (
            f"{name} exchanged {LAYOUT.name(a)} and {LAYOUT.name(b)}, "
            f"discarding the drawn card: {card}."
        )
    elif choice.kind == "replace" and choice.slot is not None:
        old = player.slots[choice.slot]
        if old is not None:
            state.discard.append(old.card)
        player.slots[choice.slot] = SlotCard(card=card)
        gone = f"{old.card}" if old is not None else "nothing"
        text = f"{name} replaced the card in {LAYOUT.name(choice.slot)}: {gone} is discarded."
    else:
        state.discard.append(card)
        text = f"{name} discarded the drawn card: {card}."
    return [event(text)]


# ---- stage 3: decision coins ---------------------------------------------------------------------
def start_coins(state: KnightfallState) -> list[Event]:
    """Both players choose ATTACK or DEFEND in secret."""
    state.stage = "coins"
    return []


def coin_actions(state: KnightfallState, seat: int) -> list[Attack | AttackWith | Defend]:
    """ATTACK needs a STRONG Archer or Mage; DEFEND is always possible.

    With several STRONG Archers and Mages, ATTACK may also name its battle card at once
    (``AttackWith``); with one, the battle card is the only move and is played for the player.
    """
    player = state.players[seat]
    if player.coin is not None:
        return []
    attackers = attackers_of(player)
    if not attackers:
        return [Defend()]
    with_card = [AttackWith(slot=sid, card=card.id) for sid, card in attackers]
    return [Attack(), *(with_card if len(with_card) > 1 else []), Defend()]


def unavailable_coins(state: KnightfallState, seat: int) -> list[Unavailable]:
    """ATTACK, when the seat has no STRONG Archer or Mage to send."""
    player = state.players[seat]
    if player.coin is not None or attackers_of(player):
        return []
    return [Unavailable(label="Attack", reason="needs a STRONG Archer or Mage")]


def choose_coin(
    state: KnightfallState, seat: int, action: Attack | AttackWith | Defend
) -> list[Event]:
    """Lock in a coin (and the battle card, if named); when both are in, reveal them and fight.

    The battle waits only for an attacker who has not named its card yet.
    """
    player = state.players[seat]
    player.coin = "defend" if isinstance(action, Defend) else "attack"
    if isinstance(action, AttackWith):
        player.battle_slot = action.slot
    events = [
        event(f"Your coin: {action.label()} (revealed when both have chosen).", seat),
        event(f"{who(seat)} has chosen a decision coin."),
    ]
    if any(p.coin is None for p in state.players):
        return events
    coins = [p.coin for p in state.players if p.coin is not None]
    state.battle = BattleRecord(round=state.round, coins=coins)
    state.powers = []
    shown = ", ".join(f"{who(s)} {c.upper()}" for s, c in enumerate(coins))
    events.append(event(f"Coins revealed: {shown}."))
    if "attack" not in coins:
        state.battle.outcome = "Both defended: no battle."
        events.append(event(state.battle.outcome))
        return events + powers.start_powers(state)
    if any(p.coin == "attack" and p.battle_slot is None for p in state.players):
        state.stage = "battle"
        return events
    return events + resolve_battle(state) + powers.start_powers(state)


# ---- stage 4: battle ----------------------------------------------------------------------------
def battle_actions(state: KnightfallState, seat: int) -> list[BattleWith]:
    """An attacker picks one of their STRONG Archers or Mages."""
    player = state.players[seat]
    if player.coin != "attack" or player.battle_slot is not None:
        return []
    return [BattleWith(slot=sid, card=card.id) for sid, card in attackers_of(player)]


def choose_battle(state: KnightfallState, seat: int, action: BattleWith) -> list[Event]:
    """Lock in the attacking card; once every attacker has picked, fight."""
    state.players[seat].battle_slot = action.slot
    events = [
        event(f"You will battle with {action.label().removeprefix('Battle with ')}", seat),
        event(f"{who(seat)} has chosen a card."),
    ]
    if any(p.coin == "attack" and p.battle_slot is None for p in state.players):
        return events
    return events + resolve_battle(state) + powers.start_powers(state)


def _fighter(state: KnightfallState, seat: int, slot: str, bonus: int = 0) -> Fighter:
    held = state.players[seat].slots[slot]
    assert held is not None, "a fighter stands in its slot"
    return Fighter(seat=seat, slot=slot, card=held.card, power=held.card.power + bonus)


def _describe(f: Fighter) -> str:
    return f"{who(f.seat)}'s {f.card} ({LAYOUT.name(f.slot)}, {f.power})"


def _win(state: KnightfallState, winner: Fighter, loser: Fighter | None) -> None:
    """[S] The winner returns to its slot WEAK; the loser is discarded."""
    held = state.players[winner.seat].slots[winner.slot]
    if held is not None:
        held.status = "weak"
    if loser is not None:
        state.players[loser.seat].slots[loser.slot] = None
        state.discard.append(loser.card)
    record = state.battle
    if record is not None:
        record.winner, record.loser, record.first_winner = winner, loser, winner.seat


def _fight(state: KnightfallState, f: Fighter, g: Fighter) -> str:
    """Higher power wins; a tie discards both, except two Aces, which both return WEAK."""
    if f.power == g.power:
        if f.card.power == g.card.power == 1:
            for x in (f, g):
                held = state.players[x.seat].slots[x.slot]
                if held is not None:
                    held.status = "weak"
            return f"{_describe(f)} ties {_describe(g)}: two Aces, both return WEAK."
        for x in (f, g):
            state.players[x.seat].slots[x.slot] = None
            state.discard.append(x.card)
        return f"{_describe(f)} ties {_describe(g)}: both are discarded."
    win, lose = (f, g) if f.power > g.power else (g, f)
    _win(state, win, lose)
    return f"{_describe(win)} beats {_describe(lose)}: {win.card} returns WEAK, {lose.card} dies."


def resolve_battle(state: KnightfallState) -> list[Event]:
    """Reveal the attacking cards together and fight.

    Attacker vs attacker: the two cards fight. Attacker vs defender: the attacker fights the
    Knight, which gets +1 (once). [S] A WEAK card cannot defend and cannot be discarded unless
    by a special power: against a WEAK Knight (or no Knight) the attacker wins unopposed and
    returns WEAK, and the WEAK Knight stays where it is.
    """
    record = state.battle
    assert record is not None, "coins are revealed before a battle"
    seats = range(len(state.players))
    attackers = [s for s in seats if state.players[s].coin == "attack"]
    fighters = []
    for s in attackers:
        slot = state.players[s].battle_slot
        assert slot is not None, "every attacker has picked"
        fighters.append(_fighter(state, s, slot))
    if len(fighters) == 2:
        record.cards = fighters
        record.outcome = _fight(state, fighters[0], fighters[1])
        return [event(record.outcome)]
    (att,) = fighters
    defender = 1 - att.seat
    knight = state.players[defender].slots[LAYOUT.knight]
    if knight is not None and knight.status == "strong":
        guard = _fighter(state, defender, LAYOUT.knight, KNIGHT_BONUS)
        record.cards = [att, guard]
        record.outcome = _fight(state, att, guard)
        return [event(record.outcome)]
    record.cards = [att]
    _win(state, att, None)
    if knight is None:
        record.outcome = f"{_describe(att)} wins unopposed: {who(defender)} has no Knight."
    else:
        record.outcome = (
            f"{_describe(att)} wins unopposed: {who(defender)}'s Knight {knight.card} is WEAK, "
            "cannot defend and stays in place."
        )
    return [event(record.outcome)]
