""""Must I play it now?": what a seat may lead or play, given the stored state.

With the seat's hand the answer is the exact set of legal cards (and it is private: it reveals
the hand). Without it the answer is the obligation in words, from public facts only.

Order of precedence, as the Laws give it: following suit comes first (44C); then a play
restriction chosen by declarer (57A highest/lowest; a lead or another-suit requirement or
prohibition, which binds a follower only when he cannot follow suit); a player unable to comply
may play any otherwise legal card (59); then a major penalty card must be played at the first
legal opportunity (50D1, declarer designating among several, 51A); and a minor penalty card
bars the other low cards of its suit (50C).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.cards import Card, CardError, Hand, Suit, cards_text
from core.errors import RuleError
from core.laws.waits import QUESTIONS, recorded_wait
from core.ruling import Ruling
from core.seats import Seat
from core.state import (
    CHOOSER_WORDS,
    Chooser,
    Lasts,
    PenaltyKind,
    PendingChoice,
    Restriction,
    RestrictionKind,
    TableState,
)


@dataclass
class _Reasoning:
    allowed: set[Card]
    laws: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    designates: bool = False

    def cite(self, law: str, step: str) -> None:
        if law not in self.laws:
            self.laws.append(law)
        self.steps.append(step)


#: Restrictions that bind a player who can follow suit (the others only when he cannot).
_BIND_FOLLOWER = (RestrictionKind.HIGHEST, RestrictionKind.LOWEST, RestrictionKind.CARD)


def binds(r: Restriction, *, leading: bool) -> bool:
    """Whether ``r`` applies to a lead (``leading``) or to a play to a trick: a lead requirement
    or prohibition (50D2, 51B, 26B) binds only leads, never following suit or discarding; only a
    57A/57D instruction binds a play to the trick."""
    return (r.lasts is not Lasts.THIS_PLAY) == leading


def _full_hand(state: TableState, seat: Seat, hand: Hand) -> Hand:
    """The seat's cards: the hand typed plus his own penalty cards, which are still his."""
    for p in state.penalty_cards:
        if p.seat is not seat and p.card in hand:
            raise RuleError(f"the {p.card.symbol} is {p.seat.value}'s penalty card, not "
                            f"{seat.value}'s")
    own = [p.card for p in state.penalty_cards_of(seat)]
    missing = [c for c in own if c not in hand]
    if missing and len(hand) >= 13:
        raise RuleError(f"that hand has 13 cards but not {seat.value}'s penalty card "
                        f"{cards_text(missing)}, which is still one of his cards: give his hand "
                        "with it, or leave the penalty cards out")
    full = Hand(hand | set(own))
    if len(full) > 13:
        raise RuleError("that hand and the penalty cards together are more than 13 cards")
    return full


def _apply_restriction(r: Restriction, hand: Hand, why: _Reasoning, following: bool) -> None:
    if r.kind is RestrictionKind.CARD:
        if r.card in why.allowed:
            why.allowed = {r.card}
            why.cite(r.origin, f"He must play the {r.card.symbol} he tried to play early "
                     f"({r.origin}).")
        return
    if r.kind in (RestrictionKind.HIGHEST, RestrictionKind.LOWEST):
        if not following:
            why.cite("57B", f"Playing his {r.kind.value} card of the suit led binds only when "
                     "he can follow suit; he cannot, so it lapses (57B, 59).")
            return
        pick = max if r.kind is RestrictionKind.HIGHEST else min
        card = pick(why.allowed, key=lambda c: c.rank)
        why.allowed = {card}
        why.cite(r.origin, f"Declarer chose '{r.kind.value}': he must play the {card.symbol} "
                 f"({r.origin}).")
        return
    suit = r.suit
    assert suit is not None
    in_suit = {c for c in why.allowed if c.suit is suit}
    verb = "play" if following or r.lasts is Lasts.THIS_PLAY else "lead"
    if r.kind is RestrictionKind.REQUIRE:
        if in_suit:
            why.allowed = in_suit
            why.cite(r.origin, f"He must {verb} a {suit.singular} {r.until()} ({r.origin}).")
        else:
            why.cite("59", f"He has no {suit.singular}, so he may play any card (59).")
    else:
        rest = why.allowed - in_suit
        if rest:
            why.allowed = rest
            why.cite(r.origin, f"He may not {verb} a {suit.singular} {r.until()} "
                     f"({r.origin}).")
        else:
            why.cite("59", f"He has only {suit.plural} left, so he may play one (59).")


