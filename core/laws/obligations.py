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
from core.laws.waits import (
    LEAD_CHOICE_LAWS,
    chooser_of,
    claim_revoke_words,
    claimed_by,
    held_lead_words,
    holds_report,
    question_asked,
    recorded_wait,
    stopped_words,
)
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
from core.text import Msg, Text


@dataclass
class _Reasoning:
    allowed: set[Card]
    laws: list[str] = field(default_factory=list)
    steps: list[Text] = field(default_factory=list)
    designates: bool = False

    def cite(self, law: str, step: Text) -> None:
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
            raise RuleError(Msg("the {card.symbol} is {owner.value}'s penalty card, not "
                                "{seat.value}'s", card=p.card, owner=p.seat, seat=seat))
    own = [p.card for p in state.penalty_cards_of(seat)]
    missing = [c for c in own if c not in hand]
    if missing and len(hand) >= 13:
        raise RuleError(Msg("that hand has 13 cards but not {seat.value}'s penalty card {cards}, "
                            "which is still one of his cards: give his hand with it, or leave "
                            "the penalty cards out", seat=seat, cards=cards_text(missing)))
    full = Hand(hand | set(own))
    if len(full) > 13:
        raise RuleError(Msg("that hand and the penalty cards together are more than 13 cards"))
    return full


def _apply_restriction(r: Restriction, hand: Hand, why: _Reasoning, following: bool) -> None:
    if r.kind is RestrictionKind.CARD:
        if r.card in why.allowed:
            why.allowed = {r.card}
            why.cite(r.origin, Msg("He must play the {card.symbol} he tried to play early "
                                   "({law}).", card=r.card, law=r.origin))
        return
    if r.kind in (RestrictionKind.HIGHEST, RestrictionKind.LOWEST):
        highest = r.kind is RestrictionKind.HIGHEST
        if not following:
            why.cite("57B", Msg("Playing his highest card of the suit led binds only when he can "
                                "follow suit; he cannot, so it lapses (57B, 59).") if highest else
                     Msg("Playing his lowest card of the suit led binds only when he can "
                         "follow suit; he cannot, so it lapses (57B, 59)."))
            return
        pick = max if highest else min
        card = pick(why.allowed, key=lambda c: c.rank)
        why.allowed = {card}
        why.cite(r.origin, Msg("Declarer chose 'highest': he must play the {card.symbol} "
                               "({law}).", card=card, law=r.origin) if highest else
                 Msg("Declarer chose 'lowest': he must play the {card.symbol} ({law}).",
                     card=card, law=r.origin))
        return
    suit = r.suit
    assert suit is not None
    in_suit = {c for c in why.allowed if c.suit is suit}
    play = following or r.lasts is Lasts.THIS_PLAY
    if r.kind is RestrictionKind.REQUIRE:
        if in_suit:
            why.allowed = in_suit
            why.cite(r.origin, Msg("He must play a {suit.singular} {until} ({law}).", suit=suit,
                                   until=r.until(), law=r.origin) if play else
                     Msg("He must lead a {suit.singular} {until} ({law}).", suit=suit,
                         until=r.until(), law=r.origin))
        else:
            why.cite("59", Msg("He has no {suit.singular}, so he may play any card (59).",
                               suit=suit))
    else:
        rest = why.allowed - in_suit
        if rest:
            why.allowed = rest
            why.cite(r.origin, Msg("He may not play a {suit.singular} {until} ({law}).",
                                   suit=suit, until=r.until(), law=r.origin) if play else
                     Msg("He may not lead a {suit.singular} {until} ({law}).", suit=suit,
                         until=r.until(), law=r.origin))
        else:
            why.cite("59", Msg("He has only {suit.plural} left, so he may play one (59).",
                               suit=suit))


