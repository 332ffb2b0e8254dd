"""The emulator reads markdown as Discord shows it: what a player reads and the markup in it."""

from discord_emulator.markdown import Mark, render


def test_links_emphasis_spoilers_and_mentions_are_found():
    shown = render(
        "🏁 <@1> — **Game over.** [Nitro](https://evil.example) won ||x|| at https://a.b"
    )
    assert shown.text == "🏁 <@1> — Game over. Nitro won x at https://a.b"
    assert shown.marks == [
        Mark("mention", "<@1>"),
        Mark("strong", "Game over."),
        Mark("link", "Nitro", "https://evil.example"),
        Mark("spoiler", "x"),
        Mark("link", "https://a.b", "https://a.b"),
    ]


def test_a_line_start_makes_a_heading_subtext_a_quote_or_a_list():
    shown = render("# Big\n-# small\n> said\n1. first\n- next\nplain")
    assert shown.text == "Big\nsmall\nsaid\nfirst\nnext\nplain"
    assert [m.kind for m in shown.marks] == ["heading", "subtext", "quote", "list", "list"]


def test_escapes_and_code_show_as_typed():
    shown = render(r"\*\*a\*\* \[b\](https\://c.d) \# e `**f**`")
    assert shown.text == "**a** [b](https://c.d) # e **f**"
    assert shown.marks == [Mark("code", "**f**")]
