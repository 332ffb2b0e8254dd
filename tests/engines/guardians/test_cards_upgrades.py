"""Stronghold Upgrades: what each does beside its Stronghold, in real games."""

import random

from engines.guardians import board, organize
from engines.guardians.catalogue import CATALOGUE

from .card_scenarios import shows
from .scenario import classic_game, labels, movement_game, play, shield, take
from .test_cards_shields import strengths_now


def strengths_after(game, a: str, d: str) -> tuple[int, int]:
    """Lay down ``a`` (seat 0) against ``d`` (seat 1), pass bribery; both strengths."""
    play(game, 0, f"Play {a}")
    play(game, 1, f"Play {d}")
    for seat in game.to_act():
        play(game, seat, "No bribe")
    return strengths_now(game)


def _siege_left(game, upgrade: str | None):
    """Seat 0's Swordsman attacks seat 1's Left Stronghold (an Axeman on it, ``upgrade`` beside)."""
    hold = game.state.seats[1].holds[0]
    hold.on.append(take(game, 1, "axeman"))
    if upgrade:
        hold.upgrade = take(game, 1, upgrade)
    shield(game, 0, "L2", ["swordsman"])
    play(game, 0, "Turn Shield on L2")
    play(game, 0, "Move to L3")
    play(game, 0, "No command card")
    play(game, 1, "No command card")
    return strengths_after(game, "Swordsman", "Axeman")


@shows("battlements", "stronghold_bonus")
def test_battlements_give_the_strongholds_defenders_plus_two():
    """Battlements: "+2 to your creatures defending the Stronghold it stands beside." """
    assert _siege_left(movement_game(), None) == (6, 7 + 5)  # Keep of Rak Nam (left) +5
    assert _siege_left(movement_game(), "battlements") == (6, 7 + 5 + 2)
    assert _siege_left(movement_game(), "sacrificial_altar") == (6, 7 + 5)


def _pit(game, seat: int = 0) -> str:
    """The Death Pit of Djoser beside ``seat``'s Right Stronghold; its uid."""
    uid = take(game, seat, "death_pit_of_djoser")
    game.state.seats[seat].holds[2].upgrade = uid
    return uid


def test_the_death_pit_stands_only_beside_the_right_stronghold_and_keeps_undead():
    """Death Pit of Djoser: "Right Stronghold only. Undead may wait under it" (within the
    space's 30 points)."""
    game = classic_game(7)
    s = game.state.seats[0]
    s.drawn = [take(game, 0, c) for c in ("death_pit_of_djoser", "wraith", "swordsman")]
    assert [a.label() for a in game.legal_actions(0) if "Death Pit" in a.label()] == [
        "Place Death Pit of Djoser beside Right"
    ]
    play(game, 0, "Place Death Pit of Djoser beside Right")
    reserve = [a.label() for a in game.legal_actions(0) if "reserve" in a.label()]
    assert reserve == ["Place Wraith in reserve beside Right"]  # an Undead; the Swordsman is not
    play(game, 0, "Place Wraith in reserve beside Right")
    assert "Take Wraith back from the reserve beside Right" in labels(game, 0)
    play(game, 0, "Done organising")
    play(game, 1, "Done organising")
    hold = game.state.seats[0].holds[2]
    assert [game.state.cards[u] for u in hold.reserve] == ["wraith"]
    assert board.space_points(game.state, "R0", 0) == 8
    theirs = game.view(1)["spaces"][2]["stronghold"]
    assert (theirs["reserve"], theirs["cards_reserve"]) == (1, None)  # a face-down count
    assert game.view(0)["spaces"][2]["stronghold"]["cards_reserve"][0]["name"] == "Wraith"


