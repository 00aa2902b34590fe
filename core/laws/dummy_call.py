"""Law 46 and Law 45C4: which card declarer's call from dummy plays when he did not name both
suit and rank (46A), and his change of a card named by a slip of the tongue (45C4(b)).

:func:`designate` answers from what declarer said and, when given, dummy's cards: a query.
Only when dummy's cards make the card certain is it recorded (:class:`DummyCall`), as a card
played from dummy (the card record, :mod:`core.held`), so later reports see it played."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from core.cards import (
    SUITS,
    Card,
    CardError,
    Hand,
    Suit,
    parse_card,
    parse_hand,
    parse_holding,
    parse_rank,
    rank_display,
)
from core.deal import Deal
from core.errors import RuleError
from core.laws.claim import trump_of
from core.laws.flow import CardPlayed, card_played
from core.laws.play import check_card_free, require_play, unique
from core.registry import Event, event, rule
from core.ruling import Ruling
from core.seats import Seat
from core.state import Chooser, Place, TableState
from core.text import Msg, Text


class Designation(StrEnum):
    """What declarer said instead of a suit and a rank (46B), or his slip (45C4(b)). Stored:
    never change a value."""

    HIGH = "high"  # 46B1(a)
    WIN = "win"  # 46B1(b)
    LOW = "low"  # 46B1(c)
    SUIT = "suit"  # 46B2: a suit, no rank
    RANK = "rank"  # 46B3: a rank, no suit
    ABSENT = "absent"  # 46B4: a card dummy does not hold
    ANYTHING = "anything"  # 46B5: "play anything"
    SLIP = "slip"  # 45C4(b): the wrong card named, corrected at once


#: The designations whose card dummy's holding can make certain (the others never play one).
MAY_PLAY = frozenset({Designation.HIGH, Designation.WIN, Designation.LOW, Designation.SUIT,
                      Designation.RANK})
#: The designations whose answer reads dummy's holding (46B4's, to refuse a card he holds).
READS_HOLDING = MAY_PLAY | {Designation.ABSENT}


@event("dummy_call")
@dataclass(frozen=True)
class DummyCall(Event):
    """Declarer's call from dummy (``seat``): what he said, the suit led (None: dummy leads),
    dummy's cards (None: not given), the suit, rank or card he named, the card he meant at once
    after a slip, the card winning the trick so far when dummy plays last (for "win"), the suit
    with which dummy won the last trick (dummy leading, 46B3(a)), and whether declarer has
    played a card from either hand since (45C4(b)); ``records_trick``: dummy's cards were read
    from the hand records at that trick (:func:`with_records`)."""

    seat: Seat
    said: Designation
    led: Suit | None = None
    dummy: Hand | None = None
    suit: Suit | None = None
    rank: int | None = None
    card: Card | None = None
    corrected: Card | None = None
    to_beat: Card | None = None
    last_won: Suit | None = None
    played_since: bool = False
    plays: Card | None = None  # the card :func:`designate` found certain, as recorded
    records_trick: int | None = None

    @property
    def may_play(self) -> bool:
        """Whether the rules turn this call into a card, given dummy's cards (46B1-46B3)."""
        return self.said in MAY_PLAY

    @property
    def may_record(self) -> bool:
        """Whether the answer may be a card played from dummy (recorded, public): only dummy's
        cards make one certain, and only for a call the rules turn into a card (46B1-46B3)."""
        return self.dummy is not None and self.may_play


def named(text: str) -> Card | Suit | int:
    """What declarer named, as typed: a card (``SQ``), a suit (``S``, ``spades``) or a rank
    (``Q``, ``10``)."""
    raw = text.strip()
    try:
        return parse_card(raw)
    except CardError:
        pass
    try:
        return Suit.parse(raw)
    except CardError:
        pass
    try:
        return parse_rank(raw)
    except CardError:
        raise RuleError(Msg("{text} is not a card, a suit or a rank (e.g. SQ, S or Q)",
                            text=repr(raw[:20]))) from None


