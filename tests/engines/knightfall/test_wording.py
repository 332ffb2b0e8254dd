"""Player-facing wording: sentences end once, plurals agree, one word for the final total."""

import random
import re

from engines.text import sentence

from .helpers import camp, make_game, play_random

ONE_PLURAL = re.compile(r"\b1 (cards|rounds|powers|players)\b")


def check_text(text: str) -> None:
    assert ".." not in text and "(s)" not in text, text
    assert not ONE_PLURAL.search(text), text
    assert "score" not in text.lower(), text  # the rule text says "total powers"


def test_every_event_outcome_and_status_reads_well_during_random_play():
    def on_step(game, events):
        for event in events:
            assert sentence(event.text) == event.text, event.text
            check_text(event.text)
        for viewer in (None, 0, 1):
            view = game.view(viewer)
            assert not view["status"].endswith("."), view["status"]
            check_text(view["status"])
            if view["last_battle"]:
                outcome = view["last_battle"]["outcome"]
                assert sentence(outcome) == outcome
                check_text(outcome)

    for i in range(3):
        play_random(9_000_011 * (i + 1), random.Random(i), on_step)


def test_the_game_over_line_names_the_total_power_once():
    game = make_game(camp(K="~KS"), camp(K="~QD"), stage="over", round=21, deck=[])
    assert game.view(None)["status"] == "Game over · Player 1 wins with a total power of 13 to 12"
    assert game.result.summary == "Player 1 wins with a total power of 13 to 12."
