// Command toolgen generates LLM agent tools from ordinary Go functions.
//
// A function or method becomes a tool when its doc comment holds the
// directive //tool:export:
//
//	// GetWeather returns the current weather for a city.
//	//
//	//tool:export get_weather timeout=5s
//	func GetWeather(ctx context.Context, in WeatherRequest) (*Weather, error)
//
// toolgen writes, into each package with such functions, one file,
// tools_gen.go, holding each tool's name, description and JSON Schema, a
// decoder that validates the model's JSON arguments, and a Tools function
// returning the package's tools for a runtime.Registry.
//
// A function returning iter.Seq2[Chunk, error] becomes a streamable tool,
// one returning runtime.Content a multimodal one. The directive's options
// are timeout=DURATION, retries=N, cache=DURATION, confirm, lenient,
// group=NAME, omit=DIALECT,..., session=PARAM, and the tool's title and
// behaviour hints for MCP hosts: title="TEXT", readonly,
// destructive[=false], idempotent and openworld[=false]. //tool:param
// NAME DESCRIPTION lines describe plain parameters. The README says what
// each does.
//
// Usage:
//
//	toolgen [flags] [packages]
//
// The packages default to ".". A run writes the generated file of each
// package and prints a line for each file it wrote
// (examples/weather/tools_gen.go: 2 tools); it writes nothing at all when
// any package has a mistake or a file it must not overwrite. Flags:
//
//	-check        write nothing; exit 1 if a generated file is stale
//	              (printing a unified diff) or a tool breaks the schema
//	              recorded in its package's lock file
//	-lock         write each package's lock file, tools.lock.json: the
//	              name, description and schemas of its tools, which
//	              -check compares the tools with
//	-schemas dir  write each tool's schema in each dialect as
//	              dir/<package>/<tool>.<dialect>.json, and nothing else
//	-stats        print the size of each tool's definition in each
//	              dialect, in bytes and estimated tokens, and write nothing
//	-tags list    extra build tags to load packages with, comma-separated
//	-output f     the generated file's name (default tools_gen.go)
//	-v            also report unchanged files and packages without tools
//	-q            report only errors and notes
//
// Exit status: 0 on success, 1 when -check finds a stale file or a
// breaking change to a locked schema, 2 for usage errors, packages that do
// not load, mistakes in the tools and files that cannot be written, which
// are reported as file:line:col: message, all of them in one run. Notes
// (file:line:col: note: ...), such as a tool sent to a provider without
// strict mode because its dialect cannot express an argument, or a field
// without a description, do not change the exit status.
//
// Run it with go generate, from a line in any file of the package:
//
//	//go:generate go run github.com/toolgen-go/toolgen/cmd/toolgen
//
// or, as a Go tool (go get -tool github.com/toolgen-go/toolgen/cmd/toolgen):
//
//	//go:generate go tool toolgen
package main

import (
	"context"
	"os"
	"runtime/debug"

	"github.com/toolgen-go/toolgen/gen"
)

func main() {
	// A run is short and allocates much of what it keeps (the syntax,
	// the types, the generated file): collecting less often saved a tenth
	// of its CPU on a package of 100 tools, for a fifth more memory.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(gen.Main(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}
