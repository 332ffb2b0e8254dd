"""The shape every part of the sequence of play shares: a phase's choices and their effects.

``game.py`` owns the order of phases and whose turn it is; each phase (deployment, magic, siege,
movement, combat, rally) is a :class:`PhaseRules` in its own module. A rule that needs an answer
from a player mid-phase (a retreat hex, the oil question) sets ``state.pending``; the
:class:`PhaseRules` registered for that pending kind then offers and applies the answers, and the
pending side acts until it clears ``state.pending``.
"""

from __future__ import annotations

from engines.base import Action, Event, IllegalAction, Unavailable
from engines.gondor.actions import EndPhase
from engines.gondor.state import GondorState


class PhaseRules:
    """A phase (or a pending decision): what the acting side may do, and what it does.

    The default is a phase with nothing to do but "End phase".
    """

    def start(self, state: GondorState) -> list[Event]:
        """Called when the phase begins, and again when the second side of a joint phase acts."""
        return []

    def choices(self, state: GondorState) -> list[Action]:
        """The acting side's legal actions, including the action that ends its part."""
        return [EndPhase()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Carry out one of :meth:`choices` other than the ending action."""
        raise IllegalAction("That is not possible in this phase.")

    def finish(self, state: GondorState) -> list[Event]:
        """Called when the acting side ends its part of the phase (before the next begins)."""
        return []

    def reveals(self, state: GondorState) -> bool:
        """True if playing the only choice for the player would reveal a hidden counter."""
        return False

    def prompt(self, state: GondorState) -> str | None:
        """What the acting side is asked now, for the view's banner (None: a generic prompt)."""
        return None

    def unavailable(self, state: GondorState) -> list[Unavailable]:
        """Choices the acting side can see but not make now, each with the reason."""
        return []

    def confirm(self, state: GondorState, action: Action) -> str | None:
        """A question to ask before applying ``action`` (a costly choice), or None."""
        return None
