# The two commands of the README: `make run` starts the server, `make test` runs every test.
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080

.PHONY: run test build release deps test-deps

deps:
	@scripts/install-deps.sh build

test-deps:
	@scripts/install-deps.sh test

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: release
	.build/release/layercast --host $(HOST) --port $(PORT)

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
