# The two commands of the README: `make run` starts the server, `make test` runs every test.
# Each step of `make test` is its own target, so any one can be run alone while working.
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080

.PHONY: run test deps test-deps build release swift-test example-test readme-test fuzz-replay fuzz api-docs ci-examples js-check browser-test api-fuzz sanitizers container-test deploy-test accept-golden

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

test: test-deps swift-test example-test readme-test fuzz api-docs ci-examples js-check browser-test api-fuzz sanitizers container-test deploy-test

swift-test:
	SWIFT=$(SWIFT) scripts/test-swift.sh

# The SDK's worked example, a package of its own (docs/write-a-control.md): five controls served.
example-test:
	scripts/test-example.sh

# The README's shell examples, run against the debug server after its clock is stepped an hour on;
# a block that cannot run here carries <!-- readme-test: skip (reason) --> (scripts/test-readme.py).
readme-test:
	scripts/test-readme.py

# Every fuzzing corpus input once, through the parsers of what clients send (Sources/layercast-fuzz).
fuzz-replay:
	scripts/fuzz.sh replay

# libFuzzer on each of those parsers for FUZZ_SECONDS each, in its own instrumented build (about
# a minute), its corpus first; `make test` runs it bounded, `make fuzz FUZZ_SECONDS=600` for longer.
FUZZ_SECONDS ?= 15
fuzz:
	scripts/fuzz.sh run $(FUZZ_SECONDS)

# The page's modules against their JSDoc types (jsconfig.json), with Debian's TypeScript compiler.
# The README's API tables against the declarations they are generated from.
api-docs:
	scripts/api-docs.sh --check

# examples/ci's GitHub Actions and GitLab CI files against their schemas, offline (check-jsonschema's
# vendored copies), and a broken copy of each refused; the image runs examples/ci/motion in container-test.
ci-examples:
	scripts/test-ci-examples.sh

js-check:
	tsc --noEmit --allowJs --checkJs -p jsconfig.json

browser-test:
	scripts/test-browser.sh

api-fuzz:
	scripts/test-api-fuzz.sh

sanitizers:
	scripts/test-sanitizers.sh

container-test:
	scripts/test-container.sh

# deploy/: Redis, two replicas and HAProxy on loopback, as processes and then as podman containers
# (the container proof's image, so after container-test it adds about 20 s); a command on either
# replica shows on the other.
deploy-test:
	scripts/test-deploy.sh
	scripts/test-deploy.sh --podman

# After an intended visual change: copies the actual images a failed golden test left over the references.
accept-golden:
	scripts/accept-golden.sh
