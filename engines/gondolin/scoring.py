"""Story score formulas: named quantities combined as the story's data says."""

from __future__ import annotations

from collections.abc import Callable

from engines.gondolin.cards import ScoreTerm, ScoreValue
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.modifiers import stats
from engines.gondolin.state import GondolinState

VALUES: dict[ScoreValue, Callable[[GondolinState], int]] = {
    "P": lambda st: stats(st).p,
    "S": lambda st: stats(st).s,
    "R": lambda st: st.r,
    "heroes": lambda st: sum(CATALOGUE.defender(x.card).hero for x in st.defenders),
    "eminent_defeated": lambda st: sum(CATALOGUE.enemy(c).eminent for c in st.defeated),
}


def term_value(state: GondolinState, term: ScoreTerm) -> int:
    """One term: floor(value * times / per)."""
    return VALUES[term.value](state) * term.times // term.per


def final_score(state: GondolinState) -> int:
    """The story's score for a settlement that survived."""
    story = CATALOGUE.stories[state.story]
    return sum(term_value(state, t) for t in story.score)
