"""Check translations-texts1.json: every text marked N_ in the texts1 group's files has a
French, Dutch and German translation with the same {fields} (issue 29, the cogs' texts)."""

from __future__ import annotations

import json
import string
import sys
from pathlib import Path

from babel.messages.extract import extract_from_file

ROOT = Path(__file__).resolve().parent
FILES = (
    "cogs/directors/calls.py", "cogs/directors/rulings.py", "tdbot/desk.py", "cogs/log.py",
    "cogs/help.py", "tdbot/pages.py", "tdbot/context.py", "tdbot/answers.py", "tdbot/client.py",
)
LANGUAGES = ("fr", "nl", "de")


def marked() -> set[str]:
    found: set[str] = set()
    for name in FILES:
        for _line, text, _comments, _context in extract_from_file(
            "python", str(ROOT / name), keywords={"N_": None}
        ):
            found.add(text)
    return found


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def main() -> int:
    data = json.loads((ROOT / "translations-texts1.json").read_text(encoding="utf-8"))
    problems = []
    texts = marked()
    for lang in LANGUAGES:
        table = data.get(lang, {})
        for msgid in sorted(texts):
            if not table.get(msgid):
                problems.append(f"{lang}: missing {msgid!r}")
            elif fields(table[msgid]) != fields(msgid):
                problems.append(f"{lang}: fields differ in {msgid!r}: {table[msgid]!r}")
        for msgid in sorted(set(table) - texts):
            problems.append(f"{lang}: not marked in the code: {msgid!r}")
    print("\n".join(problems) or f"{len(texts)} texts, translated in {', '.join(LANGUAGES)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
