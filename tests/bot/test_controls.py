import re

import pytest

from bot.surface import controls, custom_ids
from bot.surface.controls import Choice


def make(kind: str, n: int) -> list[Choice]:
    return [Choice(code=f"{kind}.{i}", label=f"{kind.title()} {i}", kind=kind) for i in range(n)]


def opens(view, label: str) -> int:
    """What the page button whose label starts with ``label`` names its page by (``at``)."""
    button = next(i for i in view.children if (getattr(i, "label", "") or "").startswith(label))
    fields = custom_ids.PAGE.parse(button.custom_id)
    assert fields is not None, button.custom_id
    return int(fields["at"])


def test_few_choices_are_all_buttons():
    rows = controls.layout(make("place", 9) + make("pass", 1))
    assert [len(r.choices) for r in rows] == [5, 5]
    assert not any(r.select for r in rows)


def test_many_choices_of_one_kind_become_a_select_and_small_kinds_stay_buttons():
    rows = controls.layout(make("swap", 45) + make("place", 4) + make("discard", 1))
    buttons = [r for r in rows if not r.select]
    selects = [r for r in rows if r.select]
    assert sum(len(r.choices) for r in buttons) == 5
    assert [len(r.choices) for r in selects] == [25, 20]
    assert len(rows) <= 5


def test_layout_never_exceeds_five_rows_and_keeps_every_choice():
    choices = (
        make("a", 6) + make("b", 7) + make("c", 8) + make("d", 9) + make("e", 10) + make("f", 3)
    )
    rows = controls.layout(choices)
    assert len(rows) <= 5
    listed = [c for r in rows for c in r.choices]
    assert sorted(listed, key=lambda c: c.code) == sorted(choices, key=lambda c: c.code)
    assert rows[0] == controls.Row(make("f", 3), select=False)  # a few moves stay buttons
    assert [c for r in rows[1:] for c in r.choices] == choices[:-3]  # the lists, in order


@pytest.mark.parametrize("n", [0, 1, 5, 20, 21, 60, 125])
async def test_built_view_respects_discord_limits(n):
    view = controls.build_view("abc123", 42, make("x", n))
    if n == 0:
        assert view is None
        return
    items = view.children
    assert len({i.row for i in items}) <= 5
    for item in items:
        assert len(item.custom_id) <= 100
        assert re.fullmatch(custom_ids.ACTION.template, item.custom_id) or re.fullmatch(
            custom_ids.SELECT.template, item.custom_id
        )
        if hasattr(item, "options"):
            assert 1 <= len(item.options) <= 25
    offered = sum(len(getattr(i, "options", [])) or 1 for i in items)
    assert offered == n


ID_SAMPLES = [
    (custom_ids.ACTION, ("z" * 12, 999999, "x" * 60), f"g1:{'z' * 12}:999999:{'x' * 60}"),
    (custom_ids.ACTION, ("abc", 0, "play.3_a-B"), "g1:abc:0:play.3_a-B"),
    (custom_ids.SELECT, ("abc", 12, 3), "s1:abc:12:3"),
    (custom_ids.CONFIRM, ("abc", 12, "buy.2"), "ok1:abc:12:buy.2"),
    (custom_ids.HAND, ("abc",), "hand:abc"),
    (custom_ids.AUTO_PLAY, ("abc", 1), "auto1:abc:1"),
    (custom_ids.AUTO_PLAY, ("abc", 0), "auto1:abc:0"),
    (custom_ids.LEGACY_AUTO_PLAY, ("abc",), "auto:abc"),
    (custom_ids.STANDING, ("abc", "magic", 1), "std1:abc:magic:1"),
    (custom_ids.COACH, ("abc", 1), "coach:abc:1"),
    (custom_ids.COACH_MOVE, ("abc", 12, "buy.2"), "co1:abc:12:buy.2"),
    (custom_ids.COACH_REST, ("abc", 12), "co2:abc:12"),
    (custom_ids.CHALLENGE, ("abc", "accept"), "ch:abc:accept"),
    (custom_ids.CHALLENGE, ("abc", "decline"), "ch:abc:decline"),
    (custom_ids.HELP, ("abc",), "help:abc"),
    (custom_ids.UNDO, ("abc", 7), "undo:abc:7"),
    (custom_ids.PAGE, ("abc", 7, 9999), "pg2:abc:7:9999"),
    (custom_ids.LEGACY_PAGE, ("abc", 7, 999), "pg1:abc:7:999"),
    (custom_ids.TAKEOVER, ("abc", 1), "cpu:abc:1"),
    (custom_ids.RESIGN, ("abc", 7), "rs1:abc:7"),
    (custom_ids.END, ("abc",), "end1:abc"),
    (custom_ids.AGREE, ("abc", 7), "ab1:abc:7"),
    (custom_ids.QUIT, ("abc",), "quit:abc"),
    (custom_ids.ASK_ABORT, ("abc",), "abq:abc"),
    (custom_ids.AGAIN, ("abc",), "again:abc"),
    (custom_ids.NEXT_LESSON, ("abc",), "learn:abc"),
    (custom_ids.REPLAY, ("abc", 9999, 5), "rp1:abc:9999:5"),
    (custom_ids.ANIMATION, ("abc",), "rpa:abc"),
    (custom_ids.HELP_PAGE, ("start",), "hlp:start"),
    (custom_ids.DAILY_HERE, ("galdors_grip",), "dd1:galdors_grip"),
]
"""Each kind's ids exactly as live and stored buttons carry them."""


