"""The hot paths' statements render once and stay rendered (issue 27): no expanding parameter
list that SQLAlchemy would render into the SQL again on every run, and each ``lambda_stmt``
renders its own statement (a lambda shared by two statements would serve one's SQL for both)."""

from __future__ import annotations

import pytest
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.lambdas import StatementLambdaElement

from core.storage.repo import statements

DIALECTS = {"sqlite": sqlite.dialect(), "postgresql": postgresql.dialect()}
LAMBDAS = {name: value for name, value in vars(statements).items()
           if isinstance(value, StatementLambdaElement)}
LAMBDAS.update({f"BOARD_FOR_RECORD{key}": value
                for key, value in statements.BOARD_FOR_RECORD.items()})


def sql(statement: object, dialect: str) -> str:
    return str(statement.compile(dialect=DIALECTS[dialect]))  # type: ignore[attr-defined]


def test_the_hot_selects_are_lambda_statements() -> None:
    assert {"CLUB_ID", "TABLE_LOOKUP_MINE", "TABLE_LOOKUP_NUMBERED", "SET_BOARD_SELECT",
            "CHOICE_CONTEXT", "BOARD_BY_ID"} <= set(LAMBDAS)
    assert len(LAMBDAS) >= 13


@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_no_hot_statement_has_a_parameter_list_rendered_per_run(dialect: str) -> None:
    rendered = {name: sql(stmt, dialect) for name, stmt in LAMBDAS.items()}
    assert not [name for name, text in rendered.items() if "POSTCOMPILE" in text]
    lookup = rendered["TABLE_LOOKUP_MINE"]
    # "a ruling on the board" is a stored boolean (issue 22), never a list of kinds
    assert lookup.count("is_ruling IS 1" if dialect == "sqlite" else "is_ruling IS true") == 2
    assert "NOT IN" not in lookup


def built(name: str) -> object:
    """The plain statement a lambda statement wraps, built again."""
    if name.startswith("BOARD_FOR_RECORD"):
        key = dict(zip(("by_interaction", "lock"),
                       (v == "True" for v in name[17:-1].split(", ")), strict=True))
        return statements.board_for_record_select(**key)
    if name.startswith("TABLE_LOOKUP_"):
        return statements.table_lookup_select(numbered=name.endswith("NUMBERED"))
    return getattr(statements, "_" + name)


@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_every_lambda_statement_renders_its_own_statement(dialect: str) -> None:
    for name, stmt in LAMBDAS.items():
        assert sql(stmt, dialect) == sql(built(name), dialect), name
    if dialect == "postgresql":  # (SQLite has no FOR UPDATE: a lock renders as the plain read)
        rendered = [sql(stmt, dialect) for stmt in LAMBDAS.values()]
        assert len(set(rendered)) == len(rendered)
