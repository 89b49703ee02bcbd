"""The output formats of the reports (a light module: the CLI's help names them)."""

from __future__ import annotations

from typing import Final

FORMATS: Final = ("table", "csv", "json", "parquet", "markdown", "html")
