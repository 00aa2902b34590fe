"""The desk's verdict notes: each template writes the stored English note and reads it back as
the message it was written from, so every note is said in the reader's language."""

from __future__ import annotations

import pytest

from core.storage.desk.notes import (
    NO_LONGER_APPLIES,
    RE_RULED,
    RECORDED_AGAIN,
    RULED_AGAIN,
    VOIDED_WITH,
    directors_words,
    note_message,
    written,
)
from core.text import Msg


@pytest.mark.parametrize(("template", "values"), [
    (VOIDED_WITH, {"ruling": "4"}),
    (RECORDED_AGAIN, {"copy": "9", "ruling": "4"}),
    (RE_RULED, {"copy": "9", "words": "the ♥K: not a penalty card (48A)"}),
    (NO_LONGER_APPLIES, {"ruling": "4", "reason": "W has no penalty card"}),
    (RULED_AGAIN, {"copy": "9", "ruling": "4"}),
])
def test_a_written_note_reads_back_as_its_message(template, values):
    stored = written(template, **values)
    read = note_message(stored)
    assert isinstance(read, Msg) and read.template == template.template
    assert dict(read.params) == values and str(read) == stored


def test_a_directors_own_note_stays_as_he_typed_it():
    assert note_message("wrong card reported") == "wrong card reported"
    assert directors_words(written(RE_RULED, copy=9, words="my words: all of them")) == \
        "my words: all of them"
    assert directors_words("his own note") == "his own note" and directors_words(None) is None
