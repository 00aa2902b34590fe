"""Hostile files through the hand-record reader: a file is taken whole or refused with
``PbnError`` (one line per problem, each bounded), never another exception; a deal typed into
``/board deal`` likewise raises only ``DealError``."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.deal import DealError, make_deal
from core.pbn import PbnError, parse_pbn, random_pbn

FUZZ = settings(max_examples=200, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
PROBLEM_MAX = 200

#: Pieces of real PBN, so that the fuzzing reaches past the first tag.
PIECES = st.sampled_from([
    '[Board "1"]', '[Board "17"]', '[Dealer "N"]', '[Dealer "X"]', '[Vulnerable "All"]',
    '[Vulnerable "Both"]', '[Deal "N:', '"]', "AKQJT98765432", ".", " ", "\n", "\n\n", "{",
    "}", "%", ";", "-", "E:", "[DoubleDummyTricks \"", "0123456789abcdef", '\\"', "\x00",
])


def _checked(data: bytes | str) -> None:
    try:
        deals = parse_pbn(data)
    except PbnError as exc:
        assert exc.problems and all(len(p) <= PROBLEM_MAX for p in exc.problems)
        return
    for deal in deals:  # whatever is taken is a real deal
        assert sum(len(h) for h in deal.hands.values()) == 52 and deal.in_cycle


@FUZZ
@given(st.lists(PIECES, max_size=60).map("".join))
def test_pbn_built_from_its_own_vocabulary(text: str) -> None:
    _checked(text)


@FUZZ
@given(st.binary(max_size=2000))
def test_arbitrary_bytes(data: bytes) -> None:
    _checked(data)


@FUZZ
@given(st.integers(0, 36 * 60), st.text(max_size=3))
def test_a_good_file_with_one_splice_is_taken_right_or_refused(at: int, splice: str) -> None:
    text = random_pbn(36, seed=5)
    _checked(text[:at] + splice + text[at + len(splice):])


@FUZZ
@given(st.integers(1, 999), st.text(max_size=130))
def test_a_typed_deal_raises_only_deal_error(board: int, text: str) -> None:
    try:
        deal = make_deal(board, text)
    except DealError as exc:
        assert exc.problems
        return
    assert sum(len(h) for h in deal.hands.values()) == 52
