"""Builders for Gondolin games in a chosen situation, and small drivers."""

from engines.gondolin.actions import EndDefence, EndTurn, PlayCard
from engines.gondolin.game import Gondolin
from engines.gondolin.state import GondolinState, InPlay, Sieger


def game_at(
    story="hidden_vale",
    *,
    turn=2,
    phase="main",
    r=10,
    s=8,
    p=0,
    deck=(),
    hand=(),
    defenders=(),
    improvements=(),
    continuous=(),
    enemies=(),
    location="seven_springs",
):
    """A game in the given situation; ``enemies`` are (card id, arrived, attack turn)."""
    st = GondolinState(
        seed=1,
        story=story,
        mode="easy",
        location=location,
        phase=phase,
        turn=turn,
        story_done=turn,
        r=r,
        s=s,
        p=p,
        deck=list(deck),
        hand=list(hand),
    )
    for group, ids in (
        (st.defenders, defenders),
        (st.improvements, improvements),
        (st.continuous, continuous),
    ):
        group.extend(InPlay(uid=st.new_uid(), card=c) for c in ids)
    for card, arrived, when in enemies:
        st.enemies.append(Sieger(uid=st.new_uid(), card=card, arrived=arrived, attack_turn=when))
    return Gondolin(st)


def play(game, card_id):
    """Play a card from the hand at its current price."""
    (action,) = [a for a in game.legal_actions(0) if isinstance(a, PlayCard) and a.card == card_id]
    return game.apply(0, action)


def end_turn(game):
    return game.apply(0, EndTurn(turn=game.state.turn))


def end_defence(game):
    return game.apply(0, EndDefence())


def texts(events):
    return " | ".join(e.text for e in events)


def enemy_turns(game):
    """{card id: attack turn} of the sieging enemies."""
    return {x.card: x.attack_turn for x in game.state.enemies}
