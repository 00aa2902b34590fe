"""Law 82C: a wrong ruling corrected by the director, both sides non-offending."""

import pytest

from core.errors import RuleError
from core.laws.director_error import director_error


def test_82C_played_board_gets_an_assigned_score():
    ruling = director_error("4H= NS +420", board_played=True)
    assert ruling.laws == ("82C", "12C1") and "non-offending" in ruling.explanation
    assert "4H= NS +420" in ruling.explanation


@pytest.mark.parametrize("score", ["A+/A+", "60%/60%", "65% / 60%"])
def test_82C_unplayed_board_gets_average_plus_to_both(score):
    ruling = director_error(score, board_played=False)
    assert ruling.laws == ("82C", "12C2") and "artificial" in ruling.explanation


@pytest.mark.parametrize("score", ["A+/A-", "60%/40%", "A/A", "4H= NS +420"])
def test_82C_unplayed_board_refuses_less_than_average_plus_or_an_assigned_score(score):
    with pytest.raises(RuleError, match="12C2"):
        director_error(score, board_played=False)


def test_82C_played_board_refuses_an_artificial_score():
    with pytest.raises(RuleError, match="12C1"):
        director_error("A+/A+", board_played=True)
