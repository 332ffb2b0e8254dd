"""The words for every refusal: storage's codes (``bot/storage/refusals.py``) and the rest."""

from __future__ import annotations

from typing import assert_never

from bot.errors import UserFacingError
from bot.storage.refusals import Refusal, Refused
from engines import EngineError
from engines.text import quoted

REFUSALS = (UserFacingError, EngineError, Refused)
"""What is answered with its words (``refusal_text``) rather than logged and apologised for."""


def refusal_text(exc: UserFacingError | EngineError | Refused) -> str:
    """What the player who caused ``exc`` is told."""
    return stored_refusal_text(exc) if isinstance(exc, Refused) else str(exc)


def stored_refusal_text(exc: Refused) -> str:
    """The sentence for a storage refusal."""
    data = exc.data
    match exc.code:
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
    assert_never(exc.code)
