# kinetype — the two commands of the README, and a few more.
SWIFT ?= swift
SCENE ?= Templates/hello.json

.PHONY: setup build demo test bench clean

setup:
	@scripts/setup

build: setup
	$(SWIFT) build -c release

## Render Templates/hello.json into Output/hello.gif.
demo: build
	@mkdir -p Output
	.build/release/kinetype render $(SCENE) -o Output/hello.gif
	@echo "Wrote Output/hello.gif"

## Build and run every test.
test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

## The GIF benchmark (not a test): kinetype against ffmpeg + gifsicle on Benchmarks/.
bench: build
	@python3 -c 'import numpy' 2>/dev/null || python3 -m pip install --quiet numpy
	scripts/bench --kinetype .build/release/kinetype

clean:
	rm -rf .build
