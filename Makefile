# toolgen's tasks. `make test` is what CI runs.

GO ?= go

.PHONY: all generate check test vet fmt bench fuzz

all: generate test

# Regenerate the examples' tools and the golden files.
generate:
	$(GO) run ./cmd/toolgen ./examples/...
	$(GO) test ./gen -run 'TestGolden' -update

# Fail if a committed generated file is stale.
check:
	$(GO) run ./cmd/toolgen -check ./examples/...

# gofmt, vet and the race-enabled tests of every package.
test: fmt vet
	$(GO) test -race ./...

vet:
	$(GO) vet ./...

fmt:
	@out="$$(gofmt -l .)"; if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# Benchmarks; compare runs with benchstat.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Each fuzz target for FUZZTIME (default 10s).
FUZZTIME ?= 10s
fuzz:
	$(GO) test ./runtime -run '^$$' -fuzz '^FuzzSkip$$' -fuzztime $(FUZZTIME)
	$(GO) test ./runtime -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(FUZZTIME)
