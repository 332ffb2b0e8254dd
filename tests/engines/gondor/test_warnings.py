"""Warnings before a loss a side can still prevent (``Gondor.warnings``, 19.0 and 20.1)."""

from tests.engines.gondor.play import deployed, end_phase

SAURON, WESTERNESSE = 0, 1


def said(game, seat: int) -> list[str]:
    """The full sentences of the seat's warnings (each ``Alert``'s ``text``)."""
    return [w.text for w in game.warnings(seat)]


def _sauron_on_the_road(game):
    game.state.visit("sauron", ["1918", "2124"])


def test_a_new_siege_warns_nobody():
    game = deployed()
    assert said(game, SAURON) == [] and said(game, WESTERNESSE) == []


def test_the_garrison_near_its_demoralization_level_is_warned():
    game = deployed()
    game.state.totals["garrison"] = 25
    assert said(game, WESTERNESSE) == []
    game.state.totals["garrison"] = 28
    (warning,) = said(game, WESTERNESSE)
    assert "garrison has 28 of the 36 demoralization points" in warning
    assert "keep an undisrupted combat unit inside each city level" in warning
    assert said(game, SAURON) == []
    (alert,) = game.warnings(WESTERNESSE)  # the picture's headline: the footer's numbers
    assert alert.short == "Garrison nearly demoralized (28/36): hold the city"


def test_sauron_near_his_demoralization_level_is_warned():
    game = deployed()
    game.state.totals["sauron"] = 85
    (warning,) = said(game, SAURON)
    assert "Your army has 85 of the 93 demoralization points" in warning
    assert "keep your units out of fights they lose" in warning
    assert said(game, WESTERNESSE) == []


def test_westernesse_is_warned_the_turn_before_the_end_when_sauron_would_win():
    game = deployed()
    game.state.totals["garrison"] = 40
    _sauron_on_the_road(game)
    game.state.turn = 14
    assert said(game, WESTERNESSE) == []  # not yet the last Game-Turns
    game.state.turn = 15
    (warning,) = said(game, WESTERNESSE)
    assert warning.startswith("If the siege ended now, Sauron would win")
    assert "move a unit onto the East road by the Main Gate (1918) or the East road at" in warning
    game.state.visit("westernesse", ["2124"])
    assert said(game, WESTERNESSE) == []


def test_the_warned_loss_comes_at_the_end():
    game = deployed()
    game.state.totals["garrison"] = 60  # arrivals still to come take some off
    _sauron_on_the_road(game)
    game.state.turn = 16
    assert said(game, WESTERNESSE)
    while not game.is_over:
        end_phase(game)
    assert game.result is not None and game.result.winners == [SAURON]


def test_sauron_is_told_what_he_still_lacks_in_the_last_turns():
    game = deployed()
    game.state.visit("sauron", ["1918"])
    game.state.turn = 16
    (warning,) = said(game, SAURON)
    assert warning.startswith("If the siege ended now, Westernesse would win")
    assert "the garrison is not demoralized (0 of the 36" in warning
    assert "not last on the East road at the east edge (2124): move a unit onto it" in warning
    assert "Main Gate (1918)" not in warning
    (alert,) = game.warnings(SAURON)
    assert alert.short == "You lose if the siege ends now: take city levels, East road"
    game.state.totals["garrison"] = 40
    game.state.visit("sauron", ["2124"])
    assert said(game, SAURON) == []
