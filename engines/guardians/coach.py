"""Why the coach's suggested move is good, in one plain sentence (``Game.suggestion_reason``).

Reads only what the player sees: their own cards, the height of every stack, the lands, the
Guardians' Vitality, flown Shields and the combat table. An enemy Shield that has not flown is
counted as the policy counts it (``policy.HIDDEN_CREATURE`` a creature), so a sentence says
"about".
"""

from __future__ import annotations

from engines.base import Action
from engines.guardians import actions as ga
from engines.guardians import board
from engines.guardians.board import card
from engines.guardians.cards import Creature
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.combat import actions as ca
from engines.guardians.combat.matchup import strength
from engines.guardians.policy import seen_vitality, vitality
from engines.guardians.settlement import SHIELD_GOAL
from engines.guardians.state import GuardiansState, Stack

ORGANIZE: dict[str, str] = {
    "auto": "Places the rest by a plan: channelers under, the biggest creatures on top.",
    "done": "Finishes organising: the rest wait in your Pen and Storage Hand.",
    "offerdraw": "Offers a draw: if they accept, the game ends without a loss.",
    "acceptdraw": "A draw ends the game now without a loss.",
    "declinedraw": "Play goes on: you can still win this game.",
    "decline": "Your creature would lose to their Guardian: keep it.",
    "strike": "Strikes with what you have channelled so far.",
    "stand": "Stands: nothing more helps the Guardian now.",
    "sdone": "None of their terrain is worth removing now.",
    "cnobribe": "None of their creatures is worth a bribe now.",
    "cleave": "Your creature was bribed away; theirs stays in the match-up.",
    "cnomore": "Keeps the rest under your Shield, where they count for the land.",
    "cstop": "No other beaten creature of yours can be healed now.",
    "destroy": "No retreat is open: the beaten Shield is lost.",
}
"""Moves whose reason needs nothing from the position."""


def reason(state: GuardiansState, seat: int, action: Action) -> str | None:
    """One sentence saying what ``action`` does for ``seat``; None for a move without one."""
    fixed = ORGANIZE.get(action.kind)
    if fixed is not None:
        return fixed
    if isinstance(action, ga.Step | ga.Fly):
        return _step(state, seat, action.to, action.note)
    if state.phase == "combat" and state.combat is not None:
        found = _combat(state, seat, action)
        if found is not None:
            return found
    return _other(state, seat, action)


def _name(card_id: str) -> str:
    found = CATALOGUE.cards.get(card_id)
    return found.name if found is not None else card_id


def _step(state: GuardiansState, seat: int, to: str, note: str) -> str:
    """Attack, take a land, cover one of yours, or walk on."""
    moving = state.stack(state.move.shield) if state.move else None
    mine = vitality(state, moving.cards) if moving else 0
    if note == "combat":
        foe = board.enemy_shield(state, to, seat)
        if foe is None:
            return f"Attacks their Shield on {to}."
        theirs = seen_vitality(state, seat, foe)
        about = "" if foe.revealed else "about "
        return f"Attacks their Shield on {to}: your {mine} Vitality against {about}{theirs:.0f}."
    if note == "siege":
        return f"Attacks their Stronghold on {to} with {mine} Vitality."
    if to in board.DISPUTED:
        if board.controller(state, to) != seat:
            now = board.lands_of(state, seat) + 1
            return f"Takes the land {to}: {now} of the 6 lands would be yours."
        if not board.own_shields(state, to, seat):
            return f"Covers your empty land {to}: an enemy Shield there would take it."
    if note == "pass":
        return f"Passes through {to} to go further."
    here = state.move.path[-1] if state.move else to
    ahead = int(to[1]) - int(here[1])
    if (ahead if seat == 0 else -ahead) > 0:
        return f"Moves your Shield to {to}, towards their side."
    return f"Moves your Shield to {to}."


def _combat(state: GuardiansState, seat: int, action: Action) -> str | None:
    """Combat moves: the match-up's totals as the table shows them."""
    c = state.combat
    assert c is not None
    cards = board.cards_map(state)
    side = c.side_of(seat)
    mine = sum(strength(c, cards, f) for f in c.current(side))
    theirs = sum(strength(c, cards, f) for f in c.current(1 - side))
    if isinstance(action, ca.CChannel | ca.CStone | ca.CRanged):
        return _matchup(mine + action.amount, theirs)
    if isinstance(action, ca.CPlay):
        return f"{_name(action.card)} fights with {_creature_vitality(state, action.uid)} Vitality."
    if isinstance(action, ca.CBribe):
        target = _creature_vitality(state, action.target)
        return f"Bribes {_name(action.target_card)} ({target} Vitality) out of the combat."
    if isinstance(action, ca.CSecondary):
        v = _creature_vitality(state, action.uid)
        verdict = "beats" if v > action.need else "wears down"
        foe = _name(action.target_card)
        return f"{_name(action.card)} ({v}) {verdict} {foe}, needing {action.need}."
    if isinstance(action, ca.CDeclare):
        if action.yes:
            return "A command card can turn this combat your way."
        return "Keeps your command cards for a later combat."
    if isinstance(action, ca.CPass):
        if mine > theirs:
            return f"You win this match-up {mine} vs {theirs}: nothing more is needed."
        return "Nothing you hold changes this match-up now."
    if isinstance(action, ca.CCast | ca.CItem | ca.CCommand):
        return f"{_name(action.card)} helps your side of this match-up ({mine} vs {theirs} now)."
    if isinstance(action, ca.CReserve):
        return f"Calls {_name(action.card)} from the reserve into this combat."
    if isinstance(action, ca.CHeal | ca.CElixir):
        healed = action.target_card if isinstance(action, ca.CElixir) else action.card
        return f"{_name(healed)} is healed and goes back under your Shield."
    return None


