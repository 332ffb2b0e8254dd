"""/gondolin start | daily | rules | cards | scoreboard | deck ...: Gondolin Cards commands."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.cogs.general import solo_table
from bot.errors import UserFacingError
from bot.games import gondolin_decks as decks
from bot.games.base import CardLookup, GameCommands, GameFacts
from bot.storage.decks import DeckStore
from bot.surface import render_pool
from bot.surface.acknowledge import read_first, send
from bot.surface.deck_choices import DeckName, saved_deck_choices
from bot.surface.reach import via_interactions
from bot.surface.text_limits import OPTION_DESCRIPTION, OPTION_LABEL, fit_embed
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.decks import DeckCodeError, deck_code, parse_deck_code, validate_deck
from engines.gondolin.plugin import PLUGIN
from engines.gondolin.sheet import MAX_PER_PAGE, card_sheet_view
from engines.safe_text import markdown, plain
from engines.text import quoted, shorten

if TYPE_CHECKING:
    from bot.client import TabletopBot

STORIES = [
    app_commands.Choice(
        name=shorten(f"{s.name} ({s.turns} turns, {s.difficulty})", OPTION_LABEL), value=s.id
    )
    for s in CATALOGUE.stories.values()
][:25]
DEFAULT_STORY = STORIES[0].value
DEFAULT_MODE = "easy"
MODES = [
    app_commands.Choice(name="easy: choose your starting hand (default)", value="easy"),
    app_commands.Choice(name="hard: draw your starting hand", value="hard"),
]
TYPE_CHOICES = [app_commands.Choice(name=t.title(), value=t) for t in decks.TYPES]
PER_PAGE = MAX_PER_PAGE
COLOUR = discord.Colour.dark_teal()
NO_SCOREBOARD_HERE = (
    "Scoreboards are a server's. Games played outside servers count on your own record: `/stats`."
)
FACTS = GameFacts(
    plugin=PLUGIN,
    colour=COLOUR,
    lesson="a guided first game",
    card=CardLookup(
        description="Look up one Gondolin card: its picture and full text",
        name_help="The card's name",
    ),
)


async def sheet_file(title: str, cards: list[str], page: int) -> tuple[discord.File, int]:
    """A card sheet image (and the page count) for a list of card ids."""
    view = card_sheet_view(title, cards, page=page, per_page=PER_PAGE)
    picture = await render_pool.picture("gondolin", view)
    pages = int(view["sheet"]["pages"])
    return discord.File(io.BytesIO(picture.png), "cards.png", description=picture.alt), pages


class GondolinCog(
    GameCommands,
    group_name="gondolin",
    group_description="Gondolin Cards",
    game=FACTS,
    anywhere=True,
):
    """Gondolin Cards: lead a hidden settlement through a story's turns."""

    start_here = (
        "`/gondolin learn` — **Gondolin Cards**, solo: hold the city against each attack of "
        "a story, with a deck of your own later. About 10 minutes."
    )
    help_text = (
        "`/gondolin start [story] [deck] [mode]` — the solo settlement game Gondolin Cards "
        "(your controls are on the board; **My hand** shows your hand). `/gondolin learn` "
        "plays a guided first game, `/gondolin daily` the day's deal (the same for everyone, "
        "one attempt). `/gondolin deck …` "
        "builds decks, `/gondolin cards` browses the cards, `/gondolin card` shows one, "
        "`/gondolin scoreboard`, `/gondolin rules`."
    )
    deck = app_commands.Group(name="deck", description="Build and manage your Gondolin decks")

    def __init__(self, bot: TabletopBot) -> None:
        super().__init__(bot)
        self.decks = DeckStore(bot.db)

    # ---- playing ---------------------------------------------------------------------------
    @app_commands.command(description="Start a Gondolin game in this channel")
    @app_commands.describe(
        story=shorten(f"Which story to survive (default: {STORIES[0].name})", OPTION_DESCRIPTION),
        deck="Your deck or a ready-made one (default: the story's ready-made deck)",
        mode="easy: choose the starting hand; hard: draw it (default: easy)",
    )
    @app_commands.choices(story=STORIES, mode=MODES)
    async def start(
        self,
        interaction: discord.Interaction,
        story: str = DEFAULT_STORY,
        deck: DeckName | None = None,
        mode: str = DEFAULT_MODE,
    ) -> None:
        """Validate the deck for the story, then start."""
        options: dict[str, object] = {"story": story, "mode": mode}
        if deck:
            cards = await decks.resolve_deck(self.decks, interaction.user.id, deck)
            problems = validate_deck(cards, story)
            if problems:
                raise UserFacingError(
                    "This deck can't play that story:\n• " + "\n• ".join(problems)
                )
            options["deck"] = cards
        await self.bot.lobby.start_solo(interaction, "gondolin", options)

    @start.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await decks.deck_choices(self.decks, interaction.user.id, current)

    @app_commands.command(description="Browse the Gondolin cards")
    @app_commands.describe(kind="Only this type of card", page="Page number")
    @app_commands.choices(kind=TYPE_CHOICES)
    async def cards(
        self,
        interaction: discord.Interaction,
        kind: str | None = None,
        page: app_commands.Range[int, 1, 50] = 1,
    ) -> None:
        """A page of cards as an image, only to you."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        ids = [c.id for c in CATALOGUE.cards.values() if kind in (None, c.type)]
        title = f"Gondolin cards — {kind.title() + 's' if kind else 'all'}"
        file, pages = await sheet_file(title, ids, min(page, 50) - 1)
        hint = f"Page {min(page, pages)} of {pages}." + (
            f" Next: `/gondolin cards page:{page + 1}`" if page < pages else ""
        )
        await interaction.followup.send(hint, file=file, ephemeral=True)

    @app_commands.command(description="This server's best Gondolin scores for a story")
    @app_commands.choices(story=STORIES)
    async def scoreboard(self, interaction: discord.Interaction, story: str) -> None:
        """Best scores and survivals per player for one story (a server's: none outside)."""
        if via_interactions(interaction):
            raise UserFacingError(NO_SCOREBOARD_HERE)
        async with read_first(interaction, ephemeral=False), self.bot.store.reading():
            text = await solo_table(  # committed results only
                self.bot.db, interaction.guild_id or 0, "gondolin", option=("story", story)
            )
        text = text.replace("games won", "survived")
        embed = fit_embed(
            discord.Embed(
                title=f"{CATALOGUE.stories[story].name} — scoreboard",
                description=text,
                colour=COLOUR,
            )
        )
        await send(interaction, embed=embed, allowed_mentions=discord.AllowedMentions.none())

    # ---- deck building ---------------------------------------------------------------------
    @deck.command(name="list", description="Your decks and the ready-made ones")
    async def deck_list(self, interaction: discord.Interaction) -> None:
        """Names only, ephemerally."""
        own = await self.decks.names(interaction.user.id, decks.GAME)
        ready = [f"`{decks.READY}{d.id}` — {d.name}" for d in CATALOGUE.decks.values()]
        text = (
            "**Yours:** " + (", ".join(map(markdown, own)) if own else "none yet")
        ) + "\n**Ready-made:**\n"
        await interaction.response.send_message(text + "\n".join(ready), ephemeral=True)

    @deck.command(name="create", description="Create a deck (empty, or a copy)")
    @app_commands.describe(name="A name for the deck", copy="Start from this deck")
    async def deck_create(
        self, interaction: discord.Interaction, name: DeckName, copy: DeckName | None = None
    ) -> None:
        """Create an empty deck or copy one."""
        cards = await decks.resolve_deck(self.decks, interaction.user.id, copy) if copy else []
        await self.decks.save(
            interaction.user.id, decks.GAME, name, cards, discord.utils.utcnow(), new=True
        )
        await interaction.response.send_message(
            f"Deck **{markdown(name)}** created with {len(cards)} cards.", ephemeral=True
        )

    @deck.command(name="add", description="Add copies of a card to your deck")
    async def deck_add(
        self,
        interaction: discord.Interaction,
        name: DeckName,
        card: str,
        count: app_commands.Range[int, 1, 3] = 1,
    ) -> None:
        """Add cards (the limits are checked by validate and at start)."""
        await self._change(interaction, name, decks.card_id(card), count)

    @deck.command(name="remove", description="Remove copies of a card from your deck")
    async def deck_remove(
        self,
        interaction: discord.Interaction,
        name: DeckName,
        card: str,
        count: app_commands.Range[int, 1, 3] = 1,
    ) -> None:
        """Remove cards."""
        await self._change(interaction, name, decks.card_id(card), -count)

    async def _change(
        self, interaction: discord.Interaction, name: str, card: str, delta: int
    ) -> None:
        cards = await decks.resolve_deck(self.decks, interaction.user.id, name)
        if delta > 0:
            cards += [card] * delta
        else:
            if cards.count(card) < -delta:
                raise UserFacingError(f"The deck has {cards.count(card)} of that card.")
            for _ in range(-delta):
                cards.remove(card)
        await self.decks.save(
            interaction.user.id, decks.GAME, name, cards, discord.utils.utcnow(), new=False
        )
        verb = "Added" if delta > 0 else "Removed"
        await interaction.response.send_message(
            f"{verb} {abs(delta)}× {CATALOGUE.card(card).name}: **{markdown(name)}** now has "
            f"{len(cards)} cards ({cards.count(card)} of that one).",
            ephemeral=True,
        )

    @deck.command(name="show", description="Show a deck as a list and an image")
    @app_commands.describe(story="Also check it against this story", page="Image page")
    @app_commands.choices(story=STORIES)
    async def deck_show(
        self,
        interaction: discord.Interaction,
        name: DeckName,
        story: str | None = None,
        page: app_commands.Range[int, 1, 20] = 1,
    ) -> None:
        """List, image and (with a story) its problems."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        cards = await decks.resolve_deck(self.decks, interaction.user.id, name)
        text = f"**{markdown(name)}** — {len(cards)} cards\n{decks.describe(cards)}"
        if story:
            text += "\n\n" + verdict(cards, story)
        embed = fit_embed(discord.Embed(title="Deck", description=text, colour=COLOUR))
        if cards:
            file, _ = await sheet_file(f"Deck {plain(name)}", cards, page - 1)
            embed.set_image(url="attachment://cards.png")
            await interaction.followup.send(embed=embed, file=file, ephemeral=True)
        else:
            await interaction.followup.send(embed=embed, ephemeral=True)

    @deck.command(name="validate", description="Check a deck against a story's rules")
    @app_commands.choices(story=STORIES)
    async def deck_validate(
        self, interaction: discord.Interaction, name: DeckName, story: str
    ) -> None:
        """Every problem, explained."""
        cards = await decks.resolve_deck(self.decks, interaction.user.id, name)
        await interaction.response.send_message(verdict(cards, story), ephemeral=True)

    @deck.command(name="export", description="A short code to share a deck")
    async def deck_export(self, interaction: discord.Interaction, name: DeckName) -> None:
        """The deck code."""
        cards = await decks.resolve_deck(self.decks, interaction.user.id, name)
        await interaction.response.send_message(
            f"Deck code for **{markdown(name)}**:\n```{deck_code(cards)}```\n"
            "Import it with `/gondolin deck import`.",
            ephemeral=True,
        )

    @deck.command(name="import", description="Save a deck from a shared code")
    async def deck_import(
        self, interaction: discord.Interaction, name: DeckName, code: str
    ) -> None:
        """Parse the code and save it under a new name."""
        try:
            cards = parse_deck_code(code.strip().strip("`"))
        except DeckCodeError as exc:
            raise UserFacingError(str(exc)) from exc
        await self.decks.save(
            interaction.user.id, decks.GAME, name, cards, discord.utils.utcnow(), new=True
        )
        await interaction.response.send_message(
            f"Imported **{markdown(name)}** ({len(cards)} cards).", ephemeral=True
        )

    @deck.command(name="delete", description="Delete one of your decks")
    async def deck_delete(self, interaction: discord.Interaction, name: DeckName) -> None:
        """Delete a deck."""
        if not await self.decks.delete(interaction.user.id, decks.GAME, name):
            raise UserFacingError(f"You have no deck called {quoted(name)}.")
        await interaction.response.send_message(f"Deleted **{markdown(name)}**.", ephemeral=True)

    @deck_create.autocomplete("copy")
    @deck_show.autocomplete("name")
    @deck_validate.autocomplete("name")
    @deck_export.autocomplete("name")
    async def _any_deck(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await decks.deck_choices(self.decks, interaction.user.id, current)

    @deck_add.autocomplete("name")
    @deck_remove.autocomplete("name")
    @deck_delete.autocomplete("name")
    async def _own_deck(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await saved_deck_choices(self.decks, interaction.user.id, decks.GAME, current)

    @deck_add.autocomplete("card")
    @deck_remove.autocomplete("card")
    async def _card(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return decks.card_choices(current)


def verdict(cards: list[str], story: str) -> str:
    """Say "ready to play", or list every problem as a bullet."""
    problems = validate_deck(cards, story)
    name = CATALOGUE.stories[story].name
    if not problems:
        return f"✅ Ready to play **{name}**."
    return f"❌ Not legal for **{name}**:\n" + "\n".join(f"• {p}" for p in problems)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GondolinCog(bot))
