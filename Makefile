# wolfpack — developer entry points. Everything runs from the project-local .venv.
#
#   make run     start the browser server on http://127.0.0.1:8000 (SQLite under var/)
#   make test    system packages if missing, then pytest (3 workers, without `slow` tests) beside ruff + mypy and the
#                batch engines' Numba compile
#   make test-durations  run the suite and record each test file's seconds (tests/durations.json: the longest go first)
#   make strength  the long statistical tests (`slow`: bot strength, balance) that make test leaves out
#   make bench   run benchmarks/run.py (installs the open_spiel extra): every game beside OpenSpiel's, the batch
#                engines, WOLF's play-outs before and after, deep perft, the 100,000-game comparisons
#   make ladder  each game's bot ladder (seeded tournaments, OpenSkill ratings) written into docs/bots.md
#   make loadtest  server load test: 100 tables, 400 WebSocket clients, 200 actions/s for 60 s (benchmarks/loadtest.py)
#   make loadtest-event  a 300-player Den of Wolves event: 52 seats, 600 devices, 50 actions/s for 10 min (benchmarks/loadtest_event.py; ARGS="--seconds 60" shortens it)
#   make loadtest-event-200  the same with 200 devices at 20 actions/s (the figures before issue 30)
#   make lock    regenerate requirements/*.txt from pyproject.toml with pip-compile
#   make clean   remove .venv, caches and build artefacts

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-builtin-rules
# Python writes each module's bytecode the first time a process imports it and every later process reads it (a
# machine may switch that off; the tests start many processes). uv leaves compiling to that first import.
unexport PYTHONDONTWRITEBYTECODE

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip
# Everything past the installer itself is installed by uv (requirements/installer.txt): the same hash-checked
# lock files as pip reads, in seconds rather than a minute (docs/testing.md, "Set-up").
UV_PIP := $(BIN)/uv pip install --python $(BIN)/python

# Stamp files: each install step re-runs only when its inputs change.
VENV_STAMP  := $(VENV)/.created
BASE_STAMP  := $(VENV)/.installed-base
DEV_STAMP   := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench
COLLECT_STAMP := $(VENV)/.collected

# pip-tools lives in a throwaway venv outside the project.
PIPTOOLS_VENV ?= /tmp/wolfpack-pip-tools
PIP_COMPILE   := $(PIPTOOLS_VENV)/bin/pip-compile
PIP_COMPILE_FLAGS := --quiet --allow-unsafe --strip-extras --generate-hashes \
                     --no-emit-index-url --no-emit-find-links --resolver=backtracking
ifdef UPGRADE
PIP_COMPILE_FLAGS += --upgrade
endif

.PHONY: help venv .venv install install-dev install-bench system-deps run test test-suite test-checks test-kernels test-durations strength bench bench-bgio ladder loadtest loadtest-event loadtest-event-200 lock lock-upgrade clean

help:
	@grep -E '^#   make ' $(firstword $(MAKEFILE_LIST)) | sed 's/^#   //'

# ---------------------------------------------------------------- virtualenv
$(VENV_STAMP): requirements/installer.txt
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --disable-pip-version-check --require-hashes -r requirements/installer.txt
	touch $@

venv .venv: $(VENV_STAMP)

$(BASE_STAMP): requirements/base.txt pyproject.toml $(VENV_STAMP)
	$(UV_PIP) --require-hashes -r requirements/base.txt
	$(UV_PIP) --no-deps -e .
	touch $@

$(DEV_STAMP): requirements/dev.txt pyproject.toml $(VENV_STAMP)
	$(UV_PIP) --require-hashes -r requirements/dev.txt
	$(UV_PIP) --no-deps -e .
	touch $@

$(BENCH_STAMP): requirements/dev.txt requirements/bench.txt pyproject.toml $(VENV_STAMP)
	$(UV_PIP) --require-hashes -r requirements/dev.txt -r requirements/bench.txt
	$(UV_PIP) --no-deps -e .
	touch $@

install: $(BASE_STAMP)
install-dev: $(DEV_STAMP)
install-bench: $(BENCH_STAMP)

# Debian packages the tests need (PostgreSQL, Chromium): checked every time, installed only when missing.
system-deps:
	scripts/system-deps

# ---------------------------------------------------------------- main targets
run: $(BASE_STAMP)
	$(BIN)/wolfpack serve --host 127.0.0.1 --port 8000 --database sqlite:///var/wolfpack.db

