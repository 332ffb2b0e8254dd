"""The designed card set: sizes the issue asks for, and internal consistency."""

from pathlib import Path

from engines.gondolin.cards import (
    AchievementCard,
    ContinuousCard,
    DefenderCard,
    EnemyCard,
    LocationCard,
    OccurrenceCard,
)
from engines.gondolin.catalogue import CATALOGUE, load_catalogue


def of(kind):
    return [c for c in CATALOGUE.cards.values() if isinstance(c, kind)]


def test_the_set_has_the_promised_size():
    assert len(CATALOGUE.stories) >= 3
    assert len({s.turns for s in CATALOGUE.stories.values()}) >= 3
    assert len(of(LocationCard)) >= 4
    defenders = of(DefenderCard)
    assert len(defenders) >= 18
    assert sum(d.hero for d in defenders) >= 4
    assert sum(d.anti_flying for d in defenders) >= 3
    achievements = of(AchievementCard)
    assert len(achievements) >= 8
    assert {a.kind for a in achievements} == {"improvement", "insight"}
    assert len(of(OccurrenceCard)) + len(of(ContinuousCard)) >= 8
    enemies = [e for e in of(EnemyCard) if not e.story_only]
    assert len(enemies) >= 10
    assert sum(e.eminent for e in enemies) >= 3
    assert sum(e.flying for e in enemies) >= 3


def test_locations_differ_in_starting_stats():
    stats = {(c.s, c.r, c.p) for c in of(LocationCard)}
    assert len(stats) == len(of(LocationCard))


def test_loading_twice_gives_the_same_catalogue():
    again = load_catalogue()
    assert again.cards == CATALOGUE.cards and again.stories == CATALOGUE.stories


def test_every_card_has_a_text_or_is_plain_and_names_fit_a_button():
    for card in CATALOGUE.cards.values():
        assert len(card.name) <= 40
        if card.effects or card.use or getattr(card, "anti_flying", False):
            assert card.text, card.id


def test_story_enemies_are_spawned_by_a_story():
    spawned = {e.card for s in CATALOGUE.stories.values() for ev in s.events for e in ev.effects}
    assert {e.id for e in of(EnemyCard) if e.story_only} <= spawned


def test_the_rules_document_describes_every_card_and_story():
    doc = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "gondolin.md").read_text()
    for item in [*CATALOGUE.cards.values(), *CATALOGUE.stories.values()]:
        assert item.name in doc, item.name
