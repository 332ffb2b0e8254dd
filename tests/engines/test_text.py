import pytest

from discord_emulator import markdown as discord_markdown
from engines.safe_text import FSI, PDI, markdown, plain
from engines.text import glossary_line, join_and, player, plural, quoted, sentence, shorten


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
    assert quoted("a\nb" * 100) == markdown(repr(("a\nb" * 100)[:79] + "…"))
    shown = discord_markdown.render(f"No card called {quoted('[x](https://evil.example)')}.")
    assert shown.text == "No card called '[x](https://evil.example)'." and not shown.marks


NAMES = [
    "[Nitro](https://evil.example)",
    "**Admin** ||x||",
    "# Big",
    "-# small",
    "> quote",
    "12. listed",
    "- listed",
    "`code`",
    "_it_ __u__ ~~s~~",
    "see https://evil.example/a_b",
    "<#123> <t:1:R> <:e:123>",
    "back\\slash\\",
]


@pytest.mark.parametrize("name", NAMES)
def test_a_name_in_markdown_reads_as_typed_wherever_it_is_put(name):
    for text in (f"{markdown(name)} agreed.", f"Waiting for: **{markdown(name)}**"):
        shown = discord_markdown.render(text)
        assert name in shown.text, text
        assert all(m.kind == "strong" and m.text == name for m in shown.marks), shown.marks


def test_mentions_and_bidi_controls_are_neutral_in_both_kinds_of_place():
    for safe in (plain, markdown):
        assert safe("@everyone") == "@\u200beveryone"
        assert safe("a\u202eb\u2066c\u200fd\nx") == "abcd x"
        assert safe(f"{FSI}{PDI}alice") == "alice"
    assert plain("**Admin**") == "**Admin**", "no markdown where Discord reads none"


def test_right_to_left_text_is_isolated_once():
    name = "\u202eעדי 3"
    assert plain(name) == f"{FSI}עדי 3{PDI}"
    assert plain(plain(name)) == plain(name) and markdown(plain(name)) == markdown(name)


def test_shorten_never_cuts_inside_an_escape_or_an_isolate():
    assert shorten(markdown("ab*cd"), 4) == "ab…"  # not "ab\\…", which would hide the "…"
    cut = shorten(f"x {markdown('עדי עדי')} y", 6)
    assert cut == f"x {FSI}ע{PDI}…" and len(cut) == 6


def test_a_seat_is_named_for_the_name_to_be_filled_in():
    assert player(0) == "Player 1"


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
