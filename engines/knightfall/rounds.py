"""Round bookkeeping: the start of stage 2, the end of a round, and the final count."""

from __future__ import annotations

from engines.base import Event, Result
from engines.knightfall.camp import LAYOUT
from engines.knightfall.state import KnightfallState, PlayerState


def who(seat: int) -> str:
    """How events name a seat (the bot knows the players' names, the engine does not)."""
    return f"Player {seat + 1}"


def start_draw(state: KnightfallState) -> list[Event]:
    """Stage 2 begins: each player draws one card and then decides in secret.

    The deck holds 42 cards after the muster, exactly two per round for 21 rounds, so it never
    runs dry in the middle of a round.
    """
    state.stage = "draw"
    state.order = []
    state.shooting = None
    events = [Event(text=f"Round {state.round}: each player draws a card.")]
    for seat, player in enumerate(state.players):
        player.hand = [state.deck.pop(0)]
        player.draw_choice = None
        player.coin = None
        player.battle_slot = None
        player.acted = False
        events.append(Event(text=f"You drew {player.hand[0]}.", seat=seat))
    return events


def end_round(state: KnightfallState) -> list[Event]:
    """[S] The game ends when the draw pile is empty: after the round whose draws emptied it."""
    if state.deck:
        state.round += 1
        return start_draw(state)
    state.stage = "over"
    result = final_result(state)
    return [Event(text=f"The draw pile is empty: the game is over. {result.summary}")]


def knight_power(player: PlayerState) -> int:
    """Power of the player's Knight (0 without one), the second tie-break."""
    held = player.slots[LAYOUT.knight]
    return held.card.power if held is not None else 0


def final_result(state: KnightfallState) -> Result:
    """[S] Score = total power of the troop; [D] ties: more STRONG cards, then higher Knight."""
    players = state.players
    scores = {seat: p.score() for seat, p in enumerate(players)}
    keys = [(p.score(), p.strong_count(), knight_power(p)) for p in players]
    text = f"{scores[0]}–{scores[1]}"
    if keys[0] == keys[1]:
        summary = (
            f"Draw at {text}: same number of STRONG cards ({keys[0][1]}) "
            f"and Knights of equal power ({keys[0][2]})."
        )
        return Result(winners=[0, 1], scores=scores, summary=summary)
    win = 0 if keys[0] > keys[1] else 1
    lose = 1 - win
    if keys[0][0] != keys[1][0]:
        summary = f"{who(win)} wins {scores[win]}–{scores[lose]}."
    elif keys[0][1] != keys[1][1]:
        summary = (
            f"{who(win)} wins the tie at {text} with more STRONG cards "
            f"({keys[win][1]} to {keys[lose][1]})."
        )
    else:
        summary = (
            f"{who(win)} wins the tie at {text} with the higher Knight "
            f"({keys[win][2]} to {keys[lose][2]})."
        )
    return Result(winners=[win], scores=scores, summary=summary)
