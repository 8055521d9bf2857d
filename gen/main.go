package gen

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit codes of the toolgen command.
const (
	ExitOK    = 0 // generated, or -check found everything up to date
	ExitStale = 1 // -check found a stale generated file
	ExitError = 2 // bad usage, or packages that do not load or have mistakes
)

// Main runs the toolgen command with args (without the program name) and
// returns its exit code. Errors and notes (a tool a dialect cannot express,
// degraded there) go to stderr as file:line:col: message, relative to the
// current directory; notes do not change the exit code.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("toolgen", flag.ContinueOnError)
	fl.SetOutput(stderr)
	checkOnly := fl.Bool("check", false, "do not write; exit 1 and print a diff if a generated file is stale")
	tags := fl.String("tags", "", "comma-separated build tags to load packages with (toolgen is always set)")
	verbose := fl.Bool("v", false, "print each package and file as it is handled")
	output := fl.String("output", DefaultOutput, "name of the generated file in each package")
	fl.Usage = func() {
		fmt.Fprintf(stderr, "usage: toolgen [flags] [packages]\n\nGenerates %s in each package with //tool:export functions.\n\nFlags:\n", DefaultOutput)
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitError
	}
	if strings.ContainsAny(*output, `/\`) || !strings.HasSuffix(*output, ".go") {
		fmt.Fprintf(stderr, "toolgen: -output must be a file name ending in .go, got %q\n", *output)
		return ExitError
	}
	cfg := Config{Patterns: fl.Args(), Output: *output}
	if *tags != "" {
		cfg.Tags = strings.Split(*tags, ",")
	}
	cwd, _ := os.Getwd()
	files, err := Generate(ctx, cfg)
	if err != nil {
		var diags Diagnostics
		if errors.As(err, &diags) {
			fmt.Fprintln(stderr, diags.relative(cwd).Error())
		} else {
			fmt.Fprintf(stderr, "toolgen: %v\n", err)
		}
		return ExitError
	}
	if notes := AllNotes(files); len(notes) > 0 {
		// Notes say what toolgen did instead of failing: the exit status
		// stays as it is.
		fmt.Fprintln(stderr, notes.relative(cwd).Error())
	}
	code := ExitOK
	for _, f := range files {
		name := relPath(cwd, f.Path)
		if *checkOnly {
			diff, err := check(f, name)
			if err != nil {
				fmt.Fprintf(stderr, "toolgen: %v\n", err)
				return ExitError
			}
			if diff != "" {
				fmt.Fprintf(stderr, "toolgen: %s is stale; run go generate\n", name)
				fmt.Fprint(stdout, diff)
				code = ExitStale
			} else if *verbose && f.Content != nil {
				fmt.Fprintf(stderr, "%s: up to date (%d tools)\n", name, f.Tools)
			}
			continue
		}
		changed, err := write(f)
		if err != nil {
			fmt.Fprintf(stderr, "toolgen: %v\n", err)
			return ExitError
		}
		if *verbose {
			switch {
			case f.Content == nil && changed:
				fmt.Fprintf(stderr, "%s: removed (no tools)\n", name)
			case f.Content == nil:
				fmt.Fprintf(stderr, "%s: no tools\n", f.Package)
			case changed:
				fmt.Fprintf(stderr, "%s: wrote %d tools\n", name, f.Tools)
			default:
				fmt.Fprintf(stderr, "%s: unchanged (%d tools)\n", name, f.Tools)
			}
		}
	}
	return code
}
