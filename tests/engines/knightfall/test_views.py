import json
import random

from engines.knightfall import Knightfall
from engines.knightfall.cards import Card

from .helpers import act, camp, make_game, play_random

TOP_KEYS = {
    "game",
    "goal",
    "viewer",
    "round",
    "stage",
    "deck_count",
    "layout",
    "players",
    "discard",
    "waiting_for",
    "last_battle",
    "powers",
    "you",
    "result",
    "status",
}


def hidden_from(game: Knightfall, viewer: int | None) -> set[Card]:
    """Cards ``viewer`` may not see: the deck, others' hands and others' STRONG cards."""
    state = game.state
    hidden = set(state.deck)
    if game.is_over:
        return hidden  # the final count reveals every camp
    for seat, player in enumerate(state.players):
        if seat == viewer:
            continue
        hidden |= set(player.hand)
        hidden |= {sc.card for _, sc in player.troop() if sc.status == "strong"}
    return hidden


def text_of(view: dict) -> str:
    return json.dumps(view, ensure_ascii=False)


def check_no_leak(game: Knightfall, events) -> None:
    for viewer in (None, 0, 1):
        hidden = hidden_from(game, viewer)
        text = text_of(game.view(viewer))
        leaked = [c.label for c in hidden if f'"{c.label}"' in text]
        assert not leaked, f"view({viewer}) shows {leaked}"
        for event in events:
            if event.seat is None or event.seat == viewer:
                bare = event.text.replace(".", " ").replace(",", " ").replace(":", " ").split()
                named = [c.label for c in hidden if c.label in bare]
                assert not named, f"event {event.text!r} names {named} to {viewer}"


def test_no_view_or_event_ever_shows_a_hidden_card_during_random_play():
    for i in range(3):
        game, _ = play_random(5_000_011 * (i + 1), random.Random(i), check_no_leak)
        # at the end every card is revealed in every view
        for viewer in (None, 0):
            for player in game.view(viewer)["players"]:
                assert all(s is None or s["card"] is not None for s in player["slots"].values())


def test_views_are_unchanged_when_hidden_cards_are_shuffled():
    """The view depends only on what the viewer may know (OpenSpiel's resample idea)."""
    rng = random.Random(5)
    for step_game in _sampled_states(rng):
        for viewer in (0, 1, None):
            shuffled = _resample(step_game, viewer, rng)
            assert shuffled.view(viewer) == step_game.view(viewer)


def _sampled_states(rng: random.Random):
    game = Knightfall.new(2, seed=987_654_321)
    while not game.is_over:
        if rng.random() < 0.15:
            yield game
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def _resample(game: Knightfall, viewer: int | None, rng: random.Random) -> Knightfall:
    state = game.state.model_copy(deep=True)
    places = [("deck", i) for i in range(len(state.deck))]
    for seat, player in enumerate(state.players):
        if seat == viewer:
            continue
        places += [("hand", seat, i) for i in range(len(player.hand))]
        places += [("slot", seat, sid) for sid, sc in player.troop() if sc.status == "strong"]

    def get(p):
        if p[0] == "deck":
            return state.deck[p[1]]
        if p[0] == "hand":
            return state.players[p[1]].hand[p[2]]
        return state.players[p[1]].slots[p[2]].card

    def put(p, c):
        if p[0] == "deck":
            state.deck[p[1]] = c
        elif p[0] == "hand":
            state.players[p[1]].hand[p[2]] = c
        else:
            state.players[p[1]].slots[p[2]].card = c

    cards = [get(p) for p in places]
    rng.shuffle(cards)
    for p, c in zip(places, cards, strict=True):
        put(p, c)
    return Knightfall(state)


def test_view_has_every_key_of_the_schema():
    game = Knightfall.new(2, seed=424_242_424)
    for viewer in (None, 0, 1):
        view = game.view(viewer)
        assert set(view) == TOP_KEYS
        assert view["game"] == "knightfall"
        assert view["viewer"] == viewer
        assert [p["seat"] for p in view["players"]] == [0, 1]
        for player in view["players"]:
            assert list(player["slots"]) == [
                "K",
                "A1",
                "A2",
                "A3",
                "M1",
                "M2",
                "M3",
                "M4",
                "R1",
                "R2",
            ]
            assert set(player) == {
                "seat",
                "slots",
                "troop_size",
                "strong_count",
                "visible_power",
                "ready",
            }
        assert view["layout"]["slots"][0] == {"id": "K", "role": "knight", "row": 0, "col": 3}
        assert ["K", "A1"] in view["layout"]["links"]
    you = game.view(1)["you"]
    assert set(you) == {"seat", "drawn", "coin", "battle_slot", "score"}
    assert len(you["drawn"]) == 5
    assert set(you["drawn"][0]) == {"rank", "suit", "power", "colour", "label"}
    assert game.view(None)["you"] is None


def test_own_cards_are_face_up_and_weak_cards_face_up_for_everyone():
    game = make_game(camp(K="9H", A1="~5C"), camp(K="8D", M1="~QS", R2="3H"))
    mine = game.view(1)["players"][1]["slots"]
    assert mine["R2"]["card"]["label"] == "3♥"
    theirs = game.view(0)["players"][1]
    assert theirs["slots"]["R2"] == {"status": "strong", "card": None}
    assert theirs["slots"]["M1"]["card"]["label"] == "Q♠"
    assert theirs["visible_power"] == 12
    assert theirs["troop_size"] == 3
    assert theirs["strong_count"] == 2
    assert game.view(1)["you"]["score"] == 23


def test_pending_choices_are_visible_only_as_ready():
    game = make_game(camp(K="9H", A1="5C"), camp(K="8D", M3="2S"))
    before = {v: game.view(v) for v in (None, 1)}
    act(game, 0, "Attack")
    for viewer in (None, 1):
        after = game.view(viewer)
        assert after["players"][0]["ready"] is True
        assert after["waiting_for"] == [1]
        after["players"][0]["ready"] = False
        after["waiting_for"] = before[viewer]["waiting_for"]
        after["status"] = before[viewer]["status"]
        assert after == before[viewer]
    assert game.view(0)["you"]["coin"] == "attack"
    assert game.view(1)["you"]["coin"] is None


def test_the_status_line_says_what_we_wait_for():
    game = make_game(camp(K="9H", A1="5C"), camp(K="8D", M3="2S"))
    assert game.view(None)["status"] == "Round 3 · waiting for both decision coins"
    act(game, 1, "Defend")
    assert game.view(None)["status"] == "Round 3 · waiting for Player 1's decision coin"
