"""Words for Knightfall images: seat names, stage titles, card lists and the alt text.

Everything is derived from the view alone, so the text can never say more than the view holds.
"""

from __future__ import annotations

import re

from pydantic import Field

from engines.knightfall.views import CardView, KnightfallView, PowerView
from engines.text import plural, shorten

ALT_MAX = 1000  # Discord attachment descriptions are capped at 1024 characters.
STAGE_TITLES = {
    "muster": "Muster",
    "draw": "Draw",
    "coins": "Decision coins",
    "battle": "Battle",
    "powers": "Special powers",
    "knight": "New Knight",
    "over": "Game over",
}
_PLAYER_N = re.compile(r"\bPlayer (\d+)\b")


class View(KnightfallView):
    """A view as the renderer gets it: the engine's, with the seats' names the bot adds."""

    seat_names: list[str] = Field(default_factory=list)


def seat_name(view: View, seat: int) -> str:
    """The seat's display name from ``seat_names`` (added by the bot), else "Player N"."""
    names = view.seat_names
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Player {seat + 1}"


def named(view: View, text: str) -> str:
    """Engine text with "Player N" replaced by that seat's name (engines do not know names)."""
    if not view.seat_names:
        return text

    def sub(m: re.Match[str]) -> str:
        seat = int(m.group(1)) - 1
        return seat_name(view, seat) if 0 <= seat < len(view.players) else m.group(0)

    return _PLAYER_N.sub(sub, text)


def status_line(view: View) -> str:
    """The engine's status with names, minus a leading "Round N ·" that the title says."""
    status = named(view, view.status)
    status = re.sub(rf"^Round {view.round}\s*[·:,-]\s*", "", status)
    return status[:1].upper() + status[1:]


def bottom_seat(view: View) -> int:
    """The seat drawn at the bottom: the viewer's own, or seat 0 for a spectator."""
    return view.viewer if view.viewer is not None else 0


def top_seat(view: View) -> int:
    """The seat drawn at the top (the opponent)."""
    return 1 - bottom_seat(view)


def stage_title(view: View) -> str:
    """A short title for the current stage."""
    return STAGE_TITLES.get(view.stage, view.stage.title())


def label(card: CardView | None) -> str:
    """A card's label ("10♥"), or "?" for a hidden one."""
    return card.label if card is not None else "?"


def coin_word(coin: str | None) -> str:
    """ATTACK / DEFEND in capitals, or an empty string."""
    return coin.upper() if coin else ""


def camp_sentence(view: View, seat: int) -> str:
    """One sentence describing a camp exactly as this view shows it."""
    player = view.players[seat]
    shown, backs = [], 0
    for sid in (s.id for s in view.layout.slots):
        slot = player.slots.get(sid)
        if slot is None:
            continue
        if slot.card is None:
            backs += 1
            continue
        weak = " WEAK" if slot.status == "weak" else ""
        shown.append(f"{sid} {label(slot.card)}{weak}")
    side = "bottom" if seat == bottom_seat(view) else "top"
    parts = [f"{seat_name(view, seat)}'s camp ({side}): {plural(player.troop_size, 'card')}"]
    if backs:
        parts.append(f"{backs} face-down")
    text = ", ".join(parts)
    if shown:
        text += "; " + ", ".join(shown)
    text += f"; {'visible ' if backs else ''}power {player.visible_power}."
    return text


def battle_sentence(view: View) -> str:
    """The last battle: coins, cards and outcome, as revealed in the view."""
    battle = view.last_battle
    if battle is None:
        return ""
    bits = []
    for seat in range(len(view.players)):
        coin = battle.coins.get(str(seat))
        fought = battle.cards.get(str(seat))
        if coin is None and fought is None:
            continue
        bit = f"{seat_name(view, seat)}: {coin_word(coin) or 'no coin'}"
        if fought is not None:
            bit += f" with {label(fought.card)} ({fought.slot}, power {fought.power})"
        bits.append(bit)
    text = f"Last battle (round {battle.round}): " + "; ".join(bits) + "."
    if battle.outcome:
        text += " " + named(view, battle.outcome)
    return text


def power_phrase(view: View, power: PowerView) -> str:
    """One power use, e.g. "Bob used Archer on K (paid 5♥ 7♥ 9♦)"."""
    who = seat_name(view, power.seat)
    text = f"{who} used {power.power.title()}"
    if power.target:
        text += f" on {seat_name(view, 1 - power.seat)}'s {power.target}"
    elif power.power == "mage":
        text += " to reverse the battle"
    paid = " ".join(label(c) for c in power.paid)
    return f"{text} (paid {paid})" if paid else text


def secret_choice(view: View) -> str:
    """The viewer's coin and battle pick while they can still be secret ("ATTACK with M2")."""
    you = view.you
    if view.stage not in ("coins", "battle") or you is None or not you.coin:
        return ""
    text = coin_word(you.coin)
    if view.stage == "battle" and you.battle_slot:
        text += f" with {you.battle_slot}"
    return text


def you_sentence(view: View) -> str:
    """The viewer's private facts: drawn cards and hidden choices."""
    you = view.you
    if you is None:
        return ""
    bits = []
    if you.drawn:
        bits.append("You drew " + ", ".join(label(c) for c in you.drawn) + ".")
    choice = secret_choice(view)
    if choice:
        bits.append(f"Your choice (hidden): {choice}.")
    return " ".join(bits)


def alt_text(view: View) -> str:
    """Describe the image for screen readers, from the view alone, in at most 1000 characters."""
    bottom, top = bottom_seat(view), top_seat(view)
    waiting = ", ".join(seat_name(view, s) for s in view.waiting_for)
    who = "Spectator view." if view.viewer is None else f"Your view as {seat_name(view, bottom)}."
    head = f"Knightfall, round {view.round}, {stage_title(view).lower()}. {who}"
    parts: list[tuple[int, str]] = [
        (0, head),
        (1, f"Deck {plural(view.deck_count, 'card')}."),
        (1, f"Waiting for {waiting}." if waiting else ""),
        (0, _result_sentence(view)),
        (2, you_sentence(view)),
        (2, camp_sentence(view, top)),
        (2, camp_sentence(view, bottom)),
        (3, battle_sentence(view)),
        (
            4,
            "Powers this round: " + "; ".join(power_phrase(view, p) for p in view.powers) + "."
            if view.powers
            else "",
        ),
        (5, _discard_sentence(view)),
        (6, status_line(view) + "."),
    ]
    for cutoff in range(6, -1, -1):
        text = " ".join(t for prio, t in parts if t and prio <= cutoff)
        if len(text) <= ALT_MAX:
            return text
    return shorten(text, ALT_MAX)


def _result_sentence(view: View) -> str:
    result = view.result
    if result is None:
        return ""
    scores = ", ".join(f"{seat_name(view, int(s))}: {v}" for s, v in result.scores.items())
    return f"Final: {named(view, result.summary)} Total power: {scores}."


def _discard_sentence(view: View) -> str:
    pile = view.discard
    if not pile:
        return "Discard pile empty."
    return f"Discard pile: {plural(len(pile), 'card')}, top {label(pile[-1])}."
