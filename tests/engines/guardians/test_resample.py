"""Guardians' hooks for computer players: resample, the playout policy and the estimate."""

import random
import re
from collections import Counter

import pytest

import ai
from engines.guardians import Guardians, board, determinize, organize
from engines.guardians.board import card
from engines.guardians.cards import Creature
from engines.guardians.catalogue import CATALOGUE

from .scenario import movement_game, play, shield

UID = re.compile(r'"([ab][0-9]{2,3})"')
CREATURES = {c.id for c in CATALOGUE.cards.values() if c.kind == "creature"}


def positions(seed: int, every: int = 5):
    """(game, seat) along a game played by the playout policy: seats with a choice to make."""
    rng = random.Random(seed)
    game = Guardians.new(2, seed=seed)
    step = 0
    while not game.is_over:
        if step % every == 0:
            for s in game.to_act():
                yield game.copy(), s
        seat = game.to_act()[0]
        game.apply(seat, game.rollout_action(seat, rng))
        step += 1


def pending_choice(game: Guardians, seat: int) -> bool:
    """Whether ``seat`` has made a secret choice the table has not seen yet."""
    s = game.state
    if s.phase == "organize":
        return s.seats[seat].ready or bool(s.seats[seat].plan)
    c = s.combat
    if c is None or s.phase != "combat":
        return False
    side = c.side_of(seat)
    return side in c.waiting and side in c.pending


def seen_uids(game: Guardians, seat: int) -> set[str]:
    """Every card ``seat`` sees: uids in its view; face-up terrain, upgrades, the bribery
    cards spent in the combat and the creature challenging a Guardian are shown by name."""
    s = game.state
    seen = set(re.findall(r"\b[ab][0-9]{2,3}\b", str(game.view(seat))))
    seen |= set(s.combat.used) if s.combat else set()
    seen |= {s.challenge.creature} if s.challenge and s.challenge.creature else set()
    seen |= {land.uid for land in s.lands.values() if not land.face_down}
    return seen | {h.upgrade for p in s.seats for h in p.holds if h.upgrade}


def twin(game: Guardians, seat: int, rng: random.Random) -> Guardians:
    """The same game except for what ``seat`` cannot see: the opponent's hidden cards swapped
    with same-kind cards of its deck, the seat's deck order, the opponent's pending choice made
    anew, and another seed."""
    s = game.state
    opp = s.seats[1 - seat]
    seen = seen_uids(game, seat)
    hidden = [u for u in s.cards if u[0] == "ab"[1 - seat] and u not in seen]

    deck = set(opp.deck)

    in_hand = {u for hand in s.combat.hands for u in hand} if s.combat else set()

    def kind(uid: str) -> tuple:
        """Cards alike to the seat: a declared command card stays one, at its cost."""
        c = card(s, uid)
        command = (getattr(c, "command", False), getattr(c, "cost", 0))
        return (c.kind, getattr(c, "cmp", 0) > 0, command)

    def told(uid: str) -> tuple:
        """What an announce command makes the opponent tell of a creature in hand."""
        c = card(s, uid)
        return tuple(getattr(c, f, None) for f in ("family", "klass", "size"))

    swap: dict[str, str] = {}
    for u in hidden:
        if u in deck or u in swap:
            continue
        partners = [
            d
            for d in opp.deck
            if kind(d) == kind(u) and d not in swap and (u not in in_hand or told(d) == told(u))
        ]
        if partners and rng.random() < 0.7:
            d = rng.choice(partners)
            swap[u], swap[d] = d, u
    text = UID.sub(lambda m: f'"{swap.get(m.group(1), m.group(1))}"', game.to_json())
    other = Guardians.from_json(text)
    other.state.cards = dict(s.cards)
    other.state.seed = rng.randrange(2**31)
    rng.shuffle(other.state.seats[seat].deck)
    log = list(other.state.log)
    if pending_choice(other, 1 - seat):
        o = other.state
        if o.phase == "organize":
            done, o.seats[1 - seat].plan, o.seats[1 - seat].ready = (
                o.seats[1 - seat].ready,
                [],
                False,
            )
            while done and not other.state.seats[1 - seat].ready:  # apply replaces the state
                other.apply(1 - seat, rng.choice(other.legal_actions(1 - seat)))
        else:
            assert o.combat is not None
            del o.combat.pending[o.combat.side_of(1 - seat)]
            other.apply(1 - seat, rng.choice(other.legal_actions(1 - seat)))
    other.state.log = log
    return other


