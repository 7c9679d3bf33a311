# sab-onboarding — build, test and try the tool.
# Each target installs what it needs when it is missing (Debian: apt-get; Python: pip)
# and does nothing more when it is present.

SHELL := /bin/bash
# Swift may live in /opt/swift without being on PATH (as on the project's machines).
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
BINARY := .build/debug/sab-onboarding
# Debian packages are installed by .ci/apt-install, which fetches the package lists once a run.
APT_INSTALL := bash .ci/apt-install

PREFIX ?= /usr/local
BINDIR := $(DESTDIR)$(PREFIX)/bin
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
RELEASE := .build/release/sab-onboarding
# The Swift runtime linked in (no Swift libraries needed where it runs), and on Linux linked by
# lld, whose layout of the binary started it about 0.5 ms sooner than gold's (hyperfine -N of
# `--version` with each linker, in one run; BENCHMARKS.md, start-up).
# Position-independent as usual: the image is still placed at random, which matters for a tool
# that feeds untrusted files to a C parser.
RELEASE_FLAGS := -c release --static-swift-stdlib
ifeq ($(shell uname -s),Linux)
RELEASE_FLAGS += -Xswiftc -use-ld=lld
endif
# The Swift sources swift-format keeps in shape (the fuzz package's too).
FORMATTED := Package.swift Sources Tests

# Where swift-argument-parser's generate-manual plugin writes the page.
MANUAL := .build/plugins/GenerateManual/outputs/sab-onboarding/sab-onboarding.1
MANUAL_DATE := $(if $(SOURCE_DATE_EPOCH),--date $(shell date -u -d @$(SOURCE_DATE_EPOCH) +%Y-%m-%d 2>/dev/null || date -u -r $(SOURCE_DATE_EPOCH) +%Y-%m-%d))

.PHONY: all build release test check format format-check rules-table rules-registry rules-registry-test rules-registry-check demo deps test-deps check-warnings install uninstall fuzz bench screenshots clean

all: build

## deps: the system packages the build needs (libxml2's headers, pkg-config), libvips, which
## the tool loads when it first processes an image, HarfBuzz's subsetter and the woff2
## library, which it loads when it first publishes a font, and OTS (ots-sanitize), the font
## sanitizer of Chromium and Firefox, which every font it publishes must pass.
deps:
	@missing=""; \
	pkg-config --exists libxml-2.0 2>/dev/null || missing="$$missing libxml2-dev pkg-config"; \
	/sbin/ldconfig -p 2>/dev/null | grep -q 'libvips\.so\.42 ' || missing="$$missing libvips42"; \
	/sbin/ldconfig -p 2>/dev/null | grep -q 'libharfbuzz-subset\.so\.0 ' || missing="$$missing libharfbuzz-subset0"; \
	/sbin/ldconfig -p 2>/dev/null | grep -q 'libwoff2enc\.so\.' || missing="$$missing libwoff1"; \
	command -v ots-sanitize >/dev/null || missing="$$missing opentype-sanitizer"; \
	$(APT_INSTALL) "the build needs" $$missing
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is needed: https://swift.org/install"; exit 1; }

## test-deps: the shells the completion scripts are run in, groff to format the manual page,
## python3 to start the tool where its peak memory can be measured, and the real fonts the font
## tests check, subset and shape (SIL's for Latin, Ethiopic, Arabic and Myanmar; URW's for CFF;
## Liberation's for a font kerned in the legacy 'kern' table; Droid Sans Fallback's for Chinese;
## Noto Nastaliq Urdu's and DejaVu Sans's for characters a font draws blank by design),
## and Debian's iso-codes, which the generated ISO 639 table is checked against.
TEST_FONTS := truetype/charis/CharisSIL-Regular.ttf:fonts-sil-charis truetype/andika/Andika-Regular.ttf:fonts-sil-andika \
	truetype/abyssinica/AbyssinicaSIL-Regular.ttf:fonts-sil-abyssinica truetype/scheherazade/Scheherazade-Regular.ttf:fonts-sil-scheherazade \
	truetype/padauk/Padauk-Regular.ttf:fonts-sil-padauk opentype/urw-base35/C059-Roman.otf:fonts-urw-base35 \
	truetype/liberation/LiberationSans-Regular.ttf:fonts-liberation truetype/droid/DroidSansFallbackFull.ttf:fonts-droid-fallback \
	truetype/noto/NotoNastaliqUrdu-Regular.ttf:fonts-noto-core truetype/dejavu/DejaVuSans.ttf:fonts-dejavu-core
