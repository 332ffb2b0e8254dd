"""/guardians challenge | rules | card | deck ...: the Guardians command module."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.errors import UserFacingError
from bot.flow.lobby import DEFAULT_LEVEL
from bot.games import guardians_decks as decks
from bot.games.base import CardLookup, GameCommands, GameFacts, opponent_and_level
from bot.storage.decks import DeckStore, clean_name
from bot.surface.deck_choices import DeckName, saved_deck_choices
from bot.surface.lookup import card_choices
from bot.surface.refusals import REFUSALS, refusal_text
from bot.surface.replies import ephemeral
from bot.surface.text_limits import OPTION_DESCRIPTION, fit_embed
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.decks import (
    DeckList,
    DeckTextError,
    check_deck,
    format_deck,
    parse_deck,
    starter,
)
from engines.guardians.plugin import PLUGIN
from engines.safe_text import markdown
from engines.text import quoted, shorten

if TYPE_CHECKING:
    from bot.client import TabletopBot

COLOUR = discord.Colour.dark_red()
DEFAULT_DECK = "starter_1"
EXPORT_LIMIT = 1900
"""An exported deck longer than this comes as a file instead of a code block."""
FACTS = GameFacts(
    plugin=PLUGIN,
    colour=COLOUR,
    lesson="a guided game",
    parts="1: the first turn; 2: combat, bribes, channelling, how to win",
    card=CardLookup(
        description="Look up a Guardians card, Guardian or Stronghold set",
        name_help="A card, e.g. Swordsman, Rak Nam or Keep of Rak Nam",
    ),
)


def deck_pair(challenger_deck: str) -> list[str]:
    """The decks by seat: the challenger's choice, and the first other starter for the opponent."""
    other = next(d for d in CATALOGUE.decks if d != challenger_deck)
    return [challenger_deck, other]


