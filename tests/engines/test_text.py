import pytest

from engines.text import glossary_line, join_and, plural, quoted, sentence, shorten


@pytest.mark.parametrize(("n", "expected"), [(0, "0 cards"), (1, "1 card"), (2, "2 cards")])
def test_plural_agrees_with_the_count(n, expected):
    assert plural(n, "card") == expected


def test_plural_takes_an_irregular_form():
    assert plural(2, "mumak", "mumakil") == "2 mumakil"


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Passed", "Passed."), ("Passed.", "Passed."), ("Passed..", "Passed."), ("Win!", "Win!")],
)
def test_sentence_ends_with_exactly_one_stop(text, expected):
    assert sentence(text) == expected


def test_join_and_reads_as_english():
    assert join_and(["a"]) == "a"
    assert join_and(["a", "b"]) == "a and b"
    assert join_and(["a", "b", "c"]) == "a, b and c"


def test_shorten_cuts_with_an_ellipsis_within_the_limit():
    assert shorten("Swordsman", 9) == "Swordsman"
    assert shorten("Swordsman", 5) == "Swor…" and len(shorten("x" * 6000, 2000)) == 2000


def test_quoted_input_is_escaped_and_short():
    assert quoted("Swordsmn") == "'Swordsmn'"
    assert quoted("a\nb" * 100) == repr(("a\nb" * 100)[:79] + "…")


def test_a_glossary_line_explains_the_words_a_text_uses_and_the_words_those_use():
    glossary = {
        "Shield": "a marker carrying creatures",
        "channel": "to add a creature's CMP to another",
        "CMP": "channel magic points",
        "MA": "movement allowance",
    }
    line = glossary_line("Move a Shield; Main gate; channelers wait.", glossary)
    assert line.splitlines() == [
        "Words used here:",
        "• Shield: a marker carrying creatures",
        "• channel: to add a creature's CMP to another",
        "• CMP: channel magic points",
    ]  # "Main" is not MA: abbreviations match as written
    assert glossary_line("Nothing to explain.", glossary) == ""
