"""Discord's documented limits on what a bot sends, checked the way Discord checks them.

The stand-in for Discord (:mod:`localdiscord`) runs every request through these checks and
refuses one that breaks a limit with Discord's own answer: 400, code 50035 "Invalid Form Body"
and the path of each offending field. So a command list Discord would refuse (an integer bound
past 2^53 - 1, a description over 100 characters) or a message it would refuse (2,001 characters,
a 26th embed field, an autocomplete choice of 101 characters) fails a test here, not in a club.

Each ``check_*`` function returns the nested ``errors`` object of Discord's answer (empty when the
body is acceptable). Limits from Discord's developer documentation (application commands,
message and embed limits, message components, interaction responses).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

import discord

#: Integer and number options: Discord accepts bounds (and values) within ±(2^53 - 1).
INT_LIMIT = 2**53 - 1
NAME_MAX = 32
DESCRIPTION_MAX = 100
OPTIONS_MAX = 25
CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100
COMMAND_CHARS_MAX = 4000
COMMANDS_MAX = 100
STRING_LENGTH_MAX = 6000
#: The largest file a member may attach to a command in a server without boosts (10 MiB).
UPLOAD_MAX = 10 * 1024 * 1024
#: The longest attachment file name Discord keeps.
FILENAME_MAX = 1024

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FOOTER_MAX = 2048
AUTHOR_NAME_MAX = 256
EMBEDS_TOTAL_MAX = 6000

ROWS_MAX = 5
BUTTONS_PER_ROW = 5
LABEL_MAX = 80
CUSTOM_ID_MAX = 100
SELECT_OPTIONS_MAX = 25
PLACEHOLDER_MAX = 150
#: Messages flagged IS_COMPONENTS_V2 lay out up to 40 components, with no content or embeds.
COMPONENTS_V2 = 1 << 15
COMPONENTS_V2_MAX = 40

_CHAT_INPUT, _SUBCOMMAND, _GROUP = 1, 1, 2
_STRING, _INTEGER, _NUMBER = 3, 4, 10
_ACTION_ROW, _BUTTON, _TEXT_INPUT = 1, 2, 4
_SELECTS = (3, 5, 6, 7, 8)
_LINK, _PREMIUM = 5, 6

Errors = dict[str, Any]

#: The locales Discord knows (keys of ``name_localizations`` and ``description_localizations``).
LOCALES = frozenset(locale.value for locale in discord.Locale)


def invalid_form_body(errors: Errors) -> dict[str, Any]:
    """Discord's answer to a request that breaks a limit (sent with status 400)."""
    if is_empty_message_error(errors):
        return {"message": "Cannot send an empty message", "code": 50006}
    return {"message": "Invalid Form Body", "code": 50035, "errors": errors}


def _put(errors: Errors, path: tuple[str | int, ...], code: str, message: str) -> None:
    node = errors
    for key in path:
        node = node.setdefault(str(key), {})
    node.setdefault("_errors", []).append({"code": code, "message": message})


