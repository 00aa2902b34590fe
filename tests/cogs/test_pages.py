"""Long answers split within Discord's limits, measured after escaping, nothing dropped."""

from tdbot.pages import (
    CONTENT_MAX,
    EMBED_TOTAL_MAX,
    FIELD_MAX,
    FIELDS_MAX,
    pages,
    section_embeds,
    split_text,
)


def test_split_text_keeps_every_word_and_each_piece_within_the_limit():
    text = "\n".join(" ".join(f"word{i}-{j}" for j in range(40)) for i in range(30))
    pieces = split_text(text, 300)
    assert all(len(p) <= 300 for p in pieces)
    assert " ".join(pieces).split() == text.split()


def test_a_word_longer_than_a_page_is_broken_not_dropped():
    pieces = split_text("x" * 2500, CONTENT_MAX)
    assert [len(p) for p in pieces] == [2000, 500]


def test_pages_measure_after_escaping():
    lines = ["*_" * 600]  # 1,200 characters that escaping doubles
    sent = pages(lines)
    assert all(len(p) <= CONTENT_MAX for p in sent) and len(sent) == 2
    assert "".join(sent).replace("\\", "") == lines[0]


def test_section_embeds_split_fields_and_embeds_within_limits():
    sections = [(f"Section {n}", [f"line {n}.{i} " + "*x" * 60 for i in range(30)])
                for n in range(8)]
    embeds = section_embeds("A long script", sections, footer="Table 1")
    assert len(embeds) > 1
    for embed in embeds:
        size = len(embed.title or "") + len(embed.footer.text or "") + sum(
            len(f.name or "") + len(f.value or "") for f in embed.fields)
        assert size <= EMBED_TOTAL_MAX and len(embed.fields) <= FIELDS_MAX
        assert all(len(f.value or "") <= FIELD_MAX for f in embed.fields)
    sent = "\n".join(f.value or "" for e in embeds for f in e.fields).replace("\\", "")
    for n in range(8):
        assert all(f"line {n}.{i} " in sent for i in range(30))
    assert embeds[1].title == "A long script (continued)"