def legal_cards(
    state: TableState, seat: Seat, hand: Hand, led: Suit | None
) -> tuple[list[Card], bool, list[str], list[str]]:
    """The exact legal cards for ``seat`` now; whether declarer designates; laws; steps."""
    hand = _full_hand(state, seat, hand)
    if not hand:
        raise RuleError("that hand has no cards")
    following = led is not None and hand.has_suit(led)
    why = _Reasoning(set(hand))
    if following:
        assert led is not None
        why.allowed = {c for c in hand if c.suit is led}
        why.cite("44C", f"He must follow suit with a {led.singular} (44C).")
    for r in state.restrictions_on(seat):
        if not binds(r, leading=led is None):
            continue  # a lead restriction never binds a play to a trick, nor 57A a lead
        if r.kind in _BIND_FOLLOWER or not following:
            _apply_restriction(r, hand, why, following)
    penalties = state.penalty_cards_of(seat)
    majors = [p.card for p in penalties if p.kind is PenaltyKind.MAJOR]
    playable = [c for c in majors if c in why.allowed]
    if playable:
        why.allowed = set(playable)
        if len(playable) > 1:
            why.designates = True
            why.cite("51A", f"He must play one of his penalty cards {cards_text(playable)}; "
                     "declarer says which (50D1, 51A).")
            why.laws.insert(0, "50D1")
        else:
            why.cite("50D1", f"He must play the penalty card {playable[0].symbol} now: this is "
                     "its first legal opportunity (50D1).")
    elif majors:
        why.cite("50D1", f"His penalty card{'s' if len(majors) > 1 else ''} "
                 f"{cards_text(majors)} cannot be played now: following suit and declarer's "
                 "restrictions come first, and the card stays on the table (50D1(b)).")
    for minor in (p.card for p in penalties if p.kind is PenaltyKind.MINOR):
        barred = {c for c in why.allowed
                  if c.suit is minor.suit and not c.is_honour and c != minor}
        if barred and minor in why.allowed:
            why.allowed -= barred
            why.cite("50C", f"With the {minor.symbol} a minor penalty card, he may not play "
                     f"another {minor.suit.singular} below honour rank ({cards_text(barred)}); "
                     "an honour is allowed (50C).")
    return sorted(why.allowed), why.designates, why.laws, why.steps


def option_words(token: str) -> str:
    """An option token in words for players (``forbid:S`` → "forbid spades")."""
    verb, _, rest = token.partition(":")
    try:
        suits = [Suit.parse(letter) for letter in rest]
    except CardError:
        suits = []
    if suits and verb in ("require", "forbid"):
        if verb == "require":
            return " or ".join(f"require a {suit.singular}" for suit in suits)
        return "forbid " + " and ".join(suit.plural for suit in suits)  # 51B2(b): several
    return {"any": "no restriction", "highest": "his highest card",
            "lowest": "his lowest card"}.get(token, token.replace("_", " ").replace(":", " "))


def must_play(
    state: TableState, seat: Seat, hand: Hand | None = None, led: Suit | None = None
) -> Ruling:
    """Answer "must I play it now?" for ``seat`` about to lead (``led`` None) or follow, over
    the choices recorded so far (:func:`core.view.must_play` adds the ones that are due)."""
    pending = recorded_wait(state, seat, leading=led is None)
    if pending is not None:
        return pending_ruling(pending, seat, leading=led is None)
    return obligation(state, seat, hand, led)


def waiting_ruling(seat: Seat, leading: bool, *, law: str, chooser: Chooser,
                   options: tuple[str, ...], question: str = "",
                   kind: str = "must_play") -> Ruling:
    """"Wait": the answer while a choice or a question holds ``seat`` up (the choice stays)."""
    act = "lead" if leading else "play"
    if question:
        return Ruling(
            kind=kind,
            summary=f"Wait: {question[0].lower()}{question[1:]}",
            laws=(),
            steps=("A lead restriction lasts only while its player keeps the lead, or for one "
                   "lead (50D2(a), 51B, 26B); the bot will not guess whether it still binds: "
                   "declarer or dummy (or a director) answers with the buttons.",),
            outcome={"legal": [], "declarer_designates": False, "waiting": True},
        )
    who = CHOOSER_WORDS.get(chooser, "the non-offending side")
    return Ruling(
        kind=kind,
        summary=f"Wait: {seat.value} may not {act} until {who} has chosen (Law {law}); "
        "the choice stays open.",
        laws=(law,),
        steps=(f"The options: {'; '.join(option_words(o) for o in options)}.",),
        outcome={"legal": [], "declarer_designates": False, "waiting": True},
    )


def pending_ruling(pending: PendingChoice, seat: Seat, *, leading: bool,
                   kind: str = "must_play") -> Ruling:
    """"Wait" while the recorded ``pending`` choice (or question) holds ``seat`` up."""
    return waiting_ruling(seat, leading, law=pending.law, chooser=Chooser(pending.chooser),
                          options=pending.options,
                          question=pending.note if pending.chooser in QUESTIONS else "",
                          kind=kind)