def test_every_custom_id_kind_builds_its_format_and_parses_it_back():
    assert {kind for kind, _, _ in ID_SAMPLES} == set(custom_ids.KINDS)
    assert len({kind.prefix for kind in custom_ids.KINDS}) == len(custom_ids.KINDS)
    for kind, values, expected in ID_SAMPLES:
        assert kind.build(*values) == expected and len(expected) <= 100
        assert kind.parse(expected) == dict(zip(kind.fields, map(str, values), strict=True))
        assert re.fullmatch(kind.template, expected)
        others = [k for k in custom_ids.KINDS if k is not kind and k.parse(expected)]
        assert others == [], f"{expected} is also a {others}"


def test_a_custom_id_that_does_not_fit_its_kind_is_refused():
    assert custom_ids.ACTION.parse("g1:abc:1:bad code") is None
    assert custom_ids.ACTION.parse("g1:abc:1:" + "x" * 61) is None
    assert custom_ids.HAND.parse(None) is None
    for kind, values in [
        (custom_ids.ACTION, ("abc", 1, "bad code")),
        (custom_ids.AUTO_PLAY, ("abc", True)),
        (custom_ids.CHALLENGE, ("abc", "maybe")),
        (custom_ids.UNDO, ("abc",)),
        (custom_ids.SELECT, ("ABC", 1, 0)),
    ]:
        with pytest.raises(ValueError):
            kind.build(*values)


def test_moves_with_long_labels_become_a_select_with_descriptions():
    powers = [
        Choice(
            code=f"p.{i}",
            label=f"Archers: make 1 enemy card WEAK; you pay {i}♥ 3♥ 5♥",
            kind="power",
            detail=f"you pay {i}",
        )
        for i in range(3)
    ]
    rows = controls.layout([*powers, *make("pass", 1)])
    assert [(r.select, len(r.choices)) for r in rows] == [(False, 1), (True, 3)]
    view = controls.build_view("abc", 1, [*powers, *make("pass", 1)])
    select = next(i for i in view.children if hasattr(i, "options"))
    assert [o.description for o in select.options] == ["you pay 0", "you pay 1", "you pay 2"]


def test_short_labels_stay_buttons_even_with_details():
    moves = [Choice(code=f"m.{i}", label=f"Place {i}♥", kind="m", detail="x") for i in range(3)]
    assert not any(r.select for r in controls.layout(moves))


def test_extras_share_the_last_row_and_moves_get_the_rows_before():
    import discord

    extra = discord.ui.Button(label="?", custom_id="help:abc")
    view = controls.build_view("abc", 1, make("x", 20), extras=[extra])
    rows = {i.row for i in view.children if i is not extra}
    assert max(rows) <= 3 and extra.row == 4
    assert sum(1 for i in view.children if i is not extra) >= 1


def test_page_buttons_get_a_row_of_their_own_when_the_extras_fill_the_last():
    """Four extras (a toggle, two standing choices, "?") leave no room for two page buttons."""
    import discord

    extras = [discord.ui.Button(label=f"E{i}", custom_id=f"help:e{i}") for i in range(4)]
    choices = make("place", 200) + make("auto", 1)  # pages with both page buttons
    at = 0
    for _ in range(3):
        view = controls.build_view("abc", 7, choices, extras=extras, at=at)
        rows = [i.row for i in view.children]
        assert max(rows) == 4 and all(rows.count(r) <= 5 for r in set(rows))
        assert [e.row for e in extras] == [4] * 4
        turns = [i for i in view.children if (i.custom_id or "").startswith("pg2:")]
        assert {t.row for t in turns} == ({3} if len(turns) == 2 else {4})
        more = [t for t in turns if (t.label or "").startswith("More moves")]
        at = opens(view, "More moves") if more else at


