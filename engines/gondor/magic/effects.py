"""Resolving a cast (8.5, 17.3) and what each spell does (17.1, 17.2); spells ending on time."""

from __future__ import annotations

from engines.base import Event
from engines.gondor import banner
from engines.gondor.actions import counter_name
from engines.gondor.data import GAME, MAP
from engines.gondor.effects import BANNER_SPELL
from engines.gondor.hexes import distance, hex_id, to_cr
from engines.gondor.magic.actions import Cast
from engines.gondor.magic.cast import GANDALF, NAZGUL, by_type, in_range
from engines.gondor.magic.chart import SPELLS, Spell, odds_text
from engines.gondor.state import ActiveSpell, GondorState, Pending
from engines.rng import rng_for
from engines.text import join_and, plural

PHASE_ORDER = tuple(str(p["id"]) for p in GAME.phase)  # A..H, as game.toml lists them


def resolve(state: GondorState, action: Cast) -> list[Event]:
    """Spend or roll (17.3), then the spell's effect; the leader's phase is used either way."""
    spell = action.line
    leader = state.counters[action.leader]
    name = counter_name(action.leader)
    state.magic_acted.append(leader.type)
    if state.phase == "magic-1":
        state.cast_in_a.append(leader.type)  # 8.52
    roll = ""
    if not action.sure:
        die = rng_for(state.seed, f"spell-{state.step}").randint(1, 6)
        roll = f": rolls {die} ({odds_text(action.needs)})"
        if die > action.needs:
            text = f"{name} attempts {spell.label} with {plural(action.points, 'point')}{roll}"
            return [Event(text=f"{text} and fails; no points spent (17.3).")]
    state.magic_spent[leader.type] = state.magic_spent.get(leader.type, 0) + action.points
    state.casts[spell.family] = state.casts.get(spell.family, 0) + 1
    text = f"{name} casts {spell.label} with {plural(action.points, 'point')}{roll}"
    return [Event(text=f"{text}: {spell.summary}."), *_effect(state, action.leader, spell)]


def _effect(state: GondorState, caster: int, spell: Spell) -> list[Event]:
    """Put the spell in force and do what it does at once."""
    if spell.family == "operate-grond":
        state.grond_active = True  # 17.13: for the rest of the game
        return []
    held = in_range(state, state.counters[caster].hex or "", spell)
    record = ActiveSpell(
        id=spell.id,
        family=spell.family,
        phase=state.phase,
        ends=state.turn + spell.duration,
    )
    state.spells.append(record)
    if spell.family == "freeze-leader":
        names = join_and([counter_name(i) for i in held])
        return [
            Event(
                text=f"Until the same phase next Game-Turn, Westernesse leaders within "
                f"{spell.range} hexes of the Nazgûl Lord are frozen; now {names} (17.12)."
            )
        ]
    if spell.family == "stalemate":
        return _stalemate(state, spell)
    if spell.family == BANNER_SPELL:
        return banner.unfurl(state)
    return []


def stalemate_hex(state: GondorState, gandalf: str, push: int) -> str:
    """17.22 [I]: ``push`` rows east of Gandalf, clamped to the map, else the nearest free hex.

    Free: not Mountain, no Westernesse counter, and not adjacent to Gandalf; ties go to the
    lower hex id.
    """
    column, row = to_cr(gandalf)
    target = hex_id(column, min(row + push, MAP.grid.rows))
    taken = {c.hex for c in state.counters if c.side == "westernesse" and c.hex is not None}
    free = [
        h
        for h, x in MAP.hexes.items()
        if x.terrain != "mountain" and h not in taken and distance(h, gandalf) > 1
    ]
    return min(free, key=lambda h: (distance(target, h), h))


def stalemate_hexes(state: GondorState, gandalf: str, push: int) -> list[str]:
    """17.22: where Gandalf may place the Nazgûl Lord, the hex due east first.

    "Six hexes away from Gandalf, in an easterly direction" [I]: the hexes ``push`` away from
    him within half of that of the hex ``push`` rows due east (the arc facing the east edge),
    on the map, not Mountain, holding no Westernesse counter. None there (Gandalf near the
    east edge): the one hex :func:`stalemate_hex` gives.
    """
    column, row = to_cr(gandalf)
    east = hex_id(column, row + push)
    taken = {c.hex for c in state.counters if c.side == "westernesse" and c.hex is not None}
    arc = [
        h
        for h, x in MAP.hexes.items()
        if distance(h, gandalf) == push
        and distance(h, east) <= push // 2
        and x.terrain != "mountain"
        and h not in taken
    ]
    return sorted(arc, key=lambda h: (distance(h, east), h)) or [
        stalemate_hex(state, gandalf, push)
    ]


def _stalemate(state: GondorState, spell: Spell) -> list[Event]:
    """Gandalf's player chooses the landing hex when there is a choice (pending "stalemate")."""
    gandalf, nazgul = by_type(state, GANDALF), by_type(state, NAZGUL)
    if gandalf is None or nazgul is None:
        return []
    hexes = stalemate_hexes(state, state.counters[gandalf].hex or "", spell.push or 0)
    if len(hexes) > 1:
        state.pending = Pending(side="westernesse", kind="stalemate", data={"push": spell.push})
        return []
    return drive(state, hexes[0])


def drive(state: GondorState, where: str) -> list[Event]:
    """Place the Nazgûl Lord where Stalemate sends him (17.22)."""
    nazgul = by_type(state, NAZGUL)
    assert nazgul is not None
    state.counters[nazgul].hex = where
    name = counter_name(nazgul)
    return [Event(text=f"{name} is driven to {where}; he may not come back next to Gandalf.")]


def expire(state: GondorState) -> list[Event]:
    """Spells whose time is up end at the start of their phase, N Game-Turns on (8.5 [I])."""
    now = (state.turn, _order(state.phase))
    ending = [s for s in state.spells if (s.ends, _order(s.phase)) <= now]
    if not ending:
        return []
    state.spells = [s for s in state.spells if s not in ending]
    events = [Event(text=f"{SPELLS[s.id].label} ends.") for s in ending]
    if any(s.family == BANNER_SPELL for s in ending):
        events += banner.remove(state, "has flown its three Game-Turns and is removed (18.22)")
    return events


def turns_left(state: GondorState, spell: ActiveSpell) -> int:
    """Game-Turns the spell still touches: 1 = it ends in (or before) the next Game-Turn."""
    later = _order(state.phase) < _order(spell.phase)
    return spell.ends - state.turn + (1 if later else 0)


def _order(phase: str) -> int:
    """Where a phase falls in the Game-Turn (A = 0 ... H = 7; "over" after H)."""
    return PHASE_ORDER.index(phase) if phase in PHASE_ORDER else len(PHASE_ORDER)


def spells_view(state: GondorState) -> list[dict[str, object]]:
    """The spells in force for the view: {id, name, turns_left} (None = the rest of the game)."""
    out: list[dict[str, object]] = [
        {"id": s.family, "name": SPELLS[s.id].label, "turns_left": turns_left(state, s)}
        for s in state.spells
    ]
    if state.grond_active:
        grond = SPELLS["operate-grond"].label
        out.append({"id": "operate-grond", "name": grond, "turns_left": None})
    return out
