"""Round bookkeeping: the start of stage 2, the end of a round, and the final count."""

from __future__ import annotations

from engines.base import Event, Result
from engines.knightfall.state import KnightfallState
from engines.text import sentence


def who(seat: int) -> str:
    """How events name a seat (the bot knows the players' names, the engine does not)."""
    return f"Player {seat + 1}"


def event(text: str, seat: int | None = None) -> Event:
    """An event whose text is one or more sentences, ending with exactly one full stop."""
    return Event(text=sentence(text), seat=seat)


def start_draw(state: KnightfallState) -> list[Event]:
    """Stage 2 begins: each player draws one card and then decides in secret.

    The deck holds 42 cards after the muster, exactly two per round for 21 rounds, so it never
    runs dry in the middle of a round.
    """
    state.stage = "draw"
    state.order = []
    state.shooting = None
    events = [event(f"Round {state.round}: each player draws a card")]
    for seat, player in enumerate(state.players):
        player.hand = [state.deck.pop(0)]
        player.draw_choice = None
        player.coin = None
        player.battle_slot = None
        player.acted = False
        events.append(event(f"You drew {player.hand[0]}", seat))
    return events


def end_round(state: KnightfallState) -> list[Event]:
    """[S] The game ends when the draw pile is empty: after the round whose draws emptied it."""
    if state.deck:
        state.round += 1
        return start_draw(state)
    state.stage = "over"
    result = final_result(state)
    return [event(f"The draw pile is empty: the game is over. {result.summary}")]


def final_result(state: KnightfallState) -> Result:
    """[S] "The player with the highest total powers of troops wins"; an equal total is a draw.

    A draw has no winners (``bot.storage.outcomes`` reads an empty ``winners`` as a draw).
    """
    scores: dict[int, int | float] = {seat: p.score() for seat, p in enumerate(state.players)}
    if scores[0] == scores[1]:
        summary = f"Draw: both players have a total power of {scores[0]}."
        return Result(winners=[], scores=scores, summary=summary)
    win = 0 if scores[0] > scores[1] else 1
    summary = f"{who(win)} wins with a total power of {scores[win]} to {scores[1 - win]}."
    return Result(winners=[win], scores=scores, summary=summary)