def call_of(seat: Seat, said: Designation, *, led: Suit | None = None, dummy: str | None = None,
            named_text: str | None = None, corrected: Card | None = None,
            to_beat: Card | None = None, last_won: Suit | None = None,
            played_since: bool = False) -> DummyCall:
    """The facts as a command types them: ``named_text`` is a card, a suit or a rank
    (:func:`named`); ``dummy`` a hand, or ranks only for the suit concerned (the suit named,
    else the suit led, else the one dummy won the last trick with)."""
    said_named = named(named_text) if named_text else None
    suit = said_named if isinstance(said_named, Suit) else None
    rank = said_named if isinstance(said_named, int) else None
    card = said_named if isinstance(said_named, Card) else None
    holding = None
    if dummy is not None:
        concerned = suit or led or last_won
        try:  # ranks alone are of the suit concerned; anything else is a whole hand
            holding = (parse_holding(concerned, dummy) if concerned is not None and dummy.strip()
                       else parse_hand(dummy))
        except CardError:
            holding = parse_hand(dummy)
    return DummyCall(seat, said, led=led, dummy=holding, suit=suit, rank=rank, card=card,
                     corrected=corrected, to_beat=to_beat, last_won=last_won,
                     played_since=played_since)


_INTENT = Msg("Unless the Director finds declarer's different intention incontrovertible: then "
              "the card he meant is played (46B).")
_PROPER = Msg("Declarer should name both the suit and the rank of dummy's card (46A).")


def _lowest(cards: list[Card]) -> Card:
    return min(cards, key=lambda c: c.rank)


def _highest(cards: list[Card]) -> Card:
    return max(cards, key=lambda c: c.rank)


def _answer(call: DummyCall, summary: Text, laws: tuple[str, ...], steps: tuple[Text, ...] = (),
            card: Card | None = None, chooser: Chooser = Chooser.NOBODY) -> Ruling:
    return Ruling(kind="dummy_call", summary=summary, laws=laws, steps=steps, chooser=chooser,
                  outcome={"card_played": card.text if card is not None else None,
                           "designates": str(chooser) or None, "said": str(call.said)})


def _played(call: DummyCall, card: Card, law: str, why: Text) -> Ruling:
    """The card dummy's holding makes certain."""
    return _answer(call, Msg("Dummy's {card.symbol} is played ({law}).", card=card, law=law),
                   (law, "45C4"), (why, _INTENT), card=card)


def _not_held(call: DummyCall, what: Text, law: str) -> Ruling:
    """A call for a card dummy does not hold: invalid, declarer names any legal card (46B4)."""
    return _answer(call, Msg("Dummy holds no such card: the call is invalid and declarer "
                             "designates any legal card from dummy (46B4)."), (law, "46B4"),
                   (what, _PROPER), chooser=Chooser.DECLARER)


def _director(call: DummyCall, summary: Text, law: str, *steps: Text) -> Ruling:
    return _answer(call, summary, (law, "46A"), (*steps, _PROPER), chooser=Chooser.DIRECTOR)


def designate(call: DummyCall, contract: str | None,
              doubt: Text | None = None) -> tuple[Ruling, Card | None]:
    """The card declarer's call plays from dummy (None: none is certain) and the ruling that
    says so, citing Law 46 (45C4(b) for a slip); the board's ``contract`` (None: not known)
    gives the trump suit for "win" when dummy may ruff. The ruling says where dummy's cards
    came from when the hand records gave them, and ``doubt``, why they could not
    (:func:`with_records`)."""
    ruling = _rule(call, contract)
    said = [line for line in (_source(call), doubt) if line is not None]
    if said:
        ruling = replace(ruling, steps=(*ruling.steps, *said))
    card = ruling.outcome["card_played"]
    return ruling, parse_card(card) if card is not None else None


def _source(call: DummyCall) -> Msg | None:
    """Where dummy's cards came from, when the hand records gave them."""
    trick = call.records_trick
    if trick is None:
        return None
    if trick == 1:
        return Msg("Dummy's cards are those the hand records deal him: at trick 1 he has played "
                   "none.")
    return Msg("Dummy's cards are those the hand records deal him, less the cards the reports "
               "show he played before trick {trick}, one to each trick.", trick=trick)


def with_records(call: DummyCall, state: TableState, deal: Deal | None,
                 trick: int | None) -> tuple[DummyCall, Msg | None]:
    """``call`` with dummy's cards as the hand records (``deal``; None: none, or not for this
    asker) and the card record give them, and the line that says why they could not (None:
    they did, or the call does not need them).

    Dummy holds the deal's cards less those the card record shows gone (played, or face up
    waiting for a choice), but that is all of them only when the record has a card of his for
    each trick before ``trick``, the trick the report names: the state's own count is only as
    good as the last report (it stays at 1 when the table reports nothing), and where it or the
    record knows a later trick it is preferred. Typed cards (``call.dummy``) are checked: a card
    the record or the deal denies him, or, the record complete, a suit typed without a card he
    still holds, refuses the call naming the card; a complete record is then read for the rest.
    """
    declarer = state.declarer
    if declarer is None:
        return call, None
    dummy = declarer.partner
    typed = call.dummy
    if typed is not None:
        _check_typed(typed, state, dummy, deal)
    if deal is None or call.said not in READS_HOLDING:
        return call, None
    played = [w.card for w in state.whereabouts if w.seat is dummy and w.place is Place.PLAYED]
    doubt = _doubt(state, trick, len(played))
    if doubt is not None:
        return call, doubt if typed is None and call.may_play else None
    face_up = {p.card for p in state.pending}
    held = Hand(c for c in deal.hand(dummy)
                if c not in face_up and ((w := state.where(c)) is None or w.place is Place.HAND))
    typed_suits = [s for s in SUITS if typed is not None and typed.has_suit(s)]
    missing = [c for s in typed_suits for c in held.in_suit(s) if typed and c not in typed]
    if missing:  # a suit typed short of a card he still holds
        raise RuleError(Msg("By the hand records and the cards recorded played, dummy still "
                            "holds the {card.symbol}: check dummy's cards (nothing was "
                            "recorded).", card=missing[0]))
    return replace(call, dummy=held, records_trick=trick), None


