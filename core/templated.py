"""Errors raised with a sentence's English template and its fields, as a :class:`core.text.Msg`
takes them: for the modules core.text imports (cards, seats), which cannot make the Msg.
``str(error)`` is the English; :func:`core.errors.error_text` the sentence for any language."""

from __future__ import annotations


class TemplatedError(ValueError):
    """A ``ValueError`` that keeps its sentence's template and fields."""

    def __init__(self, template: str, /, **params: object) -> None:
        super().__init__(template.format_map(params) if params else template)
        self.template = template
        self.params = params
