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

# A tool's refusal is one sentence of its own; make's "make: *** [Makefile:..:
# deploy] Error 1" under it would only say again that it failed. GNU make
# has no switch for that line (.SILENT and "-" hide it only by ignoring the
# failure, and make then exits 0), so at the top level a failure stops make
# by SIGPIPE, the signal that sh, bash, zsh and fish report without a word:
# the exit status stays non-zero (141). Under another make (MAKELEVEL > 0)
# or with --output-sync (make would die holding the tool's output) the
# tool's own status is passed on as usual, and make says its line.
# $(quiet_stop) ends a recipe so (status 1); a command followed by
# $(quiet_failure) ends it so when it fails (with its own status).
quiet_kill = $(if $(filter-out 0,$(MAKELEVEL))$(filter -O% --output-sync%,$(MAKEFLAGS)),:,kill -PIPE $$PPID)
quiet_stop = { $(quiet_kill); exit 1; }
quiet_failure = || { status=$$?; $(quiet_kill); exit $$status; }

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
  echo "make: this project needs Python 3.11 or newer, and $(PYTHON) is $$what; $$next" >&2; $(quiet_stop); }
endef

# $(call make_venv,folder,pip arguments): a fresh venv, removed again if the
# install fails, so a broken one never stays for the next run.
define make_venv
$(check_python)
@rm -rf $(1)
@echo "make: creating $(1) with Python $(PY_VERSION) (first time: a minute or so)"
@$(PYTHON) -m venv $(1) || { rm -rf $(1); echo "make: $(PYTHON) -m venv failed (on Debian or Ubuntu: apt install python3-venv); nothing was kept" >&2; $(quiet_stop); }
@$(1)/bin/python $(PIP) $(2) || { rm -rf $(1); echo "make: installing into $(1) failed (pip's messages above); $(1) was removed, so the next make starts clean" >&2; $(quiet_stop); }
@touch $@
endef

.PHONY: test lint format play venv board-venv clean bundle deploy release ram bench store-bench app-bench solver-bench wear train power-bench display-cost faults

venv: $(STAMP)

board-venv: $(BOARD_STAMP)

$(STAMP): requirements.txt requirements-board.txt
	$(call make_venv,$(VENV),-r requirements.txt)

$(BOARD_STAMP): requirements-board.txt
	$(call make_venv,$(BOARD_VENV),--no-deps -r requirements-board.txt)

# MicroPython's WebAssembly port (the pystack VM of tools/vm/pystack_vm.py),
# pinned in tools/vm/package-lock.json; npm ci installs exactly that.
NODE_STAMP := tools/vm/node_modules/.installed-$(shell cat tools/vm/package-lock.json | cksum | cut -d' ' -f1)

$(NODE_STAMP): tools/vm/package-lock.json
	cd tools/vm && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# -P: the repository root is not put first on sys.path, where code.py would
# shadow the standard library's `code` module (pdb, which pytest imports,
# needs the real one); tests/conftest.py makes the repository importable.
test: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check --quiet .
	$(BIN)/ruff format --check --quiet .
	$(BIN)/python -P -m pytest $(PYTEST_ARGS)

# The linter and the formatter's check alone (ruff.toml says what they
# check); `make test` runs both first. `make format` rewrites the files.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

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
	@SIM_VIA_MAKE=1 $(BIN)/python -m tools.play.sim $(SIM_ARGS) $(quiet_failure)

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
	@$(BOARD_PY) -m tools.ship.bundle $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)") $(quiet_failure)

deploy: $(BOARD_STAMP)
	@$(BOARD_PY) -m tools.ship.deploy $(if $(DEST),--dest "$(DEST)") $(if $(FORCE),--force) $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)") $(quiet_failure)

# The zip a board owner unzips onto CIRCUITPY, in $(DIST)/: one for every
# CircuitPython line, as their bundles are the same bytes (tools/ship/release.py).
# TAG=v1.2.3 (the release workflow) checks it names this version.
release: $(BOARD_STAMP)
	@$(BOARD_PY) -m tools.ship.release --out "$(DIST)" $(if $(TAG),--tag "$(TAG)") $(quiet_failure)

clean:
	rm -rf $(VENV) $(BOARD_VENV) build $(DIST) .pytest_cache .hypothesis
