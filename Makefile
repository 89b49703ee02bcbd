# hhparse: `make demo` and `make test` set themselves up from a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The modules compiled with mypyc (when a C compiler is present): editing one rebuilds, so
# `make test` always runs the build users get.
COMPILED := $(shell grep -v '^\#' compiled-modules.txt)

.PHONY: demo test lint typecheck pytest pytest-pure bench clean

$(STAMP): pyproject.toml setup.py compiled-modules.txt $(COMPILED)
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,cluster]'
	@# The modules left as Python source, compiled to bytecode once: where
	@# PYTHONDONTWRITEBYTECODE is set (as on the machines we develop on) every process
	@# (each ingest worker, each command) compiled ~30 of them again at start (~0.6 G
	@# instructions).
	$(BIN)/python -m compileall -q hhparse
	@$(BIN)/hhparse --version
	@touch $(STAMP)

demo: $(STAMP)
	$(BIN)/hhparse ingest data/samples
	$(BIN)/hhparse stored
	$(BIN)/hhparse report draw_frequencies
	$(BIN)/hhparse report showdown_outcomes
	$(BIN)/hhparse report results --param by=session

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check hhparse tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy hhparse

pytest: $(STAMP)
	$(BIN)/pytest -q -n auto

# The pure-Python build on the same tree (HHPARSE_PURE=1 imports every module from its
# source): the reading, replaying, evaluating, storing and draw-judging tests.
PURE_TESTS := tests/test_build.py tests/test_replay_rules.py tests/test_replay_all_in.py \
	tests/test_forced_bets.py tests/test_replay_corpus.py tests/test_parser_pokerstars.py \
	tests/test_parser_fulltilt.py tests/test_parser_winamax.py tests/test_parser_kingsclub.py \
	tests/test_parsers_base.py tests/test_parsers_reader.py tests/test_rulebook.py tests/test_store.py tests/test_phh.py \
	tests/test_cycles.py tests/test_decisions.py tests/test_hand_facts.py
pytest-pure: $(STAMP)
	HHPARSE_PURE=1 $(BIN)/pytest -q -n auto $(PURE_TESTS)

bench: $(STAMP)
	$(BIN)/python benchmarks/evaluators.py
	$(BIN)/python benchmarks/replay.py
	$(BIN)/python benchmarks/ingest.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
	find hhparse -name '*.so' -delete
	rm -f *__mypyc*.so hhparse/_build_manifest.json
