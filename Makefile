# toolgen's tasks. `make test` is what CI runs.

GO ?= go

.PHONY: all generate check test vet fmt bench fuzz

all: generate test

# Regenerate the examples' tools, the golden files and the benchmark tools.
generate:
	$(GO) run ./cmd/toolgen ./examples/... ./internal/tooltest/... ./internal/attacktest ./internal/shapes
	# gen's tests import this golden (TestWorldInvopopParity): it is made
	# first, so that they build when the runtime's API has changed.
	$(GO) run ./cmd/toolgen ./testdata/golden/world/...
	$(GO) test ./gen -run 'TestGolden' -update
	cd bench && $(GO) tool toolgen ./...
	cd examples/dbquery && $(GO) tool toolgen ./...
	cd adapters/rediscache && $(GO) tool toolgen ./internal/...
	cd adapters/einotools && $(GO) tool toolgen ./internal/...
	cd examples/fleet && $(GO) tool toolgen ./...

# Fail if a committed generated file is stale.
check:
	$(GO) run ./cmd/toolgen -check ./examples/... ./internal/tooltest/... ./internal/attacktest ./internal/shapes
	cd bench && $(GO) tool toolgen -check ./...
	cd examples/dbquery && $(GO) tool toolgen -check ./...
	cd adapters/rediscache && $(GO) tool toolgen -check ./internal/...
	cd adapters/einotools && $(GO) tool toolgen -check ./internal/...
	cd examples/fleet && $(GO) tool toolgen -check ./...

# Every module of the repository: the main one, bench, the adapters and the
# examples that have dependencies of their own.
MODULES := . $(sort $(patsubst ./%/go.mod,%,$(shell find . -mindepth 2 -name go.mod -not -path "*/node_modules/*" -not -path "*/testdata/*")))

# gofmt, vet and the race-enabled tests of every package of every module,
# then the runtime and the generated code of the main module on a 32-bit
# platform. cmd/toolgen's scripts under the race detector took 588 s of
# go test's default 10 minutes on a loaded 2-core machine: 30 minutes
# leave room.
test: fmt vet
	@set -e; for m in $(MODULES); do echo "go test -race: $$m"; (cd $$m && $(GO) test -race -timeout 30m ./...); done
	@echo "go test (no race detector, whose sync.Pool drops what it is given): the allocation counts of the shapes"
	cd bench && $(GO) test -count=1 -run 'Allocs' ./shapes
	@echo "go test, GOARCH=386: runtime, examples, golden packages"
	GOARCH=386 $(GO) vet ./...
	@if GOARCH=386 $(GO) test -count=1 -run '^$$' ./runtime >/dev/null 2>&1; then \
		GOARCH=386 $(GO) test ./runtime/... ./examples/... ./internal/... ./testdata/golden/...; \
	else echo "this machine cannot run 386 binaries: their tests are skipped (vet passed)"; fi

vet:
	@set -e; for m in $(MODULES); do (cd $$m && $(GO) vet ./...); done

fmt:
	@out="$$(gofmt -l .)"; if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# Benchmarks: toolgen's own, then the side-by-side comparison with the
# peers, which rewrites BENCHMARKS.md.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
	bench/run.sh

# Each fuzz target for FUZZTIME (default 10s; a count such as 3000x avoids
# Go 1.26's spurious "context deadline exceeded" at the end of a timed
# run, golang/go#75804).
FUZZTIME ?= 10s
# Minimizing each new input the fuzzer finds may take a minute by default,
# which for FuzzGenerate (a type check per input) dwarfs FUZZTIME.
FUZZMINIMIZE ?= 100x
fuzz:
	$(GO) test ./gen -run '^$$' -fuzz '^FuzzGenerate$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE)
	$(GO) test ./runtime/toolimpl -run '^$$' -fuzz '^FuzzSkip$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE)
	$(GO) test ./runtime/toolimpl -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE)
	$(GO) test ./runtime/toolimpl -run '^$$' -fuzz '^FuzzExactInt$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE)
	$(GO) test ./examples/weather -run '^$$' -fuzz '^FuzzGetForecast$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE)
	$(GO) test ./examples/weather -run '^$$' -fuzz '^FuzzConvertTemperature$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE)
	$(GO) test ./examples/search -run '^$$' -fuzz '^FuzzSearchPassages$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE)
	$(GO) test ./examples/search -run '^$$' -fuzz '^FuzzGetPassage$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE)
	cd adapters/mcptools && $(GO) test . -run '^$$' -fuzz '^FuzzIOTransport$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE)