def places(game: Guardians) -> list[str]:
    """Every uid in every place a card can be (each card must be in exactly one)."""
    s = game.state
    out = [st.shield for st in s.stacks] + [u for st in s.stacks for u in st.cards]
    out += [land.uid for land in s.lands.values()]
    for p in s.seats:
        out += p.deck + p.drawn + p.storage + p.pen + p.discard + ([p.up] if p.up else [])
        for h in p.holds:
            out += h.on + h.under + ([h.upgrade] if h.upgrade else [])
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_a_resample_looks_the_same_to_the_seat_and_holds_every_card_once(seed):
    phases = Counter()
    for game, seat in positions(seed):
        sample = game.resample(seat, random.Random(seed))
        assert sample.view(seat) == game.view(seat)
        assert sorted(places(sample)) == sorted(game.state.cards)
        assert Counter(sample.state.cards.values()) == Counter(game.state.cards.values())
        assert set(sample.legal_actions(seat)) == set(game.legal_actions(seat))
        assert sample.state.seed != game.state.seed
        for space in board.SPACES:  # hidden cards are dealt within the 30-point limit
            assert board.space_points(sample.state, space, 1 - seat) <= board.LIMIT
        phases[game.state.phase] += 1
    assert {"organize", "move", "combat"} <= set(phases)


@pytest.mark.parametrize("seed", [3, 4])
def test_resample_ignores_everything_the_seat_cannot_see(seed):
    rng = random.Random(seed)
    differed = pending = 0
    for game, seat in positions(seed, every=3):
        pending += pending_choice(game, 1 - seat)
        other = twin(game, seat, rng)
        assert other.view(seat) == game.view(seat)
        differed += other.state.cards != game.state.cards or other.to_json() != game.to_json()
        a = game.resample(seat, random.Random(7))
        b = other.resample(seat, random.Random(7))
        assert a.to_json() == b.to_json()
    assert differed > 40
    assert pending > 5  # one policy game a seed: enough secret choices to test


def test_the_seats_own_cards_are_never_changed_but_its_deck_is_shuffled():
    shuffled = 0
    for game, seat in positions(5, every=11):
        sample = game.resample(seat, random.Random(1))
        mine, real = sample.state.seats[seat], game.state.seats[seat]
        for field in ("drawn", "storage", "pen", "discard", "holds", "plan", "up", "stones"):
            assert getattr(mine, field) == getattr(real, field)
        own = [st for st in game.state.stacks if st.owner == seat]
        assert own == [st for st in sample.state.stacks if st.owner == seat]
        assert sorted(mine.deck) == sorted(real.deck)
        own_uids = [u for u in places(game) if u[0] == "ab"[seat]]
        assert all(sample.state.cards[u] == game.state.cards[u] for u in own_uids)
        shuffled += mine.deck != real.deck
    assert shuffled > 5


def test_resample_redeals_the_opponents_hidden_creatures():
    game, seat = next(
        (g, s)
        for g, s in positions(6)
        if g.state.phase == "move"
        and any(st.owner != s and not st.revealed for st in g.state.stacks)
    )
    stacks = [st for st in game.state.stacks if st.owner != seat and not st.revealed]
    truth = [[game.state.cards[u] for u in st.cards] for st in stacks]
    dealt = []
    for k in range(20):
        sample = game.resample(seat, random.Random(k)).state
        shown = [sample.stack(st.shield) for st in stacks]
        dealt.append([[sample.cards[u] for u in st.cards] for st in shown])
        assert all(sample.cards[u] in CREATURES for st in shown for u in st.cards[:1])
    assert any(d != truth for d in dealt)


