# Schematic — make targets. `make demo` renders every sample into out/; `make test` runs the tests.
SWIFT ?= swift
# The CLI's release builds link the Swift runtime and Foundation statically: the dynamic
# loader then relocates 19 libraries instead of 30 at every start (a 100-node render: 43 → 35 M
# instructions), and the installed binary needs no Swift toolchain beside it. (The live
# preview's server stays dynamic: static FoundationNetworking would need libcurl's static
# library.)
RELEASE := -c release --static-swift-stdlib
BIN := .build/release/schematic
HELPER := .build/release/schematic-markdown-html
SERVER := .build/release/schematic-serve
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DESTDIR ?=

# Debian packages, by the job that needs them; each target installs only its own groups, so
# that `make demo` does not pull in a browser. New packages go into the group of the job.
# Building and rendering: pkg-config and the C libraries of Package.swift's system-library
# targets, Graphviz's layout plugins (`dot -c`), and the fonts labels are measured and drawn in.
DEB_RENDER := pkg-config libgraphviz-dev graphviz libyaml-dev zlib1g-dev libharfbuzz-dev libfreetype-dev libfontconfig-dev \
              fonts-dejavu-core fonts-wqy-microhei fonts-noto-color-emoji
# `swift test`: Debian's example graphs and `tree`, read by the reader tests; node, which parses
# the HTML page's code.
DEB_TEST := graphviz-doc tree nodejs
# browser-check: labels measured against headless Chromium's text boxes.
DEB_BROWSER := python3 chromium
# integrations-check: a virtualenv for MkDocs and Sphinx from PyPI, pages checked in Chromium.
DEB_INTEGRATIONS := python3 python3-venv chromium
# leak-check: valgrind.
DEB_LEAK := valgrind
# bench: the peers Schematic is timed against (dot is in DEB_RENDER).
DEB_BENCH := python3 nodejs node-d3-hierarchy python3-igraph
# scale-check and fuzz: python3 for the driver; libFuzzer comes with the Swift toolchain.
DEB_SCALE := python3
DEB_GROUPS := render test browser integrations leak bench scale
upper = $(shell echo $(1) | tr a-z A-Z)
DEB_PACKAGES := $(sort $(foreach group,$(DEB_GROUPS),$(DEB_$(call upper,$(group)))))
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SAMPLE_INPUTS := $(filter-out %.layout.json,$(wildcard samples/*.txt samples/*.json samples/*.tree samples/*.yaml samples/*.csv samples/*.md samples/*.gv))

.PHONY: all readme-pictures deps deps-render deps-test deps-browser deps-integrations deps-leak deps-bench deps-scale build install uninstall \
        test integrations-check browser-check leak-check fuzz scale-check samples demo bench docs clean

all: build

# deps-GROUP installs the missing packages of DEB_GROUP (apt-get, with sudo only when not
# root; nothing at all when every one is there); `make deps` installs every group.
# deps-render also makes sure Graphviz's plugin configuration exists so libgvc finds its
# layout engines.
deps: $(addprefix deps-,$(DEB_GROUPS))

$(addprefix deps-,$(DEB_GROUPS)):
	@missing=$$(for package in $(DEB_$(call upper,$(@:deps-%=%))); do \
	    dpkg-query -W -f='$${Status}\n' $$package 2>/dev/null | grep -q '^install ok installed' || echo $$package; done); \
	if [ -n "$$missing" ]; then \
	    echo "make $@: installing" $$missing; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@$(if $(filter deps-render,$@),ls /usr/lib/*/graphviz/config6* >/dev/null 2>&1 || $(SUDO) dot -c,:)

build: deps-render
	$(SWIFT) build $(RELEASE) --product schematic
	$(SWIFT) build $(RELEASE) --product schematic-markdown-html
	$(SWIFT) build -c release --product schematic-serve
	@touch $(BIN) $(HELPER) $(SERVER)

# Installs the release binary and its helpers, Markdown-to-HTML and the live preview's server
# (which `schematic markdown --html` and `schematic serve` look for beside themselves), into
# $(DESTDIR)$(BINDIR); `make uninstall` removes them. They are
# built first only when a source is newer, so that `make build && sudo make install` builds as
# you and leaves no file of root's in .build.
RELEASE_SOURCES := Package.swift $(shell find Sources -type f 2>/dev/null)
$(BIN) $(HELPER) $(SERVER) &: $(RELEASE_SOURCES)
	@$(MAKE) --no-print-directory build

install: $(BIN) $(HELPER) $(SERVER)
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 $(BIN) $(HELPER) $(SERVER) $(DESTDIR)$(BINDIR)/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/schematic $(DESTDIR)$(BINDIR)/schematic-markdown-html $(DESTDIR)$(BINDIR)/schematic-serve

# The unit, property, golden and CLI tests (Swift Testing only: the package has no XCTest
# cases), then browser-check and integrations-check, each step logged to .build/test-logs/
# and summed up at the end (tools/test-summary.sh).
test: deps-render deps-test deps-browser deps-integrations
	@bash tools/test-summary.sh .build/test-logs \
	    "build:$(SWIFT) build --build-tests" \
	    "swift test:$(SWIFT) test --disable-xctest" \
	    "browser-check:$(MAKE) --no-print-directory browser-check BROWSER_BIN=.build/debug/schematic" \
	    "integrations-check:$(MAKE) --no-print-directory integrations-check"

# Installs MkDocs and Sphinx from PyPI, and the two integrations from integrations/, into a
# virtualenv under .build/; builds their example sites with the debug binary and checks the
# pages in headless Chromium (integrations/test.py).
INTEGRATIONS_VENV := .build/integrations-venv
integrations-check: deps-integrations
	$(SWIFT) build --product schematic
	@[ -x $(INTEGRATIONS_VENV)/bin/python ] || python3 -m venv $(INTEGRATIONS_VENV)
	@$(INTEGRATIONS_VENV)/bin/pip install --quiet --disable-pip-version-check mkdocs sphinx
	@$(INTEGRATIONS_VENV)/bin/pip install --quiet --disable-pip-version-check --force-reinstall --no-deps ./integrations/mkdocs ./integrations/sphinx
	@rm -rf integrations/mkdocs/build integrations/sphinx/build integrations/*/*.egg-info
	$(INTEGRATIONS_VENV)/bin/python integrations/test.py .build/debug/schematic $(INTEGRATIONS_VENV)/bin .build/integrations

# Loads every sample SVG and 1,000 random labels in headless Chromium and checks, with the
# DOM, that every label fits its box (tools/browser-check.py); then the big-tree HTML page
# (tools/page-check.py): collapse equal to the CLI's drawing of the pruned tree, the opening
# zoom, search, and the figures (size, memory, first drawing, frame times) of pages of 1,000 to
# 1,000,000 nodes, rendered by the release binary.
BROWSER_BIN ?= $(BIN)
browser-check: deps-render deps-browser
	@[ -x $(BROWSER_BIN) ] || $(SWIFT) build $(if $(filter $(BIN),$(BROWSER_BIN)),$(RELEASE),) --product schematic
	python3 tools/browser-check.py $(BROWSER_BIN) samples .build/browser-check
	@$(MAKE) --no-print-directory $(BIN)
	python3 tools/page-check.py $(BROWSER_BIN) .build/page-check --big-binary $(BIN)

# Runs the binary under valgrind on every path through Graphviz, HarfBuzz and fontconfig;
# fails on any definite leak or memory error of ours (tools/leak-check.sh).
leak-check: deps-leak build
	bash tools/leak-check.sh $(BIN)

# Chains and stars of 100,000 and 1,000,000 nodes in every input format, timed (linear time).
scale-check: deps-scale build
	python3 tools/scale-check.py $(BIN) .build/scale-check

# Fuzzes the whole pipeline (reader, label sizing, layout, SVG) with libFuzzer, once per reader,
# FUZZ_SECONDS each, inputs up to 1 MB, FUZZ_TIMEOUT seconds per input (tools/fuzz.sh); prints
# executions and failures per reader, and fails if any input crashes or times out.
FUZZ_SECONDS ?= 60
FUZZ_TIMEOUT ?= 10
fuzz: deps-render deps-scale
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

# The README's screenshots of the HTML page and of `serve` (headless Chromium), taken again.
readme-pictures: deps-browser build
	tools/readme-pictures.sh $(BIN)

# Renders every sample into out/: SVG, pinned DOT, Graphviz-layout DOT and JSON attributes;
# and every layout sample (samples/layouts/*.args) into out/layouts/.
demo: build
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
# A quicker run: make bench SIZES=100,1000,10000 BENCH_ARGS=--quick
SIZES ?= 100,1000,10000,100000,1000000
BENCH_ARGS ?=
bench: deps-bench build
	$(SWIFT) build $(RELEASE) --product SchematicBenchmarks
	python3 bench/run.py --schematic $(BIN) --reflow .build/release/SchematicBenchmarks --sizes $(SIZES) $(BENCH_ARGS)

# The layout engine's DocC documentation (Sources/CollectionLayout/CollectionLayout.docc: the
# API, "Writing a layout", the talk's layout) into .build/docs/CollectionLayout.doccarchive, with
# the toolchain's own symbolgraph-extract and docc (no package plugin to fetch and build);
# warnings fail it. DOCS_HOSTING_BASE_PATH serves it below a path of a web site.
DOCC ?= $(or $(shell command -v docc 2>/dev/null),$(dir $(shell readlink -f $$(command -v $(SWIFT))))docc)
DOCS_HOSTING_BASE_PATH ?=
docs:
	$(SWIFT) build --target CollectionLayout
	@rm -rf .build/docs && mkdir -p .build/docs/symbol-graphs
	$(SWIFT) symbolgraph-extract -module-name CollectionLayout -I .build/debug/Modules -target $$($(SWIFT) -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1) \
	    -minimum-access-level public -output-dir .build/docs/symbol-graphs
	$(DOCC) convert Sources/CollectionLayout/CollectionLayout.docc --additional-symbol-graph-dir .build/docs/symbol-graphs \
	    --fallback-display-name CollectionLayout --fallback-bundle-identifier schematic.CollectionLayout \
	    --transform-for-static-hosting $(if $(DOCS_HOSTING_BASE_PATH),--hosting-base-path $(DOCS_HOSTING_BASE_PATH),) \
	    --warnings-as-errors --output-path .build/docs/CollectionLayout.doccarchive
	@echo "open .build/docs/CollectionLayout.doccarchive/documentation/collectionlayout/index.html through a web server, e.g.:"
	@echo "  python3 -m http.server -d .build/docs/CollectionLayout.doccarchive 8000   # then http://localhost:8000/documentation/collectionlayout/"

clean:
	rm -rf .build out bench/work