def legal_cards(
    state: TableState, seat: Seat, hand: Hand, led: Suit | None
) -> tuple[list[Card], bool, list[str], list[Text]]:
    """The exact legal cards for ``seat`` now; whether declarer designates; laws; steps."""
    hand = _full_hand(state, seat, hand)
    if not hand:
        raise RuleError(Msg("that hand has no cards"))
    following = led is not None and hand.has_suit(led)
    why = _Reasoning(set(hand))
    if following:
        assert led is not None
        why.allowed = {c for c in hand if c.suit is led}
        why.cite("44C", Msg("He must follow suit with a {suit.singular} (44C).", suit=led))
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
            why.cite("51A", Msg("He must play one of his penalty cards {cards}; declarer says "
                                "which (50D1, 51A).", cards=cards_text(playable)))
            why.laws.insert(0, "50D1")
        else:
            why.cite("50D1", Msg("He must play the penalty card {card.symbol} now: this is its "
                                 "first legal opportunity (50D1).", card=playable[0]))
    elif majors:
        why.cite("50D1", Msg("His penalty card {cards} cannot be played now: following suit and "
                             "declarer's restrictions come first, and the card stays on the "
                             "table (50D1(b)).", cards=cards_text(majors)) if len(majors) == 1
                 else Msg("His penalty cards {cards} cannot be played now: following suit and "
                          "declarer's restrictions come first, and the card stays on the table "
                          "(50D1(b)).", cards=cards_text(majors)))
    for minor in (p.card for p in penalties if p.kind is PenaltyKind.MINOR):
        barred = {c for c in why.allowed
                  if c.suit is minor.suit and not c.is_honour and c != minor}
        if barred and minor in why.allowed:
            why.allowed -= barred
            why.cite("50C", Msg("With the {card.symbol} a minor penalty card, he may not play "
                                "another {suit.singular} below honour rank ({cards}); an honour "
                                "is allowed (50C).", card=minor, suit=minor.suit,
                                cards=cards_text(barred)))
    return sorted(why.allowed), why.designates, why.laws, why.steps


def _either(parts: list[Text]) -> Text:
    """Alternatives said one after another: "a or b or c"."""
    said = parts[0]
    for part in parts[1:]:
        said = Msg("{either} or {other}", either=said, other=part)
    return said


def _token_words(token: str) -> Text:
    """A plain option token in words (the tokens :func:`option_words` knows by name)."""
    if token == "any":
        return Msg("no restriction")
    if token == "highest":
        return Msg("his highest card")
    if token == "lowest":
        return Msg("his lowest card")
    if token == "accept":
        return Msg("accept")
    if token == "reject":
        return Msg("reject")
    if token == "decline":
        return Msg("decline")
    if token == "become_dummy":
        return Msg("become dummy")
    if token == "comparable":
        return Msg("comparable")
    if token == "not_comparable":
        return Msg("not comparable")
    if token == "kept":
        return Msg("kept")
    if token == "lost":
        return Msg("lost")
    return token.replace("_", " ").replace(":", " ")


def option_words(token: str) -> Text:
    """An option token in words for players (``forbid:S`` → "forbid spades")."""
    verb, _, rest = token.partition(":")
    try:
        suits = [Suit.parse(letter) for letter in rest]
    except CardError:
        suits = []
    if suits and verb in ("require", "forbid"):
        if verb == "require":
            return _either([Msg("require a {suit.singular}", suit=suit) for suit in suits])
        said = Msg("forbid {suit.plural}", suit=suits[0])
        for suit in suits[1:]:  # 51B2(b): several suits at once
            said = Msg("{forbidden} and {suit.plural}", forbidden=said, suit=suit)
        return said
    return _token_words(token)


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
                   options: tuple[str, ...], question: Text = "",
                   kind: str = "must_play", prevails: Seat | None = None) -> Ruling:
    """"Wait": the answer while a choice or a question holds ``seat`` up (the choice stays);
    ``prevails``: the defender whose choice stands if the defenders disagree (55A)."""
    if question:
        asked = question if isinstance(question, Msg) else question[0].lower() + question[1:]
        return Ruling(
            kind=kind,
            summary=Msg("Wait: {question}", question=asked),
            laws=(),
            steps=(Msg("A lead restriction lasts only while its player keeps the lead, or for "
                       "one lead (50D2(a), 51B, 26B); the bot will not guess whether it still "
                       "binds: declarer or dummy (or a director) answers with the buttons."),),
            outcome={"legal": [], "declarer_designates": False, "waiting": True},
        )
    disagree: tuple[Text, ...] = () if prevails is None else (
        Msg("If the defenders disagree, {seat.value}'s choice stands (55A).", seat=prevails),)
    return Ruling(
        kind=kind,
        summary=_wait_for(seat, leading, chooser, law),
        laws=(law,),
        steps=(*disagree, Msg("The options: {options}.",
                              options=Msg.join("; ", [option_words(o) for o in options]))),
        outcome={"legal": [], "declarer_designates": False, "waiting": True},
    )


