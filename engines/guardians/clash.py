"""Starting a combat, applying its outcome, and the loser's retreat.

The combat itself is the combat package's (``engines.guardians.combat``); this module builds
its ``CombatSetup`` from the board and moves cards according to its ``CombatOutcome``.
"""

from __future__ import annotations

from engines.base import Event
from engines.guardians import board, merge
from engines.guardians.actions import DestroyShield, Retreat
from engines.guardians.board import card, cards_map, owner_of
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.combat import (
    CombatOutcome,
    CombatSetup,
    CombatSide,
    combat_outcome,
    start_combat,
)
from engines.guardians.combat import effects as fx
from engines.guardians.flow import next_mover
from engines.guardians.settlement import destroy_stack, has_creature
from engines.guardians.state import Fight, GuardiansState, Stack
from engines.guardians.state import Retreat as RetreatState
from engines.guardians.stronghold import (
    begin_challenge,
    hold_channelers,
    rubble,
    stronghold_card,
)


def _side(
    state: GuardiansState, seat: int, shield: str | None, hand: list[str], skip: str | None
) -> CombatSide:
    """A combat side: its hand, Storage Hand, unused channelers (not those of ``skip``)."""
    s = state.seats[seat]
    channelers = hold_channelers(state, seat, skip)
    pits = [fx.reserve(card(state, h.upgrade)) for h in s.holds if h.upgrade and h.reserve]
    return CombatSide(
        seat=seat,
        shield=shield,
        creatures=list(hand),
        storage=list(s.storage),
        channelers=list(channelers),
        stones=s.stones,
        guardian_id=s.guardian,
        channel_bonus={u: n for u, n in channelers.items() if n},
        reserve=[u for h in s.holds for u in h.reserve],
        reserve_cost=max((e.amount or 0 for e in pits if e is not None), default=0),
    )


def start_fight(state: GuardiansState, stack: Stack, came: str) -> list[Event]:
    """The attacking Shield entered an enemy Shield's or Stronghold's space: combat."""
    seat, space = stack.owner, stack.space
    foe = board.enemy_shield(state, space, seat)
    siege = board.enemy_hold(state, space, seat)
    origins = {u: "stack" for u in (foe.cards if foe else [])}
    defence = 0
    if siege:
        h = board.hold(state, space)
        assert h is not None
        origins |= {u: "on" for u in h.on} | {u: "under" for u in h.under}
        defence = stronghold_card(state, space).defence
        if h.upgrade is not None:  # Battlements
            defence += fx.stronghold_bonus(card(state, h.upgrade))
    defender = _side(state, 1 - seat, foe.shield if foe else None, list(origins), space)
    defender.stronghold_defence = defence
    defender.off_shield = [u for u, where in origins.items() if where != "stack"]
    land = state.lands.get(space)
    terrain = None
    if land is not None and not land.face_down:
        terrain = getattr(card(state, land.uid), "terrain", None)
    setup = CombatSetup(
        space=space,
        came_from=came,
        attacker=_side(state, seat, stack.shield, stack.cards, None),
        defender=defender,
        terrain=terrain,
        terrain_card=land.uid if land is not None and not land.face_down else None,
        terrain_owner=land.owner if land is not None and not land.face_down else None,
    )
    state.fight = Fight(
        attacker=seat,
        attacker_shield=stack.shield,
        defender_shield=foe.shield if foe else None,
        space=space,
        came_from=came,
        stronghold=siege,
        origins=origins,
    )
    state.move = None
    state.phase = "combat"
    state.combat = start_combat(setup, cards_map(state))
    what = "the Stronghold on" if siege else "the Shield on"
    events = [Event(text=f"Player {seat + 1} attacks {what} {space}: combat!")]
    return events + after_combat_action(state)


def after_combat_action(state: GuardiansState) -> list[Event]:
    """Once the combat package reports an outcome, apply it."""
    assert state.combat is not None
    outcome = combat_outcome(state.combat)
    return [] if outcome is None else apply_outcome(state, outcome)


def _find(state: GuardiansState, shield: str | None) -> Stack | None:
    return next((s for s in state.stacks if s.shield == shield), None)