def _check_typed(typed: Hand, state: TableState, dummy: Seat, deal: Deal | None) -> None:
    """Refuse typed cards of dummy's that the card record puts elsewhere (another player's
    penalty card included) or the deal gives another player, naming the card (dummy's cards are
    face up to the table, 41D)."""
    for card in sorted(typed):
        check_card_free(state, dummy, card)
        where = state.where(card)
        if where is not None and (where.place is Place.PLAYED or where.seat is not dummy):
            raise RuleError(Msg("{record}, so dummy does not hold it: check dummy's cards "
                                "(nothing was recorded).", record=where.describe()))
        if deal is not None and card not in deal.hand(dummy):
            raise RuleError(Msg("The hand records of board {board} do not give dummy the "
                                "{card.symbol}: check dummy's cards (nothing was recorded).",
                                board=deal.board, card=card))


def _doubt(state: TableState, trick: int | None, played: int) -> Msg | None:
    """Why the record cannot say which of his dealt cards dummy has played (None: it can)."""
    if trick is None:
        return Msg("The hand records give dummy's cards, but the reports do not say which trick "
                   "this is, so not which of them he has played: give {opt[trick]}: (or "
                   "{opt[dummy]}:) and the bot names the card.")
    known = max(state.trick or 1, played + 1)  # what the state knows: its count, the record
    if trick < known:
        return Msg("The reports put this board at trick {known} at least ({n} of dummy's cards "
                   "recorded played), not trick {trick}: check the trick, or give dummy: and "
                   "the bot names the card.", known=known, n=played, trick=trick)
    if played < trick - 1:
        return Msg("The hand records give dummy's cards, but the reports show only {n} of the {m} "
                   "he played before trick {trick}: give {opt[dummy]}: (his cards now) and the bot "
                   "names the card.", n=played, m=trick - 1, trick=trick)
    return None


def _rule(call: DummyCall, contract: str | None) -> Ruling:
    said = call.said
    if said is Designation.SLIP:
        return _slip(call)
    if said is Designation.ANYTHING:
        return _answer(call, Msg("Either defender designates the card dummy plays (46B5)."),
                       ("46B5",), (Msg("Declarer named neither a suit nor a rank: the defenders "
                                       "choose, and the card they name must be a legal play "
                                       "(46B5)."),), chooser=Chooser.DEFENDERS)
    if said is Designation.ABSENT:
        if call.card is not None and call.dummy is not None and call.card in call.dummy:
            raise RuleError(Msg("the {card.symbol} is in dummy: naming it plays it (45C4(a))",
                                card=call.card))
        return _answer(call, Msg("The call is invalid: no card is played, and declarer "
                                 "designates any legal card from dummy (46B4)."), ("46B4",),
                       (_PROPER,), chooser=Chooser.DECLARER)
    if said is Designation.SUIT:
        return _suit_only(call)
    if said is Designation.RANK:
        return _rank_only(call)
    return _high_low_win(call, contract)


