# Lantern: two commands. `make play` serves the game notebooks; `make test` runs everything.
# Both create and fill .venv themselves and skip the install when pyproject.toml has not changed.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8888
GAME ?= firelights
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
LINTED = $(wildcard rules widgets tests bench tools typings conftest.py docs/examples docs/_ext docs/conf.py)

.PHONY: play test lint docs voila table bench fuzz browser-deps clean lite lite-serve

# A venv that a failed or interrupted run left without pip is made again from scratch. Its pip is
# brought up to date first: with Python 3.11's own (23.2) the test install took a third longer,
# about half of it spent matching every wheel link of the indexes against this machine's tags.
# Where no index answers, the venv's own pip goes on.
define new-venv
	rm -rf $(1)
	$(PYTHON) -m venv $(1) || { rm -rf $(1); echo "python3 -m venv failed: install python3-venv"; exit 1; }
	$(1)/bin/pip install --quiet --disable-pip-version-check --upgrade pip \
		|| echo "pip could not be brought up to date: the install goes on with the venv's own"
endef
$(BIN)/pip:
	$(call new-venv,$(VENV))

# One stamp per extra; pip runs again only when pyproject.toml is newer than the stamp.
$(VENV)/.installed-run: pyproject.toml | $(BIN)/pip
	$(BIN)/pip install --quiet --disable-pip-version-check -e .
	touch $@

# The test install adds the guide's example game (docs/examples), a package of its own that
# declares itself in the lantern.games entry points: the suite finds it as a player's would.
# The JupyterLite packages live in lite/.venv alone (the Pyodide kernel's JupyterLab extension
# breaks the JupyterLab of `make play` and the tests): a .venv that older checkouts filled with
# them loses them here.
$(VENV)/.installed-test: pyproject.toml docs/examples/pyproject.toml | $(BIN)/pip
	$(BIN)/pip install --quiet --disable-pip-version-check -e ".[test]" -e docs/examples
	$(BIN)/pip uninstall --quiet --yes jupyterlite-pyodide-kernel jupyterlite-core 2>/dev/null || true
	touch $@ $(VENV)/.installed-run

# Both servers start through tools/serve.py: a token (from $$JUPYTER_TOKEN or the mode-600 file
# named by $$JUPYTER_TOKEN_FILE, else a random one; never on the command line, where `ps` shows
# it), the Host and Origin checks on, and the URL with the token printed once.
play: $(VENV)/.installed-run no-token-argument
	$(BIN)/python -m tools.serve lab --no-browser --ServerApp.ip=127.0.0.1 \
		--ServerApp.port=$(PORT) --ServerApp.root_dir=notebooks $(ROOT_FLAG)

# The game's play notebook: a title, the panel and how to play; no code, no checks.
voila: $(VENV)/.installed-run no-token-argument
	$(BIN)/python -m tools.serve voila notebooks/play-$(GAME).ipynb --no-browser --port=$(PORT) \
		--Voila.ip=127.0.0.1