# docs/testing.md: what runs where, and the budget (make test at most 6 minutes on a clean clone, 2 cores).
# Whole files go to the workers, longest first (tests/longest_first.py reads their lengths from tests/durations.json;
# `make test-durations` records them again after a run).
PYTEST_REPORT := --dist loadfile --no-loadscope-reorder --durations=15
# Test workers: more than the cores, since each waits on browsers, servers and disk syncs part of the time.
TEST_WORKERS ?= 3

# The checks run beside the tests: the two test workers leave a core idle while they wait on browsers and servers.
test: $(DEV_STAMP) system-deps
	$(MAKE) --no-print-directory -j3 test-suite test-checks test-kernels

# A fresh venv's first collection rewrites every test module's asserts and compiles every module it imports (20 s of
# one core): done once here, beside the checks, rather than by the three workers at once, each for itself.
$(COLLECT_STAMP): $(DEV_STAMP)
	$(BIN)/pytest --collect-only -q -m "not slow" > /dev/null
	touch $@

test-suite: $(COLLECT_STAMP)
	$(BIN)/pytest -n $(TEST_WORKERS) -m "not slow" $(PYTEST_REPORT)

# Numba compiles the batch engines' kernels on a clean clone (about 50 s of one core): begun at once, beside the
# collection and the checks, under the locks the tests take (tests/compiled.py), so that no test waits for it late in
# the run; a second run only loads numba's cache.
test-kernels: $(DEV_STAMP)
	$(BIN)/python -m tests.compiled

# Runs the suite as make test does and records each test file's seconds, the order the next runs take.
test-durations: $(COLLECT_STAMP)
	$(BIN)/pytest -n $(TEST_WORKERS) -m "not slow" $(PYTEST_REPORT) --junitxml=var/test-durations.xml
	$(BIN)/python -m tests.longest_first var/test-durations.xml

test-checks:
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

strength: $(DEV_STAMP) system-deps
	$(BIN)/pytest -n 2 -m slow $(PYTEST_REPORT)

bench: $(BENCH_STAMP)
	$(BIN)/python benchmarks/run.py

# The same tic-tac-toe on wolfpack's server and on boardgame.io's (npm into benchmarks/bgio/ on first use; ARGS as
# `benchmarks/server_vs_bgio.py --help` says): docs/benchmarks-bgio.md.
bench-bgio: $(DEV_STAMP)
	$(BIN)/python benchmarks/server_vs_bgio.py $(ARGS)

# Each game's bot ladder: seeded tournaments, their tables written into docs/bots.md (games kept in var/ladder/).
ladder: $(DEV_STAMP)
	$(BIN)/python benchmarks/ladder.py --write-docs

loadtest: $(DEV_STAMP)
	$(BIN)/python benchmarks/loadtest.py

loadtest-event: $(DEV_STAMP)
	$(BIN)/python benchmarks/loadtest_event.py $(ARGS)

loadtest-event-200: $(DEV_STAMP)
	$(BIN)/python benchmarks/loadtest_event.py --devices 200 --rate 20 $(ARGS)

# ---------------------------------------------------------------- lock files
# base.txt = runtime; dev.txt = runtime + dev (constrained by base.txt);
# bench.txt = runtime + bench (constrained by dev.txt), so dev.txt and bench.txt
# can be installed together. Existing pins are kept unless pyproject.toml
# requires otherwise; `make lock-upgrade` (or UPGRADE=1) moves to the newest releases.
$(PIP_COMPILE):
	$(PYTHON) -m venv $(PIPTOOLS_VENV)
	$(PIPTOOLS_VENV)/bin/python -m pip install --upgrade pip 'pip-tools>=7.4,<8'

lock: $(PIP_COMPILE)
	mkdir -p requirements
	CUSTOM_COMPILE_COMMAND="make lock" $(PIP_COMPILE) $(PIP_COMPILE_FLAGS) \
		-o requirements/base.txt pyproject.toml
	CUSTOM_COMPILE_COMMAND="make lock" $(PIP_COMPILE) $(PIP_COMPILE_FLAGS) \
		--extra dev -c requirements/base.txt -o requirements/dev.txt pyproject.toml
	CUSTOM_COMPILE_COMMAND="make lock" $(PIP_COMPILE) $(PIP_COMPILE_FLAGS) \
		--extra bench -c requirements/dev.txt -o requirements/bench.txt pyproject.toml
	CUSTOM_COMPILE_COMMAND="make lock" $(PIP_COMPILE) $(PIP_COMPILE_FLAGS) \
		-o requirements/installer.txt requirements/installer.in

lock-upgrade:
	$(MAKE) lock UPGRADE=1

# ---------------------------------------------------------------- cleanup
clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -path ./.git -prune -o \( -name '__pycache__' -o -name '*.egg-info' \) -prune -exec rm -rf {} +
