"""Law citations as indexable keys, for filtering the ruling log by law.

A citation such as ``50D2(a)`` splits into its parts (``50``, ``D``, ``2``, ``a``); the stored
key is the parts joined by dots with a trailing dot, ``50.D.2.a.``. A filter ``50D`` becomes the
prefix ``50.D.``: it matches ``50D``, ``50D1`` and ``50D2(a)`` but not ``50C``; ``5`` becomes
``5.`` and can never match ``50.`` — the same semantics as :func:`core.ruling.law_satisfies`.
"""

from __future__ import annotations

from core.errors import RuleError
from core.ruling import law_parts as citation_parts
from core.storage.errors import StorageError


def law_parts(ref: str, *, strict: bool = False) -> tuple[str, ...]:
    """:func:`core.ruling.law_parts` (the one rule for a citation), refusing as storage does."""
    try:
        return citation_parts(ref, strict=strict)
    except RuleError as exc:
        raise StorageError(*exc.args) from None


def law_key(ref: str, *, strict: bool = False) -> tuple[int, str]:
    """``(law number, key)`` for a citation: ``"50D2(a)"`` → ``(50, "50.D.2.a.")``."""
    parts = law_parts(ref, strict=strict)
    return int(parts[0]), "".join(p + "." for p in parts)
