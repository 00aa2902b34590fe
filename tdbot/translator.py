"""Discord's own localisation of the command tree, from gettext catalogs (issue 29).

discord.py asks a :class:`discord.app_commands.Translator` for every command name, description,
option name and description and choice name of the tree, once per Discord locale, when the tree
is synced; the answers travel as ``name_localizations`` / ``description_localizations`` and
Discord shows each member the commands in his client's language. The translations live in
ordinary gettext catalogs, ``tdbot/locales/<lang>/LC_MESSAGES/commands.po`` (msgid the English
text, msgctxt what kind of string it is), read with Babel so translators use ordinary tools.

``python -m tdbot.translator`` rewrites the template ``tdbot/locales/commands.pot`` from the tree;
README.md ("Languages") gives the Babel commands that carry it into each language's catalog.
"""

from __future__ import annotations

import asyncio
import functools
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import discord
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

#: The catalogs' folder (package data: it travels in the wheel).
LOCALES_DIR = Path(__file__).with_name("locales")
DOMAIN = "commands"
TEMPLATE = LOCALES_DIR / f"{DOMAIN}.pot"

#: The languages shipped, by catalog name, and the Discord locales each one serves.
LANGUAGES: dict[str, tuple[discord.Locale, ...]] = {
    "fr": (discord.Locale.french,),
    "nl": (discord.Locale.dutch,),
    "de": (discord.Locale.german,),
}

#: msgctxt of each kind of string: names obey Discord's name pattern, the others only lengths.
NAME, DESCRIPTION, CHOICE = "name", "description", "choice"
_CONTEXTS = {
    Where.command_name: NAME,
    Where.group_name: NAME,
    Where.parameter_name: NAME,
    Where.command_description: DESCRIPTION,
    Where.group_description: DESCRIPTION,
    Where.parameter_description: DESCRIPTION,
    Where.choice_name: CHOICE,
}

Key = tuple[str, str]  # (msgctxt, msgid)


def context_of(location: Where) -> str | None:
    """The msgctxt for a string at ``location`` (``None``: not a command-tree string)."""
    return _CONTEXTS.get(location)


@functools.cache
def read_catalog(path: Path) -> dict[Key, str]:
    """The translated, non-fuzzy messages of one .po file (read once per process)."""
    with path.open("rb") as file:
        catalog = read_po(file)
    return {
        (str(m.context or ""), str(m.id)): str(m.string)
        for m in catalog
        if m.id and isinstance(m.id, str) and m.string and not m.fuzzy
    }


def catalog_path(language: str, domain: str = DOMAIN) -> Path:
    return LOCALES_DIR / language / "LC_MESSAGES" / f"{domain}.po"


class CatalogTranslator(app_commands.Translator):
    """Answers discord.py from the shipped catalogs; ``None`` (English) when none has it."""

    def __init__(self, languages: Iterable[str] = LANGUAGES) -> None:
        self.languages = tuple(languages)
        self.by_locale: dict[discord.Locale, dict[Key, str]] = {}

    async def load(self) -> None:
        for language in self.languages:
            messages = read_catalog(catalog_path(language))
            for locale in LANGUAGES[language]:
                self.by_locale[locale] = messages

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        kind = context_of(context.location)
        messages = self.by_locale.get(locale)
        if kind is None or messages is None:
            return None
        return messages.get((kind, string.message))


class _Recorder(app_commands.Translator):
    """Notes every string discord.py would ask to translate, and translates nothing."""

    def __init__(self) -> None:
        self.keys: dict[Key, None] = {}

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        kind = context_of(context.location)
        if kind is not None and locale is discord.Locale.american_english:
            self.keys.setdefault((kind, string.message), None)
        return None


async def tree_strings(tree: app_commands.CommandTree[Any]) -> list[Key]:
    """Every (msgctxt, msgid) a sync of ``tree`` asks the translator for, in the tree's order,
    and the choices its cogs suggest as the member types rather than list (``TREE_CHOICES``:
    autocomplete shows them through the same catalogs)."""
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    for cog in getattr(tree.client, "cogs", {}).values():
        for name in getattr(cog, "TREE_CHOICES", ()):
            recorder.keys.setdefault((CHOICE, name), None)
    return list(recorder.keys)


def write_template(keys: Iterable[Key], path: Path = TEMPLATE) -> None:
    """The .pot template translators' tools (``pybabel update``) merge into each catalog."""
    catalog = Catalog(project="tdbot", domain=DOMAIN)
    for context, message in keys:
        catalog.add(message, context=context)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=100, omit_header=False, sort_output=True)


async def _extract() -> int:
    """Rebuild the template from the bot's full tree (no Discord, no database needed)."""
    from tdbot.client import EXTENSIONS, TDBot

    bot = TDBot(storage=None)
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    keys = await tree_strings(bot.tree)
    write_template(keys)
    print(f"{len(keys)} strings written to {TEMPLATE}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(_extract()))
