"""Law citations as indexable keys, for filtering the ruling log by law.

A citation such as ``50D2(a)`` splits into its parts (``50``, ``D``, ``2``, ``a``); the stored
key is the parts joined by dots with a trailing dot, ``50.D.2.a.``. A filter ``50D`` becomes the
prefix ``50.D.``: it matches ``50D``, ``50D1`` and ``50D2(a)`` but not ``50C``; ``5`` becomes
``5.`` and can never match ``50.`` — the same semantics as :func:`core.ruling.law_satisfies`.
"""

from __future__ import annotations

import re

from core.storage.errors import StorageError
from core.text import Msg

# number, section letter, subsection digit, (sub-letter), (roman or digit) — parentheses optional.
# Citations the engine stores follow the strict grammar of core.ruling; what people type in a
# filter is read leniently ("law 50 d2a").
_STRICT = re.compile(r"^(\d{1,2})([A-Z])?(\d)?(?:\(?([a-z])\)?)?(?:\(?(\d|iv|i{1,3})\)?)?$")
# typed: a subsection digit only after a section letter ("100" is not Law 10, section 0)
_LENIENT = re.compile(
    r"^(\d{1,2})(?!\d)(?:([a-z])(\d)?)?(?:\(?([a-z])\)?)?(?:\(?(\d|iv|i{1,3})\)?)?$", re.IGNORECASE
)
_PREFIX = re.compile(r"^\s*(?:laws?\s*)?", re.IGNORECASE)


def law_parts(ref: str, *, strict: bool = False) -> tuple[str, ...]:
    """The canonical parts of a citation (``"law 50 d2 (a)"`` → ``("50", "D", "2", "a")``).

    ``strict`` reads a citation as the engine writes it (``50D2(a)``); otherwise a filter as a
    person types it. Raises :class:`StorageError` for text that is not a law reference.
    """
    if strict:
        m = _STRICT.match(ref.strip())
    else:
        m = _LENIENT.match(_PREFIX.sub("", ref).replace(" ", ""))
    if not m or (not strict and not 1 <= int(m.group(1)) <= 93):
        shown = ref if len(ref) <= 20 else ref[:20] + "…"
        raise StorageError(Msg("{ref} is not a law reference (e.g. 50, 50D or 50D2(a))",
                                  ref=repr(shown)))
    number, letter, digit, sub, roman = m.groups()
    parts = [str(int(number))]
    if letter:
        parts.append(letter.upper())
    if digit:
        parts.append(digit)
    if sub:
        parts.append(sub.lower())
    if roman:
        parts.append(roman.lower())
    return tuple(parts)


def law_key(ref: str, *, strict: bool = False) -> tuple[int, str]:
    """``(law number, key)`` for a citation: ``"50D2(a)"`` → ``(50, "50.D.2.a.")``."""
    parts = law_parts(ref, strict=strict)
    return int(parts[0]), "".join(p + "." for p in parts)