test-deps:
	@missing=""; \
	for tool in zsh:zsh fish:fish groff:groff-base col:bsdextrautils python3:python3; do \
		command -v $${tool%%:*} >/dev/null || missing="$$missing $${tool#*:}"; \
	done; \
	for font in $(TEST_FONTS); do \
		[ -f /usr/share/fonts/$${font%%:*} ] || missing="$$missing $${font#*:}"; \
	done; \
	[ -f /usr/share/iso-codes/json/iso_639-3.json ] || missing="$$missing iso-codes"; \
	$(APT_INSTALL) "the tests need" $$missing

## build: a debug build of the tool at .build/debug/sab-onboarding.
build: deps
	$(SWIFT) build

## release: an optimised build at .build/release/sab-onboarding, with the Swift runtime linked in:
## it starts faster and runs on machines without Swift (it needs libxml2, and libvips to build
## raster images).
release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

## test: every test: unit, fixtures, samples, the command line, install, and the browser suite in
## Chromium and WebKit (WebKitGTK), side by side. In WebKit it leaves out the tests whose outcome
## does not depend on the engine (axe-core, the computed colours, the review page) and runs the
## tests written for any size at the phone size alone, so that CI stays well within its time:
## `bash Tests/Browser/run.sh` runs them all in both. The browser suite
## drives the release binary the install check has built, the one users install: it builds the
## suite's projects in about half the time of the debug one (a warm rebuild of the photo
## project: 0.55 s against 5 s).
test: deps test-deps format-check check-warnings
	$(SWIFT) test
	$(MAKE) --no-print-directory rules-registry-check
	bash Tests/Install/check.sh
	SAB_ONBOARDING="$(CURDIR)/$(RELEASE)" SAB_WEBKIT=carousel bash Tests/Browser/run.sh

## check: the Swift tests (and the rule registry generator's), the format check and the warnings check, fast, installing nothing. For a quick run
## while working; `make test` is everything (the completion tests want zsh and fish, which
## `make test` installs).
check: format-check warnings-check
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory rules-registry-check

## format-check: the Swift sources are formatted as .swift-format says (make format fixes them).
format-check:
	$(SWIFT) format lint --strict --configuration .swift-format --recursive $(FORMATTED)

## format: formats the Swift sources in place as .swift-format says.
format:
	$(SWIFT) format format --in-place --configuration .swift-format --recursive $(FORMATTED)

## check-warnings: the project's own code builds without a single warning, its system packages
## installed first.
check-warnings: deps warnings-check

## warnings-check: the project's own code (and its tests) build without a single warning;
## installs nothing. Files compiled by an earlier build are not compiled again, so their warnings
## are not seen: CI's builds are fresh.
warnings-check:
	@log=$$(mktemp); \
	$(SWIFT) build --build-tests 2>&1 | tee "$$log"; status=$${PIPESTATUS[0]}; \
	if grep -qE '/(Sources|Tests)/.*: warning:' "$$log"; then echo "the project's code has compiler warnings (above)"; status=1; fi; \
	rm -f "$$log"; exit $$status

## rules-registry: writes Sources/Linting/Rules/RuleRegistry+Generated.swift, the list of
## every type that conforms to `Rule` in the rules' sources, found by swift-syntax. The generator
## is a package of its own (Sources/generate-rule-registry), so that the tool's build never
## builds swift-syntax.
REGISTRY_GENERATOR := $(SWIFT) run --package-path Sources/generate-rule-registry --scratch-path .build/rule-registry-generator
rules-registry:
	$(REGISTRY_GENERATOR) generate-rule-registry Sources/Linting/Rules

## rules-registry-test: the generator's tests, one of which fails when the committed registry is
## not what the rules' sources give. When they pass, the digest of everything they read (the
## rules' sources, the registry, the generator's package) is written to
## Sources/generate-rule-registry/tested-inputs.sha256: commit it with the rules.
REGISTRY_TESTED := Sources/generate-rule-registry/tested-inputs.sha256
rules-registry-test:
	$(SWIFT) test --package-path Sources/generate-rule-registry --scratch-path .build/rule-registry-generator
	@bash Sources/generate-rule-registry/inputs-digest.sh > $(REGISTRY_TESTED)

## rules-registry-check: make test's and make check's: the generator's tests run (building
## swift-syntax, 4.5 minutes on a fresh 2-core machine) only when what they read is not what they
## last passed on, as tested-inputs.sha256 records; the test of the digest itself always runs.
rules-registry-check:
	@bash Tests/RuleRegistry/inputs-digest-check.sh
	@if [ "$$(bash Sources/generate-rule-registry/inputs-digest.sh)" = "$$(cat $(REGISTRY_TESTED) 2>/dev/null)" ]; then \
		echo "rule registry: its generator's tests passed on these very sources ($(REGISTRY_TESTED)); not built and run again"; \
	else \
		$(MAKE) --no-print-directory rules-registry-test; \
	fi

