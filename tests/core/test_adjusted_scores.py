"""Adjusted scores as data (Law 12C): parsed, validated with one clear line, written back in
canonical form, allowed or not by the regulating authority, and checked against Law 82C."""

import pytest

from core.adjusted import parse_adjusted
from core.errors import RuleError
from core.laws.director_error import adjusted_score, director_error


def test_12C2_artificial_scores_per_side_as_percentages():
    score = parse_adjusted("a+ / a-")
    assert score.kind == "artificial" and score.text() == "A+/A-"
    assert (score.ns.percent, score.ew.percent) == (60.0, 40.0)
    assert parse_adjusted("55%/45%").to_data()["ns"] == {
        "kind": "artificial", "value": "55%", "percent": 55.0}


def test_12C1_assigned_contract_declarer_and_result():
    score = parse_adjusted("4h s =")
    assert score.kind == "assigned" and score.text() == "4HS="
    data = score.to_data()["ns"]["outcomes"][0]
    assert data == {"weight": 100, "contract": "4H", "doubled": "", "declarer": "S",
                    "result": 0, "tricks": 10, "score": None}
    assert parse_adjusted("3NTN-1").ns.outcomes[0][1].tricks == 8
    assert parse_adjusted("4SXE+1").text() == "4SXE+1"
    assert parse_adjusted("4H= NS +420").text() == "4H= NS +420"  # declarer: the board's


def test_12C1c_weighted_outcomes_sum_to_100():
    score = parse_adjusted("60% 4HS=, 40% 4HS-1")
    assert score.kind == "weighted" and score.text() == "60% 4HS=, 40% 4HS-1"
    assert [o["weight"] for o in score.to_data()["ew"]["outcomes"]] == [60, 40]
    with pytest.raises(RuleError, match="sum to 100% \\(these sum to 90%\\)"):
        parse_adjusted("60% 4HS=, 30% 4HS-1")
    with pytest.raises(RuleError, match="at least two outcomes"):
        parse_adjusted("60% 4HS=")


def test_split_score_different_for_each_side_with_procedural_penalties():
    score = parse_adjusted("NS: 4HS= | EW: 70% 4HS=, 30% 4HS-1; PP EW 25%; pp ns 3 imp")
    assert score.kind == "split" and score.kinds == {"split", "assigned", "weighted"}
    assert score.text() == "NS: 4HS= | EW: 70% 4HS=, 30% 4HS-1; PP EW 25%; PP NS 3 IMP"
    assert score.to_data()["penalties"] == [{"side": "EW", "amount": 25.0, "unit": "%"},
                                            {"side": "NS", "amount": 3.0, "unit": "IMP"}]
    assert parse_adjusted(score.text()) == score  # the canonical form reads back the same


@pytest.mark.parametrize("bad, says", [
    ("banana", "not a result"),
    ("", "give the adjusted score"),
    ("8HS=", "not a result"),
    ("7NTS+1", "14 tricks"),
    ("A++/A", "not an artificial score"),
    ("120%/40%", "between 0% and 100%"),
    ("NS: 4HS=", "both sides"),
    ("4HS=; PP EW lots", "procedural penalty"),
    ("4HS=; PP EW 150%", "out of range"),
])
def test_bad_adjusted_scores_are_refused_with_one_clear_line(bad, says):
    with pytest.raises(RuleError, match=says) as refused:
        parse_adjusted(bad)
    assert "\n" not in str(refused.value)


def test_the_authority_decides_whether_weighted_scores_are_allowed():
    weighted = "60% 4HS=, 40% 4HS-1"
    assert adjusted_score(weighted, "WBF").kind == "weighted"
    assert adjusted_score(weighted, "EBU").kind == "weighted"
    with pytest.raises(RuleError, match="ACBL regulations do not allow weighted"):
        adjusted_score(weighted, "ACBL")
    with pytest.raises(RuleError, match="ACBL"):
        adjusted_score(f"NS: 4HS= | EW: {weighted}", "ACBL")
    assert adjusted_score("4HS=", "ACBL").kind == "assigned"


def test_82C_played_board_needs_an_assigned_score_and_banana_is_refused():
    with pytest.raises(RuleError, match="not a result"):
        director_error("banana", board_played=True)
    with pytest.raises(RuleError, match="assigned adjusted score"):
        director_error("A+/A+", board_played=True)
    error = director_error("60% 4HS=, 40% 4HS-1", board_played=True)
    assert "weighted assigned adjusted score (12C1)" in error.explanation
    assert error.score == "60% 4HS=, 40% 4HS-1" and error.adjusted.kind == "weighted"


def test_82C_unplayed_board_at_least_average_plus_to_each_side():
    assert director_error("A+/60%", board_played=False).score == "A+/60%"
    with pytest.raises(RuleError, match="less than average plus"):
        director_error("A+/A", board_played=False)
    with pytest.raises(RuleError, match="artificial adjusted score"):
        director_error("4HS=", board_played=False)