def _matchup(mine: int, theirs: int) -> str:
    if mine > theirs:
        return f"Wins this match-up {mine} vs {theirs}."
    if mine == theirs:
        return f"Ties this match-up {mine} vs {theirs}."
    return f"Narrows this match-up to {mine} vs {theirs}."


def _creature_vitality(state: GuardiansState, uid: str) -> int:
    c = card(state, uid)
    return c.vitality if isinstance(c, Creature) else 0


def _other(state: GuardiansState, seat: int, action: Action) -> str | None:
    """Organising, the shield turn's other moves, retreats, the challenge and settlement."""
    if isinstance(action, ga.Place):
        where = board.COLUMN_NAMES[action.target[-1]]
        if action.target.startswith("u"):
            return f"{_name(action.card)} channels from under your {where} Stronghold."
        if action.target.startswith("x"):
            return f"{_name(action.card)} upgrades your {where} Stronghold for good."
        if action.target.startswith("p"):
            return f"{_name(action.card)} waits in reserve beside {where} for a combat."
        return f"{_name(action.card)} defends your {where} Stronghold ({action.used}/30)."
    if isinstance(action, ga.TakeBack):
        return f"{_name(action.card)} goes back to your Pen, to be placed better."
    if isinstance(action, ga.Discard):
        return f"You may keep 7 cards: {_name(action.card)} is the one to let go."
    if isinstance(action, ga.KeepUp):
        return f"Draws {_name(action.card)} first, as your Up-card was."
    if isinstance(action, ga.SkipUp):
        return f"Discards {_name(action.card)} to draw a fresh card."
    if isinstance(action, ga.Redraw):
        return "No Shield drawn: a new hand is worth a stone."
    if isinstance(action, ga.TurnShield):
        v = vitality(state, state.stack(action.shield).cards)
        return f"Moves your Shield on {action.space}, with {v} Vitality."
    if isinstance(action, ga.Load | ga.Reinforce):
        return f"{_name(action.card)} joins the Shield: {action.points}/30 points."
    if isinstance(action, ga.Unload):
        return f"{_name(action.card)} stays to defend this Stronghold."
    if isinstance(action, ga.EndMove):
        if state.move is None:
            return "Ends this Shield's move."
        here = state.move.path[-1]
        if here in board.DISPUTED:
            return f"Your Shield stays on {here} and holds the land."
        return f"Your Shield stops on {here}."
    if isinstance(action, ga.Retreat):
        if action.combine:
            return f"Joins your Shield on {action.to}: its creatures are kept."
        return f"Falls back to {action.to}, keeping the Shield."
    if isinstance(action, ga.KeepShield):
        return f"Keeps {_name(action.card)}; the other Shield is discarded."
    if isinstance(action, ga.TrimCard):
        return f"{_name(action.card)} is the card to lose to keep 30 points."
    if isinstance(action, ga.ChallengeWith):
        return _challenge(state, seat, action)
    if isinstance(action, ga.ChannelStone | ga.ChallengeChannel | ga.ChallengeSpell):
        amount = action.cmp if isinstance(action, ga.ChannelStone) else action.amount
        return f"Adds {amount} to the challenge."
    if isinstance(action, ga.PlayTerrain):
        return f"{_name(action.card)} makes {action.space} your land."
    if isinstance(action, ga.FaceDown):
        return f"A face-down card makes {action.space} your land for a stone."
    if isinstance(action, ga.DropCreature):
        return f"{_name(action.card)} is the creature you can best spare on {action.space}."
    if isinstance(action, ga.RemoveTerrain):
        return f"Removes the terrain on {action.space}, so the land can change hands."
    return None


def _challenge(state: GuardiansState, seat: int, action: ga.ChallengeWith) -> str:
    """The stakes, never a win that channelling could still prevent.

    A Guardian held off still loses the creature's base Vitality, so a creature with at least
    the Guardian's Vitality kills it whatever is channelled; a weaker one wounds it and, if the
    Guardian holds, is lost, with its Shield if it is the last creature.
    """
    v = _creature_vitality(state, action.uid)
    guardian = state.seats[1 - seat].vitality
    name = _name(action.card)
    stack = state.stack(state.challenge.shield) if state.challenge else _moving(state)
    last = stack is not None and sum(board.is_creature(state, u) for u in stack.cards) == 1
    if v >= guardian:
        fifth = last and state.seats[seat].shields_lost == SHIELD_GOAL - 1
        end = "a draw at worst" if fifth else "you win"
        return f"{name} ({v}) kills their Guardian ({guardian}): {end}."
    lost = "your last creature and Shield go" if last else f"{name} is lost"
    return f"Wounds their Guardian ({guardian}) by {v}; if it holds, {lost}."


def _moving(state: GuardiansState) -> Stack | None:
    """The Shield now moving (a challenge as its move), if any."""
    return state.stack(state.move.shield) if state.move else None
