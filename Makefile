# toolgen's tasks. `make test` is what CI runs.

GO ?= go

.PHONY: all generate check test vet fmt bench fuzz

all: generate test

# Regenerate the examples' tools, the golden files and the benchmark tools.
generate:
	$(GO) run ./cmd/toolgen ./examples/... ./internal/tooltest ./internal/attacktest
	$(GO) test ./gen -run 'TestGolden' -update
	cd bench && $(GO) tool toolgen ./...

# Fail if a committed generated file is stale.
check:
	$(GO) run ./cmd/toolgen -check ./examples/... ./internal/tooltest ./internal/attacktest
	cd bench && $(GO) tool toolgen -check ./...

# gofmt, vet and the race-enabled tests of every package of every module.
test: fmt vet
	$(GO) test -race ./...
	cd bench && $(GO) test -race ./...
	cd adapters/mcptools && $(GO) test -race ./...
	cd adapters/einotools && $(GO) test -race ./...
	cd adapters/openaitools && $(GO) test -race ./...
	cd adapters/anthropictools && $(GO) test -race ./...
	cd adapters/geminitools && $(GO) test -race ./...

vet:
	$(GO) vet ./...
	cd bench && $(GO) vet ./...
	cd adapters/mcptools && $(GO) vet ./...
	cd adapters/einotools && $(GO) vet ./...
	cd adapters/openaitools && $(GO) vet ./...
	cd adapters/anthropictools && $(GO) vet ./...
	cd adapters/geminitools && $(GO) vet ./...

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
