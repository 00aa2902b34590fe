"""How core/ is put together: imports run one way (engine -> laws -> registry), every module
imports on its own, the record kinds are registered kinds, and who may choose is decided
in core from the stored chooser."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from core.engine import EVENT_TYPES
from core.ruling import RECORD_KINDS
from core.seats import Seat
from core.state import Chooser, PendingChoice, TableState, may_choose

CORE = Path(__file__).resolve().parents[2] / "core"


def _modules() -> dict[str, Path]:
    found = {}
    for path in CORE.rglob("*.py"):
        parts = path.relative_to(CORE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """Every core module ``path`` imports when it runs, at the top or inside a function (not
    under ``if TYPE_CHECKING:``, which only the type checker reads)."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            node.body = []
    deps = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                deps.add(sub if sub in modules else node.module)
        elif isinstance(node, ast.Import):
            deps.update(alias.name for alias in node.names)
    return {d for d in deps if d in modules}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_in_the_rules_engine():
    modules = _modules()
    graph = {name: _imports(path, modules) - {name} for name, path in modules.items()}
    outside_storage = [c for c in _cycles(graph)
                       if not all(m.startswith("core.storage") for m in c)]
    assert outside_storage == []


def test_law_modules_never_import_the_engine():
    modules = _modules()
    for name, path in modules.items():
        if name.startswith("core.laws") or name in ("core.registry", "core.ruling", "core.state"):
            assert "core.engine" not in _imports(path, modules), name


@pytest.mark.parametrize("name", ["core.engine", "core.registry", "core.ruling", "core.laws",
                                  "core.laws.leads", "core.laws.opening_lead", "core.laws.play",
                                  "core.laws.acceptance", "core.laws.change_of_call",
                                  "core.laws.must_pass", "core.laws.lead_choices",
                                  "core.scenarios.runner", "core.script"])
def test_each_module_imports_alone(name):
    subprocess.run([sys.executable, "-c", f"import {name}"], check=True, cwd=CORE.parent)


def test_record_kinds_are_registered_event_kinds():
    assert set(EVENT_TYPES) >= RECORD_KINDS


def test_chooser_values_are_the_stored_strings():
    assert {c.value for c in Chooser} == {"", "declarer", "defenders", "players", "LHO",
                                          "director", "declarer_side"}


def test_an_old_snapshot_with_a_string_chooser_loads_as_the_enum():
    pending = PendingChoice(law="50D2", chooser=Chooser.DECLARER, seat=Seat.W,
                            options=("any",), offender=Seat.E)
    text = TableState(pending=(pending,)).to_json()
    assert '"chooser":"declarer"' in text
    loaded = TableState.from_json(text)
    assert loaded.pending[0].chooser is Chooser.DECLARER and loaded == TableState(
        pending=(pending,))


def test_who_may_choose():
    s = Seat.S  # declarer
    assert may_choose(Chooser.DECLARER, Seat.S, director=False, declarer=s)
    assert not may_choose(Chooser.DECLARER, Seat.N, director=False, declarer=s)
    assert may_choose(Chooser.DEFENDERS, Seat.W, director=False, declarer=s)
    assert not may_choose(Chooser.DEFENDERS, Seat.N, director=False, declarer=s)
    assert may_choose(Chooser.PLAYERS, Seat.N, director=False, declarer=s)
    assert not may_choose(Chooser.PLAYERS, None, director=False, declarer=s)
    assert may_choose(Chooser.LHO, Seat.S, director=False, declarer=None, offender=Seat.E)
    assert not may_choose(Chooser.LHO, Seat.W, director=False, declarer=None, offender=Seat.E)
    assert not may_choose(Chooser.DIRECTOR, Seat.S, director=False, declarer=s)
    assert may_choose(Chooser.DIRECTOR, None, director=True, declarer=None)
    assert may_choose("declarer", Seat.S, director=False, declarer=s)


ROOT = CORE.parent
#: What the Discord side may use of storage: the facade and its plain values and errors.
STORAGE_SEAMS = {"core.storage", "core.storage.values", "core.storage.errors",
                 "core.storage.service", "core.storage.desk", "core.storage.desk.settings",
                 "core.storage.limits", "core.storage.editions", "core.storage.logquery"}


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports (absolute imports), at the top or in a function."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_layers_core_imports_no_discord_storage_no_cog_cogs_no_storage_internals():
    """The layering the README's Architecture describes (issue 28): core/ knows nothing of
    Discord, storage nothing of the cogs, and the cogs reach storage only through its seams."""
    for path in CORE.rglob("*.py"):
        found = _imported(path)
        assert not {n for n in found
                    if n.split(".")[0] in ("discord", "cogs", "tdbot", "localdiscord")}, path
    for path in [*(ROOT / "cogs").rglob("*.py"), *(ROOT / "tdbot").rglob("*.py")]:
        inner = {n for n in _imported(path) if n.startswith("core.storage.")
                 and n.rsplit(".", 1)[0] not in STORAGE_SEAMS and n not in STORAGE_SEAMS}
        assert not inner, (path, inner)


def test_cogs_holds_only_extensions_and_their_parts():
    """cogs/ holds the extensions the bot loads (a module or package with ``setup``) and the
    parts of an extension package; the bot class, the error policy and every helper the cogs
    share live in tdbot/ (issue 28)."""
    from tdbot.client import EXTENSIONS

    loaded = {name.removeprefix("cogs.") for name in EXTENSIONS}
    for path in (ROOT / "cogs").glob("*.py"):
        if path.stem != "__init__":
            assert path.stem in loaded, f"{path.name} is not an extension: move it to tdbot/"
    for package in (p for p in (ROOT / "cogs").iterdir() if (p / "__init__.py").exists()):
        assert package.name in loaded, package
        assert "async def setup(" in (package / "__init__.py").read_text(), package


#: Words of refusals whose rule lives in core.permissions: only tdbot/permissions.py says them.
REFUSAL_WORDS = ("has a ruling on it", "Only a director can reopen",
                 "Only a director can seat someone else", "Only a director can free another",
                 "nothing to reopen", "was already played at table", "was named by someone else",
                 "at table {table} has already ended", "or a director can do that for table",
                 "you keep your seat until it ends")


def test_who_may_do_what_is_decided_in_core_and_the_others_ask():
    """Seats, acting for a table, ending and moving boards (core.permissions) and choices
    (core.state.may_choose) are decided in core on plain facts; storage's /board set and the
    cogs ask those functions, and the Discord side only words the refusals (issue 28)."""
    found = _imported(CORE / "permissions.py")
    assert not {n for n in found if n.startswith(("core.storage", "core.engine", "core.laws"))}
    assert "core.permissions" in _imported(CORE / "storage" / "repo" / "boards.py")
    assert "core.permissions" in _imported(ROOT / "cogs" / "table.py")
    assert "core.permissions" in _imported(ROOT / "tdbot" / "context.py")
    for path in [*(ROOT / "cogs").rglob("*.py"), *(ROOT / "tdbot").rglob("*.py"),
                 *(CORE / "storage").rglob("*.py")]:
        if path != ROOT / "tdbot" / "permissions.py":
            text = path.read_text()
            assert not [w for w in REFUSAL_WORDS if w in text], path
