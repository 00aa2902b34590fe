"""The command tree in French, Dutch and German (issue 29): every string the tree publishes has a
translation in every shipped language, placeholders agree, and Discord accepts the result."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from localdiscord import limits
from tdbot import messages, translator
from tdbot.client import EXTENSIONS

LANGUAGES = sorted(translator.LANGUAGES)
#: ``{seat}``, ``%(seat)s``, ``%s``, ``%d``: whatever a format call fills in.
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[sdifr]")


def _placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


@pytest.fixture
async def tree_strings(start_bot):
    bot = await start_bot(extensions=EXTENSIONS)
    return await translator.tree_strings(bot.tree)


def test_every_shipped_language_has_a_catalog_and_serves_a_discord_locale():
    assert LANGUAGES == ["de", "fr", "nl"]
    for language, locales in translator.LANGUAGES.items():
        assert translator.catalog_path(language).is_file()
        assert all(locale.value.split("-")[0] == language for locale in locales)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_every_command_string_has_a_translation(tree_strings, language):
    """A command, option or choice added without its translation fails here, naming it."""
    messages = translator.read_catalog(translator.catalog_path(language))
    missing = [key for key in tree_strings if not messages.get(key, "").strip()]
    assert not missing, f"{language}: translate {missing[:10]} (and {len(missing)} in all)"


async def test_the_template_lists_exactly_the_tree_strings(tree_strings):
    """``python -m tdbot.translator`` was run after the last change to a command."""
    with translator.TEMPLATE.open("rb") as file:
        template = {(str(m.context or ""), str(m.id)) for m in read_po(file) if m.id}
    assert template == set(tree_strings)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalog_keeps_an_entry_the_template_no_longer_has(language):
    """Obsolete or misspelt entries are dead weight a translator would keep translating."""
    with translator.TEMPLATE.open("rb") as file:
        template = {(str(m.context or ""), str(m.id)) for m in read_po(file) if m.id}
    messages = translator.read_catalog(translator.catalog_path(language))
    assert set(messages) <= template, sorted(set(messages) - template)[:5]


@pytest.mark.parametrize("domain", [translator.DOMAIN, messages.DOMAIN])
@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_are_the_same_in_every_language(language, domain):
    """A ``{number}`` dropped or renamed in a translation would break or garble the answer."""
    messages = translator.read_catalog(translator.catalog_path(language, domain))
    differing = [
        (msgid, text)
        for (_, msgid), text in messages.items()
        if _placeholders(msgid) != _placeholders(text)
    ]
    assert not differing, differing[:5]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translated_name_is_one_discord_accepts(language):
    """Names: lower case, letters, digits, ``-`` and ``_``, 1-32 characters; descriptions and
    choice names 1-100 characters."""
    messages = translator.read_catalog(translator.catalog_path(language))
    refused = []
    for (kind, msgid), text in messages.items():
        if kind == translator.NAME:
            body = [{"type": 1, "name": "x", "description": "d", "name_localizations": {
                "fr": text}}]
        elif kind == translator.DESCRIPTION:
            body = [{"type": 1, "name": "x", "description": "d", "description_localizations": {
                "fr": text}}]
        else:
            body = [{"type": 1, "name": "x", "description": "d", "options": [{
                "type": 3, "name": "o", "description": "d", "choices": [
                    {"name": "c", "value": "c", "name_localizations": {"fr": text}}]}]}]
        if limits.check_commands(body):
            refused.append((msgid, text))
    assert not refused, refused


def test_a_catalog_entry_marked_fuzzy_is_not_used(tmp_path: Path):
    """A translation a tool merely guessed (``#, fuzzy``) stays English until a person checks it."""
    po = tmp_path / "fr.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgctxt "name"\nmsgid "seat"\nmsgstr "place"\n\n'
        '#, fuzzy\nmsgctxt "name"\nmsgid "table"\nmsgstr "tableau"\n',
        encoding="utf-8",
    )
    assert translator.read_catalog(po) == {("name", "seat"): "place"}


async def test_the_whole_tree_syncs_with_its_localisations_and_the_stand_in_accepts_it(
    ld, start_bot
):
    """``--sync`` publishes every command with its French, Dutch and German names, and the
    stand-in, as strict as Discord, accepts the whole list."""
    await start_bot(extensions=EXTENSIONS, sync_global=True)
    [sync] = [r for r in ld.requests if r.kind == "sync"]
    assert sync.status == 200, sync.answer
    commands = {c["name"]: c for c in ld.synced_commands[None]}
    for command in commands.values():
        assert set(command["name_localizations"]) >= {"fr", "nl", "de"}, command["name"]
        assert set(command["description_localizations"]) >= {"fr", "nl", "de"}
    exposed = commands["exposed"]
    assert exposed["name_localizations"]["fr"] != "exposed"
    seat = next(o for o in exposed["options"] if o["name"] == "seat")
    assert {"fr", "nl", "de"} <= set(seat["name_localizations"])
    # English readers and the locales not shipped see the English names.
    assert "en-US" not in exposed["name_localizations"]
    assert "es-ES" not in exposed["name_localizations"]


