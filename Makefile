# Schematic — make targets. `make demo` renders every sample into out/; `make test` runs the tests.
SWIFT ?= swift
BIN := .build/release/schematic
DEB_PACKAGES := libgraphviz-dev graphviz valgrind libyaml-dev zlib1g-dev libharfbuzz-dev libfreetype-dev libfontconfig-dev fonts-dejavu-core fonts-wqy-microhei fonts-noto-color-emoji nodejs node-d3-hierarchy python3-igraph chromium graphviz-doc
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SAMPLE_INPUTS := $(filter-out %.layout.json,$(wildcard samples/*.txt samples/*.json samples/*.tree samples/*.yaml samples/*.csv samples/*.md samples/*.gv))

.PHONY: all deps build test integrations-check browser-check leak-check fuzz scale-check samples demo bench clean

all: build

# Installs the Debian packages that are missing (apt-get, with sudo only when not root), and
# makes sure Graphviz's plugin configuration exists so libgvc finds its layout engines.
deps:
	@missing=$$(for package in $(DEB_PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$package 2>/dev/null | grep -q '^install ok installed' || echo $$package; done); \
	if [ -n "$$missing" ]; then \
	    echo "make deps: installing" $$missing; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@ls /usr/lib/*/graphviz/config6* >/dev/null 2>&1 || $(SUDO) dot -c

build:
	$(SWIFT) build -c release --product schematic
	$(SWIFT) build -c release --product schematic-markdown-html

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test
	@if command -v chromium >/dev/null 2>&1; then $(MAKE) --no-print-directory browser-check BROWSER_BIN=.build/debug/schematic; \
	 else echo "browser-check skipped: chromium is not installed"; fi
	$(MAKE) --no-print-directory integrations-check

# Installs MkDocs and Sphinx from PyPI, and the two integrations from integrations/, into a
# virtualenv under .build/; builds their example sites with the debug binary and checks the
# pages in headless Chromium (integrations/test.py).
INTEGRATIONS_VENV := .build/integrations-venv
integrations-check:
	$(SWIFT) build --product schematic
	@[ -x $(INTEGRATIONS_VENV)/bin/python ] || python3 -m venv $(INTEGRATIONS_VENV)
	@$(INTEGRATIONS_VENV)/bin/pip install --quiet --disable-pip-version-check mkdocs sphinx
	@$(INTEGRATIONS_VENV)/bin/pip install --quiet --disable-pip-version-check --force-reinstall --no-deps ./integrations/mkdocs ./integrations/sphinx
	@rm -rf integrations/mkdocs/build integrations/sphinx/build integrations/*/*.egg-info
	$(INTEGRATIONS_VENV)/bin/python integrations/test.py .build/debug/schematic $(INTEGRATIONS_VENV)/bin .build/integrations

# Loads every sample SVG and 1,000 random labels in headless Chromium and checks, with the
# DOM, that every label fits its box (tools/browser-check.py).
BROWSER_BIN ?= $(BIN)
browser-check:
	@[ -x $(BROWSER_BIN) ] || $(SWIFT) build $(if $(filter $(BIN),$(BROWSER_BIN)),-c release,) --product schematic
	python3 tools/browser-check.py $(BROWSER_BIN) samples .build/browser-check

# Runs the binary under valgrind on every path through Graphviz, HarfBuzz and fontconfig;
# fails on any definite leak or memory error of ours (tools/leak-check.sh).
leak-check: build
	bash tools/leak-check.sh $(BIN)

# Chains and stars of 100,000 and 1,000,000 nodes in every input format, timed (linear time).
scale-check: build
	python3 tools/scale-check.py $(BIN) .build/scale-check

# Fuzzes the whole pipeline (reader, label sizing, layout, SVG) with libFuzzer, once per reader,
# FUZZ_SECONDS each, inputs up to 1 MB, FUZZ_TIMEOUT seconds per input (tools/fuzz.sh); prints
# executions and failures per reader, and fails if any input crashes or times out.
FUZZ_SECONDS ?= 60
FUZZ_TIMEOUT ?= 10
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TIMEOUT=$(FUZZ_TIMEOUT) bash tools/fuzz.sh

# Regenerates the committed outputs beside each sample (the golden files the tests compare with).
samples: build
	@for input in $(SAMPLE_INPUTS); do \
	    stem=$${input%.*}; \
	    $(BIN) render $$input -o $$stem.svg && \
	    $(BIN) render $$input -o $$stem.dot && \
	    $(BIN) render $$input -o $$stem.layout.json --format json || exit 1; \
	    echo "rendered $$input"; \
	done
	@for args in samples/layouts/*.args; do \
	    name=$$(basename $${args%.args}); \
	    (cd samples/layouts && for suffix in svg dot layout.json; do \
	        $(CURDIR)/$(BIN) render $$(cat $$name.args) -o $$name.$$suffix --format $${suffix#layout.} || exit 1; done) || exit 1; \
	    echo "rendered $$args"; \
	done
	@$(BIN) render samples/formats/animals.txt -o samples/formats/animals.svg && echo "rendered samples/formats/animals.svg"
	@docc=samples/plugin-package/Sources/Demo/Demo.docc/Resources; \
	 $(BIN) render $$docc/architecture.schematic -o $$docc/architecture.svg && echo "rendered $$docc/architecture.svg (as the plugin does)"
	@$(BIN) compare samples/real/primates.txt -o samples/real/primates.compare.svg > /dev/null && echo "rendered samples/real/primates.compare.svg"

# Renders every sample into out/: SVG, pinned DOT, Graphviz-layout DOT and JSON attributes;
# and every layout sample (samples/layouts/*.args) into out/layouts/.
demo: deps build
	@mkdir -p out
	@for input in $(SAMPLE_INPUTS); do \
	    name=$$(basename $${input%.*}); \
	    $(BIN) render $$input -o out/$$name.svg && \
	    $(BIN) render $$input -o out/$$name.dot && \
	    $(BIN) render $$input -o out/$$name.graphviz.dot --dot-mode layout && \
	    $(BIN) render $$input -o out/$$name.json --format json || exit 1; \
	    echo "out/$$name.svg"; \
	done
	@mkdir -p out/layouts
	@for args in samples/layouts/*.args; do \
	    name=$$(basename $${args%.args}); \
	    (cd samples/layouts && $(CURDIR)/$(BIN) render $$(cat $$name.args) -o $(CURDIR)/out/layouts/$$name.svg) || exit 1; \
	    echo "out/layouts/$$name.svg"; \
	done

# Speed against Graphviz dot, d3-hierarchy and igraph on random trees of 100 to 1,000,000
# nodes, in one run, with ratios; plus the in-process label-reflow benchmark.
bench: deps build
	$(SWIFT) build -c release --product SchematicBenchmarks
	python3 bench/run.py --schematic $(BIN) --reflow .build/release/SchematicBenchmarks

clean:
	rm -rf .build out bench/work
