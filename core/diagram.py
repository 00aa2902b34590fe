"""The hand diagram a director looks at: the four hands round the table, as text and as a PNG.

The PNG is drawn with Pillow (imported when first drawn); the suit symbols need a font that has
them (DejaVu Sans, which the Docker image installs), else the suits are written as letters.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from core.cards import SUITS, Hand, Suit, rank_display
from core.deal import Deal, vulnerable_words
from core.seats import Seat
from core.text import Msg, Text

_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF")
_RED = (200, 0, 0)
_BLACK = (0, 0, 0)


def holding(hand: Hand, suit: Suit, *, symbols: bool = True) -> str:
    ranks = " ".join(rank_display(c.rank) for c in hand.in_suit(suit)) or "—"
    return f"{suit.symbol if symbols else suit.letter} {ranks}"


def heading(deal: Deal, *, contract: str | None = None, declarer: Seat | None = None,
            table: int | None = None) -> Msg:
    if table is None:
        where = Msg("Board {board}", board=deal.board)
    else:
        where = Msg("Board {board}, table {table}", board=deal.board, table=table)
    line = Msg("{where}: dealer {dealer.full_name}, {vulnerable}", where=where,
               dealer=deal.dealer, vulnerable=vulnerable_words(deal.vulnerable))
    if contract and declarer:
        return Msg("{heading}; contract {contract} by {declarer.value}", heading=line,
                   contract=contract, declarer=declarer)
    if contract:
        return Msg("{heading}; contract {contract}", heading=line, contract=contract)
    return line


def diagram_text(deal: Deal, *, hidden: Sequence[Seat] = (),
                 names: Mapping[Seat, str] | None = None) -> str:
    """The four hands as monospaced text (North at the top); seats in ``hidden`` are left out.
    ``names``: the seats' names in the reader's language (default: English)."""
    def column(seat: Seat) -> list[str]:
        name = names[seat] if names else seat.full_name
        if seat in hidden:
            return [name, "(not shown)", "", "", ""]
        return [name, *(holding(deal.hand(seat), s) for s in SUITS)]

    indent = " " * 18
    lines = [indent + x for x in column(Seat.N)]
    west, east = column(Seat.W), column(Seat.E)
    lines += [f"{w:<36}{e}".rstrip() for w, e in zip(west, east, strict=True)]
    lines += [indent + x for x in column(Seat.S)]
    return "\n".join(line.rstrip() for line in lines)


def _font(size: int, *, mono: bool = False) -> tuple[Any, bool]:
    """DejaVu Sans (or Sans Mono) if installed, with the suit symbols; else Pillow's own font."""
    from PIL import ImageFont

    name = "DejaVuSansMono.ttf" if mono else "DejaVuSans.ttf"
    for folder in _FONT_DIRS:
        if (Path(folder) / name).exists():
            return ImageFont.truetype(str(Path(folder) / name), size), True
    return ImageFont.load_default(size), False


def diagram_png(deal: Deal, *, title: Text, notes: Sequence[str] = (),
                names: Mapping[Seat, str] | None = None,
                letters: Mapping[Seat, str] | None = None) -> bytes:
    """The diagram as a PNG: the title, the four hands with coloured suit symbols, and any
    notes (the double-dummy table) below. ``title`` is drawn as given (a Msg in English);
    ``names`` and ``letters``: the seats' names and letters in the reader's language (default:
    English)."""
    from PIL import Image, ImageDraw

    font, has_symbols = _font(20)
    small, _ = _font(16)
    mono, _ = _font(16, mono=True)
    width, height = 640, 470 + 22 * len(notes)
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.text((16, 12), str(title), fill=_BLACK, font=small)
    places = {Seat.N: (250, 50), Seat.W: (30, 180), Seat.E: (440, 180), Seat.S: (250, 310)}
    draw.rectangle((230, 190, 410, 290), outline=(120, 120, 120), width=2)
    for seat, (x, y) in ((Seat.N, (312, 194)), (Seat.S, (312, 266)), (Seat.W, (236, 230)),
                         (Seat.E, (392, 230))):
        label = letters[seat] if letters else seat.value
        draw.text((x, y), label, fill=(90, 90, 90), font=small)
    for seat, (x, y) in places.items():
        draw.text((x, y), names[seat] if names else seat.full_name, fill=(60, 60, 60),
                  font=small)
        for i, suit in enumerate(SUITS):
            colour = _RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK
            text = holding(deal.hand(seat), suit, symbols=has_symbols)
            draw.text((x, y + 22 + 24 * i), text, fill=colour, font=font)
    for i, note in enumerate(notes):
        draw.text((16, 450 + 22 * i), note, fill=_BLACK, font=mono)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
