# Two commands for readers and contributors:
#   make serve   build the site and serve it with live reload on http://127.0.0.1:8000
#   make test    lint + the whole test suite (snippets, examples, site, real browser)
# Both create or update .venv first. Torch comes from pip (torch==2.14.1, torchvision==0.29.1, pinned in
# requirements.txt with every other package), so machines with a local wheel cache install it from disk.

PYTHON ?= python3.11
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve build test test-gpu record bench lint format browser-deps clean

$(STAMP): requirements.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check -q -r requirements.txt
	@touch $@

venv: $(STAMP)

serve: $(STAMP)
	$(PY) -m mkdocs serve --strict --dev-addr 127.0.0.1:8000

build: $(STAMP)
	$(PY) -m mkdocs build --strict

# Debian's Chromium and CJK fonts for the real-browser test (installed once; needs root or sudo).
browser-deps:
	@if ! command -v chromium >/dev/null || ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null; \
	fi

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: $(STAMP)
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

test: $(STAMP) browser-deps lint
	$(PY) -m pytest

# The CUDA checks alone, for a GPU machine: `gpu`-marked tests (skipped where CUDA is absent) and a strict
# build whose snippet outputs are produced on cuda. `make test` there runs them too, with everything else.
test-gpu: $(STAMP)
	$(PY) -m pytest -m gpu tests/snippets tests/examples
	$(PY) -m mkdocs build --strict

# On a GPU machine: run every `# needs: cuda` / `# record: cuda` snippet there and keep its output under
# recordings/cuda/ (commit those files; CPU-only builds show them, labelled with GPU, torch and date).
record: $(STAMP)
	$(PY) hooks/snippet_runner.py --record

# Build times (cold, warm, one edit), per-snippet overhead, slowest snippets, page weights, search index size;
# prints them and writes bench/results.json, which the verification report shows.
bench: $(STAMP)
	$(PY) hooks/bench.py

clean:
	rm -rf site .cache test-artifacts
