# Two commands do all the set-up: `make play` (simulator) and `make test`.
# Both create .venv on first use from the pinned requirements.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.txt | cksum | cut -d' ' -f1)

.PHONY: test play bench venv clean bundle deploy ram

venv: $(STAMP)

$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	rm -f $(VENV)/.installed-*
	touch $@

# MicroPython's WebAssembly port (the pystack VM of tools/pystack_vm.py), pinned in tools/vm/package-lock.json.
NODE_STAMP := tools/vm/node_modules/.installed-$(shell cat tools/vm/package-lock.json | cksum | cut -d' ' -f1)

$(NODE_STAMP): tools/vm/package-lock.json
	cd tools/vm && npm ci --no-audit --no-fund --loglevel=error
	touch $@

test: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m pytest

# The simulator window (tools/sim.py --help for headless screenshots and options).
play: $(STAMP)
	$(BIN)/python tools/sim.py

# The benchmark also needs the peer it compares against (requirements-bench.txt).
BENCH_STAMP := $(VENV)/.bench-$(shell cat requirements-bench.txt | cksum | cut -d' ' -f1)

$(BENCH_STAMP): $(STAMP) requirements-bench.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	touch $@

bench: $(BENCH_STAMP)
	$(BIN)/python tools/bench.py

# The board's files in build/CIRCUITPY (and lib/); deploy also copies the changed
# ones to the CIRCUITPY drive. Options: DEST=/path/to/CIRCUITPY, MPY_CROSS=<CircuitPython's mpy-cross>.
bundle: $(STAMP)
	$(BIN)/python tools/bundle.py $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)")

deploy: $(STAMP)
	$(BIN)/python tools/deploy.py $(if $(DEST),--dest "$(DEST)") $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)")

ram: $(STAMP)
	$(BIN)/python tools/ram_budget.py

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis
