"""The Joint Rally Phase H (8.2, 17.11, 17.12, 17.21, 18.21, 16.84)."""

from engines.gondor import effects
from engines.gondor.combat.odds import morale_row

from .scene import counter, index, kinds, load, play, scene

PHASE = "rally"


def _disrupted(game, *ids):
    for cid in ids:
        counter(game, cid).disrupted = True
    game.state.step += 1


def test_a_leader_rallies_up_to_two_units_in_or_next_to_its_hex(monkeypatch):
    """8.2: each leader may try to rally up to two disrupted friendly units in its hex or
    adjacent: 2d6 <= its rating, -1 against a morale-Z unit."""
    game = scene(
        {
            "gothmog": "2620",
            "orc-infantry-1": "2620",
            "light-orc-infantry-1": "2621",
            "orc-infantry-2": "2618",  # two hexes away
        },
        phase=PHASE,
    )
    _disrupted(game, "orc-infantry-1", "light-orc-infantry-1", "orc-infantry-2")
    rallies = {a.unit: a.need for a in game.legal_actions(0) if a.kind == "rally"}
    assert rallies == {
        index(game, "orc-infantry-1"): 7,
        index(game, "light-orc-infantry-1"): 6,  # morale Z
    }
    load(monkeypatch, 3, 4, 6, 6)
    events = play(game, "rally", unit=index(game, "orc-infantry-1"))
    assert events[0].text == "Gothmog rallies Orc Infantry 1 (2d6 <= 7): 3+4 = 7, rallied."
    assert not counter(game, "orc-infantry-1").disrupted
    play(game, "rally", unit=index(game, "light-orc-infantry-1"))
    assert counter(game, "light-orc-infantry-1").disrupted
    assert kinds(game) == ["end_phase"]  # each unit is tried once, each leader twice at most


def test_sauron_then_westernesse_and_a_head_outlasts_the_turn():
    """2.0 H: Sauron's leaders rally, then Westernesse's; 16.86: "Heads may be removed only
    by fire", so a Head and its shaking stay into the next Game-Turn (16.84)."""
    game = scene({"imrahil": "2620", "gondor-spearmen-1": "2620"}, phase=PHASE)
    _disrupted(game, "gondor-spearmen-1")
    game.state.heads = ["2620"]
    assert game.to_act() == [0] and kinds(game) == ["end_phase"]
    play(game, "end_phase")
    assert game.to_act() == [1] and "rally" in kinds(game)
    play(game, "end_phase")
    assert game.state.turn == 2 and game.state.heads == ["2620"]
    assert morale_row(game.state, index(game, "gondor-spearmen-1")) == "Y"


def test_spells_forbid_rallies(monkeypatch):
    """17.11: under the FearSpell no Westernesse unit may be rallied; 17.21: under Break
    Darkness no Sauron unit."""
    game = scene({"gothmog": "2620", "orc-infantry-1": "2620", "imrahil": "2520"}, phase=PHASE)
    _disrupted(game, "orc-infantry-1")
    monkeypatch.setattr(effects, "spell_active", lambda state, spell: spell == "break-darkness")
    assert kinds(game) == ["end_phase"]
    monkeypatch.setattr(effects, "spell_active", lambda state, spell: spell == "fear")
    game.state.step += 1
    assert "rally" in kinds(game)
    game = scene({"imrahil": "2620", "gondor-spearmen-1": "2620"}, phase=PHASE)
    _disrupted(game, "gondor-spearmen-1")
    play(game, "end_phase")
    assert kinds(game) == ["end_phase"]
    assert "Westernesse may not rally while fear is in force." in game.state.log[-1]


def test_frozen_leaders_and_the_banner(monkeypatch):
    """17.12: a frozen leader may not rally; 18.21: no Sauron leader may rally a unit within
    six hexes of the Banner."""
    game = scene({"imrahil": "2620", "gondor-spearmen-1": "2620"}, phase=PHASE)
    _disrupted(game, "gondor-spearmen-1")
    play(game, "end_phase")
    assert "rally" in kinds(game)
    monkeypatch.setattr(
        effects, "frozen", lambda state, leader: state.counters[leader].side == "westernesse"
    )
    game.state.step += 1
    assert kinds(game) == ["end_phase"]
    game = scene({"gothmog": "2620", "orc-infantry-1": "2620"}, phase=PHASE)
    _disrupted(game, "orc-infantry-1")
    monkeypatch.setattr(effects, "banner_hex", lambda state: "2614")  # six hexes west
    assert kinds(game) == ["end_phase"]
    monkeypatch.setattr(effects, "banner_hex", lambda state: "2613")  # seven
    game.state.step += 1
    assert "rally" in kinds(game)