def obligation(
    state: TableState, seat: Seat, hand: Hand | None = None, led: Suit | None = None
) -> Ruling:
    """What binds ``seat``'s lead or play once every choice about it is made."""
    if hand is None:
        return _in_words(state, seat, led)
    cards, designates, laws, steps = legal_cards(state, seat, hand, led)
    if len(cards) == 1:
        summary = f"{seat.value} must {'lead' if led is None else 'play'} the {cards[0].symbol}."
    elif designates:
        summary = f"{seat.value} must play one of {cards_text(cards)}; declarer chooses which."
    elif steps:
        summary = f"{seat.value} may {'lead' if led is None else 'play'} {cards_text(cards)}."
    else:
        summary = f"{seat.value} may {'lead' if led is None else 'play'} any card: nothing binds."
    return Ruling(
        kind="must_play",
        summary=summary,
        laws=tuple(laws),
        steps=tuple(steps),
        private=True,
        outcome={"legal": [c.text for c in cards], "declarer_designates": designates},
    )


def _yours(text: str) -> str:
    """A restriction's ending said to its player (``his side`` → ``your side``)."""
    return text.replace("his side", "your side").replace("his lead", "your lead").replace(
        "his next lead", "your next lead")


def _in_words(state: TableState, seat: Seat, led: Suit | None) -> Ruling:
    """The obligation in words, from public facts only (penalty cards and restrictions)."""
    lines: list[str] = []
    laws: list[str] = []
    following = led is not None
    if following:
        assert led is not None
        lines.append(f"If you hold a {led.singular} you must follow suit (44C).")
        laws.append("44C")
    for r in state.restrictions_on(seat):
        if not binds(r, leading=not following):
            if following:
                lines.append(f"{r.describe()}: a lead restriction, so it does not bind this "
                             "play; a player void in the suit led may discard any suit.")
            else:
                lines.append(f"{r.describe()}: it binds a play to the trick, not a lead.")
            continue
        if r.kind is RestrictionKind.CARD and r.card is not None:
            lines.append(f"You must play the {r.card.symbol} now: you tried to play it before "
                         f"your turn ({r.origin}).")
        elif r.kind in (RestrictionKind.HIGHEST, RestrictionKind.LOWEST):
            lines.append(f"Declarer chose '{r.kind.value}': play your {r.kind.value} "
                         f"{led.singular if led else 'card of the suit led'} {r.until()} "
                         f"({r.origin}); if you cannot follow suit, any card (59).")
        elif r.suit is not None:
            verb = "must" if r.kind is RestrictionKind.REQUIRE else "may not"
            when = "If you cannot follow suit, you" if following else "You"
            lines.append(f"{when} {verb} {'lead' if not following else 'play'} a "
                         f"{r.suit.singular} {_yours(str(r.until()))} ({r.origin}); if you cannot "
                         "comply, any card (59).")
        laws.append(r.origin)
    penalties = state.penalty_cards_of(seat)
    majors = [p.card for p in penalties if p.kind is PenaltyKind.MAJOR]
    minors = [p.card for p in penalties if p.kind is PenaltyKind.MINOR]
    if majors:
        laws.append("50D1")
        if following:
            assert led is not None
            same = [c for c in majors if c.suit is led]
            if same:
                names = " or ".join(c.symbol for c in same)
                lines.append(f"Your penalty card {names} is a {led.singular}: you must play it "
                             "now" + (" (declarer says which)" if len(same) > 1 else "") + ".")
            else:
                lines.append(f"If you have no {led.singular}, you must play a penalty card "
                             f"({cards_text(majors)}) unless a restriction forbids it (50D1)."
                             + (" Declarer says which (51A)." if len(majors) > 1 else ""))
        else:
            lines.append(f"You must lead a penalty card ({cards_text(majors)}) unless a lead "
                         "restriction stops you (50D1)."
                         + (" Declarer says which (51A)." if len(majors) > 1 else ""))
            if len(majors) > 1:
                laws.append("51A")
    for m in minors:
        laws.append("50C")
        lines.append(f"A low {m.suit.singular} must be the {m.symbol}; you may play a "
                     f"{m.suit.singular} honour (A K Q J 10) instead, and any other suit (50C).")
    if not lines[following:]:
        lines.append("Nothing else binds you: play as the ordinary rules allow.")
    return Ruling(
        kind="must_play",
        summary=lines[0],
        laws=tuple(dict.fromkeys(laws)),
        steps=tuple(lines[1:]),
        outcome={"declarer_designates": len(majors) > 1},
    )
