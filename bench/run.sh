#!/usr/bin/env bash
# Runs the benchmarks side by side in one run and writes ../BENCHMARKS.md:
# medians over COUNT runs, and each benchmark's time as a multiple of
# toolgen's in the same group. Absolute times depend on the machine; the
# ratios are the result. benchstat's own summary is appended.
# Usage: bench/run.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")"
count="${1:-6}"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
go test -run '^$' -bench . -benchmem -count "$count" ./... | tee "$out"
{
	echo "# Benchmarks"
	echo
	echo "Written by \`bench/run.sh $count\`: $count runs of each benchmark in one run, medians;"
	echo "$(go env GOOS)/$(go env GOARCH), $(nproc) cores, $(go version | cut -d' ' -f3)."
	echo "Times depend on the machine (a shared one here); the × column, each benchmark's time"
	echo "as a multiple of toolgen's in its group, is the result. Peers: Eino v0.7.36 \`utils.InferTool\`"
	echo "(sonic v1.15.5; it validates nothing), encoding/json with santhosh-tekuri/jsonschema v6 (as"
	echo "mcp-go's opt-in validation), google/jsonschema-go v0.4.3 the way the MCP go-sdk uses it"
	echo "(decode to a map, apply defaults, validate, encode, decode into the arguments), and a"
	echo "decoder written by hand for the weather arguments (the limit)."
	echo
	echo "## A tool call"
	echo
	echo "JSON arguments in, checked and typed, a function that does no work called, the result out;"
	echo "\`toolgen\` calls the tool's Invoke, \`toolgen-registry\` goes through Registry.Execute (a lookup by name,"
	echo "the Result on the heap)."
	echo "\`weather\`: \`{\"city\":\"Paris\",\"days\":3,\"unit\":\"fahrenheit\",\"include_wind\":true}\`;"
	echo "\`search\`: three fields; \`search-200\`: the same with a 200-element array."
	echo
	grep -E '^(Benchmark(Call|Decode)|goos|goarch|pkg|cpu)' "$out" | go run ./report -baseline toolgen
	echo
	echo "## Definitions of 100 tools"
	echo
	echo "Listing 100 tools for a model. toolgen hands out the schemas it computed at generate time"
	echo "(one allocation in all: the copy of the sorted list). invopop/jsonschema's \`Reflector\` and"
	echo "google/jsonschema-go's \`For\` reflect over the same argument types and marshal the result;"
	echo "jsonschema-go gets the same shapes with description-only tags, as it rejects invopop's keyword tags."
	echo
	grep -E '^BenchmarkDefinitions' "$out" | go run ./report -baseline toolgen
	if command -v benchstat >/dev/null || go run golang.org/x/perf/cmd/benchstat@latest -h >/dev/null 2>&1; then
		echo
		echo "## benchstat"
		echo
		echo '```'
		(benchstat "$out" 2>/dev/null || go run golang.org/x/perf/cmd/benchstat@latest "$out")
		echo '```'
	fi
} > ../BENCHMARKS.md
echo "wrote BENCHMARKS.md"