@shows("death_pit_of_djoser", "reserve")
def test_a_death_pit_creature_joins_a_combat_for_a_stone_and_goes_back():
    """Death Pit of Djoser: "for 1 power stone they join one of your combats." It joins the
    combat hand before the command cards (its name stays secret); a survivor goes back into
    the Pit, a beaten one to the discard pile."""
    game = movement_game()
    _pit(game)
    wraith = take(game, 0, "wraith")
    game.state.seats[0].holds[2].reserve.append(wraith)
    shield(game, 0, "C1", ["swordsman"])
    shield(game, 1, "C2", ["swordsman"])
    play(game, 0, "Turn Shield on C1")
    play(game, 0, "Move to C2")
    assert labels(game, 0) == ["Call Wraith from the reserve: 1 stone", "No command card"]
    events = play(game, 0, "Call Wraith from the reserve: 1 stone")
    public = [e.text for e in events if e.seat is None]
    assert public == ["The attacker calls a creature from the reserve into the combat hand."]
    assert labels(game, 0) == ["No command card"]  # one Wraith, called
    play(game, 0, "No command card")
    play(game, 1, "No command card")
    assert strengths_after(game, "Wraith", "Swordsman") == (8 + 2, 6)
    play(game, 0, "Pass")
    play(game, 1, "Pass")  # the Swordsman is beaten; the defender has no creature left
    s = game.state
    assert s.combat is None and s.seats[0].stones == 7 - 1
    assert s.seats[0].holds[2].reserve == [wraith]
    assert [s.cards[u] for u in s.stacks[0].cards] == ["swordsman"]


def test_a_beaten_death_pit_creature_is_discarded():
    game = movement_game()
    _pit(game)
    minion = take(game, 0, "skeletal_minion")
    game.state.seats[0].holds[2].reserve.append(minion)
    shield(game, 0, "C1", ["swordsman"])
    shield(game, 1, "C2", ["swordsman", "swordsman"])
    play(game, 0, "Turn Shield on C1")
    play(game, 0, "Move to C2")
    play(game, 0, "Call Skeletal Minion from the reserve: 1 stone")
    play(game, 0, "No command card")
    play(game, 1, "No command card")
    assert strengths_after(game, "Skeletal Minion", "Swordsman") == (3 + 1, 6)
    play(game, 0, "Pass")
    play(game, 1, "Pass")
    strengths_after(game, "Swordsman", "Swordsman")
    play(game, 0, "Pass")
    play(game, 1, "Pass")
    s = game.state
    assert s.combat is None
    assert s.seats[0].holds[2].reserve == [] and minion in s.seats[0].discard


def test_a_resample_deals_an_undead_into_the_opponents_death_pit():
    """The computer does not see what waits in the opponent's Pit, only that it is an Undead:
    a sample deals one there (not always the true one), also once it joined a combat."""
    game = movement_game()
    _pit(game, seat=1)
    wight = take(game, 1, "barrow_wight")
    game.state.seats[1].holds[2].reserve.append(wight)
    shield(game, 1, "C2", ["swordsman"])
    shield(game, 0, "C1", ["swordsman"])

    def dealt() -> set[str]:
        found = set()
        for k in range(12):
            sample = game.resample(0, random.Random(k)).state
            (uid,) = sample.seats[1].holds[2].reserve
            assert CATALOGUE.cards[sample.cards[uid]].klass == "undead"
            assert sample.combat is None or uid in sample.combat.hands[1]
            found.add(sample.cards[uid])
        return found

    assert len(dealt()) > 1
    play(game, 0, "Turn Shield on C1")
    play(game, 0, "Move to C2")
    play(game, 0, "No command card")
    play(game, 1, "Call Barrow Wight from the reserve: 1 stone")
    assert len(dealt()) > 1


@shows("sacrificial_altar", "stones")
def test_the_sacrificial_altar_gives_a_stone_each_draw_and_organize():
    """Sacrificial Altar: "+1 power stone at the start of each Draw & Organize phase" (not
    once its Stronghold is rubbled)."""
    game = movement_game()
    s = game.state
    s.seats[0].holds[0].upgrade = take(game, 0, "sacrificial_altar")
    stones = [seat.stones for seat in s.seats]
    organize.start_organize(s)
    assert [seat.stones for seat in s.seats] == [stones[0] + 1, stones[1]]
    s.seats[0].holds[0].rubbled = True
    organize.start_organize(s)
    assert s.seats[0].stones == stones[0] + 1


@shows("scriptorium", "draw")
def test_the_scriptorium_draws_one_more_card():
    """Scriptorium: "Draw 1 more card in each Draw & Organize phase." """
    game = movement_game()
    s = game.state
    s.turn = 2
    before = organize.draw_count(s, 0)
    s.seats[0].holds[2].upgrade = take(game, 0, "scriptorium")
    assert organize.draw_count(s, 0) == before + 1 and organize.draw_count(s, 1) == before