def test_the_creature_named_to_challenge_the_guardian_keeps_its_identity():
    """The challenger names its creature aloud: the Guardian's side knows it. A resample used
    to deal that uid again from the hidden cards, sometimes as a creature item, and listing
    the Guardian's defence then failed on the item's missing class."""
    game, seat = next(
        (g, s)
        for g, s in positions(1, every=1)
        if g.state.challenge is not None
        and g.state.challenge.creature
        and s != g.state.challenge.seat
    )
    uid = game.state.challenge.creature
    for k in range(20):
        sample = game.resample(seat, random.Random(k))
        assert sample.state.cards[uid] == game.state.cards[uid]
        assert sample.legal_actions(seat)


def test_a_creature_the_opponent_told_of_stays_a_creature_on_a_full_space():
    """A combat hand holds creatures; the Visionary's announce names their class. When the told
    creature no longer fits the 30 points of its space in a deal, it is still dealt (the space
    is dealt again), never a creature item in its place (a sample once failed on that)."""
    merchant = CATALOGUE.cards["merchant"]
    assert isinstance(merchant, Creature)
    told = determinize._telling("klass", "merchant")
    slots = [("a00", told)]
    ids = ["merchant", "sword_of_the_mid_realms"]
    for k in range(5):
        dealt, fitted = determinize._deal(
            Guardians.new(2, seed=1).state,
            1,
            slots,
            {"a00": "C1"},
            {"C1": 29},
            ids,
            random.Random(k),
        )
        assert dealt == {0: "merchant"} and not fitted


def test_twenty_policy_games_end_with_legal_moves_only():
    """Policy against policy: every move legal, every game over within the turn bound.

    Seed 51 retreats a Shield onto its own full Stronghold: the 30-point trim takes all its
    creatures, and "a Shield left with no creature is destroyed" (it used to stay, empty, with
    nothing to settle its land)."""
    for seed in [51, *range(100, 119)]:
        game, rng = Guardians.new(2, seed=seed), random.Random(seed)
        moves = 0
        while not game.is_over:
            seat = game.to_act()[0]
            action = game.rollout_action(seat, rng)
            game.apply(seat, action)  # apply checks legality
            moves += 1
            assert moves < 3000
        assert game.result is not None


def test_evaluate_tracks_the_lead_and_gives_the_result_once_over():
    game, seat = next(positions(8))
    assert game.evaluate(seat) == pytest.approx(1 - game.evaluate(1 - seat))
    behind = game.copy()
    behind.state.seats[seat].shields_lost = 3
    assert behind.evaluate(seat) < game.evaluate(seat) < 0.9
    finished = game.copy()
    rng = random.Random(0)
    while not finished.is_over:
        actor = finished.to_act()[0]
        finished.apply(actor, finished.rollout_action(actor, rng))
    result = finished.result
    assert result is not None
    value = finished.evaluate(0)
    assert value == (0.5 if not result.winners else 1.0 if result.winners == [0] else 0.0)


def test_the_policy_organizes_from_the_short_list_and_plays_legal_moves():
    """Playouts ask for the Draw & Organize moves without single placements (the policy
    auto-places); that short list is part of the legal list, and the policy's pick is legal."""
    checked = 0
    for game, seat in positions(12, every=1):
        if game.state.phase != "organize":
            continue
        legal = game.legal_actions(seat)
        short = organize.organize_actions(game.state, seat, single=False)
        assert all(a in legal for a in short) and not any(a.kind == "place" for a in short)
        assert len(short) < len(legal) or not any(a.kind == "place" for a in legal)
        assert game.rollout_action(seat, random.Random(checked)) in legal
        checked += 1
    assert checked >= 10


def test_the_policy_keeps_a_shields_last_creature_while_a_stone_is_left():
    """[S] "discard a creature from under the shield (the last one: the shield is destroyed)",
    and a destroyed Shield counts for the opponent: with a stone left the policy pays it for a
    face-down card instead, however few stones it has (it once lost a Shield that way)."""
    game, seat = next((g, s) for g, s in positions(5, every=1) if g.state.phase == "settle")
    s = game.state
    space = min(sp for sp, owner in s.settle.items() if owner == seat)
    stack = s.stacks_at(space)[0]
    stack.cards = [next(u for u in stack.cards if board.is_creature(s, u))]
    mine = s.seats[seat]
    mine.stones = 1
    mine.pen = [u for u in mine.pen if card(s, u).kind != "terrain"]
    mine.storage = mine.storage or [mine.deck.pop()]
    kinds = {a.kind for a in game.legal_actions(seat)}
    assert kinds == {"facedown", "drop"}
    for k in range(10):
        assert game.rollout_action(seat, random.Random(k)).kind == "facedown"
    mine.stones = 0
    assert game.rollout_action(seat, random.Random(0)).kind == "drop"  # forced