def _wait_for(seat: Seat, leading: bool, chooser: Chooser, law: str) -> Msg:
    """"Wait until ... has chosen", one sentence for each who (the words of CHOOSER_WORDS)."""
    if leading:
        if chooser is Chooser.DECLARER:
            return Msg("Wait: {seat.value} may not lead until declarer has chosen (Law {law}); "
                       "the choice stays open.", seat=seat, law=law)
        if chooser is Chooser.DEFENDERS:
            return Msg("Wait: {seat.value} may not lead until the defenders have chosen (Law "
                       "{law}); the choice stays open.", seat=seat, law=law)
        if chooser is Chooser.DIRECTOR:
            return Msg("Wait: {seat.value} may not lead until the director has chosen (Law "
                       "{law}); the choice stays open.", seat=seat, law=law)
        return Msg("Wait: {seat.value} may not lead until {who} has chosen (Law {law}); the "
                   "choice stays open.", seat=seat, who=_who(chooser), law=law)
    if chooser is Chooser.DECLARER:
        return Msg("Wait: {seat.value} may not play until declarer has chosen (Law {law}); the "
                   "choice stays open.", seat=seat, law=law)
    if chooser is Chooser.DEFENDERS:
        return Msg("Wait: {seat.value} may not play until the defenders have chosen (Law "
                   "{law}); the choice stays open.", seat=seat, law=law)
    if chooser is Chooser.DIRECTOR:
        return Msg("Wait: {seat.value} may not play until the director has chosen (Law {law}); "
                   "the choice stays open.", seat=seat, law=law)
    return Msg("Wait: {seat.value} may not play until {who} has chosen (Law {law}); the choice "
               "stays open.", seat=seat, who=_who(chooser), law=law)


def _who(chooser: Chooser) -> Text:
    """Who chooses, in words (as CHOOSER_WORDS says it), for the rarer choosers."""
    if chooser is Chooser.LHO:
        return Msg("the offender's left-hand opponent")
    if chooser is Chooser.PLAYERS:
        return Msg("the table")
    if chooser is Chooser.DECLARER_SIDE:
        return Msg("declarer or dummy")
    return CHOOSER_WORDS.get(chooser, Msg("the non-offending side"))


def pending_ruling(pending: PendingChoice, seat: Seat, *, leading: bool,
                   kind: str = "must_play") -> Ruling:
    """"Wait" while the recorded ``pending`` choice (or question) holds ``seat`` up; or, for
    a lead, while declarer's lead options wait for another player, who is on lead."""
    if pending.seat is not seat and pending.law in LEAD_CHOICE_LAWS:
        return held_lead_ruling(pending.seat, pending.law, seat, kind=kind)
    chooser, prevails = chooser_of(pending)
    return waiting_ruling(seat, leading, law=pending.law, chooser=chooser,
                          options=pending.options,
                          question=question_asked(pending),
                          kind=kind, prevails=prevails)




