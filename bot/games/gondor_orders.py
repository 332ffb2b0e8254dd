"""Gondor orders typed as slash commands: legal choices for autocomplete, and the action plans.

Everything here reads the engine's legal actions; nothing guesses a rule. Choices are computed
on copies of the game (a move's destinations are those legal after its Select), never on the
live game. A plan is rebuilt from the game at submit time, so a stale choice is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from discord import app_commands

from bot.errors import UserFacingError
from bot.surface.text_limits import OPTION_LABEL
from engines import Action, Game
from engines.gondor.actions import Deselect, Move, Order, Select
from engines.gondor.data import MAP
from engines.text import quoted, shorten

Plan = Callable[[Game, int], Sequence[Action]]
MAX_CHOICES = 25
COMMANDS: dict[str, str] = {
    "fire": "Missile fire at a target in range",
    "attack": "Melee: attack an adjacent enemy",
    "cast": "Cast a spell",
    "breach": "Batter a wall, gate or tower hexside",
    "rally": "A leader rallies a disrupted unit",
}
"""The order commands and their descriptions; an order's ``command`` is one of these keys."""
GONE = "That order is no longer possible; pick again from the list."


def copy_of(game: Game) -> Game:
    """An independent copy of the game (autocomplete must never touch the live one)."""
    return type(game).from_json(game.to_json())


def _cut(text: str) -> str:
    return shorten(text, OPTION_LABEL)


def _matches(current: str, *texts: str) -> bool:
    needle = current.strip().lower()
    return not needle or any(needle in t.lower() for t in texts)


def _listed(names: Sequence[str], most: int = 8) -> str:
    """Up to ``most`` names, then how many more."""
    shown = ", ".join(names[:most])
    return f"{shown} and {len(names) - most} more" if len(names) > most else shown


def _your_turn(game: Game, seat: int) -> None:
    if game.is_over:
        raise UserFacingError("The game is over.")
    if seat not in game.to_act():
        raise UserFacingError("It is not your turn to act; wait for your opponent.")


# ---- /gondor move ---------------------------------------------------------------------------
def groups(game: Game, seat: int) -> tuple[list[Action], list[Select]]:
    """What must come first (dropping a selection) and the groups that may then be selected."""
    legal = game.legal_actions(seat)
    deselects: list[Action] = [a for a in legal if isinstance(a, Deselect)]
    first = deselects[:1]
    if first:
        trial = copy_of(game)
        trial.apply(seat, first[0])
        legal = trial.legal_actions(seat)
    return first, [a for a in legal if isinstance(a, Select)]


def group_name(select: Select) -> str:
    """A Select's label without its verb: "Orc Archers 2 (0121)"."""
    return select.label().removeprefix("Select ")


def destinations(game: Game, seat: int, select: Select) -> list[Move]:
    """The legal Move actions once ``select`` is made (on a copy)."""
    first, options = groups(game, seat)
    if select not in options:
        return []
    trial = copy_of(game)
    for action in (*first, select):
        trial.apply(seat, action)
    return [a for a in trial.legal_actions(seat) if isinstance(a, Move)]


def find_group(game: Game, seat: int, unit: str) -> Select | None:
    """The group a ``unit`` value names: a Select code (from the list) or its name as typed."""
    _, options = groups(game, seat)
    wanted = unit.strip().lower()
    for select in options:
        if type(game).encode(select) == unit or group_name(select).lower() == wanted:
            return select
    return None


def unit_choices(game: Game, seat: int, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for ``unit``: the groups that may move now."""
    if seat not in game.to_act():
        return []
    _, options = groups(game, seat)
    cls = type(game)
    return [
        app_commands.Choice(name=_cut(group_name(s)), value=cls.encode(s))
        for s in options
        if _matches(current, group_name(s))
    ][:MAX_CHOICES]


def to_choices(game: Game, seat: int, unit: str, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for ``to``: the hexes the chosen group may reach, with their cost."""
    if seat not in game.to_act():
        return []
    select = find_group(game, seat, unit or "")
    if select is None:
        return []
    return [
        app_commands.Choice(name=_cut(m.label().removeprefix("Move to ")), value=m.hex)
        for m in destinations(game, seat, select)
        if _matches(current, m.hex, m.label())
    ][:MAX_CHOICES]


def move_plan(unit: str, to: str) -> Plan:
    """The actions of ``/gondor move``: drop any selection, select the group, move it."""

    def plan(game: Game, seat: int) -> list[Action]:
        _your_turn(game, seat)
        first, options = groups(game, seat)
        if not options:
            raise UserFacingError("No group can move now; use the buttons in your messages.")
        select = find_group(game, seat, unit)
        if select is None:
            names = [group_name(s) for s in options]
            raise UserFacingError(
                f"No group {quoted(unit)} can move now. The groups that can: {_listed(names)}. "
                "Pick one from the list as you type."
            )
        hex_id = to.strip()
        move = next((m for m in destinations(game, seat, select) if m.hex == hex_id), None)
        if move is None:
            raise UserFacingError(
                f"{group_name(select)} can't reach {quoted(hex_id)}; pick from the list."
            )
        return [*first, select, move]

    return plan


# ---- /gondor fire | attack | cast | breach | rally ------------------------------------------
def orders(game: Game, seat: int, command: str) -> list[Order]:
    """The legal orders of one command, in the engine's order."""
    return [a for a in game.legal_actions(seat) if isinstance(a, Order) and a.command == command]


def actor_choices(
    game: Game, seat: int, command: str, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete for ``unit``: who may give this order now (each once)."""
    actors = dict.fromkeys(o.actor() for o in orders(game, seat, command))
    return [
        app_commands.Choice(name=_cut(a), value=_cut(a)) for a in actors if _matches(current, a)
    ][:MAX_CHOICES]


def target_choices(
    game: Game, seat: int, command: str, unit: str, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete for ``target``: the targets of that actor's orders; the value is the code."""
    cls = type(game)
    out = []
    for o in orders(game, seat, command):
        if o.actor() != unit or not _matches(current, o.target(), o.label()):
            continue
        detail = o.detail()
        name = f"{o.target()} — {detail}" if detail else o.target()
        out.append(app_commands.Choice(name=_cut(name), value=cls.encode(o)))
    return out[:MAX_CHOICES]


def order_plan(command: str, unit: str, target: str) -> Plan:
    """The action of an order command, re-checked against the legal orders at submit time."""

    def plan(game: Game, seat: int) -> list[Action]:
        _your_turn(game, seat)
        legal = orders(game, seat, command)
        if not legal:
            raise UserFacingError(f"No {command} orders are possible now.")
        cls = type(game)
        actors = list(dict.fromkeys(o.actor() for o in legal))
        if unit not in actors:
            raise UserFacingError(
                f"{quoted(unit)} can't {command} now. Those that can: {_listed(actors)}. "
                "Pick one from the list as you type."
            )
        chosen = next(
            (o for o in legal if o.actor() == unit and cls.encode(o) == target.strip()), None
        )
        if chosen is None:
            raise UserFacingError(GONE)
        return [chosen]

    return plan


def known_hex(hex_id: str) -> str:
    """The hex id as on the map, or a friendly refusal."""
    hex_id = hex_id.strip()
    if hex_id not in MAP.hexes:
        raise UserFacingError(
            f"There is no hex {quoted(hex_id)} on the map. Hexes are four digits, column then row "
            f"(01-{MAP.grid.columns:02d}, 01-{MAP.grid.rows:02d}), e.g. 1903 for the Citadel."
        )
    return hex_id