def test_more_than_five_extras_take_the_last_two_rows():
    """The coach's move and switch beside a toggle, two standing choices and "?"."""
    import discord

    extras = [discord.ui.Button(label=f"E{i}", custom_id=f"help:e{i}") for i in range(6)]
    for choices in (make("place", 8), make("place", 200) + make("auto", 1)):
        first = controls.build_view("abc", 7, choices, extras=extras)
        more = [opens(first, "More moves")] if len(choices) > 8 else []
        for at in (0, *more):
            view = controls.build_view("abc", 7, choices, extras=extras, at=at)
            rows = [i.row for i in view.children]
            assert max(rows) == 4 and all(rows.count(r) <= 5 for r in set(rows))
            assert [e.row for e in extras] == [3, 3, 3, 3, 3, 4]
            moves = [i for i in view.children if i not in extras]
            assert moves and max(i.row for i in moves) <= 2


def test_greyed_out_moves_are_disabled_and_never_crowd_out_real_ones():
    view = controls.build_view("abc", 1, make("x", 3), unavailable=["Tarnil: needs R6"] * 30)
    enabled = [i for i in view.children if not i.disabled]
    disabled = [i for i in view.children if i.disabled]
    assert len(enabled) == 3
    assert 1 <= len(disabled) <= 20 and disabled[0].label == "Tarnil: needs R6"
    assert len({i.custom_id for i in view.children}) == len(view.children)


def test_a_long_list_is_paged_in_selects_of_25_and_small_kinds_stay_on_every_page():
    import discord

    extra = discord.ui.Button(label="?", custom_id="help:abc")
    choices = make("place", 130) + make("auto", 1)
    book = controls.pages(choices, 4)
    assert len(book) == 2
    for page in book:
        assert len(page) <= 4 and page[0].choices == make("auto", 1) and not page[0].select
    listed = [c for page in book for r in page if r.select for c in r.choices]
    assert listed == make("place", 130)
    assert all(len(r.choices) <= 25 for page in book for r in page)
    first = controls.build_view("abc", 7, choices, extras=[extra])
    last = controls.build_view("abc", 7, choices, extras=[extra], at=opens(first, "More moves"))
    for view, nav in ((first, "More moves ▶ (page 2/2)"), (last, "◀ Previous moves (page 1/2)")):
        labels = [i.label for i in view.children if isinstance(i, discord.ui.Button)]
        assert nav in labels and "Auto 0" in labels
        assert len({i.row for i in view.children}) <= 5
        assert re.fullmatch(
            custom_ids.PAGE.template,
            next(i.custom_id for i in view.children if getattr(i, "label", "") == nav),
        )
    placeholders = [i.placeholder for i in first.children if isinstance(i, discord.ui.Select)]
    assert placeholders[0].startswith("Place… (list 1 of 6: Place 0 … Place 24)")


def test_several_long_lists_get_a_first_page_of_links_and_a_page_each():
    """Six lists of 60 (a siege's hurls) and a few moves: all on one first page, the few moves
    there and a link to each list, which opens on its own page with a way back."""
    import discord

    def hurls(n: int) -> list[Choice]:
        return [
            Choice(code=f"h.{n}.{i}", label=f"C{n} hurls at {i}", kind="hurl", group=f"C{n} at")
            for i in range(60)
        ]

    lists = [c for n in range(6) for c in hurls(n)]
    choices = [*make("breach", 9), *lists, *make("end", 1)]
    extra = discord.ui.Button(label="?", custom_id="help:abc")
    book = controls.pages(choices, 4)
    first = book[0]
    assert len(first) <= 4 and [r.choices for r in first if r.choices] == [
        make("end", 1),
        make("breach", 9),
    ]
    links = [link for r in first for link in r.links]
    assert [link.label for link in links] == [f"C{n} at… (60)" for n in range(6)]
    for n, link in enumerate(links):
        page = book[link.page]
        assert [c for r in page for c in r.choices] == hurls(n)
        assert page[-1].links == (controls.Link("◀ All moves", 0),)
    view = controls.build_view("abc", 7, choices, extras=[extra])
    labels = [i.label for i in view.children if isinstance(i, discord.ui.Button)]
    assert "C0 at… (60)" in labels and not any("More moves" in str(x) for x in labels)
    opened = controls.build_view("abc", 7, choices, extras=[extra], at=opens(view, "C2 at…"))
    back = next(i for i in opened.children if getattr(i, "label", "") == "◀ All moves")
    assert back.custom_id == custom_ids.PAGE.build("abc", 7, 0)
    selects = [i for i in opened.children if isinstance(i, discord.ui.Select)]
    assert [s.placeholder.split(" (")[0] for s in selects] == ["C2 at…"] * 3
    assert selects[0].placeholder.startswith("C2 at… (list 1 of 3:")
    assert len({i.row for i in opened.children}) <= 5