def _high_low_win(call: DummyCall, contract: str | None) -> Ruling:
    law = {Designation.HIGH: "46B1(a)", Designation.WIN: "46B1(b)",
           Designation.LOW: "46B1(c)"}[call.said]
    led = call.led
    if led is None:
        return _director(call, Msg("With dummy on lead there is no suit led, so the call names "
                                   "no card: the Director rules ({law}).", law=law), law,
                         Msg("'High', 'low' and 'win' are read in the suit led (46B1); on lead "
                             "they give neither suit nor rank."))
    if call.said is Designation.WIN:
        return _win(call, led, contract, law)
    rule_words = (Msg("'High' is the highest card of the suit led, {suit.plural} (46B1(a)).",
                      suit=led) if call.said is Designation.HIGH else
                  Msg("'Low' is the lowest card of the suit led, {suit.plural} (46B1(c)).",
                      suit=led))
    if call.dummy is None:
        summary = (Msg("Dummy's highest {suit.singular} is played (46B1(a)).", suit=led)
                   if call.said is Designation.HIGH else
                   Msg("Dummy's lowest {suit.singular} is played (46B1(c)).", suit=led))
        return _answer(call, summary, (law, "45C4"), (rule_words, _INTENT))
    held = call.dummy.in_suit(led)
    if not held:
        return _not_held(call, Msg("Dummy has no {suit.plural}.", suit=led), law)
    card = _highest(held) if call.said is Designation.HIGH else _lowest(held)
    return _played(call, card, law, rule_words)


def _win(call: DummyCall, led: Suit, contract: str | None, law: str) -> Ruling:
    """46B1(b): the lowest card known to win; known here when dummy plays last and the card
    winning the trick so far is given (and, dummy void with no trump played yet, the
    contract)."""
    rule_words = Msg("'Win' is the lowest card of dummy that is known to win the trick "
                     "(46B1(b)).")
    if call.to_beat is None or call.dummy is None:
        return _answer(call, Msg("Dummy's lowest card known to win the trick is played "
                                 "(46B1(b))."), (law, "45C4"),
                       (rule_words, Msg("Give dummy's cards and the card winning the trick so "
                                        "far (dummy playing last) and the bot names it."),
                        _INTENT))
    beat = call.to_beat
    follow = call.dummy.in_suit(led)
    if follow:  # he must follow suit (44C): only a higher card of the suit led can win
        ruff = beat.suit is not led
        winners = [] if ruff else [c for c in follow if c.rank > beat.rank]
    else:  # void: a trump wins, over any trump already played
        if beat.suit is led and contract is None:  # no trump seen and none known
            return _answer(call, Msg("Dummy has no {led.plural}: which card wins depends on the "
                                     "trump suit, and the board has no contract: his lowest "
                                     "trump in a suit contract, none at no-trumps ({law}).",
                                     led=led, law=law), (law, "45C4"),
                           (rule_words, Msg("Give the board's contract (/{cmd[board set]} "
                                            "{opt[contract]}:) and the "
                                            "bot names the card."), _INTENT))
        suit = beat.suit if beat.suit is not led else trump_of(contract)
        floor = beat.rank if beat.suit is not led else 1
        winners = ([c for c in call.dummy.in_suit(suit) if c.rank > floor]
                   if suit is not None and suit is not led else [])
    if not winners:
        return _director(call, Msg("No card of dummy wins the trick over the {card.symbol}: the "
                                   "Director rules ({law}).", card=beat, law=law), law,
                         rule_words)
    return _played(call, _lowest(winners), law, rule_words)


def _suit_only(call: DummyCall) -> Ruling:
    suit = call.suit or call.led
    if suit is None:
        raise RuleError(Msg("say which suit declarer named ({opt[named]}:, e.g. S)"))
    rule_words = Msg("A suit without a rank is the lowest card of that suit, {suit.plural} "
                     "(46B2).", suit=suit)
    if call.dummy is None:
        return _answer(call, Msg("Dummy's lowest {suit.singular} is played (46B2).", suit=suit),
                       ("46B2", "45C4"), (rule_words, _INTENT))
    held = call.dummy.in_suit(suit)
    if not held:
        return _not_held(call, Msg("Dummy has no {suit.plural}.", suit=suit), "46B2")
    led = call.led
    if led is not None and suit is not led and call.dummy.in_suit(led):
        return _director(call, Msg("Dummy can follow to the {led.plural} led: his lowest "
                                   "{suit.singular} would be a revoke; the Director rules (46B2, "
                                   "44C).", led=led, suit=suit), "46B2", rule_words)
    return _played(call, _lowest(held), "46B2", rule_words)


def _of_rank(call: DummyCall, rank: int) -> list[Card] | None:
    """Dummy's cards of ``rank``, any suit (None: dummy's cards not given)."""
    return sorted(c for c in call.dummy if c.rank == rank) if call.dummy is not None else None


