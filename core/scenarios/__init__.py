"""The conformance-case runner: ``python -m core.scenarios PATH...``.

Cases (TOML, see ``shared/scenarios/FORMAT.md``) state the facts of an incident and what a
correct ruling contains. Each *kind* has one adapter (``@kind``) that turns facts into engine
events and reads back what the engine said; there is never code for a particular case.
"""

from core.scenarios.runner import CaseResult, main, run_case, run_paths  # noqa: F401