def lead_waits(state: TableState, leader: Seat, trick: int | None = None) -> Ruling | None:
    """The answer to "``leader`` is on lead" (to ``trick``, if said) that records nothing: play
    has stopped after a claim (68D), or a recorded choice holds that lead up
    (:func:`core.laws.waits.holds_report`). None when the report may be recorded. The engine
    (``PartnerLead``) and ``/lead`` before it records both ask this."""
    claimer = claimed_by(state)
    if claimer is not None:
        return stopped_ruling(claimer, kind="partner_lead")
    held = holds_report(state, leader, trick)
    if held is None:
        return None
    return pending_ruling(held, leader, leading=True, kind="partner_lead")


def stopped_ruling(claimer: Seat, *, kind: str = "must_play") -> Ruling:
    """"Play has stopped" after a claim or concession (68D), for any lead or play."""
    return Ruling(
        kind=kind,
        summary=stopped_words(claimer),
        laws=("68D", "68D2(b)", "63A3", "63A4"),
        steps=(Msg("Agreed, the claim stands (69A); disputed, the director rules (70). If the "
                   "non-claiming side asks to play on and all four agree, the claim is void and "
                   "play goes on (68D2(b)): record it with /{cmd[claim play-on]}."),
               claim_revoke_words(claimer)),
        outcome={"legal": [], "declarer_designates": False, "waiting": True},
    )


def held_lead_ruling(leader: Seat, law: str, seat: Seat, *, kind: str = "must_play") -> Ruling:
    """"Wait" for ``seat`` while declarer's lead options wait for ``leader``, who is on lead to
    the trick (:func:`core.laws.waits.lead_held_for`)."""
    return Ruling(
        kind=kind,
        summary=held_lead_words(leader, law),
        laws=(law,),
        steps=(Msg("If the play has moved on, give the trick ({seat.value} on lead to a later "
                   "trick): declarer's choice for that lead is then over.", seat=seat),),
        outcome={"legal": [], "declarer_designates": False, "waiting": True},
    )


def obligation(
    state: TableState, seat: Seat, hand: Hand | None = None, led: Suit | None = None
) -> Ruling:
    """What binds ``seat``'s lead or play once every choice about it is made."""
    if hand is None:
        return _in_words(state, seat, led)
    cards, designates, laws, steps = legal_cards(state, seat, hand, led)
    leading = led is None
    if len(cards) == 1:
        summary = (Msg("{seat.value} must lead the {card.symbol}.", seat=seat, card=cards[0])
                   if leading else
                   Msg("{seat.value} must play the {card.symbol}.", seat=seat, card=cards[0]))
    elif designates:
        summary = Msg("{seat.value} must play one of {cards}; declarer chooses which.", seat=seat,
                      cards=cards_text(cards))
    elif steps:
        summary = (Msg("{seat.value} may lead {cards}.", seat=seat, cards=cards_text(cards))
                   if leading else
                   Msg("{seat.value} may play {cards}.", seat=seat, cards=cards_text(cards)))
    else:
        summary = (Msg("{seat.value} may lead any card: nothing binds.", seat=seat) if leading
                   else Msg("{seat.value} may play any card: nothing binds.", seat=seat))
    return Ruling(
        kind="must_play",
        summary=summary,
        laws=tuple(laws),
        steps=tuple(steps),
        private=True,
        outcome={"legal": [c.text for c in cards], "declarer_designates": designates},
    )


