"""Gondor's tables in the bot tests: the DM's pages of moves (``tests.bot.pages``) as actions."""

from __future__ import annotations

from engines.base import Action
from engines.gondor import Gondor
from tests.bot.pages import Controls, page_button, page_buttons, press, read_controls, switches

__all__ = ["actions", "page_button", "page_buttons", "press", "read_controls", "switches"]


def actions(seen: Controls) -> list[Action]:
    """The moves read, as actions, in the order the pages show them."""
    return [Gondor.decode(code) for code in seen.offered]
