"""Resolution, healing, hidden choices in the view, and random play that always ends."""

import random

from engines.guardians.combat import combat_apply
from tests.engines.guardians.card_scenarios import shows
from tests.engines.guardians.scenario import labels, movement_game, play, shield
from tests.engines.guardians.test_combat_helpers import CombatCodec, Table


def test_equal_totals_the_defender_holds():
    """'If the defending shield has the same Vitality as the attacker or more, that shield
    retains control of the space and the attacker retreats.' (Archer vs Gnomes + 2: a push.)"""
    t = Table(["swordsman"], ["swordsman"])
    t.no_commands()
    t.primaries("swordsman", "swordsman")
    t.no_bribes()
    t.passes()
    assert "a push, both survive" in t.events[-2]
    out = t.outcome
    assert (out.attacker_total, out.defender_total, out.winner) == (6, 6, 1)


def test_stacking_number_does_not_count_and_aoe_victims_are_out_of_play():
    """'NOT THE STACKING VITALITY!' and AOE victims 'are out of play and don't count'."""
    t = Table(["sorcerer", "super_model"], ["wild_nymph", "sand_lord"], storage=((), ()))
    t.do(0, "cdecl", yes=True)
    t.do(1, "cdecl", yes=False)
    t.do(0, "ccmd", card="sorcerer")
    t.passes()
    assert t.fighter("wild_nymph").role == "out"
    t.primaries("super_model", "sand_lord")
    t.no_bribes()
    t.passes()  # Sand Lord (Babes) destroyed by the Super Model
    out = t.outcome  # nobody has a creature left: no secondaries
    assert t.c.step == "over"
    assert (out.attacker_total, out.defender_total) == (9 + 1, 0)
    assert out.out_of_play == [t.uid("wild_nymph")]


def test_only_the_winner_heals_and_healed_creatures_do_not_count():
    """'only the winner can heal creatures' ... 'healed creatures DO NOT count toward control'
    ... 'you cannot use a creature that you just healed to heal a second creature'."""
    hordes = ["demon_hordes_of_kabod"] * 3
    t = Table([*hordes, "sand_lord"], ["ice_spirit", "ice_spirit", "wild_nymph", "village_idiot"])
    t.no_commands()
    for a, d in (("a00", "b00"), ("a01", "b01"), ("a02", "b02"), ("a03", "b03")):
        t.do(0, "cplay", uid=a)
        t.do(1, "cplay", uid=d)
        t.no_bribes()
        t.passes()
    # Hordes 5 vs Ice Spirits 5 + 2 OCB (beaten twice), Horde 5 vs Nymph 4, Sand Lord 11 vs
    # Idiot 0: the attacker wins 16 to 10.
    assert t.c.step == "heal" and t.to_act() == [0] and t.c.totals == [16, 10]
    assert [a.uid for a in t.legal(0) if a.kind == "cheal"] == ["a00", "a01"]
    t.do(0, "cheal", uid="a00")
    out = t.outcome  # one healer heals one: the healed one cannot heal the other
    assert out is not None and (out.attacker_total, out.winner) == (16, 0)
    assert "a00" in out.survivors[0] and "a01" in out.discarded


def test_hidden_choice_shows_only_decided():
    t = Table(["swordsman"], ["sand_lord"])
    t.no_commands()
    t.do(0, "cplay", card="swordsman")
    seen_by_1 = t.view(1)
    assert seen_by_1["sides"][0]["decided"] and seen_by_1["sides"][0]["choice"] is None
    assert seen_by_1["sides"][0]["hand"] is None and seen_by_1["table"] == []
    assert "swordsman" not in str(seen_by_1)
    assert t.view(0)["sides"][0]["choice"]["uid"] == t.uid("swordsman")
    assert t.to_act() == [1]


POOL = [
    "swordsman",
    "sand_lord",
    "archer",
    "snogwart",
    "ice_spirit",
    "wild_nymph",
    "wraith",
    "devil_dog",
    "super_model",
    "merchant",
    "sorcerer",
    "floyd",
    "ugly_wart_fiend",
    "amber_well",
    "ice_ogre",
    "fire_walker",
    "valkyrie_spirit",
    "demon_hordes_of_kabod",
    "rock_spirit",
    "iron_crag_baggler",
]
SPELLS = [
    "beer",
    "gold",
    "babes",
    "power_lunch",
    "dispel_magic",
    "st_ballantines_evocation",
    "hammer_of_doom",
    "vitales_dark_cloud",
]


