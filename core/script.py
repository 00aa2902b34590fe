"""The director's script (the "spiel"): a ruling as the director says it at the table, in
plain words and in order — what happened, the options and who chooses, what each choice
leads to, and who may know what afterwards (Laws 16, 50E).

What each choice leads to is not written separately: the engine is asked, by applying the
choice to the state the ruling left, so the script can never disagree with the ruling the
bot will give when the button is pressed.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.editions import edition_title
from core.engine import ChoiceMade, apply
from core.errors import USER_ERRORS
from core.ruling import Ruling
from core.state import Chooser, TableState

NO_INFORMATION_RULE = (
    "Nothing special about information here: only the legal calls and plays are authorized "
    "(Law 16)."
)


@dataclass(frozen=True)
class Script:
    """The script in sections (title, lines), in the order the director reads them."""

    sections: tuple[tuple[str, tuple[str, ...]], ...]

    def text(self) -> str:
        """The whole script as plain text, one numbered section after another."""
        out: list[str] = []
        for n, (title, lines) in enumerate(self.sections, 1):
            out.append(f"{n}. {title}")
            out.extend(f"   {line}" for line in lines)
        return "\n".join(out)


def build_script(
    ruling: Ruling, state: TableState | None = None, *, edition: str = "2017"
) -> Script:
    """The script of ``ruling``; ``state`` is the board's state right after it (for what each
    choice leads to)."""
    happened = [_sentence(ruling.summary), *(_sentence(s) for s in ruling.steps)]
    sections: list[tuple[str, tuple[str, ...]]] = [("What happened", tuple(happened))]
    if ruling.options:
        chooser = _chooser(ruling)
        lines = [f"{chooser} now chooses one of these:"]
        for option in ruling.options:
            outcome = _outcome(ruling, state, option.token)
            line = f"• {_sentence(option.label)}"
            if outcome:
                line += f" Then: {outcome}"
            lines.append(line)
        sections.append(("The choice", tuple(lines)))
    else:
        sections.append(("The choice", ("There is nothing to choose: play goes on.",)))
    sections.append(("Who may know what", (_sentence(ruling.information or NO_INFORMATION_RULE),)))
    closing = []
    if ruling.judgement:
        closing.append(_sentence(ruling.judgement))
    closing.append(
        "If you think this ruling is wrong, you may ask me to look again, or appeal it."
    )
    laws = ", ".join(dict.fromkeys(ruling.laws))
    if laws:
        closing.append(f"Laws: {laws} ({edition_title(edition)}).")
    sections.append(("Afterwards", tuple(closing)))
    return Script(tuple(sections))


def _chooser(ruling: Ruling) -> str:
    return {Chooser.DECLARER: "Declarer", Chooser.DEFENDERS: "The defenders"}.get(
        ruling.chooser, "The non-offending side"
    )


def _outcome(ruling: Ruling, state: TableState | None, token: str) -> str:
    """What the engine rules when ``token`` is chosen ("" when no choice waits in ``state``)."""
    if state is None:
        return ""
    for pending in state.pending:
        if token in pending.options and set(ruling.option_tokens) & set(pending.options):
            try:
                result, _ = apply(state, ChoiceMade(pending.seat, token))
            except USER_ERRORS:
                return ""
            said = _sentence(result.summary)
            if result.information and result.information != ruling.information:
                said += " " + _sentence(result.information)  # what changes for information
            return said
    return ""


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?:)" else text + "."
