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
// group=NAME and omit=DIALECT,...; //tool:param NAME DESCRIPTION lines
// describe plain parameters.
//
// Usage:
//
//	toolgen [flags] [packages]
//
// The packages default to ".". Flags:
//
//	-check      write nothing; exit 1 and print a unified diff if a
//	            generated file is stale
//	-tags list  extra build tags to load packages with
//	-output f   the generated file's name (default tools_gen.go)
//	-v          report each package and file
//
// Exit status: 0 on success, 1 when -check finds a stale file, 2 for usage
// errors, packages that do not load, and mistakes in the tools, which are
// reported as file:line:col: message. Notes (file:line:col: note: ...),
// such as a tool sent to a provider without strict mode because its
// dialect cannot express an argument, do not change the exit status.
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

	"github.com/toolgen-go/toolgen/gen"
)

func main() {
	os.Exit(gen.Main(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}
