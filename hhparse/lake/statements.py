"""The few lake statements DuckDB cannot prepare with a table's name as a parameter
(CREATE VIEW, DROP TABLE, INSERT INTO a named table, SET VARIABLE's name): their SQL files
(``sql/lake/``) take the name in ``{table}``, filled here from the lake's fixed list of
tables only; every value still goes in as a bound parameter."""

from __future__ import annotations

from hhparse.lake.write import TABLES
from hhparse.sqlfiles import sql


def statement(name: str, table: str, select: str = "") -> str:
    """``sql/lake/<name>.sql`` for one of the lake's tables; ``select``: a view's select
    list, made of that table's own (quoted) column names (:func:`quoted`)."""
    if table not in TABLES:
        raise ValueError(f"not a lake table: {table!r}")
    return sql(f"lake/{name}").format(table=table, columns=select)


def quoted(name: str) -> str:
    """A column name as a SQL identifier."""
    return '"' + name.replace('"', '""') + '"'
