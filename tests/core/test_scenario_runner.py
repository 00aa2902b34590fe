"""The conformance runner: generic, honest about unsupported kinds, never crashes."""

import subprocess
import sys
import textwrap
from pathlib import Path

from core.scenarios.runner import main, run_case

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = ROOT.parent / "shared" / "scenarios"


def test_runner_passes_every_public_case_it_supports(capsys):
    if not PUBLIC.exists():  # the shared folder sits beside the checkout in CI and here
        raise AssertionError(f"missing {PUBLIC}")
    main([str(PUBLIC), "--allow-unsupported"])
    out = capsys.readouterr().out
    assert "FAIL" not in out, out
    assert out.strip().splitlines()[-1].split(",")[1].strip() == "0 failed"


def test_wrong_expectation_is_reported_with_the_difference():
    case = {"id": "x", "kind": "exposure", "declarer": "S", "seat": "E", "cards": ["DT"],
            "how": "accidental", "expect": {"penalty_cards": ["E:DT:minor"], "cites": ["24A"]}}
    result = run_case(case)
    assert result.status == "fail"
    assert "expected ['E:DT:minor']" in result.detail and "cites: missing ['24A']" in result.detail


def test_expected_error_passes_only_when_the_engine_refuses():
    case = {"id": "e", "kind": "exposure", "declarer": "S", "seat": "X", "cards": ["D4"],
            "expect": {"error": True}}
    assert run_case(case).status == "pass"
    case["seat"] = "E"
    assert run_case(case).status == "fail"


def test_unknown_kind_is_unsupported_not_a_crash():
    assert run_case({"id": "u", "kind": "claim", "expect": {}}).status == "unsupported"


def test_cli_prints_summary_and_exit_status(tmp_path):
    case_file = tmp_path / "cases.toml"
    case_file.write_text(textwrap.dedent("""
        [[case]]
        id = "ok"
        kind = "exposure"
        declarer = "S"
        seat = "W"
        cards = ["C3"]
        [case.expect]
        penalty_cards = ["W:C3:minor"]

        [[case]]
        id = "bad"
        kind = "exposure"
        declarer = "S"
        seat = "W"
        cards = ["C3"]
        [case.expect]
        penalty_cards = ["W:C3:major"]
    """))
    proc = subprocess.run([sys.executable, "-m", "core.scenarios", str(case_file)],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 1
    lines = proc.stdout.strip().splitlines()
    assert lines[0].startswith("FAIL bad: penalty_cards")
    assert lines[-1] == "1 passed, 1 failed"


def test_a_steps_restriction_is_the_choice_the_running_state_waits_for():
    """Law 57A: after a premature play the partner waits for declarer; a play_obligation step
    naming 'lowest' is that choice being made, not a second restriction."""
    case = {"id": "s", "kind": "sequence", "declarer": "S", "expect": {}, "steps": [
        {"do": "premature_play", "offender": "W", "card": "HK", "led": "S",
         "expect": {"penalty_cards": ["W:HK:major"]}},
        {"do": "play_obligation", "seat": "E", "hand": "KJ73.95.Q84.T2", "led": "S",
         "restriction": "lowest", "expect": {"legal": ["S3"]}},
        {"do": "play", "seat": "E", "card": "S3", "expect": {}},
        {"do": "state", "expect": {"penalty_cards": ["W:HK:major"], "restrictions": []}},
    ]}
    result = run_case(case)
    assert result.status == "pass", result.detail


def _legal(case: dict) -> list[str]:
    """The cards the runner's play_obligation adapter answered for ``case``."""
    from core.scenarios.facts import ADAPTERS, Facts
    from core.state import TableState

    facts = Facts({k: v for k, v in case.items() if k not in {"id", "kind", "expect"}})
    observed, _ = ADAPTERS["play_obligation"](facts, TableState())
    return observed["legal"]


def test_57A_a_suit_requirement_given_with_led_binds_a_follower_void_in_the_suit_led():
    case = {"seat": "W", "declarer": "N", "hand": "A72.K3.-.QJ8654", "led": "D",
            "restriction": "require:H", "penalty_cards": []}
    assert sorted(_legal(case)) == ["H3", "HK"]
    case["restriction"] = "forbid:C"
    assert sorted(_legal(case)) == ["H3", "HK", "S2", "S7", "SA"]


def test_57A_the_requirement_comes_before_a_major_penalty_card_which_stays():
    """50D1(b): the penalty card waits for the next legal opportunity; the 57A play comes first."""
    case = {"id": "p", "kind": "play_obligation", "seat": "W", "declarer": "N",
            "hand": "A72.K3.-.QJ8654", "led": "D", "restriction": "require:C",
            "penalty_cards": ["W:SA:major"],
            "expect": {"legal": ["C4", "C5", "C6", "C8", "CJ", "CQ"], "cites": ["57A"]}}
    assert run_case(case).status == "pass", run_case(case).detail
    case["hand"] = "A72.K3.-.-"  # no club at all: he cannot comply, so the penalty card goes
    case["expect"] = {"legal": ["SA"], "cites": ["50D1"]}
    assert run_case(case).status == "pass", run_case(case).detail


def test_57A_a_suit_requirement_never_stops_a_follower_following_suit():
    case = {"seat": "W", "declarer": "N", "hand": "A72.K3.Q9.J865", "led": "D",
            "restriction": "require:H", "penalty_cards": []}
    assert sorted(_legal(case)) == ["D9", "DQ"]


PROJECT_CASES = ROOT / "tests" / "core" / "scenarios"


def test_the_projects_own_cases_all_pass_and_are_all_supported(capsys):
    """The public examples of every format extension (core/scenarios/EXTENSIONS.md)."""
    assert main([str(PROJECT_CASES)]) == 0, capsys.readouterr().out


def test_55A_defenders_disagree_the_defender_next_after_the_card_prevails():
    case = {"id": "d", "kind": "lead_out_of_turn", "declarer": "S", "offender": "S",
            "card": "C9", "correct_leader": "N", "trick": 4,
            "defender_choices": ["E:reject", "W:accept"],
            "expect": {"prevails": "W", "chosen": "accept", "next_to_lead": "S"}}
    assert run_case(case).status == "pass", run_case(case).detail
    case["defender_choices"] = ["E:reject"]  # W has not answered: nothing can be decided
    assert run_case(case).status == "fail"
    case["defender_choices"] = ["N:accept", "W:accept"]  # dummy has no say
    assert run_case(case).status == "fail"


def test_51B2_footnote_the_leader_kept_the_lead_so_declarer_has_the_options_again():
    """A sequence reports every change of lead (lead_lost): W on lead again with none between
    kept it, so forbid:S still binds and declarer chooses again over the D5; after lead_lost
    the forbid is over and the options come all the same (50D2 at his next lead)."""
    steps = [
        {"do": "exposure", "seat": "E", "cards": ["SQ", "D5"], "how": "accidental",
         "expect": {}},
        {"do": "partner_lead", "leader": "W", "choice": "forbid:S", "expect": {}},
        {"do": "play", "seat": "W", "card": "CA", "expect": {}},
        {"do": "partner_lead", "leader": "W",
         "expect": {"options": ["require:D", "forbid:D", "any"], "restriction": "forbid:S"}},
    ]
    case = {"id": "k", "kind": "sequence", "declarer": "S", "expect": {}, "steps": steps}
    assert run_case(case).status == "pass", run_case(case).detail
    steps.insert(3, {"do": "lead_lost", "seat": "W", "expect": {}})
    steps[-1]["expect"]["restriction"] = ""
    assert run_case(case).status == "pass", run_case(case).detail