def test_a_page_button_opens_what_it_named_though_the_pages_were_laid_out_anew():
    """More extras (the coach's move, come since) leave a row fewer for the moves, so the
    pages are cut otherwise: a page button of the copy the player saw still opens the list it
    named from its start, and a "More moves ▶" a page holding the move it led to."""
    import discord

    def extras(n: int) -> list[discord.ui.Button[discord.ui.View]]:
        return [discord.ui.Button(label=f"E{i}", custom_id=f"help:e{i}") for i in range(n)]

    def options(view: discord.ui.View) -> list[str]:
        return [
            o.value for i in view.children if isinstance(i, discord.ui.Select) for o in i.options
        ]

    hurls = [
        Choice(code=f"h.{n}.{i}", label=f"C{n} hurls at {i}", kind="hurl", group=f"C{n} at")
        for n in range(3)
        for i in range(60)
    ]
    # pages turned by links lose a row only to a second row of extras; others to a fourth extra
    cases = ((hurls + make("end", 1), "C2 at…", 6), (make("place", 200), "More", 4))
    for choices, label, more in cases:
        seen = controls.build_view("abc", 7, choices, extras=extras(3))
        at = opens(seen, label)
        named = options(controls.build_view("abc", 7, choices, extras=extras(3), at=at))
        shown = options(controls.build_view("abc", 7, choices, extras=extras(more), at=at))
        assert named[0] == choices[at - 1].code and named != shown, "laid out anew"
        assert named[0] in shown
        if label == "C2 at…":
            assert shown[0] == named[0] == "h.2.0" and {c.split(".")[1] for c in shown} == {"2"}


def test_lists_that_would_share_every_row_leave_the_end_of_the_phase_a_button():
    """Four lists of 20 hurls and "End phase", four rows: the hurls would need four selects
    of 25, so every move went into a select, "End phase" hidden as an option among the hurls.
    The first page keeps it a button and links to the lists instead."""
    import discord

    hurls = [
        Choice(code=f"h.{n}.{i}", label=f"C{n} hurls at {i}", kind="hurl", group=f"C{n} at")
        for n in range(4)
        for i in range(20)
    ]
    choices = [*hurls, *make("end", 1)]
    book = controls.pages(choices, 4)
    assert [r.choices for r in book[0] if not r.select and r.choices] == [make("end", 1)]
    extras = [discord.ui.Button(label=x, custom_id=f"x:{x}") for x in ("?", "auto", "hurl")]
    view = controls.build_view("abc", 7, choices, extras=extras)
    labels = [i.label for i in view.children if isinstance(i, discord.ui.Button)]
    assert "End 0" in labels
    offered = {c.code for page in book for r in page for c in r.choices}
    assert offered == {c.code for c in choices}


def test_choices_take_the_codes_a_position_has_already_encoded():
    from engines.gondolin import Gondolin

    game = Gondolin.new(1, seed=3)
    legal = game.legal_actions(0)
    codes = [Gondolin.encode(a) for a in legal]
    assert [c.code for c in controls.choices_for(game, 0, legal)] == codes
    given = [f"kept.{i}" for i in range(len(legal))]  # not encoded again
    assert [c.code for c in controls.choices_for(game, 0, legal, given)] == given


def test_pages_turned_by_links_keep_every_row_for_moves_beside_four_extras():
    """Links turn the pages, so no row is kept for "More moves ▶": with four extras (the
    coach's move among them) a list's page holds as many moves as with three (a list of 60 on
    one page, not two), and the coach's move arriving does not cut the pages otherwise."""
    import discord

    def extras(n: int) -> list[discord.ui.Button[discord.ui.View]]:
        return [discord.ui.Button(label=f"E{i}", custom_id=f"help:e{i}") for i in range(n)]

    def shown(view: discord.ui.View) -> list[tuple[str, ...]]:
        return [
            tuple(o.value for o in i.options) if isinstance(i, discord.ui.Select) else (i.label,)
            for i in view.children
            if not (i.custom_id or "").startswith("help:")
        ]

    hurls = [
        Choice(code=f"h.{n}.{i}", label=f"C{n} hurls at {i}", kind="hurl", group=f"C{n} at")
        for n in range(3)
        for i in range(60)
    ]
    choices = [*hurls, *make("end", 1), *make("breach", 9)]
    views = {n: controls.build_view("abc", 7, choices, extras=extras(n)) for n in (3, 4)}
    assert shown(views[3]) == shown(views[4])
    at = opens(views[3], "C1 at…")
    lists = {n: controls.build_view("abc", 7, choices, extras=extras(n), at=at) for n in (3, 4)}
    assert shown(lists[3]) == shown(lists[4])
    assert sum(len(s) for s in shown(lists[4]) if len(s) > 1) == 60  # the whole list at once
