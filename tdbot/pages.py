"""Long answers split to fit Discord, never cut: text in messages of at most 2,000 characters,
sections in embed fields of at most 1,024, embeds of at most 25 fields and 6,000 characters.

Everything is measured after escaping (:func:`tdbot.render.clean` can double a text's length),
so what is measured is what is sent. Splits fall between lines, else between words; only a
"word" longer than a whole page is broken inside.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

from tdbot.answers import respond
from tdbot.client import TDBot
from tdbot.messages import N_, Locale, localize
from tdbot.render import clean

CONTENT_MAX = 2000
FIELD_MAX = 1024
FIELD_NAME_MAX = 256
FIELDS_MAX = 25
EMBED_TOTAL_MAX = 6000
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
EMBEDS_MAX = 10
#: A title, name or heading going on in the next embed or field.
CONTINUED = N_("{title} (continued)")


def continued(locale: Locale, title: str) -> str:
    """``title`` (continued), in the reader's language."""
    return localize(locale, CONTINUED, title=title)


def _continued_room(locale: Locale) -> int:
    """What "(continued)" adds to a title in the reader's language."""
    return len(continued(locale, ""))


def split_text(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, split between lines, else between
    words; nothing is dropped."""
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        for part in _split_line(line, limit):
            if not current:
                current = part
            elif len(current) + 1 + len(part) <= limit:
                current += "\n" + part
            else:
                pieces.append(current)
                current = part
    if current or not pieces:
        pieces.append(current)
    return pieces


def _split_line(line: str, limit: int) -> list[str]:
    if len(line) <= limit:
        return [line]
    out: list[str] = []
    current = ""
    for word in line.split(" "):
        while len(word) > limit:  # a single "word" longer than a page
            if current:
                out.append(current)
                current = ""
            out.append(word[:limit])
            word = word[limit:]
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= limit:
            current += " " + word
        else:
            out.append(current)
            current = word
    if current:
        out.append(current)
    return out


def pages(lines: Iterable[str], limit: int = CONTENT_MAX, *, escape: bool = True) -> list[str]:
    """Lines (escaped unless ``escape`` is false) joined into messages of at most ``limit``."""
    text = "\n".join(clean(line) if escape else line for line in lines)
    return split_text(text, limit)


def section_embeds(
    title: str,
    sections: Sequence[tuple[str, Sequence[str]]],
    *,
    footer: str = "",
    colour: discord.Colour | None = None,
    locale: Locale = None,
) -> list[discord.Embed]:
    """Titled sections of lines as embeds (one message each), every field within Discord's
    limits; a section too long for one field goes on in the next, named "(continued)" in the
    reader's language (``locale``)."""
    fields: list[tuple[str, str]] = []
    for name, lines in sections:
        name = clean(name)[: FIELD_NAME_MAX - _continued_room(locale)]
        body = "\n".join(clean(line) for line in lines) or "—"
        for i, piece in enumerate(split_text(body, FIELD_MAX)):
            fields.append((continued(locale, name) if i else name, piece))
    footer = footer[:256]
    embeds: list[discord.Embed] = []
    current: discord.Embed | None = None
    size = 0
    for name, value in fields:
        cost = len(name) + len(value)
        if current is None or len(current.fields) >= FIELDS_MAX or (
            size + cost > EMBED_TOTAL_MAX
        ):
            head = title if not embeds and current is None else continued(locale, title)
            current = discord.Embed(title=head[:TITLE_MAX], colour=colour)
            if footer:
                current.set_footer(text=footer)
            embeds.append(current)
            size = len(current.title or "") + len(footer)
        current.add_field(name=name, value=value, inline=False)
        size += cost
    if not embeds:
        embed = discord.Embed(title=title[:TITLE_MAX], colour=colour)
        if footer:
            embed.set_footer(text=footer)
        embeds.append(embed)
    return embeds


def line_embeds(
    title: str, lines: Sequence[str], *, footer: str = "", colour: discord.Colour | None = None,
    locale: Locale = None,
) -> list[discord.Embed]:
    """Lines already fit to echo (escaped where they hold typed text) as the descriptions of
    as many embeds as they need, one message each ("(continued)" in the reader's language)."""
    room = min(DESCRIPTION_MAX, EMBED_TOTAL_MAX - len(continued(locale, title))
               - len(footer[:256]))
    embeds = []
    for i, piece in enumerate(split_text("\n".join(lines), room)):
        embed = discord.Embed(title=(continued(locale, title) if i else title)[:TITLE_MAX],
                              description=piece, colour=colour)
        if footer:
            embed.set_footer(text=footer[:256])
        embeds.append(embed)
    return embeds


def embed_size(embed: discord.Embed) -> int:
    """What Discord counts towards the 6,000 characters of a message's embeds."""
    size = len(embed.title or "") + len(embed.description or "")
    size += len(embed.footer.text or "") + len(embed.author.name or "")
    return size + sum(len(f.name or "") + len(f.value or "") for f in embed.fields)


def embed_messages(embeds: Sequence[discord.Embed]) -> list[list[discord.Embed]]:
    """Embeds grouped into messages: at most ten each and 6,000 characters together."""
    messages: list[list[discord.Embed]] = []
    size = 0
    for embed in embeds:
        cost = embed_size(embed)
        if not messages or len(messages[-1]) >= EMBEDS_MAX or size + cost > EMBED_TOTAL_MAX:
            messages.append([])
            size = 0
        messages[-1].append(embed)
        size += cost
    return messages


async def send_pages(
    interaction: discord.Interaction[TDBot],
    *,
    contents: Sequence[str] = (),
    embeds: Sequence[discord.Embed] = (),
    ephemeral: bool,
    view: discord.ui.View | None = None,
) -> None:
    """Answer with every page (text first, then embeds), one message each, mentioning nobody;
    ``view`` goes with the last message."""
    messages: list[dict[str, Any]] = [{"content": c} for c in contents]
    messages += [{"embeds": group} for group in embed_messages(embeds)]
    for i, message in enumerate(messages):
        if view is not None and i == len(messages) - 1:
            message["view"] = view
        await respond(interaction, ephemeral=ephemeral,
                      allowed_mentions=discord.AllowedMentions.none(), **message)


async def post_pages(channel: Any, lines: Sequence[str]) -> None:
    """Post text (already fit to echo) to ``channel`` in as many messages as it needs; raises
    :class:`discord.HTTPException` if Discord refuses one."""
    for piece in split_text("\n".join(lines), CONTENT_MAX):
        await channel.send(piece, allowed_mentions=discord.AllowedMentions.none())


def add_text_field(
    embed: discord.Embed, name: str, text: str, *, inline: bool = False, locale: Locale = None
) -> None:
    """Typed ``text`` as a field of ``embed``, escaped, going on in further fields
    ("(continued)", in the reader's language) rather than being cut."""
    for i, piece in enumerate(split_text(clean(text), FIELD_MAX)):
        embed.add_field(name=continued(locale, name) if i else name, value=piece or "—",
                        inline=inline)