def test_a_flown_shield_in_a_combat_with_an_announce_is_sampled():
    """An announce makes the opponent tell of its whole combat hand; a flown Shield's creatures
    in that hand are seen already, so only the others' told values constrain a sample (the
    values of seen creatures were matched against the hidden slots, and sampling failed)."""
    seat, tried = 1, 0
    for seed in range(1, 30):  # the first two policy games that reach an announce in force
        game, rng = Guardians.new(2, seed=seed), random.Random(seed)
        while not game.is_over and (
            game.state.combat is None or determinize.announced(game.state, seat) is None
        ):
            actor = game.to_act()[0]
            game.apply(actor, game.rollout_action(actor, rng))
        if game.is_over:
            continue
        tried += 1
        s = game.state
        fighting = (s.fight.attacker_shield, s.fight.defender_shield)
        flown = [st for st in s.stacks if st.owner == 1 - seat and st.shield in fighting]
        for st in flown:
            st.revealed = True  # as after a flight (it showed its creatures)
        for k in range(3):
            sample = game.resample(seat, random.Random(k)).state
            assert all(sample.cards[u] == s.cards[u] for st in flown for u in st.cards)
        if tried == 2:
            break
    assert tried == 2


def _combat_against(hidden_third: str) -> Guardians:
    """Seat 0 attacks seat 1's Shield of a Wraith, a Barrow Wight and a hidden third card.

    The third card's uid is the same in every variant (its identity swapped with a card of
    the deck), so seat 0 sees exactly the same game whatever it is.
    """
    game = movement_game()
    s = game.state
    shield(game, 1, "C2", ["wraith", "barrow_wight", "ring_of_channeling"])
    third = s.stacks[-1].cards[-1]
    if hidden_third != "ring_of_channeling":
        other = next(u for u in s.seats[1].deck if s.cards[u] == hidden_third)
        s.cards[third], s.cards[other] = s.cards[other], s.cards[third]
    shield(game, 0, "C1", ["swordsman", "axeman"])
    play(game, 0, "Turn Shield on C1")
    game.apply(0, next(a for a in game.legal_actions(0) if getattr(a, "to", "") == "C2"))
    assert game.state.phase == "combat"  # apply replaced the state
    return game


def test_the_computer_reads_only_the_public_count_of_an_opponents_combat_hand():
    """Hidden: how many creatures the opponent has left ("neither knows how many the opponent
    has"), only its stack's size. Same view, same samples, same move."""
    with_item = _combat_against("ring_of_channeling")
    with_creature = _combat_against("skeletal_minion")
    assert with_item.state.combat.hands[1] != with_creature.state.combat.hands[1]
    assert with_item.view(0) == with_creature.view(0)
    for k in range(3):
        a = with_item.resample(0, random.Random(k)).to_json()
        assert a == with_creature.resample(0, random.Random(k)).to_json()
    assert ai.choose(with_item, 0, "hard", 5) == ai.choose(with_creature, 0, "hard", 5)


def test_a_plan_made_again_in_a_sample_never_redraws():
    """The opponent's finished plan is made again on the cards dealt anew; a Redraw would spend
    a stone the table would have seen, so the sample would no longer look the same."""
    checked = 0
    for seed in range(12):
        game = Guardians.new(2, seed=seed)
        game.apply(1, next(a for a in game.legal_actions(1) if a.kind == "auto"))
        game.apply(1, next(a for a in game.legal_actions(1) if a.kind == "done"))
        if not game.state.seats[1].ready or game.state.seats[1].stones < 1:
            continue
        for k in range(10):
            sample = game.resample(0, random.Random(k))
            assert sample.state.seats[1].stones == game.state.seats[1].stones
            assert sample.view(0) == game.view(0)
        checked += 1
    assert checked >= 6
