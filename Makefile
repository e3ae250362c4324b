# kinetype — the two commands of the README, and a few more.
SWIFT ?= swift
SCENE ?= Templates/hello.json
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/Kinetype/KinetypeVersion.swift)

.PHONY: setup build fonts bundle install uninstall test-portable demo lint format test test-long sanitize fuzz fuzz-smoke \
    bench bench-compare bench-limits clean

setup:
	@scripts/setup

## The release binary, .build/release/kinetype: one static executable, with the Swift runtime,
## Foundation, the render libraries (scripts/static-stack builds the ones Debian ships no static
## archive of) and the C library linked in. It starts like a C tool (no dynamic loader resolving
## symbols across 49 libraries: `kinetype --version` takes about 1 ms instead of 9) and runs on any
## x86_64 Linux. Its flags differ from a plain `swift build -c release`, which links the shared
## libraries: switching between the two rebuilds every module.
build: setup
	$(SWIFT) build -c release --static-swift-stdlib -Xswiftc -static-executable \
	    -Xlinker -L"$$(scripts/static-stack)" --product kinetype
	@scripts/fonts

## kinetype's own font set (scripts/font-packages) beside the build, where the binaries find it:
## .build/<triple>/share/kinetype.
fonts: setup
	@scripts/fonts

## The portable kinetype: Output/kinetype-<version>-linux-x86_64.tar.gz, which runs on any x86_64 Linux
## with every library linked in and its own fonts (docs/portable.md). The same commit gives the same bytes.
bundle: build
	scripts/bundle

## Installs the bundle into PREFIX (default /usr/local): PREFIX/lib/kinetype-<version>-linux-x86_64,
## and PREFIX/bin/kinetype pointing at it.
PREFIX ?= /usr/local
install: bundle
	scripts/install "$(PREFIX)"

uninstall:
	scripts/install --uninstall "$(PREFIX)"

## The bundle in bare Debian 11 and 13 chroots (made once in /var/cache/kinetype/chroots): every
## Templates/ and Benchmarks/ render byte-identical to this machine's (the static build's and the
## debug build's, which loads the render libraries as shared libraries), and verify green. Needs root.
test-portable: bundle
	$(SWIFT) build --product kinetype
	scripts/test-portable Output/kinetype-$(VERSION)-linux-x86_64.tar.gz .build/release/kinetype .build/debug/kinetype

## Render Templates/hello.json into Output/hello.gif (kinetype itself says "Wrote Output/hello.gif …").
demo: build
	@mkdir -p Output
	.build/release/kinetype render $(SCENE) -o Output/hello.gif

## Check the code against .swift-format (the toolchain's swift format), that no test reads the clock
## to pass or fail (scripts/lint-tests), that no switch over an enum's cases ends in `default:`
## (scripts/lint-switches), and that no string of the library spells a command-line option
## (scripts/lint-flags); make test runs it first.
LINT_PATHS = Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources
lint:
	$(SWIFT) format lint --strict --parallel --recursive $(LINT_PATHS)
	scripts/lint-tests
	scripts/lint-switches Sources
	scripts/lint-flags

## Rewrite the code in the .swift-format style.
format:
	$(SWIFT) format format --in-place --recursive $(LINT_PATHS)

## Lint, build and run every test. The slow property tests sample their frames and scenes here;
## `make test-long` runs them exhaustively. Tests run in parallel, each in a process of its own (and
## its own scratch folder): one more at a time than there are cores (TEST_WORKERS), since many
## tests wait on a child process (Chromium playing an animation, ffmpeg, a server) with the CPU
## idle: with one per core, 2 cores were busy 1.2 of the suite's wall time. The debug build is
## unoptimized but for the pixel and byte loops of KinetypeCore and KinetypeEncode, which
## Package.swift compiles with -O when KINETYPE_OPTIMIZE_INNER_LOOPS=1 (set here); OPTIMIZE=1
## compiles everything with -O (use it for every build then: a change of flags rebuilds all).
TEST_BUILD_FLAGS = $(if $(OPTIMIZE),-Xswiftc -O)
test test-long: export KINETYPE_OPTIMIZE_INNER_LOOPS = 1
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
test: setup lint
	$(SWIFT) build --build-tests $(TEST_BUILD_FLAGS)
	@scripts/fonts
	$(SWIFT) test --skip-build --disable-swift-testing --parallel --num-workers $(TEST_WORKERS)

