"""The bot's own short texts in the reader's language (issue 29).

A text the cogs write themselves (a refusal, the error policy's answers) is marked with
:func:`N_` where it is written, in English with ``{named}`` placeholders, and rendered with
:func:`localize` for the reader: ``interaction.locale`` (the language of his Discord client),
falling back to English. The translations are the gettext catalogs
``tdbot/locales/<lang>/LC_MESSAGES/messages.po``, read with Babel like the commands' own
(:mod:`tdbot.translator`).

What core says (rulings, follow-ups, the script, the engine's refusals) is a
:class:`core.text.Msg`: :func:`say` renders it in a language from core's own catalogs, every
``tdbot/locales/<lang>/LC_MESSAGES/core*.po`` (:func:`core_translate`). Whose language: an
answer only the asker sees follows ``interaction.locale``; a public message (a ruling posted at
the table, the log channel's lines, a director call) follows the club's (``/setup language:``),
:func:`reader_locale`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, TypeAlias

import discord

from core.seats import Seat
from core.text import NAME, Msg, Text, Translate, fill, names_in, render
from tdbot.translator import DOMAIN as COMMANDS
from tdbot.translator import LANGUAGES, LOCALES_DIR, Key, catalog_path, read_catalog

DOMAIN = "messages"
#: Core's catalogs: one file per group of core's modules (``core-<group>.po``), or one
#: ``core.po``; every file matching this in a language's folder is read.
CORE_CATALOGS = "core*.po"

#: Whose language: a Discord locale (``interaction.locale``), a club's language code (``fr``),
#: or ``None`` (English).
Locale: TypeAlias = discord.Locale | str | None


def N_(text: str) -> str:
    """Marks ``text`` for the catalogs (``pybabel extract -k N_``); returns it unchanged."""
    return text


#: The seats' names (``Seat.full_name``), for :func:`seat_name`.
SEAT_NAMES = (N_("North"), N_("East"), N_("South"), N_("West"))


def seat_name(locale: Locale, seat: Seat) -> str:
    """The seat's name in the reader's language ("Sud" for South in French)."""
    return localize(locale, seat.full_name)


def seat_letter(locale: Locale, seat: Seat) -> str:
    """The seat's letter in the reader's language ("O" for West in French), from core's catalog."""
    return say(locale, Msg("{seat.value}", seat=seat))


#: Each Discord locale a shipped language serves, and that language (the first that serves it).
_SERVED: dict[str, str] = {}
for _lang, _locales in LANGUAGES.items():
    for _locale in _locales:
        _SERVED.setdefault(_locale.value, _lang)


def language_of(locale: Locale) -> str | None:
    """The shipped language serving ``locale`` (``fr`` for ``fr``), or ``None`` for English.
    (Asked for every text the bot says: one dictionary look-up, issue 27.)"""
    if locale is None:
        return None
    return _SERVED.get(locale.value if isinstance(locale, discord.Locale) else str(locale))


def localize(locale: Locale, text: str, **params: Any) -> str:
    """``text`` in the reader's language when a catalog has it (else as written), its
    placeholders filled from ``params`` (what core said, a :class:`core.text.Msg`, in the same
    language) and the command and option names it gives (``{opt[trick]}``) as his Discord
    shows them."""
    language = language_of(locale)
    if language is not None:
        text = read_catalog(catalog_path(language, DOMAIN)).get(("", text), text)
    if not params and not names_in(text):
        return text
    return fill(text, core_translate(locale), {k: say(locale, v) if isinstance(v, Msg) else v
                                               for k, v in params.items()})


# ------------------------------------------------------------------------ what core says

@functools.cache
def core_messages(language: str) -> Mapping[Key, str]:
    """Core's translated messages in ``language``, ``(msgctxt, msgid)`` → text, from every
    ``core*.po`` of its folder (read once per process; fuzzy and empty entries left out)."""
    merged: dict[Key, str] = {}
    for path in sorted((LOCALES_DIR / language / "LC_MESSAGES").glob(CORE_CATALOGS)):
        merged.update(read_catalog(path))
    return merged


@functools.cache
def tree_names(language: str) -> Mapping[Key, str]:
    """The commands' catalog in ``language``, read once: its ``name`` entries are the names
    Discord shows, which a message naming an option uses."""
    return read_catalog(catalog_path(language, COMMANDS))


def core_translate(locale: Locale) -> Translate | None:
    """The :data:`core.text.Translate` for the reader's language (``None``: English)."""
    language = language_of(locale)
    if language is None:
        return None
    messages = core_messages(language)
    names = tree_names(language)

    def translate(msgid: str, context: str | None) -> str | None:
        if context == NAME:  # a command's or option's name: the one Discord shows him
            return names.get((NAME, msgid))
        return messages.get((context or "", msgid))

    return translate


def say(locale: Locale, text: Text) -> str:
    """What core said (a :class:`core.text.Msg`, or plain text) in the reader's language."""
    if not isinstance(text, str):
        return render(text, core_translate(locale))
    return text


def reader_locale(
    interaction: discord.Interaction[Any], club_language: str | None, *, ephemeral: bool
) -> Locale:
    """Whose language an answer is in: the asker's when only he sees it, else the club's."""
    return interaction.locale if ephemeral else (club_language or None)