class GuardiansCog(
    GameCommands,
    group_name="guardians",
    group_description="Guardians",
    game=FACTS,
    anywhere=True,
):
    """Guardians, the collectible card game, for two players with the starter decks."""

    start_here = (
        "`/guardians learn` — **Guardians**, for two: a card game of creatures, lands and "
        "Shields. About 30 minutes."
    )
    help_text = (
        "`/guardians challenge opponent:@user [deck]` — Guardians for two; you pick a starter "
        f"or one of your decks (default: {CATALOGUE.decks[DEFAULT_DECK].name}), your opponent "
        "plays a starter (no opponent: the computer does, `level:` easy, normal or hard). "
        "`/guardians deck …` builds decks (new, add, remove, show, list, "
        "delete, import, export), `/guardians learn` plays a guided first turn (`part:2`: a "
        "combat and the three ways to win), "
        "`/guardians card` shows any card, `/guardians rules` how to play."
    )
    deck = app_commands.Group(name="deck", description="Build and manage your Guardians decks")

    def __init__(self, bot: TabletopBot) -> None:
        super().__init__(bot)
        self.decks = DeckStore(bot.db)

    @app_commands.command(description="Challenge someone to Guardians, or play the computer")
    @app_commands.describe(
        deck=shorten(
            f"A starter or your deck (default: {CATALOGUE.decks[DEFAULT_DECK].name}); "
            "your opponent plays a starter",
            OPTION_DESCRIPTION,
        ),
    )
    @opponent_and_level
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User | None = None,
        deck: DeckName = DEFAULT_DECK,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        """Post a challenge the opponent can accept; a saved deck must pass the deck check."""
        chosen, starter_id = await decks.resolve(self.decks, interaction.user.id, deck)
        options = challenge_options(deck, chosen, starter_id)
        await self.bot.lobby.challenge(interaction, "guardians", opponent, options, level=level)

    @challenge.autocomplete("deck")
    async def _challenge_deck(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return (
            decks.starter_choices(current)
            + await saved_deck_choices(self.decks, interaction.user.id, decks.GAME, current)
        )[:25]

    # ---- deck building ---------------------------------------------------------------------
    @deck.command(name="new", description="Make a deck: empty, or a copy of a starter or your deck")
    @app_commands.describe(name="A name for the deck", copy="Start from this deck")
    async def deck_new(
        self, interaction: discord.Interaction, name: DeckName, copy: DeckName | None = None
    ) -> None:
        """Save an empty deck or a copy."""
        deck = (await decks.resolve(self.decks, interaction.user.id, copy))[0] if copy else None
        deck = deck or DeckList()
        await self._save(interaction.user.id, name, deck, new=True)
        hint = (
            ""
            if copy
            else " Add a Guardian, a Stronghold set and cards with `/guardians deck add`."
        )
        await interaction.response.send_message(
            f"Deck **{markdown(name)}** made: {decks.summary(deck)}{hint}", ephemeral=True
        )

    @deck.command(name="add", description="Add cards, or set the Guardian or Stronghold set")
    @app_commands.describe(
        name="Your deck", card="A card, Guardian or Stronghold set", count="How many copies"
    )
    async def deck_add(
        self,
        interaction: discord.Interaction,
        name: DeckName,
        card: str,
        count: app_commands.Range[int, 1, 20] = 1,
    ) -> None:
        """Add copies (the limits are checked by show and at challenge time)."""
        await self._change(interaction, name, card, count)

    @deck.command(name="remove", description="Remove cards, or the Guardian or Stronghold set")
    @app_commands.describe(
        name="Your deck", card="A card, Guardian or Stronghold set", count="How many copies"
    )
    async def deck_remove(
        self,
        interaction: discord.Interaction,
        name: DeckName,
        card: str,
        count: app_commands.Range[int, 1, 20] = 1,
    ) -> None:
        """Remove copies."""
        await self._change(interaction, name, card, -count)

    async def _change(
        self, interaction: discord.Interaction, name: str, card: str, count: int
    ) -> None:
        deck = await decks.own(self.decks, interaction.user.id, name)
        done = decks.change(deck, card, count)
        await self._save(interaction.user.id, name, deck, new=False)
        await interaction.response.send_message(
            f"{done} **{markdown(name)}**: {decks.summary(deck)}", ephemeral=True
        )

    @deck.command(name="show", description="A deck's cards with counts, and whether it is legal")
    @app_commands.describe(name="Your deck or a starter")
    async def deck_show(self, interaction: discord.Interaction, name: DeckName) -> None:
        """The listing and the deck check."""
        deck, sid = await decks.resolve(self.decks, interaction.user.id, name)
        name = CATALOGUE.decks[sid].name if sid else name
        total = sum(deck.cards.values())
        text = f"{decks.describe(deck)}\n\n{decks.verdict(check_deck(deck))}"
        embed = fit_embed(
            discord.Embed(
                title=f"{markdown(name)} — {total} cards", description=text, colour=COLOUR
            )
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @deck.command(name="list", description="Your Guardians decks and the starters")
    async def deck_list(self, interaction: discord.Interaction) -> None:
        """Names, card counts and whether each is playable."""
        lines = []
        for name in await self.decks.names(interaction.user.id, decks.GAME):
            deck = await decks.own(self.decks, interaction.user.id, name)
            lines.append(f"• **{markdown(name)}** — {decks.summary(deck)}")
        starters = [f"• `{decks.STARTER}{d.id}` — {d.name}" for d in CATALOGUE.decks.values()]
        text = "**Yours:**\n" + ("\n".join(lines) if lines else "none yet")
        text += "\n**Starters:**\n" + "\n".join(starters)
        await interaction.response.send_message(text, ephemeral=True)

    @deck.command(name="delete", description="Delete one of your decks")
    async def deck_delete(self, interaction: discord.Interaction, name: DeckName) -> None:
        """Delete a deck."""
        if not await self.decks.delete(interaction.user.id, decks.GAME, name):
            raise UserFacingError(f"You have no deck called {quoted(name)}.")
        await interaction.response.send_message(f"Deleted **{markdown(name)}**.", ephemeral=True)

    @deck.command(name="export", description="A deck as plain text, to keep or share")
    @app_commands.describe(name="Your deck or a starter")
    async def deck_export(self, interaction: discord.Interaction, name: DeckName) -> None:
        """The deck text (``/guardians deck import`` reads it back)."""
        deck, sid = await decks.resolve(self.decks, interaction.user.id, name)
        name = CATALOGUE.decks[sid].name if sid else name
        text = format_deck(deck)
        note = "Import it with `/guardians deck import`."
        if len(text) > EXPORT_LIMIT:
            file = discord.File(io.BytesIO(text.encode()), "deck.txt")
            await interaction.response.send_message(
                f"**{markdown(name)}** as text (attached). {note}", file=file, ephemeral=True
            )
            return
        await interaction.response.send_message(
            f"**{markdown(name)}** as text:\n```\n{text}```\n{note}", ephemeral=True
        )

    @deck.command(name="import", description="Save a deck from its text (a form opens to paste it)")
    @app_commands.describe(name="A name for the new deck")
    async def deck_import(self, interaction: discord.Interaction, name: DeckName) -> None:
        """Open a form for the deck text; the name is checked first."""
        name = clean_name(name)
        if await self.decks.get(interaction.user.id, decks.GAME, name) is not None:
            raise UserFacingError(f"You already have a deck called {quoted(name)}.")
        await interaction.response.send_modal(ImportForm(self, name))

    async def _save(self, user_id: int, name: str, deck: DeckList, *, new: bool) -> None:
        entries = decks.to_entries(deck)
        await self.decks.save(user_id, decks.GAME, name, entries, discord.utils.utcnow(), new=new)

    @deck_new.autocomplete("copy")
    @deck_show.autocomplete("name")
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
    async def _deck_card(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return card_choices("guardians", current)


class ImportForm(discord.ui.Modal, title="Import a Guardians deck"):
    """A paragraph to paste a deck text into."""

    text: discord.ui.TextInput = discord.ui.TextInput(
        label="Deck text, as /guardians deck export gives it",
        style=discord.TextStyle.paragraph,
        placeholder="Guardian: Rak Nam\nStrongholds: Keep of Rak Nam\n3 Swordsman\n…",
        max_length=4000,
        custom_id="deck_text",
    )

    def __init__(self, cog: GuardiansCog, name: str) -> None:
        super().__init__()
        self.cog, self.name = cog, name

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Tracked while handled, refused while stopping or full (``bot/surface/inflight.py``)."""
        return await self.cog.bot.inflight.admit(interaction)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Read the text; every unreadable line is named, nothing is saved then."""
        try:
            deck = parse_deck(self.text.value)
            await self.cog._save(interaction.user.id, self.name, deck, new=True)
        except DeckTextError as exc:
            problems = "\n".join(f"• {p}" for p in exc.problems)
            await ephemeral(
                interaction, f"Nothing imported; these lines can't be read:\n{problems}"
            )
            return
        except REFUSALS as exc:
            await ephemeral(interaction, refusal_text(exc))
            return
        await interaction.response.send_message(
            f"Imported **{markdown(self.name)}**: {decks.summary(deck)}", ephemeral=True
        )


def challenge_options(name: str, deck: DeckList, starter_id: str | None) -> dict[str, object]:
    """The game options: two starters, or a saved deck (if legal) against a starter."""
    if starter_id is not None:
        return {"decks": deck_pair(starter_id)}
    check = check_deck(deck)
    if not check.ok:
        raise UserFacingError(
            f"**{markdown(name)}** can't be played yet:\n"
            + "\n".join(f"• {e}" for e in check.errors)
        )
    other = starter(decks.opponent_starter(deck))
    return {
        "deck_lists": [deck.card_list(), other.card_list()],
        "guardians": [deck.guardian, other.guardian],
        "strongholds": [deck.strongholds, other.strongholds],
    }


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GuardiansCog(bot))
