"""Files attached to a command: the stand-in takes what Discord takes and the bot reads them."""

from __future__ import annotations

import io

import pytest

from localdiscord import Console
from localdiscord.commandline import CommandInputError
from localdiscord.limits import UPLOAD_MAX

pytestmark = pytest.mark.usefixtures("probe")


async def test_an_attached_file_reaches_the_bot_which_reads_it_through_its_url(ld, bot):
    """The option carries the resolved attachment; the bot downloads the bytes."""
    result = await ld.slash("upload", {"file": ld.attach("hands.pbn", b'[Board "1"]\nmore\n')})
    assert result.content == 'hands.pbn: 17 bytes, [Board "1"]'


async def test_a_file_over_discords_upload_limit_is_refused_before_it_is_sent(ld, bot):
    with pytest.raises(CommandInputError, match="at most 10 MB"):
        ld.attach("big.pbn", b"x" * (UPLOAD_MAX + 1))
    assert len(ld.attach("edge.pbn", b"x" * UPLOAD_MAX).data) == UPLOAD_MAX


@pytest.mark.parametrize(("name", "data"), [("", b"x"), ("a/b.pbn", b"x"), ("empty.pbn", b"")])
async def test_files_discord_would_not_attach_are_refused(ld, bot, name, data):
    with pytest.raises(CommandInputError):
        ld.attach(name, data)


async def test_the_console_attaches_a_local_file_with_an_at_sign(ld, bot, tmp_path):
    """``file:@path`` reads a local file; a missing one is a one-line complaint."""
    path = tmp_path / "night.pbn"
    path.write_bytes(b"% PBN 2.1\n")
    out = io.StringIO()
    lines = f"/upload file:@{path}\n/upload file:@{tmp_path}/nowhere.pbn\n/upload file:night.pbn\n"
    assert await Console(ld, stdin=io.StringIO(lines), stdout=out, user="Director").run() == 0
    text = out.getvalue()
    assert "night.pbn: 10 bytes, % PBN 2.1" in text
    assert "file: cannot read" in text and "nowhere.pbn" in text
    assert "attach a local file as file:@path/to/file" in text