def test_random_combats_always_offer_a_move_and_end():
    rng = random.Random(7)
    for _ in range(300):
        t = Table(
            rng.sample(POOL, rng.randint(0, 5)),
            rng.sample(POOL, rng.randint(0, 5)),
            storage=(rng.sample(SPELLS, 3), rng.sample(SPELLS, 3)),
            channelers=(["valkyrie_spirit"], []),
            terrain=rng.choice(["woods", "swamps", "dry_heaps", None]),
            guardians=("tes_let", "rak_nam"),
            space=rng.choice(["C1", "C3"]),
            stronghold_defence=5,
        )
        for _step in range(400):
            if t.outcome is not None:
                break
            seats = t.to_act()
            assert seats
            seat = rng.choice(seats)
            moves = t.legal(seat)
            assert moves, t.c.step
            action = rng.choice(moves)
            code = CombatCodec.encode(action)
            assert CombatCodec.decode(code) == action and len(code) <= 60
            combat_apply(t.c, seat, action, t.cards)
        out = t.outcome
        assert out is not None and t.to_act() == []
        everything = set(t.setup.attacker.creatures) | set(t.setup.defender.creatures)
        placed = [u for s in out.survivors.values() for u in s] + out.out_of_play
        placed += [u for u in out.discarded if u in everything]
        assert sorted(placed) == sorted(everything)


@shows("demon_hordes_of_kabod", "heal")
def test_demon_hordes_heal_even_when_they_lose():
    """'Demon Hordes of Kabod are an explicit exception to the rule; card text always overrides
    the rulebook.' Their card: 'After the combat, win or lose, each surviving Horde heals 1 of
    your beaten creatures (never one healed this combat).'"""
    hordes = ["demon_hordes_of_kabod"] * 3
    t = Table(["ice_spirit", "ice_spirit", "village_idiot", "sand_lord"], hordes)
    t.no_commands()
    for a, d in (("a00", "b00"), ("a01", "b01"), ("a02", "b02")):
        t.do(0, "cplay", uid=a)
        t.do(1, "cplay", uid=d)
        t.no_bribes()
        t.passes()
    t.do(0, "cnomore")  # the Sand Lord stays in hand and counts: 21 to the surviving Horde's 5
    assert t.c.winner == 0 and t.c.totals == [21, 5]
    assert t.c.step == "heal" and t.to_act() == [1]
    assert [a.uid for a in t.legal(1) if a.kind == "cheal"] == ["b00", "b01"]
    t.do(1, "cheal", uid="b00")
    out = t.outcome  # one surviving Horde heals one; the other beaten Horde is lost
    assert out is not None and out.winner == 0 and out.defender_total == 5
    assert sorted(out.survivors[1]) == ["b00", "b02"] and "b01" in out.discarded


def test_healed_hordes_retreat_with_their_shield():
    """'win or lose, each surviving Horde heals 1 of your beaten creatures': the healed Horde
    goes back into the beaten Shield, which retreats with it."""
    game = movement_game()
    shield(game, 0, "C1", ["ice_spirit", "ice_spirit", "village_idiot", "sand_lord"])
    hordes = shield(game, 1, "C2", ["demon_hordes_of_kabod"] * 3)
    first, second, third = hordes.cards
    play(game, 0, "Turn Shield on C1")
    play(game, 0, "Move to C2")
    prefer = ("cdecl", "cplay", "cnobribe", "cpass", "cnomore", "cheal")
    while game.state.phase == "combat":  # Ice Spirits beat two Hordes, a Horde the Idiot
        seat = game.to_act()[0]
        acts = game.legal_actions(seat)
        game.apply(seat, next(a for k in prefer for a in acts if a.kind == k))
    assert game.state.stack(hordes.shield).cards == [first, third]
    assert game.state.seats[1].discard == [second]
    assert labels(game, 1) == [
        "Retreat to L2",
        "Retreat to R2",
        "Retreat to C3",
        "Destroy the Shield",
    ]
