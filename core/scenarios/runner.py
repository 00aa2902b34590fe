"""Load cases, drive the engine through the kind adapters, compare, report."""

from __future__ import annotations

import argparse
import tomllib
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.errors import USER_ERRORS
from core.ruling import law_satisfies
from core.scenarios import kinds_auction, kinds_leads, kinds_play  # noqa: F401 - their adapters
from core.scenarios.facts import ADAPTERS, Facts
from core.state import TableState

_CASE_FIELDS = {"id", "kind", "title", "expect", "steps"}


class Unsupported(Exception):
    """The case (or one of its steps) is of a kind this engine does not handle yet."""


@dataclass(frozen=True)
class CaseResult:
    id: str
    status: str  # "pass", "fail", "unsupported"
    detail: str = ""


def load_cases(paths: list[str]) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for raw in paths:
        path = Path(raw)
        files = sorted(path.rglob("*.toml")) if path.is_dir() else [path]
        for file in files:
            with file.open("rb") as fh:
                cases += tomllib.load(fh).get("case", [])
    return cases


def _same(expected: Any, observed: Any) -> bool:
    if isinstance(expected, list):
        if not isinstance(observed, list | tuple | set):
            return False
        return sorted(map(str, expected)) == sorted(map(str, observed)) and len(
            set(map(str, expected))) == len(set(map(str, observed)))
    return bool(expected == observed)


def _several_suits(token: str) -> bool:
    """A 51B2(b) option forbidding several suits at once (``forbid:SD``): FORMAT.md leaves these
    out of the comparison."""
    verb, _, letters = token.partition(":")
    return verb == "forbid" and len(letters) > 1


def compare(expect: dict[str, Any], observed: dict[str, Any], cited: list[str]) -> list[str]:
    """Every difference between ``expect`` and what was observed, in words."""
    problems = []
    for key, want in expect.items():
        if key == "error":
            continue
        if key == "cites":
            missing = [w for w in want if not any(law_satisfies(c, w) for c in cited)]
            if missing:
                problems.append(f"cites: missing {missing} (cited {sorted(set(cited))})")
            continue
        if key not in observed:
            problems.append(f"{key}: the engine said nothing (expected {want!r})")
            continue
        got = observed[key]
        if key == "options" and isinstance(got, list | tuple):
            got = [t for t in got if not _several_suits(str(t))]
        if not _same(want, got):
            problems.append(f"{key}: expected {want!r}, got {got!r}")
    return problems


def _run_step(kind: str, facts: Facts, state: TableState) -> tuple[dict[str, Any], TableState]:
    adapter = ADAPTERS.get(kind)
    if adapter is None:
        raise Unsupported(kind)
    return adapter(facts, state)


def run_case(case: dict[str, Any]) -> CaseResult:
    case_id = str(case.get("id", "?"))
    kind = case.get("kind", "")
    try:
        if kind == "sequence":
            return _run_sequence(case_id, case)
        expect = case.get("expect", {})
        facts = Facts({k: v for k, v in case.items() if k not in _CASE_FIELDS})
        try:
            observed, _ = _run_step(kind, facts, TableState())
        except Unsupported:
            raise
        except USER_ERRORS as exc:
            if expect.get("error"):
                return CaseResult(case_id, "pass")
            return CaseResult(case_id, "fail", f"engine refused the facts: {exc}")
        if expect.get("error"):
            return CaseResult(case_id, "fail", "expected an error, the engine ruled")
        problems = compare(expect, observed, observed.get("_cited", []))
        return CaseResult(case_id, "fail" if problems else "pass", "; ".join(problems))
    except Unsupported as exc:
        return CaseResult(case_id, "unsupported", str(exc))
    except Exception as exc:  # a bug must show up as a failure, never crash the run
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return CaseResult(case_id, "fail", f"crash: {type(exc).__name__}: {exc} "
                          f"({Path(where.filename).name}:{where.lineno})")


def _run_sequence(case_id: str, case: dict[str, Any]) -> CaseResult:
    base = Facts({k: v for k, v in case.items() if k not in _CASE_FIELDS})
    steps = case.get("steps", [])
    for step in steps:  # find unsupported steps before running anything
        if step.get("do") not in ADAPTERS:
            raise Unsupported(f"sequence step {step.get('do')!r}")
    state = TableState(
        declarer=base.opt_seat("declarer"), dealer=base.opt_seat("dealer"),
    )
    if state.declarer is not None:

        from core.state import Phase
        state = state.evolve(phase=Phase.PLAY)
    for number, step in enumerate(steps, 1):
        kind = step["do"]
        expect = step.get("expect", {})
        facts = Facts({k: v for k, v in step.items() if k not in {"do", "expect"}})
        try:
            observed, state = _run_step(kind, facts, state)
        except USER_ERRORS as exc:
            if expect.get("error"):
                continue
            return CaseResult(case_id, "fail", f"step {number} ({kind}): engine refused: {exc}")
        if expect.get("error"):
            return CaseResult(case_id, "fail", f"step {number} ({kind}): expected an error")
        problems = compare(expect, observed, observed.get("_cited", []))
        if problems:
            return CaseResult(case_id, "fail", f"step {number} ({kind}): " + "; ".join(problems))
    return CaseResult(case_id, "pass")


def run_paths(paths: list[str]) -> list[CaseResult]:
    return [run_case(c) for c in load_cases(paths)]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.scenarios",
                                     description="Run conformance cases against the engine.")
    parser.add_argument("paths", nargs="+", help="case files or folders of *.toml")
    parser.add_argument("--allow-unsupported", action="store_true",
                        help="exit 0 even when some kinds are not implemented yet")
    args = parser.parse_args(argv)
    results = run_paths(args.paths)
    for r in results:
        if r.status == "fail":
            print(f"FAIL {r.id}: {r.detail}")
        elif r.status == "unsupported":
            print(f"UNSUPPORTED {r.id}: {r.detail}")
    passed = sum(r.status == "pass" for r in results)
    failed = sum(r.status == "fail" for r in results)
    unsupported = sum(r.status == "unsupported" for r in results)
    tail = f", {unsupported} unsupported" if unsupported else ""
    print(f"{passed} passed, {failed} failed{tail}")
    if failed or (unsupported and not args.allow_unsupported):
        return 1
    return 0