def not_on_lead(state: TableState, seat: Seat, leader: Seat, trick: int | None,
                next_choice: tuple[str, tuple[str, ...]] | None) -> Ruling:
    """``seat`` asked about his lead while the reports put ``leader`` on lead: who leads, and
    what binds ``seat``'s next card, led or played, said to him ("you") under his seat's letter:
    a major penalty card at the first legal opportunity (50D1), a minor one (50C), the
    restrictions in force, and declarer's lead options due at his next lead
    (``next_choice``: their law and options)."""
    summary = (Msg("{seat.value}: {leader.value} is on lead to trick {n} (as reported), not you.",
                   seat=seat, leader=leader, n=trick) if trick else
               Msg("{seat.value}: {leader.value} is on lead (as reported), not you.", seat=seat,
                   leader=leader))
    lines: list[Text] = []
    laws: list[str] = []
    penalties = state.penalty_cards_of(seat)
    majors = [p.card for p in penalties if p.kind is PenaltyKind.MAJOR]
    if majors:
        laws.append("50D1")
        lines.append(Msg("Your penalty card {cards} must be played at your first legal "
                         "opportunity, whether you lead, follow suit, discard or ruff (50D1).",
                         cards=cards_text(majors)) if len(majors) == 1 else
                     Msg("Your penalty cards {cards} must be played at your first legal "
                         "opportunity, whether you lead, follow suit, discard or ruff (50D1); "
                         "declarer says which (51A).", cards=cards_text(majors)))
    for minor in (p.card for p in penalties if p.kind is PenaltyKind.MINOR):
        laws.append("50C")
        lines.append(_minor_line(minor))
    for r in state.restrictions_on(seat):
        laws.append(r.origin)
        lines.append(Msg("In force: {restriction}.", restriction=r.describe()))
    if next_choice is not None:
        law, options = next_choice
        laws.append(law)
        lines.append(Msg("When you are next on lead, declarer first chooses (Law {law}): "
                         "{options}.", law=law,
                         options=Msg.join("; ", [option_words(o) for o in options])))
    lines.append(Msg("For your card to this trick, ask again with {opt[led]}: (the suit led)."))
    return Ruling(
        kind="must_play",
        summary=summary,
        laws=tuple(dict.fromkeys(laws)),
        steps=tuple(lines),
        outcome={"declarer_designates": len(majors) > 1},
    )


def _your_until(r: Restriction) -> Msg:
    """When a restriction ends, said to its player (:meth:`Restriction.until` with "your")."""
    if r.lasts is Lasts.THIS_LEAD:
        if r.trick:
            return Msg("for your lead to trick {trick} only", trick=r.trick)
        return Msg("for your next lead only")
    if r.lasts is Lasts.THIS_PLAY:
        if r.trick:
            return Msg("to trick {trick} only", trick=r.trick)
        return Msg("to this trick only")
    if r.trick:
        return Msg("until your side loses the lead (someone else is on lead), in force since "
                   "trick {trick}", trick=r.trick)
    return Msg("until your side loses the lead (someone else is on lead)")


def _in_words(state: TableState, seat: Seat, led: Suit | None) -> Ruling:
    """The obligation in words, from public facts only (penalty cards and restrictions), said
    to ``seat``'s player ("you") under his seat's letter."""
    lines: list[Text] = []
    laws: list[str] = []
    following = led is not None
    if following:
        assert led is not None
        lines.append(Msg("If you hold a {suit.singular} you must follow suit (44C).", suit=led))
        laws.append("44C")
    for r in state.restrictions_on(seat):
        if not binds(r, leading=not following):
            if following:
                lines.append(Msg("{restriction}: a lead restriction, so it does not bind this "
                                 "play; a player void in the suit led may discard any suit.",
                                 restriction=r.describe()))
            else:
                lines.append(Msg("{restriction}: it binds a play to the trick, not a lead.",
                                 restriction=r.describe()))
            continue
        if r.kind is RestrictionKind.CARD and r.card is not None:
            lines.append(Msg("You must play the {card.symbol} now: you tried to play it before "
                             "your turn ({law}).", card=r.card, law=r.origin))
        elif r.kind in (RestrictionKind.HIGHEST, RestrictionKind.LOWEST):
            lines.append(_highest_or_lowest(r, led))
        elif r.suit is not None:
            lines.append(_suit_restriction(r, r.suit, following))
        laws.append(r.origin)
    penalties = state.penalty_cards_of(seat)
    majors = [p.card for p in penalties if p.kind is PenaltyKind.MAJOR]
    minors = [p.card for p in penalties if p.kind is PenaltyKind.MINOR]
    if majors:
        laws.append("50D1")
        if following:
            assert led is not None
            same = [c for c in majors if c.suit is led]
            if len(same) == 1:
                lines.append(Msg("Your penalty card {card.symbol} is a {suit.singular}: you must "
                                 "play it now.", card=same[0], suit=led))
            elif same:
                lines.append(Msg("Your penalty card {cards} is a {suit.singular}: you must play "
                                 "it now (declarer says which).",
                                 cards=_either([c.symbol for c in same]), suit=led))
            elif len(majors) > 1:
                lines.append(Msg("If you have no {suit.singular}, you must play a penalty card "
                                 "({cards}) unless a restriction forbids it (50D1). Declarer "
                                 "says which (51A).", suit=led, cards=cards_text(majors)))
            else:
                lines.append(Msg("If you have no {suit.singular}, you must play a penalty card "
                                 "({cards}) unless a restriction forbids it (50D1).", suit=led,
                                 cards=cards_text(majors)))
        else:
            if len(majors) > 1:
                lines.append(Msg("You must lead a penalty card ({cards}) unless a lead "
                                 "restriction stops you (50D1). Declarer says which (51A).",
                                 cards=cards_text(majors)))
                laws.append("51A")
            else:
                lines.append(Msg("You must lead a penalty card ({cards}) unless a lead "
                                 "restriction stops you (50D1).", cards=cards_text(majors)))
    for m in minors:
        laws.append("50C")
        lines.append(_minor_line(m))
    if not lines[following:]:
        lines.append(Msg("Nothing else binds you: play as the ordinary rules allow."))
    return Ruling(
        kind="must_play",
        # said to the player, so it names him: anyone at the table may ask, and read it
        summary=Msg("{seat.value}: {obligation}", seat=seat, obligation=lines[0]),
        laws=tuple(dict.fromkeys(laws)),
        steps=tuple(lines[1:]),
        outcome={"declarer_designates": len(majors) > 1},
    )


