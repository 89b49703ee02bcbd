# hhparse: `make demo` and `make test` set themselves up from a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck pytest bench clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

demo: $(STAMP)
	$(BIN)/hhparse ingest data/samples
	$(BIN)/hhparse stored
	$(BIN)/hhparse report draw_frequencies
	$(BIN)/hhparse report showdown_outcomes

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check hhparse tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy hhparse

pytest: $(STAMP)
	$(BIN)/pytest -q -n auto

bench: $(STAMP)
	$(BIN)/python benchmarks/evaluators.py
	$(BIN)/python benchmarks/replay.py
	$(BIN)/python benchmarks/ingest.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
