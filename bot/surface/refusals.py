"""The words for every refusal: storage's codes (``bot/storage/refusals.py``) and the rest."""

from __future__ import annotations

from typing import assert_never

import engines
from bot.errors import UserFacingError
from bot.storage.refusals import Refusal, Refused
from engines import EngineError
from engines.plugins import controls_in_channel
from engines.text import quoted

STALE_LEAD = "The board changed since that button was shown, so it did nothing."
STALE_ON_BOARD = "Your current moves are the buttons on the game's board in the channel."
STALE_BY_DM = "Press **My hand** on the game's board for your current moves."
"""A stale button's answer says where the player's current moves are: the clicked message may
well be the newest one (edited in place since), so "use the newest message" would not help."""
STORAGE_BUSY = "The game's storage is busy right now: nothing was changed. Try again in a moment."

REFUSALS = (UserFacingError, EngineError, Refused)
"""What is answered with its words (``refusal_text``) rather than logged and apologised for."""


def refusal_text(exc: UserFacingError | EngineError | Refused) -> str:
    """What the player who caused ``exc`` is told."""
    return stored_refusal_text(exc) if isinstance(exc, Refused) else str(exc)


def stored_refusal_text(exc: Refused) -> str:
    """The sentence for a storage refusal."""
    data = exc.data
    match exc.code:
        case Refusal.SESSION_ENDED:
            return "This game has ended."
        case Refusal.STALE_BUTTON:
            where = STALE_ON_BOARD if controls_in_channel(str(data["game"])) else STALE_BY_DM
            return f"{STALE_LEAD} {where}"
        case Refusal.CHANNEL_BUSY:
            title = engines.get_game(str(data["game"])).title
            return (
                f"A game of {title} is already running here. Finish it, use `/game resign`, "
                "or start yours in another channel."
            )
        case Refusal.STORAGE_BUSY:
            return STORAGE_BUSY
        case Refusal.DECK_NAME_INVALID:
            return "Deck names are 1-32 letters, digits, spaces, - or _."
        case Refusal.DECK_TOO_LONG:
            return f"A deck holds at most {data['limit']} cards; this one has {data['count']}."
        case Refusal.DECK_NAME_TAKEN:
            return f"You already have a deck called {quoted(str(data['name']))}."
        case Refusal.NO_SUCH_DECK:
            name, game = quoted(str(data["name"])), data["game"]
            return f"You have no deck called {name}. See `/{game} deck list`."
        case Refusal.TOO_MANY_DECKS:
            return f"You can keep at most {data['limit']} decks; delete one first."
        case Refusal.TOO_MANY_TOURNAMENTS:
            return (
                f"This server already runs {data['limit']} tournaments, its most at once: "
                "wait for one to finish, or cancel one (`/tournament cancel`)."
            )
        case Refusal.NO_SUCH_TOURNAMENT:
            return "There is no such tournament on this server: see `/tournament standings`."
        case Refusal.TOURNAMENT_STARTED:
            return "This tournament has started: players join only before its start."
        case Refusal.TOURNAMENT_OVER:
            return "This tournament is over."
        case Refusal.TOURNAMENT_FULL:
            return f"This tournament is full ({data['limit']} players)."
        case Refusal.ALREADY_ENTERED:
            return "You are already in this tournament."
        case Refusal.NOT_ENTERED:
            return "You are not in this tournament."
        case Refusal.TOO_FEW_PLAYERS:
            return f"A tournament needs at least {data['limit']} players to start."
    assert_never(exc.code)