def _minor_line(card: Card) -> Msg:
    """What a minor penalty card binds (50C), said to its player."""
    return Msg("A low {suit.singular} must be the {card.symbol}; you may play a {suit.singular} "
               "honour (A K Q J 10) instead, and any other suit (50C).", suit=card.suit, card=card)


def _highest_or_lowest(r: Restriction, led: Suit | None) -> Msg:
    """Declarer's 57A choice of highest or lowest, said to the player who must follow it."""
    if r.kind is RestrictionKind.HIGHEST:
        if led is not None:
            return Msg("Declarer chose 'highest': play your highest {suit.singular} {until} "
                       "({law}); if you cannot follow suit, any card (59).", suit=led,
                       until=r.until(), law=r.origin)
        return Msg("Declarer chose 'highest': play your highest card of the suit led {until} "
                   "({law}); if you cannot follow suit, any card (59).", until=r.until(),
                   law=r.origin)
    if led is not None:
        return Msg("Declarer chose 'lowest': play your lowest {suit.singular} {until} ({law}); "
                   "if you cannot follow suit, any card (59).", suit=led, until=r.until(),
                   law=r.origin)
    return Msg("Declarer chose 'lowest': play your lowest card of the suit led {until} ({law}); "
               "if you cannot follow suit, any card (59).", until=r.until(), law=r.origin)


def _suit_restriction(r: Restriction, suit: Suit, following: bool) -> Msg:
    """A requirement or prohibition of a suit, said to the player it binds."""
    until, law = _your_until(r), r.origin
    if r.kind is RestrictionKind.REQUIRE:
        if following:
            return Msg("If you cannot follow suit, you must play a {suit.singular} {until} "
                       "({law}); if you cannot comply, any card (59).", suit=suit, until=until,
                       law=law)
        return Msg("You must lead a {suit.singular} {until} ({law}); if you cannot comply, any "
                   "card (59).", suit=suit, until=until, law=law)
    if following:
        return Msg("If you cannot follow suit, you may not play a {suit.singular} {until} "
                   "({law}); if you cannot comply, any card (59).", suit=suit, until=until,
                   law=law)
    return Msg("You may not lead a {suit.singular} {until} ({law}); if you cannot comply, any "
               "card (59).", suit=suit, until=until, law=law)
