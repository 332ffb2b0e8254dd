"""The card data: the Core Set obeys every number in the rule text; all logic is in effects."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from engines.galdors_grip.cards import CARDS, CATALOGUE, DATA_DIR, load_catalogue
from engines.galdors_grip.effects import EFFECTS
from engines.galdors_grip.scoring import OBJECTIVES, potential

CORE = CATALOGUE.set_of("core").cards
ENGINE = Path(__file__).resolve().parents[3] / "engines" / "galdors_grip"


def test_the_core_set_has_eighteen_cards_with_the_printed_attribute_counts():
    counts = Counter(a for c in CORE for a in c.attributes)
    assert len(CORE) == 18
    assert counts == {"puzzle": 12, "skull": 6, "prison": 5, "edited": 4, "star": 14}


def test_twelve_essential_cards_and_six_non_essential_ones():
    assert sum(c.essential for c in CORE) == 12
    assert all(not c.essential for s in CATALOGUE.expansions for c in s.cards)


def test_the_core_set_offers_fifteen_stars_ten_of_them_from_essential_scoring_cards():
    assert sum(potential(c.id) for c in CORE) == 15
    scoring = [c for c in CORE if c.essential and "star" in c.attributes]
    assert sum(potential(c.id) for c in scoring) == 10


def test_every_star_card_can_score_and_no_other_card_can():
    for card in CARDS.values():
        assert (potential(card.id) > 0) == ("star" in card.attributes), card.id


def test_the_named_cards_of_the_rule_text_exist():
    names = Counter(c.name for c in CORE)
    for name in (
        "Galdor's Grip",
        "The Veiled Stair",
        "Frenzied Flame",
        "Feragot's Fortress",
        "Deeproot Depths",
    ):
        assert names[name] == 1
    assert names["Figment of Feragot"] >= 2 and names["Binding Stones"] >= 2
    flame = CARDS["frenzied_flame"].faces[0]
    assert flame.upright.value == "*" and flame.inverted.value is None
    assert [a.effect for a in flame.upright.abilities] == ["to_bottom_end_turn"]


def test_expansions_bring_the_remaining_mechanics():
    assert all(len(s.cards) >= 6 for s in CATALOGUE.expansions)
    eye = CARDS["orzumals_eye"]
    assert "skull" not in eye.attributes and eye.faces[0].inverted.value is None
    forked = [c for c in CARDS.values() if "forked" in c.attributes]
    assert forked and all(len(c.faces) == 2 for c in forked)
    assert any(a.trigger == "start_of_game" for c in forked for a in c.abilities())


def test_every_ability_names_a_registered_effect():
    used = {a.effect for c in CARDS.values() for a in c.abilities()}
    assert used <= set(EFFECTS)
    assert set(OBJECTIVES) <= set(EFFECTS)


def _string_literals(path: Path) -> list[str]:
    """Every string constant in a module except docstrings."""
    tree = ast.parse(path.read_text())
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def test_the_engine_code_never_names_a_card():
    names = {c.name for c in CARDS.values()} | set(CARDS) - {"galdors_grip"}  # the game id
    for path in ENGINE.glob("*.py"):
        if path.name == "lesson.py":
            continue  # the lesson's teaching text names cards as the rules do; it decides nothing
        for literal in _string_literals(path):
            if path.name in ("game.py", "plugin.py") and literal == "Galdor's Grip":
                continue  # the game's title
            assert not any(name in literal for name in names), f"{path.name}: {literal!r}"


def test_the_loader_rejects_a_core_set_with_wrong_counts(tmp_path):
    text = (
        (DATA_DIR / "core.toml")
        .read_text()
        .replace('"puzzle", "prison", "star"', '"prison", "star"', 1)
    )
    (tmp_path / "core.toml").write_text(text)
    try:
        load_catalogue(tmp_path)
    except ValueError as exc:
        assert "core attribute counts" in str(exc)
    else:
        raise AssertionError("a core set with 11 Puzzle Pieces was accepted")
