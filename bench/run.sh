#!/usr/bin/env bash
# Runs the benchmarks side by side in one run and writes ../BENCHMARKS.md:
# medians over COUNT runs, and each peer's time as a multiple of
# toolgen's. Absolute times depend on the machine; the ratios are the
# result. Usage: bench/run.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")"
count="${1:-6}"
out="$(mktemp)"
go test -run '^$' -bench . -benchmem -count "$count" . | tee "$out"
{
	echo "# Benchmarks"
	echo
	echo "Written by \`bench/run.sh\` ($count runs of each, medians; $(go env GOOS)/$(go env GOARCH), $(nproc) cores, $(go version | cut -d' ' -f3))."
	echo "Times are machine-dependent; the × column, each benchmark's time as a multiple of toolgen's in the same group and run, is the result."
	echo
	echo "## Definitions of 100 tools"
	echo
	echo "Listing 100 tools for a model. toolgen hands out the schemas it computed at generate time"
	echo "(one allocation in all: the copy of the sorted list). invopop/jsonschema's \`Reflector\` and"
	echo "google/jsonschema-go's \`For\` reflect over the same argument types and marshal the result;"
	echo "jsonschema-go gets the same shapes with description-only tags, as it rejects invopop's keyword tags."
	echo
	go run ./report -baseline toolgen < "$out"
} > ../BENCHMARKS.md
rm -f "$out"
echo "wrote BENCHMARKS.md"
