"""Embeds and v2 messages cut to Discord's limits in one place: every part, and the total."""

import io

import discord

from bot.cogs.game import newest_lines
from bot.surface import controls, layout, presenter
from bot.surface.text_limits import (
    EMBED_DESCRIPTION,
    EMBED_TITLE,
    EMBED_TOTAL,
    FIELD_VALUE,
    fit_embed,
)
from engines.safe_text import markdown


def test_every_part_of_an_embed_is_cut_to_its_limit():
    embed = discord.Embed(title="t" * 300, description="d" * 5000)
    for _ in range(3):
        embed.add_field(name="n", value="v" * 2000)
    embed.set_footer(text="f" * 10)
    fit_embed(embed)
    assert len(embed.title) == EMBED_TITLE and embed.title.endswith("…")
    assert all(len(f.value) == FIELD_VALUE for f in embed.fields)
    assert len(embed) == EMBED_TOTAL and len(embed.description) < EMBED_DESCRIPTION
    assert embed.footer.text == "f" * 10


def test_the_description_leaves_room_for_other_embeds_of_the_message():
    embed = fit_embed(discord.Embed(title="Board", description="d" * 5000), total=4000)
    assert len(embed) == 4000 and embed.description.endswith("…")
    short = fit_embed(discord.Embed(title="Board", description="short"))
    assert short.description == "short" and short.title == "Board"


def test_the_log_keeps_its_newest_lines_whole_so_no_escape_is_cut():
    lines = [f"• {markdown('**Admin**')} moved {i}." for i in range(40)]
    text = newest_lines(lines, 100)
    assert len(text) <= 100 and text.split("\n") == lines[-len(text.split("\n")) :]
    assert newest_lines(["x" * 200], 100) == "x" * 99 + "…"


def test_a_v2_message_keeps_its_texts_within_4000_cutting_the_longest():
    picture = discord.File(io.BytesIO(b"png"), "card.png", description="The card, drawn")
    shown = layout.message(
        "Title", ["short", "x" * 5000], picture=picture, footer="foot", above="report"
    )
    assert shown.view.content_length() == 4000 and shown.files == [picture]
    (above, box) = shown.view.to_components()
    assert above["content"] == "report" and box["type"] == 17
    kinds = [c["type"] for c in box["components"]]
    assert kinds == [10, 10, 10, 12, 10]  # title, texts, the picture, the footer
    texts = [c.get("content") for c in box["components"]]
    assert texts[:2] == ["## Title", "short"] and texts[-1] == "-# foot"
    (item,) = box["components"][3]["items"]
    assert item["media"] == {"url": "attachment://card.png"}
    assert item["description"] == "The card, drawn"


def _every(components: list[dict]) -> list[dict]:
    out = []
    for c in components:
        out += [c, *_every(c.get("components") or [])]
    return out


def test_the_fullest_board_fits_discords_v2_limits():
    """A long status, a close-up and every row of controls full: at most 40 components."""
    extras = [
        discord.ui.Button(label=f"Extra {i}", custom_id=f"extra:{i}", row=4) for i in range(5)
    ]
    moves = [controls.Choice(code=f"m.{i}", label=f"Move {i}", kind="play") for i in range(20)]
    view = controls.build_view("abc123", 7, moves, unavailable=["No: why"] * 9, extras=extras)
    board = discord.Embed(title="Gondor — Alice vs Bob", description="• event\n" * 900)
    board.set_footer(text="Move 7")
    close = discord.Embed(description="Close-up of the last move.")
    picture = discord.File(io.BytesIO(b"png"), "board.png", description="The map")
    closeup = discord.File(io.BytesIO(b"png"), "closeup.png", description="The close-up")
    msg = presenter.Message(board, picture, view, [(close, closeup)])
    shown = msg.as_layout()
    (box,) = shown.view.to_components()
    every = _every([box])
    assert len(every) == 37 and shown.view.content_length() <= 4000
    kinds = [c["type"] for c in box["components"]]
    assert kinds[:6] == [10, 10, 12, 10, 12, 10] and set(kinds[6:]) == {1}
    rows = [[c.get("custom_id") for c in row["components"]] for row in box["components"][6:]]
    assert rows == [[c["custom_id"] for c in row["components"]] for row in view.to_components()]
    assert [f.filename for f in shown.files] == ["board.png", "closeup.png"]
    edit = msg.kwargs(edit=True)
    assert edit["content"] is None and edit["embeds"] == [] and "view" in edit


def test_a_messages_request_and_its_digest_come_from_one_layout(monkeypatch):
    """A board is laid out once: its digest and its edit read the same container."""
    built = []
    real = layout.message
    monkeypatch.setattr(layout, "message", lambda *a, **k: built.append(1) or real(*a, **k))
    view = controls.build_view("abc123", 7, [controls.Choice("m.1", "Move 1", "play")])
    picture = discord.File(io.BytesIO(b"png"), "board.png", description="The map")
    msg = presenter.Message(discord.Embed(title="Board", description="text"), picture, view)
    digest = msg.digest()
    edit, sent = msg.kwargs(edit=True), msg.kwargs()
    assert msg.digest() == digest and edit["view"] is sent["view"] is msg.as_layout().view
    assert len(built) == 1


def test_a_message_is_serialised_once_for_its_digest_and_its_request(monkeypatch):
    """The digest and discord.py's request read the same components, worked out once."""
    serialised = []
    real = discord.ui.Container.to_component_dict
    monkeypatch.setattr(
        discord.ui.Container,
        "to_component_dict",
        lambda self: serialised.append(1) or real(self),
    )
    view = controls.build_view("abc123", 7, [controls.Choice("m.1", "Move 1", "play")])
    msg = presenter.Message(discord.Embed(title="Board", description="text"), None, view)
    msg.digest()
    sent = msg.kwargs(edit=True)["view"].to_components()
    assert msg.digest() and sent[0]["components"][-1]["components"][0]["label"] == "Move 1"
    assert len(serialised) == 1
