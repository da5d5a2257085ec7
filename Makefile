# The two commands of the README: `make run` starts the server, `make test` runs every test.
# `make test` runs its stages through scripts/test-stages.sh, which holds their order and budgets and
# ends with the stage table; each stage is a target here, so any one can be run alone while working.
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080

.PHONY: run test check test-deep deps test-deps build release swift-test example-test readme-test \
	fuzz-replay fuzz-build fuzz api-docs ci-examples js-check browser-test api-fuzz sanitizers \
	tsan-build tsan-test asan-build asan-test check-sleeps container-test deploy-test accept-golden \
	chromium-references

deps:
	@scripts/install-deps.sh build

test-deps:
	@scripts/install-deps.sh test

# The debug build of everything, tests included: the Swift suites, the README, the browser, the
# API fuzz and the deploy proof all use it.
build: deps
	$(SWIFT) build --build-tests

# What the image carries and `make run` serves (--static-swift-stdlib: the image has no Swift runtime).
release: deps
	$(SWIFT) build -c release --static-swift-stdlib --product layercast

run: release
	.build/release/layercast --host $(HOST) --port $(PORT)

test:
	@scripts/test-stages.sh

# The edit loop: the Swift build and suites, and the page's type check; a minute or two.
check: swift-test js-check check-sleeps

# Longer than CI can afford: libFuzzer 10 minutes a target, 250 API-fuzz examples an operation and a
# minute's storm, the sanitizers over every suite.
test-deep:
	$(MAKE) fuzz FUZZ_SECONDS=600
	API_FUZZ_EXAMPLES=250 API_FUZZ_CLIP_EXAMPLES=20 STORM_SECONDS=60 scripts/test-api-fuzz.sh
	SANITIZER_SKIP_NONE=1 scripts/test-sanitizers.sh

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

# libFuzzer on each of those parsers for FUZZ_SECONDS each, in its own instrumented build, its
# corpus first; `make test` runs it bounded, `make fuzz FUZZ_SECONDS=600` for longer.
FUZZ_SECONDS ?= 5
fuzz-build:
	scripts/fuzz.sh build

fuzz:
	scripts/fuzz.sh run $(FUZZ_SECONDS)

# No sleep in Tests/ outside the waiting helpers and Tests/sleep-allowlist.txt, each entry with its reason.
check-sleeps:
	scripts/check-sleeps.sh

# The page's modules against their JSDoc types (jsconfig.json), with Debian's TypeScript compiler.
js-check:
	tsc --noEmit --allowJs --checkJs -p jsconfig.json

# The README's API tables against the declarations they are generated from, and LayercastQuartz's
# public API against its reviewed list (docs/api/LayercastQuartz.txt: Apple's names only).
api-docs:
	scripts/api-docs.sh --check
	scripts/quartz-api.py --check

# examples/ci's GitHub Actions and GitLab CI files against their schemas, offline (check-jsonschema's
# vendored copies), and a broken copy of each refused; the image runs examples/ci/motion in container-test.
ci-examples:
	scripts/test-ci-examples.sh

browser-test:
	scripts/test-browser.sh

api-fuzz:
	scripts/test-api-fuzz.sh

sanitizers:
	scripts/test-sanitizers.sh

tsan-build:
	scripts/test-sanitizers.sh build thread

tsan-test:
	scripts/test-sanitizers.sh test thread

asan-build:
	scripts/test-sanitizers.sh build address

asan-test:
	scripts/test-sanitizers.sh test address

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

# Chromium's drawings of the formulas Core Animation shares with the web, which ChromiumOracleTests
# compares Layercast's with; run after adding or changing a case, look at them, and commit them.
chromium-references:
	scripts/chromium-references.py