## The property tests that sample in `make test`, over every frame and scene (CI runs it too).
LONG_TESTS = DamageRenderingTests|SVGOutputTests|DamagedSceneSummaryTests
test-long: setup
	$(SWIFT) build --build-tests $(TEST_BUILD_FLAGS)
	@scripts/fonts
	KINETYPE_LONG_TESTS=1 $(SWIFT) test --skip-build --disable-swift-testing --parallel --num-workers $(TEST_WORKERS) \
	    --filter '$(LONG_TESTS)'

## The tests under ThreadSanitizer, then AddressSanitizer, each in its own build folder (slow: not
## part of `make test` or CI). SANITIZE_FILTER (a `--filter` pattern) narrows the run; it defaults to
## the tests that run threads. A report fails the run: the sanitizers' exit code (86, not one of
## kinetype's own) reaches the test runner and, via the CLI tests' exit-status checks, the tool.
SANITIZE_FILTER ?= FramePipeline|Batch|Determinism|GIFEncoder|Interrupt|ProgressBar|Video(Writer|Verification)
## ASan runs without LeakSanitizer: an interrupted kinetype exits (130) while its workers still hold
## frames, which LeakSanitizer reports as leaks and turns into exit code 86.
SANITIZE_SKIP ?=
SANITIZER_EXIT = exitcode=86
SANITIZE_TESTS = --disable-swift-testing $(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)') \
    $(if $(SANITIZE_SKIP),--skip '$(SANITIZE_SKIP)')
sanitize: setup
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS=$(SANITIZER_EXIT) $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan $(SANITIZE_TESTS)
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=$(SANITIZER_EXIT):detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan $(SANITIZE_TESTS)

## Fuzz each libFuzzer target of Fuzz/ for FUZZ_SECONDS (FUZZ_TARGET=scene|goldens|batch-data|deflate|report-merge|sound
## picks one; FUZZ_FLAGS adds libFuzzer flags). Crashing inputs go to Output/fuzz/crashes/<target>/.
FUZZ_SECONDS ?= 300
FUZZ_TARGET ?= all
FUZZ_RUNS ?= 5000
FUZZ_FLAGS ?=
fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGET=$(FUZZ_TARGET) FUZZ_FLAGS="$(FUZZ_FLAGS)" SWIFT=$(SWIFT) scripts/fuzz run

## CI's short run: FUZZ_RUNS executions of each target plus every input in Fuzz/Regressions/<target>/.
fuzz-smoke: setup
	FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_TARGET=$(FUZZ_TARGET) FUZZ_FLAGS="$(FUZZ_FLAGS)" SWIFT=$(SWIFT) scripts/fuzz smoke

## The performance targets of issue #13, as figures of one run (BASELINE=path/to/kinetype adds a column), with the
## portable bundle timed against the build. Then the formats table
## (GIF, lossless and lossy WebP, APNG: bytes, time, exact decoding), and Lottie against GIF (issue #23: JSON, dotLottie and
## GIF @1x/@2x/@3x bytes; Lottie export time ÷ GIF time, medians of alternating runs).
bench: bundle
	@python3 -c 'import numpy' 2>/dev/null || python3 -m pip install --quiet numpy
	rm -rf Output/bench-bundle && mkdir -p Output/bench-bundle
	tar -xzf Output/kinetype-$(VERSION)-linux-x86_64.tar.gz -C Output/bench-bundle
	scripts/bench --targets --runs 5 --kinetype .build/release/kinetype $(if $(BASELINE),--baseline $(BASELINE)) \
	    --bundle Output/bench-bundle/kinetype-$(VERSION)-linux-x86_64/bin/kinetype
	scripts/bench-formats --kinetype .build/release/kinetype

## The GIF benchmark (not a test): kinetype against ffmpeg + gifsicle on Benchmarks/.
bench-compare: build
	@python3 -c 'import numpy' 2>/dev/null || python3 -m pip install --quiet numpy
	scripts/bench --kinetype .build/release/kinetype

## The largest scene each content and work limit allows, and what validate and render cost.
bench-limits: build
	scripts/bench-limits --kinetype .build/release/kinetype

clean:
	rm -rf .build