def _too_long(errors: Errors, path: tuple[str | int, ...], value: Any, most: int) -> None:
    if isinstance(value, str) and len(value) > most:
        _put(errors, path, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")


def _length(errors: Errors, path: tuple[str | int, ...], value: Any, least: int, most: int) -> None:
    if not isinstance(value, str):
        _put(errors, path, "BASE_TYPE_REQUIRED", "This field is required")
    elif not least <= len(value) <= most:
        _put(
            errors,
            path,
            "BASE_TYPE_BAD_LENGTH",
            f"Must be between {least} and {most} in length.",
        )


def _too_many(errors: Errors, path: tuple[str | int, ...], items: Any, most: int) -> None:
    if isinstance(items, list) and len(items) > most:
        _put(errors, path, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")


# -------------------------------------------------------------------------- application commands


def _valid_name(name: Any, *, chat_input: bool) -> bool:
    """``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, and lower case where a letter has
    a lower case (the same for a name and for each of its localisations)."""
    if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX:
        return False
    if not chat_input:  # user and message commands: any text of 1-32 characters
        return True
    return all(_name_char(c) for c in name) and name == name.lower()


def _name_char(char: str) -> bool:
    if char in "-_" or unicodedata.category(char)[0] in "LN":
        return True
    point = ord(char)  # the Devanagari and Thai scripts, their marks included
    return 0x0900 <= point <= 0x097F or 0xA8E0 <= point <= 0xA8FF or 0x0E00 <= point <= 0x0E7F


def _localizations(errors: Errors, path: tuple[Any, ...], field: str, value: Any) -> dict[str, Any]:
    """The ``name_localizations``/``description_localizations`` map at ``path``, its keys checked
    against Discord's locales (``null`` or absent: none)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        _put(errors, (*path, field), "DICT_TYPE_CONVERT", "Only dictionaries may be used here")
        return {}
    for locale in value:
        if locale not in LOCALES:
            _put(
                errors,
                (*path, field, locale),
                "ENUM_TYPE_COERCE",
                f'Value "{locale}" is not a valid enum value.',
            )
    return {k: v for k, v in value.items() if k in LOCALES}


def _check_localized(
    errors: Errors, path: tuple[Any, ...], item: Mapping[str, Any], *, names: str, chat_input: bool
) -> None:
    """Each localised name obeys the name rule (``names="name"``) or the choice-name length
    (``names="choice"``), and each localised description is 1-100 characters."""
    names_map = _localizations(errors, path, "name_localizations", item.get("name_localizations"))
    for locale, name in names_map.items():
        where = (*path, "name_localizations", locale)
        if names == "choice":
            _length(errors, where, name, 1, CHOICE_NAME_MAX)
        elif not _valid_name(name, chat_input=chat_input):
            _put(errors, where, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    descriptions = _localizations(
        errors, path, "description_localizations", item.get("description_localizations")
    )
    for locale, description in descriptions.items():
        where = (*path, "description_localizations", locale)
        _length(errors, where, description, 1, DESCRIPTION_MAX)


def check_commands(commands: Any) -> Errors:
    """A bulk overwrite of application commands (``PUT …/commands``)."""
    errors: Errors = {}
    if not isinstance(commands, list):
        _put(errors, (), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        return errors
    chat = [c for c in commands if isinstance(c, Mapping) and c.get("type", 1) == _CHAT_INPUT]
    if len(chat) > COMMANDS_MAX:
        _put(errors, (), "BASE_TYPE_MAX_LENGTH", f"Must be {COMMANDS_MAX} or fewer in length.")
    seen: set[tuple[Any, Any]] = set()
    for i, command in enumerate(commands):
        if not isinstance(command, Mapping):
            _put(errors, (i,), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        kind = command.get("type", 1)
        key = (command.get("name"), kind)
        if key in seen:
            _put(errors, (i, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Duplicate name")
        seen.add(key)
        _check_command(errors, (i,), command, kind)
    return errors


def _check_command(
    errors: Errors, path: tuple[Any, ...], command: Mapping[str, Any], kind: int
) -> None:
    chat_input = kind == _CHAT_INPUT
    if not _valid_name(command.get("name"), chat_input=chat_input):
        _put(errors, (*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    _check_localized(errors, path, command, names="name", chat_input=chat_input)
    description = command.get("description", "")
    if chat_input:
        _length(errors, (*path, "description"), description, 1, DESCRIPTION_MAX)
    elif description:
        _put(
            errors,
            (*path, "description"),
            "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION",
            "Context menu commands cannot have description",
        )
    options = command.get("options") or []
    if options and not chat_input:
        _put(errors, (*path, "options"), "BASE_TYPE_MAX_LENGTH", "Must be 0 or fewer in length.")
    _check_options(errors, (*path, "options"), options, depth=0)
    if chat_input and _characters(command) > COMMAND_CHARS_MAX:
        _put(
            errors,
            path,
            "APPLICATION_COMMAND_TOO_LARGE",
            f"Command exceeds maximum size ({COMMAND_CHARS_MAX})",
        )


def _check_options(errors: Errors, path: tuple[Any, ...], options: Any, depth: int) -> None:
    if not isinstance(options, list):
        return
    _too_many(errors, path, options, OPTIONS_MAX)
    names: set[Any] = set()
    localized: set[tuple[Any, Any]] = set()
    optional_seen = False
    for i, option in enumerate(options):
        where = (*path, i)
        if not isinstance(option, Mapping):
            _put(errors, where, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        kind = option.get("type")
        if not _valid_name(option.get("name"), chat_input=True):
            _put(
                errors,
                (*where, "name"),
                "APPLICATION_COMMAND_INVALID_NAME",
                "Command name is invalid",
            )
        if option.get("name") in names:
            _put(
                errors,
                (*where, "name"),
                "APPLICATION_COMMAND_OPTION_NAME_NOT_UNIQUE",
                "Option names must be unique",
            )
        names.add(option.get("name"))
        _check_localized(errors, where, option, names="name", chat_input=True)
        for locale, name in (option.get("name_localizations") or {}).items():
            if (locale, name) in localized:
                _put(
                    errors,
                    (*where, "name_localizations", locale),
                    "APPLICATION_COMMAND_OPTION_NAME_NOT_UNIQUE",
                    "Option names must be unique",
                )
            localized.add((locale, name))
        _length(errors, (*where, "description"), option.get("description"), 1, DESCRIPTION_MAX)
        if kind in (_SUBCOMMAND, _GROUP):
            if depth >= (1 if kind == _GROUP else 2):
                _put(
                    errors,
                    (*where, "type"),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    "Invalid nesting",
                )
            _check_options(errors, (*where, "options"), option.get("options") or [], depth + 1)
            continue
        if option.get("required"):
            if optional_seen:
                _put(
                    errors,
                    (*where, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            optional_seen = True
        _check_choices(errors, (*where, "choices"), option.get("choices"), kind)
        for bound in ("min_value", "max_value"):
            value = option.get(bound)
            if value is not None and kind in (_INTEGER, _NUMBER) and abs(value) > INT_LIMIT:
                sign = "greater" if value < 0 else "less"
                code = "NUMBER_TYPE_MIN" if value < 0 else "NUMBER_TYPE_MAX"
                edge = -INT_LIMIT if value < 0 else INT_LIMIT
                _put(
                    errors,
                    (*where, bound),
                    code,
                    f"int value should be {sign} than or equal to {edge}.",
                )
        for bound, least in (("min_length", 0), ("max_length", 1)):
            value = option.get(bound)
            if value is not None and not least <= value <= STRING_LENGTH_MAX:
                _put(
                    errors,
                    (*where, bound),
                    "NUMBER_TYPE_MAX" if value > STRING_LENGTH_MAX else "NUMBER_TYPE_MIN",
                    f"int value should be between {least} and {STRING_LENGTH_MAX}.",
                )


def _check_choices(errors: Errors, path: tuple[Any, ...], choices: Any, kind: Any) -> None:
    if not choices:
        return
    _too_many(errors, path, choices, CHOICES_MAX)
    for j, choice in enumerate(choices):
        if not isinstance(choice, Mapping):
            _put(
                errors,
                (*path, j),
                "DICT_TYPE_CONVERT",
                "Only dictionaries may be used in a DictType",
            )
            continue
        _check_choice(errors, (*path, j), choice, kind)


def _check_choice(
    errors: Errors, path: tuple[Any, ...], choice: Mapping[str, Any], kind: Any
) -> None:
    _length(errors, (*path, "name"), choice.get("name"), 1, CHOICE_NAME_MAX)
    _check_localized(errors, path, choice, names="choice", chat_input=True)
    value = choice.get("value")
    if isinstance(value, str):
        _length(errors, (*path, "value"), value, 1, CHOICE_VALUE_MAX)
    elif isinstance(value, bool) or not isinstance(value, int | float):
        _put(errors, (*path, "value"), "BASE_TYPE_REQUIRED", "This field is required")
    elif abs(value) > INT_LIMIT:
        _put(
            errors,
            (*path, "value"),
            "NUMBER_TYPE_MAX",
            f"int value should be less than or equal to {INT_LIMIT}.",
        )


def _characters(command: Mapping[str, Any]) -> int:
    """What counts towards the 4,000 characters: names, descriptions, choice names and values;
    of a localised field only its longest version (the default included) counts."""
    total = _longest(command, "name") + _longest(command, "description")
    for option in command.get("options") or []:
        if isinstance(option, Mapping):
            total += _characters(option)
            for choice in option.get("choices") or []:
                if isinstance(choice, Mapping):
                    total += _longest(choice, "name") + len(str(choice.get("value") or ""))
    return total


def _longest(item: Mapping[str, Any], field: str) -> int:
    versions = item.get(f"{field}_localizations")
    lengths = [len(str(v)) for v in versions.values()] if isinstance(versions, Mapping) else []
    return max([len(str(item.get(field) or "")), *lengths])


# ---------------------------------------------------------------------------- messages and answers


def check_message(body: Any, *, creating: bool = False, files: int = 0) -> Errors:
    """A message to create or an edit: content, embeds, components (and, creating, not empty)."""
    errors: Errors = {}
    if not isinstance(body, Mapping):
        return errors
    flags = int(body.get("flags") or 0)
    v2 = bool(flags & COMPONENTS_V2)
    _too_long(errors, ("content",), body.get("content"), CONTENT_MAX)
    embeds = body.get("embeds") or []
    if v2 and (body.get("content") or embeds):
        _put(
            errors,
            ("content" if body.get("content") else "embeds",),
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
            "The 'content' and 'embeds' fields cannot be used with IS_COMPONENTS_V2",
        )
    _check_embeds(errors, embeds)
    _check_components(errors, body.get("components") or [], v2=v2)
    if creating and not (
        body.get("content") or embeds or body.get("components") or body.get("poll") or files
    ):
        _put(errors, (), "50006", "Cannot send an empty message")
    return errors


def is_empty_message_error(errors: Errors) -> bool:
    return list(errors) == ["_errors"] and errors["_errors"][0]["code"] == "50006"


def _check_embeds(errors: Errors, embeds: Any) -> None:
    if not isinstance(embeds, list):
        return
    _too_many(errors, ("embeds",), embeds, EMBEDS_MAX)
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, Mapping):
            continue
        where = ("embeds", i)
        _too_long(errors, (*where, "title"), embed.get("title"), EMBED_TITLE_MAX)
        _too_long(errors, (*where, "description"), embed.get("description"), EMBED_DESCRIPTION_MAX)
        footer = embed.get("footer") or {}
        author = embed.get("author") or {}
        _too_long(errors, (*where, "footer", "text"), footer.get("text"), FOOTER_MAX)
        _too_long(errors, (*where, "author", "name"), author.get("name"), AUTHOR_NAME_MAX)
        fields = embed.get("fields") or []
        _too_many(errors, (*where, "fields"), fields, EMBED_FIELDS_MAX)
        for j, f in enumerate(fields):
            _length(errors, (*where, "fields", j, "name"), f.get("name"), 1, FIELD_NAME_MAX)
            _length(errors, (*where, "fields", j, "value"), f.get("value"), 1, FIELD_VALUE_MAX)
            total += len(str(f.get("name") or "")) + len(str(f.get("value") or ""))
        for text in (
            embed.get("title"),
            embed.get("description"),
            footer.get("text"),
            author.get("name"),
        ):
            total += len(text) if isinstance(text, str) else 0
    if total > EMBEDS_TOTAL_MAX:
        _put(
            errors,
            ("embeds",),
            "MESSAGE_EMBED_TOTAL_SIZE_TOO_LARGE",
            f"Embed size exceeds maximum size of {EMBEDS_TOTAL_MAX}",
        )


def _check_components(errors: Errors, rows: Any, *, v2: bool) -> None:
    if not isinstance(rows, list):
        return
    ids: set[str] = set()
    count = 0

    def visit(component: Any, where: tuple[Any, ...]) -> None:
        nonlocal count
        if not isinstance(component, Mapping):
            return
        count += 1
        kind = component.get("type")
        if "custom_id" in component or kind in (_BUTTON, *_SELECTS, _TEXT_INPUT):
            style = component.get("style")
            needs_id = not (kind == _BUTTON and style in (_LINK, _PREMIUM))
            custom_id = component.get("custom_id")
            if needs_id or custom_id is not None:
                _length(errors, (*where, "custom_id"), custom_id, 1, CUSTOM_ID_MAX)
                if isinstance(custom_id, str):
                    if custom_id in ids:
                        _put(
                            errors,
                            (*where, "custom_id"),
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            "Component custom id cannot be duplicated",
                        )
                    ids.add(custom_id)
        if kind == _BUTTON:
            _too_long(errors, (*where, "label"), component.get("label"), LABEL_MAX)
        if kind in _SELECTS:
            _too_long(
                errors, (*where, "placeholder"), component.get("placeholder"), PLACEHOLDER_MAX
            )
            options = component.get("options") or []
            _too_many(errors, (*where, "options"), options, SELECT_OPTIONS_MAX)
            for k, option in enumerate(options):
                _length(errors, (*where, "options", k, "label"), option.get("label"), 1, 100)
                _length(errors, (*where, "options", k, "value"), option.get("value"), 1, 100)
                _too_long(
                    errors, (*where, "options", k, "description"), option.get("description"), 100
                )
        children = component.get("components")
        if isinstance(children, list):
            if kind == _ACTION_ROW:
                buttons = [
                    c for c in children if isinstance(c, Mapping) and c.get("type") == _BUTTON
                ]
                if len(buttons) > BUTTONS_PER_ROW or len(children) > BUTTONS_PER_ROW:
                    _put(
                        errors,
                        (*where, "components"),
                        "BASE_TYPE_MAX_LENGTH",
                        f"Must be {BUTTONS_PER_ROW} or fewer in length.",
                    )
            for k, child in enumerate(children):
                visit(child, (*where, "components", k))
        for key in ("accessory", "component"):
            if isinstance(component.get(key), Mapping):
                visit(component[key], (*where, key))

    if not v2:
        _too_many(errors, ("components",), rows, ROWS_MAX)
    for i, row in enumerate(rows):
        visit(row, ("components", i))
    if v2 and count > COMPONENTS_V2_MAX:
        _put(
            errors,
            ("components",),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {COMPONENTS_V2_MAX} or fewer in length.",
        )


def check_autocomplete(data: Any) -> Errors:
    """An autocomplete answer (callback type 8): at most 25 choices, names and values 1-100."""
    errors: Errors = {}
    choices = (data or {}).get("choices") if isinstance(data, Mapping) else None
    if not isinstance(choices, list):
        _put(errors, ("choices",), "BASE_TYPE_REQUIRED", "This field is required")
        return errors
    _check_choices(errors, ("choices",), choices, None)
    return errors


def check_modal(data: Any) -> Errors:
    """A modal (callback type 9): title 1-45, custom_id 1-100, 1-5 top-level components."""
    errors: Errors = {}
    if not isinstance(data, Mapping):
        return errors
    _length(errors, ("title",), data.get("title"), 1, 45)
    _length(errors, ("custom_id",), data.get("custom_id"), 1, CUSTOM_ID_MAX)
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        _put(errors, ("components",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
    return errors


def check_callback(body: Any, *, files: int = 0) -> Errors:
    """An interaction response: its ``data`` checked by the response type; errors under ``data``."""
    if not isinstance(body, Mapping):
        return {}
    kind, data = body.get("type"), body.get("data")
    if kind in (4, 7):
        inner = check_message(data or {}, creating=kind == 4, files=files)
        if is_empty_message_error(inner):
            return inner
    elif kind == 8:
        inner = check_autocomplete(data)
    elif kind == 9:
        inner = check_modal(data)
    else:
        inner = {}
    return {"data": inner} if inner else {}