# The players' seat pages (tools/table.py) on the address the GM chooses: no Jupyter token (each
# link's key is its seat's credential), only the seat page served; prints one link per character
# of the journey (the Voidlight journey played last, or JOURNEY=name). PORT defaults to 8890.
table: $(VENV)/.installed-run
	$(if $(strip $(HOST)),,$(error make table needs HOST=, the address the players reach: this \
		computer's address on your network (such as 192.168.1.20), or 127.0.0.1 behind an SSH tunnel))
	$(BIN)/python -m tools.serve table --host="$(strip $(HOST))" \
		$(if $(filter-out default file,$(origin PORT)),--port="$(PORT)") \
		$(if $(strip $(JOURNEY)),--journey="$(strip $(JOURNEY))")

# `TOKEN=secret make play` (the environment) still works: make exports it to the server's
# environment only. `make play TOKEN=secret` (make's own arguments, which `ps` shows) is refused.
ifeq ($(origin TOKEN),environment)
export JUPYTER_TOKEN := $(TOKEN)
endif
.PHONY: no-token-argument
no-token-argument:
	$(if $(filter command line,$(origin TOKEN)),$(error make play TOKEN=... puts the token on \
		the command line, where ps shows it: run JUPYTER_TOKEN=... make play (or set \
		JUPYTER_TOKEN_FILE to a file of mode 600) instead))

# Debian's Chromium for the browser tests: installed when missing and we are root; otherwise
# those tests skip with a one-line reason (tests/browser/conftest.py).
browser-deps:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
			|| echo "chromium could not be installed: the browser tests will skip"; \
	fi

lint: $(VENV)/.installed-test
	$(BIN)/ruff check $(LINTED)
	$(BIN)/ruff format --check $(LINTED)
	$(BIN)/mypy

# pytest in parallel (pytest-xdist), one worker per core: `make test WORKERS=1` for one worker,
# WORKERS=0 for none. loadscope keeps each module and each notebook (its cells run in order in one
# kernel) on one worker. Before it, two jobs at a time: .venv's install and the lint leave the
# second core idle, and the JupyterLite site for its browser tests (`make lite`: the site's own
# venv, then its build, or nothing when lite/_output is current) is made there. Where the site
# cannot be built (no npm, a registry out of reach) the run goes on: the site's tests try once
# more, then skip with the build's reason (its log: lite/.cache/make-lite.log).
WORKERS ?= auto
test:
	@$(MAKE) --no-print-directory --jobs=2 --output-sync=target test-ready
	LANTERN_LITE_BUILD=1 $(BIN)/pytest -n $(WORKERS) --dist loadscope

.PHONY: test-ready test-site
test-ready: test-site $(VENV)/.installed-test browser-deps lint $(VENV)/.bytecode
test-site:
	@mkdir -p lite/.cache
	@echo "Building the JupyterLite site for its tests (log: lite/.cache/make-lite.log)"
	@$(MAKE) --no-print-directory lite > lite/.cache/make-lite.log 2>&1 \
		|| echo "The JupyterLite site did not build: its tests will say why (lite/.cache/make-lite.log)"

# The checkout's bytecode, written once beside the lint: a run starts about a hundred Python
# processes (the test workers, kernels, servers, the processes the hardening tests kill), and each
# would compile the modules it imports from source again where Python is told to write no bytecode
# (PYTHONDONTWRITEBYTECODE set). compileall writes it all the same; pytest reads the assertion
# rewrites of the test modules that a collection wrote (only pytest writes those, and only where
# Python may write bytecode). Both are read when current and skipped when stale, as Python's own;
# the stamp skips the step when no Python file of the checkout changed since.
COMPILED := rules widgets tests tools bench docs conftest.py
$(VENV)/.bytecode: $(shell find $(COMPILED) -name '*.py' -not -path '*/_build/*' 2>/dev/null) \
		pyproject.toml | $(VENV)/.installed-test
	@$(BIN)/python -m compileall -q -j 0 $(COMPILED) >/dev/null
	@PYTHONDONTWRITEBYTECODE= $(BIN)/pytest --collect-only -q >/dev/null \
		&& touch $@ || echo "pytest could not collect the tests: the run below says why"

# The documentation site, into docs/_build/html (the docs packages are in the test extra, so the
# same install covers it; tests/test_docs.py runs the same build in every `make test`).
# `make docs LITE=1` builds the JupyterLite site too and puts it under the docs, at lite/ (the
# docs' "Play in your browser" link points there).
docs: $(VENV)/.installed-test $(if $(strip $(LITE)),lite)
	$(BIN)/sphinx-build -W --keep-going -n -b html docs docs/_build/html
ifneq ($(strip $(LITE)),)
	rm -rf docs/_build/html/lite && cp -r lite/_output docs/_build/html/lite
endif

bench: $(VENV)/.installed-test
	$(BIN)/python -m bench

# Random play at scale, not part of `make test`: 100,000 legal actions per game, every invariant
# checked each step; prints per game how many ran and how many broke, exits 1 if any broke.
fuzz: $(VENV)/.installed-test
	$(BIN)/python tests/hardening/fuzz.py

# Lantern in the browser: a static JupyterLite site in lite/_output, built from PyPI and npm
# alone (Pyodide from the npm package, every wheel from PyPI), that plays with no network.
# Rebuilt only when its inputs change (tools/lite.py); downloads are kept in lite/.cache.
# Built in a venv of its own, lite/.venv (the lite extra and the notebook's packages, as
# `python -m tools.lite requirements` lists them from pyproject.toml), filled again only when
# pyproject.toml or the script changed: none of it enters .venv.
LITE_VENV := lite/.venv
$(LITE_VENV)/bin/pip:
	$(call new-venv,$(LITE_VENV))

$(LITE_VENV)/.installed: pyproject.toml tools/lite.py tools/lite_pages.py tools/lite_pyc.py | $(LITE_VENV)/bin/pip
	$(PYTHON) -m tools.lite requirements > $(LITE_VENV)/requirements.txt
	$(LITE_VENV)/bin/pip install --quiet --disable-pip-version-check -r $(LITE_VENV)/requirements.txt
	touch $@

lite: $(LITE_VENV)/.installed
	$(LITE_VENV)/bin/python -m tools.lite build

# Serves the site on 127.0.0.1 (LITE_PORT, default 8000). Journeys are kept in the browser per
# address and port: serve it on the same one to find them again.
LITE_PORT ?= 8000
lite-serve:
	@[ -f lite/_output/index.html ] || $(MAKE) lite
	PORT=$(LITE_PORT) $(PYTHON) -m tools.lite serve

# The site's venv and build go too; its download cache (lite/.cache) stays.
clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache lite/.venv lite/_output
