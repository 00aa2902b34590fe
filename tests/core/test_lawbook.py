"""/law summaries: every law the engine cites has one; bad numbers get a clear error."""

import pytest

from core.errors import RuleError
from core.lawbook import known_laws, law_summary


@pytest.mark.parametrize("ref", ["50", "50D2(a)", "law 50", "Law50"])
def test_law_references_resolve_to_the_law_number(ref):
    assert law_summary(ref).number == 50


@pytest.mark.parametrize(("ref", "message"), [("abc", "not a law number"),
                                              ("99", "no Law 99"), ("7", "outside")])
def test_unknown_law_numbers_are_explained(ref, message):
    with pytest.raises(RuleError, match=message):
        law_summary(ref)


def test_every_summary_has_a_title_a_summary_and_a_link():
    for law in known_laws():
        assert law.title and len(law.summary) > 40 and law.link.startswith("https://")
