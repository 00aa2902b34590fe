"""The bot's own short texts in the reader's language (issue 29).

A text the cogs write themselves (a refusal, the error policy's answers) is marked with
:func:`N_` where it is written, in English with ``{named}`` placeholders, and rendered with
:func:`localize` for the reader: ``interaction.locale`` (the language of his Discord client),
falling back to English. The translations are the gettext catalogs
``tdbot/locales/<lang>/LC_MESSAGES/messages.po``, read with Babel like the commands' own
(:mod:`tdbot.translator`). Rulings come from core in English and stay English for now.
"""

from __future__ import annotations

from typing import Any

import discord

from core.seats import Seat
from tdbot.translator import LANGUAGES, catalog_path, read_catalog

DOMAIN = "messages"


def N_(text: str) -> str:
    """Marks ``text`` for the catalogs (``pybabel extract -k N_``); returns it unchanged."""
    return text


#: The seats' names (``Seat.full_name``), for :func:`seat_name`.
SEAT_NAMES = (N_("North"), N_("East"), N_("South"), N_("West"))


def seat_name(locale: discord.Locale | str | None, seat: Seat) -> str:
    """The seat's name in the reader's language ("Sud" for South in French)."""
    return localize(locale, seat.full_name)


def language_of(locale: discord.Locale | str | None) -> str | None:
    """The shipped language serving ``locale`` (``fr`` for ``fr``), or ``None`` for English."""
    if locale is None:
        return None
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    return next(
        (lang for lang, locales in LANGUAGES.items() if value in {x.value for x in locales}),
        None,
    )


def localize(locale: discord.Locale | str | None, text: str, **params: Any) -> str:
    """``text`` in the reader's language when a catalog has it (else as written), its
    placeholders filled from ``params``."""
    language = language_of(locale)
    if language is not None:
        text = read_catalog(catalog_path(language, DOMAIN)).get(("", text), text)
    return text.format(**params) if params else text
