// Command worldsrv serves tools declared in package main, as small MCP
// servers often do.
package main

import (
	"context"
	"fmt"
	"os"
)

// GreetArgs says whom to greet.
type GreetArgs struct {
	// Name of the person to greet.
	Name string `json:"name" jsonschema:"the person's name, e.g. Ada"`
	// Times to repeat the greeting.
	Times int `json:"times,omitempty" jsonschema:"minimum=1,maximum=5,default=1"`
}

// Greet greets someone.
//
//tool:export readonly
func Greet(ctx context.Context, args GreetArgs) (GreetArgs, error) { return args, nil }

// Uptime reports how long the server has run.
//
//tool:export readonly
func Uptime(ctx context.Context) (map[string]any, error) {
	return map[string]any{"seconds": 1}, nil
}

func main() {
	for _, t := range Tools() {
		fmt.Fprintln(os.Stdout, t.Info().Name)
	}
}
