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