async def test_67B2_defective_tricks_seen_option_is_not_named_as_the_exposed_command(
    ld, start_bot
):
    """A name is one catalog entry (msgctxt "name"), so an option named like a command shares
    its translation: /defective-trick's option for extra cards seen when restored (67B2
    footnote) was named 'exposed' and showed in French as the /exposed command,
    'carte-exposée'."""
    await start_bot(extensions=EXTENSIONS, sync_global=True)
    commands = {c["name"]: c for c in ld.synced_commands[None]}
    exposed = commands["exposed"]["name_localizations"]
    for option in commands["defective-trick"]["options"]:
        for locale, name in option.get("name_localizations", {}).items():
            assert name != exposed[locale], (option["name"], locale, name)


async def test_localised_top_level_names_differ_in_each_language(ld, start_bot):
    """Two commands with one localised name would be two identical entries in a member's list."""
    await start_bot(extensions=EXTENSIONS, sync_global=True)
    for language in LANGUAGES:
        locale = translator.LANGUAGES[language][0].value
        names = [c["name_localizations"][locale] for c in ld.synced_commands[None]]
        assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


async def test_the_translator_answers_only_the_shipped_locales():
    tr = translator.CatalogTranslator()
    await tr.load()
    context = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.parameter_name, None
    )
    seat = discord.app_commands.locale_str("seat")
    assert await tr.translate(seat, discord.Locale.german, context) == "platz"
    assert await tr.translate(seat, discord.Locale.spain_spanish, context) is None
    assert await tr.translate(seat, discord.Locale.american_english, context) is None


def _marked_texts() -> set[str]:
    """Every text cogs/ and tdbot/ mark with ``N_``, found as ``pybabel extract -k N_`` finds
    it."""
    root = Path(translator.__file__).parents[1]
    return {
        message
        for folder in ("cogs", "tdbot")
        for _, _, message, _, _ in extract_from_dir(root / folder, keywords={"N_": None},
                                                   comment_tags=())
        if isinstance(message, str)
    }


def test_the_messages_template_lists_exactly_the_marked_texts():
    """``pybabel extract`` (README, Languages) was run after the last change to a marked text."""
    with (translator.LOCALES_DIR / "messages.pot").open("rb") as file:
        template = {str(m.id) for m in read_po(file) if m.id}
    assert template == _marked_texts()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_text_has_a_translation(language):
    """A refusal added to the cogs without its translation fails here, naming it."""
    catalog = translator.read_catalog(translator.catalog_path(language, messages.DOMAIN))
    missing = sorted(t for t in _marked_texts() if not catalog.get(("", t), "").strip())
    assert not missing, f"{language}: translate {missing}"


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        (discord.Locale.french, "Seul un arbitre peut faire cela."),
        ("nl", "Alleen een arbiter kan dat doen."),
        (discord.Locale.german, "Das kann nur ein Turnierleiter tun."),
        (discord.Locale.british_english, "Only a director can do that."),
        (discord.Locale.japanese, "Only a director can do that."),
        (None, "Only a director can do that."),
    ],
)
def test_a_text_renders_in_the_readers_language_else_english(locale, expected):
    assert messages.localize(locale, "Only a director can do that.") == expected


def test_a_text_no_catalog_has_is_shown_as_written():
    """The engine's texts (rulings, its refusals) are not in the catalogs: they stay English."""
    text = "E has a major penalty card: the SK (Law 50)."
    assert messages.localize(discord.Locale.french, text) == text


def _glossary(language: str) -> dict[str, str]:
    """English term -> the federation's term, from ``docs/glossary/<language>.md``'s table."""
    path = Path(translator.__file__).parents[1] / "docs" / "glossary" / f"{language}.md"
    terms = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 2 and cells[0] not in ("English", "---"):
            terms[cells[0]] = cells[1]
    return terms


def test_every_shipped_language_has_a_glossary_of_the_same_terms():
    """A language added without its glossary, or a term glossed in one language only, fails."""
    glossaries = {language: _glossary(language) for language in LANGUAGES}
    english = set(glossaries[LANGUAGES[0]])
    assert {"penalty card", "declarer", "dummy", "revoke", "insufficient bid"} <= english
    for language, terms in glossaries.items():
        assert set(terms) == english, (language, sorted(set(terms) ^ english))
        assert all(terms.values()), language
