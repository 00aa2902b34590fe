"""Short summaries of the Laws the bot rules on, in our own words, for ``/law``.

They are reminders, not the Laws: each points to the official text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.errors import RuleError
from core.ruling import LAW_NUMBERS
from core.text import Msg, Text

OFFICIAL_TEXT = "https://web2.acbl.org/documentLibrary/play/Laws-of-Duplicate-Bridge.pdf"


@dataclass(frozen=True)
class LawSummary:
    number: int
    title: Text
    summary: Text
    link: str = OFFICIAL_TEXT
    edition: str = "2017"  # the edition these summaries are of (core.editions)


_SUMMARIES: dict[int, tuple[Msg, Msg]] = {
    12: (Msg("Director's discretionary powers"),
         Msg("The Director may adjust a score when the Laws give no rectification, when no normal "
             "result is possible, or when a rectification was wrongly applied. The aim is to "
             "undo damage to the innocent side and remove any gain by the offenders.")),
    16: (Msg("Authorized and unauthorized information"),
         Msg("Players may use the legal calls and plays and what the Laws authorize. Extraneous "
             "information from partner (hesitations, remarks) and from withdrawn calls or cards "
             "of one's own side is unauthorized: do not choose an action it suggests over a "
             "logical alternative.")),
    23: (Msg("Comparable call"),
         Msg("A call replacing a withdrawn one is comparable when it has the same or a similar "
             "meaning, a subset of its meanings, or the same purpose. Then the auction goes on "
             "without further rectification, but the Director may adjust if the offenders "
             "gained.")),
    24: (Msg("Card exposed or led during the auction"),
         Msg("The card stays face up until the auction ends. One low card: no further "
             "rectification. An honour, a premature lead, or two or more cards: partner must pass "
             "once. If the offender defends, the cards become penalty cards; otherwise they go "
             "back.")),
    25: (Msg("Legal and illegal changes of call"),
         Msg("An unintended call (a slip) may be replaced until partner calls, without "
             "rectification. A change of mind is not allowed unless LHO accepts it by calling; "
             "otherwise the first call stands.")),
    26: (Msg("Call withdrawn, lead restrictions"),
         Msg("If a withdrawn call was not replaced by a comparable call and the offender defends, "
             "declarer may forbid his partner's lead of one suit the offender did not name in "
             "the legal auction, at partner's first turn to lead, while partner keeps the lead.")),
    27: (Msg("Insufficient bid"),
         Msg("LHO may accept it. Otherwise: the lowest sufficient bid in the same "
             "denomination(s), or a comparable call, and no further rectification; any other "
             "replacement silences the offender's partner for the rest of the auction, with "
             "possible lead restrictions.")),
    28: (Msg("Calls considered to be in rotation"),
         Msg("A call at RHO's turn counts as in rotation when RHO had to pass; a call by the "
             "player whose turn it was, before rectification, counts in rotation and forfeits "
             "rectification.")),
    29: (Msg("Call out of rotation: procedure"),
         Msg("LHO may accept it by calling. Otherwise it is cancelled, the auction goes back to "
             "the right player, and Laws 30 to 32 apply.")),
    30: (Msg("Pass out of rotation"),
         Msg("At RHO's turn: the offender must pass at his next turn. At partner's turn (or "
             "LHO's, before the offender has called): any call later, but partner must pass once "
             "unless the offender's call is comparable.")),
    31: (Msg("Bid out of rotation"),
         Msg("At RHO's turn: if RHO passes the offender repeats his bid without rectification; "
             "otherwise a non-comparable call makes partner pass once. At partner's or LHO's "
             "turn: the same comparable-call test at the offender's turn.")),
    32: (Msg("Double or redouble out of rotation"),
         Msg("Treated like a bid out of rotation; an inadmissible double or redouble can never be "
             "accepted.")),
    41: (Msg("Opening lead"),
         Msg("After the auction the defender on declarer's left leads face down (unless the "
             "Regulating Authority wants face-up leads); a face-down card goes back if the lead "
             "was out of turn.")),
    44: (Msg("Sequence and procedure of play"),
         Msg("Each player follows suit if he can; unable to follow he may play any card. The "
             "winner of a trick leads to the next.")),
    45: (Msg("Card played"),
         Msg("When a card counts as played: a defender's held where partner could see it, "
             "declarer's face up near the table, dummy's when declarer names or touches it.")),
    46: (Msg("Incomplete or erroneous call of a card from dummy"),
         Msg("Declarer should name both suit and rank. When he does not, the Director "
             "applies declarer's intention if it is beyond doubt; otherwise 'high' is "
             "dummy's highest card of the suit led, 'low' its lowest, 'win' the lowest card "
             "known to win the trick, a suit alone the lowest card of that suit, a rank "
             "alone that rank in the suit led (or, dummy leading, in the suit with which "
             "dummy won the last trick); a card dummy does not hold is no play, and 'play "
             "anything' lets either defender name the card.")),
    47: (Msg("Retraction of a card played"),
         Msg("A played card may be taken back only to correct an illegal play, after an "
             "opponent's change of play, after misinformation that it was the player's turn, or "
             "as the Laws direct.")),
    48: (Msg("Exposure of declarer's cards"),
         Msg("Declarer's and dummy's cards never become penalty cards; facing his hand may be "
             "treated as a claim.")),
    49: (Msg("Exposure of a defender's cards"),
         Msg("A defender's card held where partner could see its face, or named as being in his "
             "hand, becomes a penalty card.")),
    50: (Msg("Disposition of a penalty card"),
         Msg("A single low card exposed by accident is a minor penalty card: no other low card of "
             "that suit before it. An honour, a card played deliberately, or two or more cards "
             "are major: played at the first legal opportunity, and declarer gets lead options "
             "when partner is to lead (require or forbid the suit, or leave it).")),
    51: (Msg("Two or more penalty cards"),
         Msg("Declarer says which to play when several could be; with partner on lead declarer's "
             "options apply suit by suit.")),
    52: (Msg("Failure to lead or play a penalty card"),
         Msg("Declarer may accept the card played (and must, once he has played since) or require "
             "the penalty card; then the wrong card becomes a major penalty card too.")),
    53: (Msg("Lead out of turn accepted"),
         Msg("Before trick 13 a lead out of turn can be accepted in words or by the next hand "
             "playing to it; at trick 13 it must be retracted.")),
    54: (Msg("Faced opening lead out of turn"),
         Msg("Declarer may accept it (and play second from his hand), spread his hand and become "
             "dummy, or refuse it: the card becomes a major penalty card with the 50D lead "
             "options. If he could have seen dummy he must accept.")),
    55: (Msg("Declarer's lead out of turn"),
         Msg("The defenders may accept it or require it back; declarer then leads from the right "
             "hand. Declarer's cards never become penalty cards.")),
    56: (Msg("Defender's lead out of turn"),
         Msg("Declarer may accept it; otherwise the card is a major penalty card and Law 50D "
             "applies.")),
    57: (Msg("Premature lead or play"),
         Msg("A defender who plays before his partner: the card is a major penalty card and "
             "declarer tells partner to play his highest or lowest of the suit led, or a named "
             "other suit, or not a named other suit. No rectification when declarer has played "
             "from both hands. One who plays (not leads) after his partner, at his right-hand "
             "opponent's turn: a card he may legally play to the trick is played at his turn, "
             "any other is a major penalty card (57D).")),
    58: (Msg("Simultaneous leads or plays"),
         Msg("A card played at the same moment as another player's legal card counts as played "
             "after it. Two or more cards from one hand: if only one face was seen, that card is "
             "played and the others go back; if more were seen, he names the card he plays and a "
             "defender's other cards seen become penalty cards. Found only after both sides have "
             "played to the next trick: Law 67.")),
    59: (Msg("Inability to lead or play as required"),
         Msg("A player who cannot comply with a required lead or play may play any otherwise "
             "legal card.")),
    60: (Msg("Play after an illegal play"),
         Msg("Playing after an opponent's irregular lead or play, before rectification, accepts "
             "it; earlier obligations stand.")),
    61: (Msg("Failure to follow suit: inquiries"),
         Msg("A revoke is failing to follow suit when able, or to play a card the Laws or an "
             "opponent's rectification require. Who may ask about a possible revoke.")),
    62: (Msg("Correction of a revoke"),
         Msg("Before it is established a revoke must be corrected: a defender's revoke card "
             "becomes a major penalty card, declarer's goes back. At trick 12 it is corrected "
             "even when established.")),
    63: (Msg("Establishment of a revoke"),
         Msg("A revoke is established when the offender or his partner plays to the next trick, "
             "or his side claims or concedes.")),
    64: (Msg("Procedure after an established revoke"),
         Msg("One trick is transferred if the offending side won the revoke trick or a later "
             "trick; two when the offender himself won the revoke trick and his side won another. "
             "No automatic transfer in the cases 64B lists; the Director restores equity when "
             "the transfer is not enough.")),
    67: (Msg("Defective trick"),
         Msg("A trick with too few or too many cards: a player who omitted a card adds one (and "
             "may be treated as having revoked, losing a trick); an extra card goes back, and a "
             "defender's may become a penalty card.")),
    68: (Msg("Claim or concession"),
         Msg("A statement that a side will win, or lose, some of the remaining tricks (or facing "
             "the hand to show it) is a claim or a concession. It should come with a clear line "
             "of play; play stops, and if anyone disputes it the Director is called.")),
    69: (Msg("Agreed claim or concession"),
         Msg("A claim stands once the opponents agree or do not object in time. A trick conceded "
             "that could not have been lost by any normal play can still be given back within the "
             "correction period.")),
    70: (Msg("Contested claim or concession"),
         Msg("The Director has the claimer repeat his statement, hears the objections and rules "
             "as fairly as he can, every doubtful point against the claimer: an outstanding trump "
             "he overlooked, or a line he did not state, can cost him a trick.")),
    72: (Msg("General principles"),
         Msg("Players should not break a law on purpose; if an offender could have known his "
             "irregularity might help his side, the Director adjusts the score.")),
}


def law_summary(number: int | str) -> LawSummary:
    """The summary of one law; a reference like ``50D2(a)`` gives Law 50."""
    text = str(number).strip()
    match = re.match(r"^(?:law\s*)?(\d{1,3})", text, re.IGNORECASE)
    if not match:
        raise RuleError(Msg("{text} is not a law number (try 50, or 64A2)", text=repr(text[:20])))
    n = int(match.group(1))
    if n not in _SUMMARIES:
        if n in LAW_NUMBERS:
            raise RuleError(Msg("Law {n} is outside what this bot rules on; see {link}", n=n,
                                link=OFFICIAL_TEXT))
        raise RuleError(Msg("there is no Law {n}: the Laws run from 1 to 93", n=n))
    title, summary = _SUMMARIES[n]
    return LawSummary(n, title, summary)


def known_laws() -> list[LawSummary]:
    return [law_summary(n) for n in sorted(_SUMMARIES)]
