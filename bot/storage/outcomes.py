"""Turning an engine Result into per-player leaderboard outcomes."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.storage.models import Session
from engines import Result
from engines.text import player


@dataclass(frozen=True)
class Outcome:
    """One player's line on the leaderboard for one finished game."""

    user_id: int
    outcome: str  # "win" | "loss" | "draw"
    score: float | None
    extra: dict[str, object] = field(default_factory=dict)
    vs_computer: str | None = None  # the level of the computer they played; None: people only


def outcomes_for(session: Session, result: Result) -> list[Outcome]:
    """Win/loss/draw per seat: all seats winning (or none, with several seats) is a draw.

    Seats the computer plays get no line; their opponents' lines name its level. A lesson
    gives nobody a line: it never counts.
    """
    if session.lesson is not None:
        return []
    seats = [s.seat for s in session.seats]
    computers = session.computer_seats
    winners = set(result.winners)
    solo = len(seats) == 1
    draw = not solo and (not winners or winners == set(seats))
    extra: dict[str, object] = {"options": session.options}
    return [
        Outcome(
            user_id=s.user_id,
            outcome="draw" if draw else ("win" if s.seat in winners else "loss"),
            score=result.scores.get(s.seat),
            extra=extra,
            vs_computer=next((lv for seat, lv in computers.items() if seat != s.seat), None),
        )
        for s in session.seats
        if s.seat not in computers
    ]


def resignation(session: Session, seat: int) -> Result:
    """The result of ``seat`` resigning: everyone else wins (a solo resign is a loss)."""
    others = [s.seat for s in session.seats if s.seat != seat]
    return Result(
        winners=others,
        scores={s.seat: 0 for s in session.seats},
        summary=f"{player(seat)} resigned.",
    )
