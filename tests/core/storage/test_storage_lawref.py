"""Law citations as index keys: the storage filter agrees with the engine's law_satisfies."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.ruling import law_satisfies
from core.storage.errors import StorageError
from core.storage.lawref import law_key, law_parts


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("50D2(a)", ("50", "D", "2", "a")),
        ("law 50 d2 (a)", ("50", "D", "2", "a")),
        ("Law 50D2a", ("50", "D", "2", "a")),
        ("16B1(a)", ("16", "B", "1", "a")),
        ("40B2(a)(ii)", ("40", "B", "2", "a", "ii")),
        ("7", ("7",)),
        ("Laws 64", ("64",)),
    ],
)
def test_filters_are_read_leniently(text, parts):
    """What a director types ('law 50 d2 (a)') reads as the citation 50D2(a)."""
    assert law_parts(text) == parts


@pytest.mark.parametrize("text", ["", "fifty", "D50", "100", "50D2(a)(b)(c)", "-5"])
def test_non_citations_are_refused(text):
    """Anything else is a StorageError with an example."""
    with pytest.raises(StorageError, match="e.g. 50"):
        law_parts(text)


def test_key_is_an_unambiguous_prefix():
    """'5' is a prefix of nothing that belongs to Law 50."""
    assert law_key("50D2(a)") == (50, "50.D.2.a.")
    assert not law_key("50D2(a)")[1].startswith(law_key("5")[1])
    assert law_key("50D2(a)")[1].startswith(law_key("50D")[1])
    assert not law_key("50C")[1].startswith(law_key("50D")[1])


citations = st.builds(
    lambda n, letter, digit, sub, roman: f"{n}{letter}{digit if letter else ''}{sub}{roman}",
    st.integers(1, 93).map(str),
    st.sampled_from(["", "A", "B", "C", "D", "E"]),
    st.sampled_from(["", "1", "2", "3"]),
    st.sampled_from(["", "(a)", "(b)", "(c)"]),
    st.sampled_from(["", "(i)", "(ii)", "(iv)"]),
)


def _prefix_match(cited: str, wanted: str) -> bool:
    n1, k1 = law_key(cited, strict=True)
    n2, k2 = law_key(wanted)
    return n1 == n2 and k1.startswith(k2)


@given(citations, citations)
def test_prefix_keys_match_exactly_when_the_engine_says_so(cited, wanted):
    """For any two citations the database filter and core.ruling.law_satisfies agree."""
    assert _prefix_match(cited, wanted) == law_satisfies(cited, wanted)


@given(citations)
def test_every_citation_matches_itself_and_its_law_number(cited):
    """A citation is found by itself and by its bare law number."""
    assert _prefix_match(cited, cited)
    assert _prefix_match(cited, str(law_key(cited, strict=True)[0]))
