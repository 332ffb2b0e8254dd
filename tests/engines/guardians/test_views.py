"""Views: the plan's format, and never a hidden card (checked along random games)."""

import json
import random
import re

from engines.guardians import Guardians
from tests.engines.guardians.scenario import classic_game, labels, movement_game, play, shield

TOP_KEYS = {
    "game", "goal", "viewer", "turn", "phase", "status", "to_act", "spaces", "players", "hand",
    "pen", "combat", "recent", "result", "reach", "legend",
}  # fmt: skip


def hidden_from(game: Guardians, viewer: int | None) -> set[str]:
    """Every uid ``viewer`` may not see: other seats' deck, hand, pen, face-down cards."""
    s = game.state
    out: set[str] = set()
    for seat, p in enumerate(s.seats):
        if seat == viewer:
            continue
        out |= set(p.deck + p.drawn + p.storage + p.pen + [x.uid for x in p.plan])
        for h in p.holds:
            out |= set(h.on + h.under)
        for st in s.stacks:
            if st.owner == seat and not st.revealed:
                out |= set(st.cards)
    out |= {land.uid for land in s.lands.values() if land.face_down}
    if s.combat is not None:  # what the combat laid on the table, cast or spent is revealed
        c = s.combat
        out -= {f.uid for f in c.table} | {x.uid for x in c.casts} | set(c.used)
        out -= set(c.channelers_used) | set(c.carried)  # and the items given to creatures
    return out


def uids_in(view: dict) -> set[str]:
    """Every uid-shaped string in the view."""
    return set(re.findall(r'"([ab][0-9]{2,3})"', json.dumps(view)))


def test_view_has_the_plan_format():
    game = Guardians.new(2, seed=4)
    view = game.view(0)
    assert set(view) == TOP_KEYS
    assert len(view["spaces"]) == 12
    assert view["spaces"][0]["stronghold"]["cards_on"] == []
    player = view["players"][1]
    assert set(player) == {
        "seat", "guardian", "deck", "discard", "storage", "pen", "lands", "shields_destroyed",
        "up_card", "deciding",
    }  # fmt: skip
    assert set(player["guardian"]) == {"id", "name", "vitality", "max_vitality", "stones", "cmp"}
    assert len(view["hand"]) == 12 and game.view(None)["hand"] is None
    assert {c["uid"] for c in view["hand"]} <= uids_in(view)
    assert game.view(1)["spaces"][0]["stronghold"]["cards_on"] is None


def test_no_view_ever_shows_a_hidden_card():
    for seed in range(3):
        game = Guardians.new(2, seed=seed + 40)
        rng = random.Random(seed)
        steps = 0
        while not game.is_over and steps < 600:
            for viewer in (0, 1, None):
                leaked = uids_in(game.view(viewer)) & hidden_from(game, viewer)
                assert not leaked, (viewer, game.state.phase, leaked)
            seat = rng.choice(game.to_act())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            steps += 1


def test_an_unrevealed_shield_shows_only_its_count_to_the_opponent():
    game = Guardians.new(2, seed=8)
    from engines.guardians.actions import AutoPlace, Done

    game.apply(0, AutoPlace())
    game.apply(0, Done())
    game.apply(1, Done())
    for space in game.view(1)["spaces"]:
        for sh in space["shields"]:
            assert sh["owner"] == 0 and sh["cards"] is None and sh["points"] is None
            assert sh["count"] >= 1
    mine = [sh for sp in game.view(0)["spaces"] for sh in sp["shields"]]
    assert mine and all(sh["points"] is not None and sh["cards"] for sh in mine)


def test_the_help_says_what_you_are_doing_now_and_explains_its_words():
    moving = movement_game().phase_help(0)
    assert moving.startswith("Now: Taking turns, you move one Shield (a marker carrying")
    assert "• Up-card: the top card of your deck, turned each turn" in moving
    assert "• Shield: a marker that carries creatures" in moving
    organising = classic_game(2).phase_help(0)
    assert organising.startswith("Now: Both of you secretly put this turn's cards")
    for term in ("Stronghold", "channel", "CMP", "Vitality", "Storage Hand", "Creature Pen"):
        assert f"\n• {term}: " in organising, term


def test_the_help_explains_every_short_label_its_pictures_show():
    """The board's "def +5" and "on 3", a card's "V 8", "OCB +1" and bribes, in every answer."""
    keys = ("L, C, R:", "def +5:", "on 3, under 1:", "▼ or ▲ ×3:", "V 8:", "V 1/4:", "OCB +2:")
    for game in (classic_game(2), movement_game(), Guardians.new(2, seed=8)):
        for seat in (0, 1, None):
            answer = game.phase_help(seat)
            assert all(key in answer for key in keys), answer
            assert "beer, gold, babes: the bribery cards" in answer


def test_only_the_movers_own_view_says_where_its_turned_shield_may_go():
    game = movement_game()
    shield(game, 0, "C0", ["swordsman"])
    assert game.view(0)["reach"] == []  # no Shield turned yet
    play(game, 0, "Turn Shield on C0")
    assert labels(game, 0) == ["Move to L0", "Move to R0", "Move to C1", "End the move"]
    assert game.view(0)["reach"] == ["C1", "L0", "R0"]
    assert game.view(1)["reach"] == [] and game.view(None)["reach"] == []


def test_the_help_lists_the_askers_own_cards_and_nobody_elses():
    """The image counts the cards under Shields and folds a long Pen: "?" names them."""
    from engines.guardians.actions import AutoPlace, Done

    game = Guardians.new(2, seed=8)
    game.apply(0, AutoPlace())
    game.apply(0, Done())
    game.apply(1, Done())
    own = game.view(0)
    shield = next(sh for sp in own["spaces"] for sh in sp["shields"] if sh["owner"] == 0)
    mine = game.phase_help(0)
    assert "**Your cards**" in mine
    assert all(c["name"] in mine for c in shield["cards"])
    assert all(c["name"] in mine for c in own["hand"] + own["pen"])
    theirs = game.phase_help(1)
    assert not any(c["name"] in theirs for c in shield["cards"] if not shield["revealed"])
    assert "**Your cards**" not in game.phase_help(None)


def test_a_players_own_view_explains_the_labels_its_picture_shows():
    """ "V 8", "OCB +2", the bribes and the Strongholds' "def +5" are explained in the player's
    own message (the view's legend), only those their cards and the battlefield show; the
    channel's view has none."""
    for seed in range(6):
        game = Guardians.new(2, seed=seed)
        for seat in (0, 1):
            view = game.view(seat)
            cards = view["hand"] + view["pen"]
            legend = view["legend"]
            assert legend.startswith("Key: def +") and "Stronghold's bonus" in legend
            assert ("OCB +" in legend) == any(c.get("ocb") for c in cards)
            assert ("CMP" in legend) == any(c.get("cmp") for c in cards)
            assert ("Vitality" in legend) == any(
                c.get("vitality") is not None and c.get("stacking") is None for c in cards
            )
        assert game.view(None)["legend"] == ""
