import pytest

from engines.text import join_and, plural, sentence


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