## rules-table: writes the table of `sab-onboarding rules --markdown` into Documentation/Rules.md,
## between <!-- rules:start --> and <!-- rules:end --> (RulesPageTests fails until it is in step).
RULES_PAGE := Documentation/Rules.md
rules-table: build
	@$(BINARY) rules --markdown > .build/rules-table.md
	@python3 -c 'import sys; start, end = "<!-- rules:start -->\n", "<!-- rules:end -->"; \
		page = open(sys.argv[1]).read(); table = open(".build/rules-table.md").read(); \
		head, rest = page.split(start, 1); _, tail = rest.split(end, 1); \
		open(sys.argv[1], "w").write(head + start + table + end + tail)' $(RULES_PAGE)
	@rm -f .build/rules-table.md
	@echo "$(RULES_PAGE): rules table written"

## demo: builds the tool and compiles the four-screen sample into a carousel.
demo: build
	@$(BINARY) build Samples/builders/builders.appDef --out build/demo --quiet
	@echo
	@echo "The carousel: $(CURDIR)/build/demo/index.html"
	@echo "Open it in a browser (file://$(CURDIR)/build/demo/index.html), or serve build/demo over HTTP."

## screenshots: Documentation/review.png, the picture of the review page in Documentation/Review.md, from a build of
## Samples/multilingual in Chromium (with what the browser suite needs: Tests/Browser/run.sh installs it).
screenshots: build
	SAB_ONBOARDING="$(CURDIR)/$(BINARY)" python3 Tests/Browser/screenshots.py

## install: the binary, its man page and bash, zsh and fish completions under PREFIX (default /usr/local).
## The man page is the one swift-argument-parser's generate-manual plugin writes from the tool's
## --experimental-dump-help; SOURCE_DATE_EPOCH, when set, dates it.
install: deps
	$(SWIFT) build $(RELEASE_FLAGS)
	@# The plugin runs the tool it builds in debug mode (the tests' build; the help is the
	@# same), so that it does not rebuild the release binary without its static runtime.
	$(SWIFT) package plugin generate-manual --configuration debug $(MANUAL_DATE) >/dev/null
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	@# Generated into build/ first, so that install gives them their mode whatever the umask.
	mkdir -p build/install
	@# The generator copies the blank line between two paragraphs of a discussion, which mdoc
	@# warns about (its paragraph break is .Pp), and leaves groff free to hyphenate names
	@# such as appDef (.nh turns that off).
	awk '{ print ($$0 == "" ? ".Pp" : $$0) } /^\.Os$$/ { print ".nh" }' $(MANUAL) > build/install/sab-onboarding.1
	$(RELEASE) --generate-completion-script bash > build/install/sab-onboarding.bash
	$(RELEASE) --generate-completion-script zsh > build/install/_sab-onboarding
	$(RELEASE) --generate-completion-script fish > build/install/sab-onboarding.fish
	install -m 755 $(RELEASE) "$(BINDIR)/sab-onboarding"
	install -m 644 build/install/sab-onboarding.1 "$(MANDIR)/sab-onboarding.1"
	install -m 644 build/install/sab-onboarding.bash "$(BASHDIR)/sab-onboarding"
	install -m 644 build/install/_sab-onboarding "$(ZSHDIR)/_sab-onboarding"
	install -m 644 build/install/sab-onboarding.fish "$(FISHDIR)/sab-onboarding.fish"
	@echo "Installed sab-onboarding into $(DESTDIR)$(PREFIX)"

## uninstall: removes what install put under PREFIX.
uninstall:
	rm -f "$(BINDIR)/sab-onboarding" "$(MANDIR)/sab-onboarding.1" "$(BASHDIR)/sab-onboarding" \
		"$(ZSHDIR)/_sab-onboarding" "$(FISHDIR)/sab-onboarding.fish"

## bench: lint, build, rebuild, start-up and memory, side by side with xmllint and lxml (see BENCHMARKS.md).
bench: deps
	bash Tests/Benchmarks/run.sh

## fuzz: libFuzzer over lint and build, the preview's request parser and SVG publishing, each for FUZZ_SECONDS
## (default 60), seeded from samples, fixtures, sample requests and SVG files.
fuzz: deps
	bash Tests/Fuzz/run.sh

clean:
	rm -rf .build .build-fuzz build