def _rank_only(call: DummyCall) -> Ruling:
    rank = call.rank
    if rank is None:
        raise RuleError(Msg("say which rank declarer named ({opt[named]}:, e.g. Q)"))
    shown = rank_display(rank)
    led = call.led
    if led is None:  # 46B3(a): dummy leads: the suit he won the last trick with, if he can
        rule_words = Msg("Leading, a rank alone continues the suit with which dummy won the "
                         "last trick, if dummy holds that rank in it (46B3(a)); otherwise "
                         "dummy's card of that rank (46B3(b)).")
        law = "46B3(a)"
        if call.last_won is not None and call.dummy is not None \
                and Card(call.last_won, rank) in call.dummy:
            return _played(call, Card(call.last_won, rank), law, rule_words)
        law = "46B3"  # (a) does not name it: (b), or either when the suit won with is unknown
        legal = _of_rank(call, rank)
        if legal is not None and len(legal) > 1 and call.last_won is None:
            legal = None  # which one depends on the suit dummy won the last trick with
    else:  # 46B3(b): a card of that rank, if one can be played legally
        rule_words = Msg("A rank alone is dummy's card of that rank, if one can be played "
                         "legally (46B3(b)).")
        law = "46B3(b)"
        if call.dummy is not None and call.dummy.in_suit(led):  # he must follow suit (44C)
            legal = [c for c in call.dummy.in_suit(led) if c.rank == rank]
            if not legal:
                return _answer(call, Msg("Dummy has no {card.symbol} and must follow suit: no "
                                         "card of that rank can be played; declarer designates "
                                         "a legal card (46B3(b), 46B4).",
                                         card=Card(led, rank)),
                               (law, "46B4", "44C"), (rule_words,), chooser=Chooser.DECLARER)
        else:
            legal = _of_rank(call, rank)
    if legal is None:
        return _answer(call, Msg("A {rank} of dummy is played ({law}): with dummy's cards "
                                 "(leading, and the suit dummy won the last trick with) the "
                                 "bot names it.", rank=shown, law=law), (law, "45C4"),
                       (rule_words, _INTENT))
    if not legal:
        return _not_held(call, Msg("Dummy holds no {rank}.", rank=shown), law)
    if len(legal) > 1:
        return _answer(call, Msg("Dummy holds more than one {rank} that can be played: declarer "
                                 "says which ({law}).", rank=shown, law=law), (law,),
                       (rule_words,), chooser=Chooser.DECLARER)
    return _played(call, legal[0], law, rule_words)


def _slip(call: DummyCall) -> Ruling:
    """45C4(b): a slip of the tongue may be corrected until declarer next plays a card."""
    first, meant = call.card, call.corrected
    if first is None or meant is None:
        raise RuleError(Msg("give the card declarer named ({opt[named]}:) and the one he meant "
                            "({opt[corrected]}:)"))
    if first == meant:
        raise RuleError(Msg("the card named and the card meant are the same: nothing changes"))
    if call.played_since:
        return _answer(call, Msg("Too late to change: declarer has played a card from his hand "
                                 "or dummy since, so the {card.symbol} named stays played "
                                 "(45C4(b)).", card=first), ("45C4(b)", "45C4(a)"))
    return _answer(
        call,
        Msg("If the Director finds it a slip of the tongue, the {card.symbol} goes back to dummy "
            "and the {meant.symbol} is played; otherwise the {card.symbol} stays played "
            "(45C4(b)).", card=first, meant=meant),
        ("45C4(b)", "47C", "47D", "16C1"),
        (Msg("A change of designation is allowed after a slip of the tongue, not after a loss "
             "of concentration or a change of mind: the Director judges which (45C4(b))."),
         Msg("Declarer may change it until he next plays a card from his hand or dummy "
             "(45C4(b)); the card named first goes back without rectification (47C)."),
         Msg("An opponent who, in turn, had played a card that was legal before the change may "
             "take it back and play another (45C4(b), 47D): what it showed is authorized for his "
             "side and unauthorized for declarer's (16C1).")),
        chooser=Chooser.DIRECTOR)


@rule(DummyCall)
def dummy_call(state: TableState, ev: DummyCall) -> tuple[Ruling, TableState]:
    """Record the card the call plays from dummy: only when it is certain (the command asks
    :func:`designate` first and records nothing otherwise)."""
    declarer = require_play(state)
    if ev.seat is not declarer.partner:
        raise RuleError(Msg("{seat.value} is not dummy: declarer {declarer.value} plays from "
                            "{dummy.value}", seat=ev.seat, declarer=declarer,
                            dummy=declarer.partner))
    ruling, card = designate(ev, state.contract)
    if card is None or (ev.plays is not None and ev.plays != card):
        raise RuleError(Msg("the call makes no card of dummy certain: nothing to record"))
    played, state = card_played(state, CardPlayed(ev.seat, card))
    return replace(ruling, laws=unique([*ruling.laws, *played.laws]),
                   steps=(*ruling.steps, *played.steps)), state