def apply_outcome(state: GuardiansState, out: CombatOutcome) -> list[Event]:
    """Move every card as the outcome says, then retreat, rubble and the Guardian challenge."""
    f, c = state.fight, state.combat
    assert f is not None and c is not None
    hand = c.setup.attacker.creatures + c.setup.defender.creatures
    for seat, n in out.stones_spent.items():
        state.seats[seat].stones = max(0, state.seats[seat].stones - n)
    for uid in out.channelers_used:
        state.seats[owner_of(uid)].channel_used.append(uid)
    reserved = {u for s in state.seats for h in s.holds for u in h.reserve}  # joined or not
    for uid in [*hand, *out.discarded, *out.out_of_play]:
        board.remove_everywhere(state, uid)
    att, dfd = _find(state, f.attacker_shield), _find(state, f.defender_shield)
    placed: set[str] = set()
    for seat, uids in out.survivors.items():
        for uid in uids:
            if uid in out.discarded or uid in out.out_of_play or uid in placed or uid in reserved:
                continue  # a reserve creature that joined and survived goes back to the reserve
            placed.add(uid)
            where = f.origins.get(uid, "stack")
            h = board.hold(state, f.space)
            if seat == f.attacker and att is not None:
                att.cards.append(uid)
            elif where == "stack" and dfd is not None:
                dfd.cards.append(uid)
            elif h is not None:
                (h.under if where == "under" else h.on).append(uid)
    for uid in out.out_of_play:
        state.seats[owner_of(uid)].pen.append(uid)
    lost = [u for u in hand if u not in placed and u not in out.out_of_play]
    for uid in dict.fromkeys([*out.discarded, *lost]):
        state.seats[owner_of(uid)].discard.append(uid)
    if out.terrain_destroyed and f.space in state.lands:
        land = state.lands.pop(f.space)
        state.seats[land.owner].discard.append(land.uid)
    state.combat = None
    state.phase = "move"
    f.winner = out.winner
    events = [
        Event(
            text=f"Player {out.winner + 1} wins the combat on {f.space} "
            f"({out.attacker_total} to {out.defender_total})."
        )
    ]
    for st in (att, dfd):
        if st is not None:
            st.revealed = False
            if not has_creature(state, st):
                events.append(destroy_stack(state, st))
    if out.winner == f.attacker and f.stronghold:
        events += rubble(state, f.space)
    loser_stack = _find(state, f.defender_shield if out.winner == f.attacker else f.attacker_shield)
    winner_holds = _find(
        state, f.attacker_shield if out.winner == f.attacker else f.defender_shield
    )
    if loser_stack is not None and (winner_holds is not None or f.stronghold):
        options = retreat_options(state, loser_stack, f)
        if not options:
            events.append(Event(text="The beaten Shield cannot retreat."))
            events.append(destroy_stack(state, loser_stack))
        else:
            state.retreat = RetreatState(
                seat=loser_stack.owner,
                shield=loser_stack.shield,
                options=options,
                may_destroy=out.loser_may_destroy,
            )
            return events
    return events + after_fight(state)


def retreat_options(state: GuardiansState, stack: Stack, f: Fight) -> list[str]:
    """Attacker: back where it came from; defender: any adjacent space it controls."""
    seat = stack.owner
    if seat == f.attacker:
        spaces = [f.came_from]
    else:
        spaces = [n for n in board.neighbours(stack.space) if board.controller(state, n) == seat]
    return [
        s
        for s in spaces
        if board.enemy_shield(state, s, seat) is None and not board.enemy_hold(state, s, seat)
    ]


def retreat_actions(state: GuardiansState, seat: int) -> list:
    """The loser's choices: each retreat space, or destroying the Shield."""
    r = state.retreat
    if r is None or r.seat != seat:
        return []
    out: list = [Retreat(to=s, combine=bool(board.own_shields(state, s, seat))) for s in r.options]
    return out + ([DestroyShield()] if r.may_destroy else [])


def apply_retreat(state: GuardiansState, seat: int, action: object) -> list[Event]:
    """Retreat (onto a Shield already there: see ``merge``) or destroy the beaten Shield."""
    r = state.retreat
    assert r is not None
    stack = state.stack(r.shield)
    state.retreat = None
    if isinstance(action, DestroyShield):
        events = [destroy_stack(state, stack)]
    else:
        assert isinstance(action, Retreat)
        others = board.own_shields(state, action.to, seat)
        stack.space = action.to
        events = [Event(text=f"Player {seat + 1}'s Shield retreats to {action.to}.")]
        if others:
            events += merge.combine(state, seat, others[0], stack)
        else:
            events += merge.fit(state, seat, stack)
    return events + after_merge(state)


def after_merge(state: GuardiansState) -> list[Event]:
    """Go on once the retreating owner has nothing left to choose."""
    return after_fight(state) if state.retreat is None else []


def after_fight(state: GuardiansState) -> list[Event]:
    """After a won Stronghold attack the attacker may challenge the Guardian; else go on."""
    f = state.fight
    assert f is not None
    att = _find(state, f.attacker_shield)
    if f.stronghold and f.winner == f.attacker and att is not None and att.space == f.space:
        foe = CATALOGUE.guardians[state.seats[1 - f.attacker].guardian].name
        return [
            Event(text=f"Player {f.attacker + 1} may challenge {foe}."),
            *begin_challenge(state, f.attacker, att, None, optional=True),
        ]
    state.fight = None
    return next_mover(state, f.attacker)
