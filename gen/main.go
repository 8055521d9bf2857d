package gen

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Exit codes of the toolgen command.
const (
	ExitOK    = 0 // generated, or -check found everything up to date
	ExitStale = 1 // -check found a stale generated file or a breaking change to a locked schema
	ExitError = 2 // bad usage, packages that do not load or have mistakes, files that cannot be written
)

// Main runs the toolgen command with args (without the program name) and
// returns its exit code. Errors and notes go to stderr as file:line:col:
// message, relative to the current directory; notes do not change the
// exit code. What a run did (a line per file written) goes to stdout.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("toolgen", flag.ContinueOnError)
	fl.SetOutput(stderr)
	checkOnly := fl.Bool("check", false, "write nothing; exit 1 if a generated file is stale (printing a diff) or a tool breaks its locked schema")
	lock := fl.Bool("lock", false, "write each package's lock file ("+LockName(DefaultOutput)+"), recording its tools' schemas for -check")
	schemas := fl.String("schemas", "", "write each tool's schema in each dialect as JSON files below `dir`, and nothing else")
	stats := fl.Bool("stats", false, "print the size in bytes and estimated tokens of each tool's definition in each dialect, and write nothing")
	tags := fl.String("tags", "", "comma-separated build tags to load packages with (toolgen is always set)")
	verbose := fl.Bool("v", false, "also report files that are unchanged, packages without tools, and every note (without -v, at most 10 notes per package)")
	quiet := fl.Bool("q", false, "print only errors and notes, not the files written")
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
	var modes []string
	for name, on := range map[string]bool{"-check": *checkOnly, "-lock": *lock, "-schemas or -stats": *schemas != "" || *stats} {
		if on {
			modes = append(modes, name)
		}
	}
	if len(modes) > 1 {
		fmt.Fprintf(stderr, "toolgen: -check, -lock and -schemas/-stats are separate runs; give one of them\n")
		return ExitError
	}
	if *quiet && *verbose {
		fmt.Fprintf(stderr, "toolgen: -q and -v contradict each other; give one of them\n")
		return ExitError
	}
	emptySchemas := false
	fl.Visit(func(f *flag.Flag) { emptySchemas = emptySchemas || f.Name == "schemas" && *schemas == "" })
	if emptySchemas {
		// An unset $DIR in a script: a run that writes code instead of
		// schemas would surprise it.
		fmt.Fprintf(stderr, "toolgen: -schemas needs a directory, got \"\"\n")
		return ExitError
	}
	cfg := Config{Patterns: fl.Args()}
	fl.Visit(func(f *flag.Flag) {
		if f.Name == "output" {
			cfg.Output = *output // given: it names every package's file
		}
	})
	// Comma-separated, as the go command takes them; or separated by
	// spaces, its older form, which a comma would turn into one tag
	// "redis mem".
	cfg.Tags = strings.FieldsFunc(*tags, func(r rune) bool { return r == ',' || r == ' ' })
	cwd, _ := os.Getwd()
	r := &run{stdout: stdout, stderr: stderr, cwd: cwd, verbose: *verbose, quiet: *quiet}
	files, skipped, err := generateAll(ctx, cfg)
	if err != nil {
		var diags Diagnostics
		if errors.As(err, &diags) {
			r.report(diags)
		} else {
			fmt.Fprintf(stderr, "toolgen: %v\n", err)
		}
		return ExitError
	}
	r.notes = append(AllNotes(files), skipped...)
	switch {
	case *checkOnly:
		return r.check(files)
	case *lock:
		return r.lock(files)
	case *schemas != "" || *stats:
		return r.export(files, *schemas, *stats)
	}
	return r.generate(files)
}

// run is one toolgen command's state: where it prints, and the notes it
// prints with its other diagnostics.
type run struct {
	stdout, stderr io.Writer
	cwd            string
	verbose, quiet bool
	notes          Diagnostics
}

// report prints diagnostics, sorted, with paths relative to the current
// directory.
func (r *run) report(ds Diagnostics) {
	ds = ds.sorted().relative(r.cwd)
	if !r.verbose {
		ds = ds.capNotes(notesPerPackage)
	}
	if len(ds) > 0 {
		fmt.Fprintln(r.stderr, ds.Error())
	}
}

// notesPerPackage is how many notes a run prints for one package without
// -v: enough to show what the notes are about, not so many that a package
// of a few hundred tools buries its errors in advice on every go generate.
const notesPerPackage = 10

// say prints a line saying what the run did, unless -q.
func (r *run) say(format string, args ...any) {
	if !r.quiet {
		fmt.Fprintf(r.stdout, format+"\n", args...)
	}
}

func (r *run) rel(path string) string { return relPath(r.cwd, path) }

// generate writes the generated files, or none if any of them cannot be.
func (r *run) generate(files []File) int {
	ops, errs, notes := plan(files)
	errs = append(errs, writable(ops)...)
	if len(errs) > 0 {
		r.report(append(append(errs, r.notes...), notes...))
		fmt.Fprintln(r.stderr, "toolgen: nothing written")
		return ExitError
	}
	// A breaking change against a package's lock is said now, as a note,
	// not first by -check in CI; every one, beside the capped others.
	var breaks Diagnostics
	byName := toolsByName(ops)
	for _, op := range ops {
		if lockErrs, _, found, bad := checkLock(op.file, byName); found && !bad {
			for _, d := range lockErrs {
				d.Severity = SeverityNote
				d.Msg += " (toolgen -check fails on it)"
				breaks = append(breaks, d)
			}
		}
	}
	r.report(append(r.notes, notes...))
	if len(breaks) > 0 {
		fmt.Fprintln(r.stderr, breaks.sorted().relative(r.cwd).Error())
	}
	code := ExitOK
	for _, op := range ops {
		f := op.file
		changed, err := apply(op)
		name := r.rel(f.Path)
		switch {
		case err != nil:
			fmt.Fprintf(r.stderr, "%s: %v\n", name, err)
			code = ExitError
		case op.superseded:
			r.say("%s: removed (the package's generated file now has another name)", name)
		case op.act == actRemove:
			r.say("%s: removed (no tools)", name)
		case changed:
			r.say("%s: %s", name, toolCount(f.Tools))
		case r.verbose && f.Content == nil && !op.foreign:
			r.say("%s: no tools", f.Package)
		case r.verbose && f.Content != nil:
			r.say("%s: unchanged (%s)", name, toolCount(f.Tools))
		}
	}
	return code
}

func toolCount(n int) string {
	if n == 1 {
		return "1 tool"
	}
	return fmt.Sprintf("%d tools", n)
}

// check compares the generated files and the locked schemas with the
// disk.
func (r *run) check(files []File) int {
	ops, errs, notes := plan(files)
	fatal := len(errs) > 0 // files toolgen cannot read or must not overwrite
	notes = append(notes, r.notes...)
	stale := false
	var diffs []string
	var unlocked []File // packages with tools and no lock
	locks := 0
	// The run's tools by name, for a locked tool moved to another package.
	byName := toolsByName(ops)
	for _, op := range ops {
		f := op.file
		name := r.rel(f.Path)
		if op.act != actNone {
			stale = true
			what := "stale"
			if op.superseded {
				what = "no longer needed (the package's generated file now has another name, and both would declare Tools)"
			} else if op.act == actRemove {
				what = "no longer needed (the package has no tools)"
			} else if op.old == nil {
				what = "missing"
			}
			errs = append(errs, fileDiag(f.Path, SeverityError, "%s is %s; run go generate (or toolgen in its directory, if no //go:generate line runs it)", name, what))
			diffs = append(diffs, unifiedDiff(name+" (on disk)", name+" (generated)", string(lf(op.old)), string(f.Content)))
		} else if r.verbose && f.Content != nil && !op.foreign {
			r.say("%s: up to date (%s)", name, toolCount(f.Tools))
		}
		lockErrs, lockNotes, found, bad := checkLock(f, byName)
		fatal = fatal || bad
		errs = append(errs, lockErrs...)
		notes = append(notes, lockNotes...)
		if found && len(lockErrs) == 0 && r.verbose {
			r.say("%s: no breaking change", r.rel(f.lock.path))
		}
		switch {
		case found:
			locks++
		case f.lock != nil && f.Tools > 0 && !op.superseded:
			unlocked = append(unlocked, f)
		}
	}
	if locks > 0 {
		// A run whose other packages are locked: a package without a
		// lock (new, or its lock deleted) would pass -check unguarded.
		for _, f := range unlocked {
			dir := r.rel(filepath.Dir(f.Path))
			if !filepath.IsAbs(dir) && !strings.HasPrefix(dir, ".") {
				dir = "./" + dir
			}
			notes = append(notes, fileDiag(f.Path, SeverityNote,
				"package %s has no %s, unlike the other packages of this run, so -check guards none of its tools against breaking changes: run toolgen -lock %s to write one (over ./..., -lock would accept every other package's changes too)", f.Package, filepath.Base(f.lock.path), dir))
		}
	}
	for _, d := range diffs {
		fmt.Fprint(r.stdout, d)
	}
	r.report(append(errs, notes...))
	switch {
	case fatal:
		return ExitError
	case stale || len(errs) > 0:
		return ExitStale
	}
	return ExitOK
}

// newerLock returns an error if the lock file at path was written by a
// newer toolgen than this one.
func newerLock(path string) error {
	data, err := readExisting(path)
	if err != nil || data == nil {
		return nil
	}
	var head struct {
		Version int `json:"toolgen_lock"`
	}
	if json.Unmarshal(data, &head) == nil && head.Version > LockVersion {
		return fmt.Errorf("lock file version %d, written by a newer toolgen than this one (version %d): run that toolgen -lock, or remove the file to write version %d", head.Version, LockVersion, LockVersion)
	}
	return nil
}

// toolsByName returns the tools of the run by name, for a locked tool
// moved to another package; a tool that its package's lock records
// already is no moved one.
func toolsByName(ops []fileOp) map[string]movedTool {
	byName := make(map[string]movedTool)
	for _, op := range ops {
		st := op.file.lock
		if st == nil {
			continue
		}
		recorded := map[string]bool{}
		if data, err := readExisting(st.path); err == nil && data != nil {
			if lf, err := parseLock(data); err == nil {
				for _, t := range lf.Tools {
					recorded[t.Name] = true
				}
			}
		}
		for i := range st.tools {
			if !recorded[st.tools[i].Name] {
				byName[st.tools[i].Name] = movedTool{pkg: op.file.Package, st: st, tool: &st.tools[i]}
			}
		}
	}
	return byName
}

// checkLock compares f's tools with its package's lock file, if it has
// one (found). bad reports a lock that cannot be read.
func checkLock(f File, moved map[string]movedTool) (errs, notes Diagnostics, found, bad bool) {
	if f.lock == nil {
		return nil, nil, false, false
	}
	data, err := readExisting(f.lock.path)
	if err != nil {
		return Diagnostics{fileDiag(f.lock.path, SeverityError, "cannot read it: %v", unwrapPath(err))}, nil, true, true
	}
	if data == nil {
		return nil, nil, false, false
	}
	lf, lerr := parseLockAt(data)
	if lerr != nil {
		return Diagnostics{{Pos: offsetPosition(f.lock.path, data, lerr.offset), Msg: lerr.err.Error()}}, nil, true, true
	}
	errs, notes = compareLockMoved(f.lock, lf, data, moved)
	return errs, notes, true, false
}

// lock writes each package's lock file, or removes it from a package
// without tools.
func (r *run) lock(files []File) int {
	r.report(r.notes)
	code := ExitOK
	for _, f := range files {
		if f.lock == nil {
			continue
		}
		path, name := f.lock.path, r.rel(f.lock.path)
		var changed bool
		var err error
		if f.Content == nil {
			var old []byte
			if old, err = readExisting(path); err == nil && old != nil {
				changed, err = true, os.Remove(path)
			}
		} else if newer := newerLock(path); newer != nil {
			// Writing it would lose what the newer toolgen records.
			err = newer
		} else {
			changed, err = writeIfChanged(path, f.lock.content(f.Package))
		}
		switch {
		case err != nil:
			fmt.Fprintf(r.stderr, "%s: %v\n", name, unwrapPath(err))
			code = ExitError
		case changed && f.Content == nil:
			r.say("%s: removed (no tools)", name)
		case changed:
			r.say("%s: %s locked", name, toolCount(f.Tools))
		case r.verbose && f.Content != nil:
			r.say("%s: unchanged (%s)", name, toolCount(f.Tools))
		}
	}
	return code
}

// export writes the schemas below dir and prints the statistics.
func (r *run) export(files []File, dir string, stats bool) int {
	r.report(r.notes)
	code := ExitOK
	if dir != "" {
		for _, f := range files {
			sfs := schemaFiles(dir, f)
			n, err := writeSchemaFiles(sfs)
			var removed int
			if err == nil {
				removed, err = removeStaleSchemas(filepath.Join(dir, filepath.FromSlash(f.Package)), sfs)
			}
			if err != nil {
				fmt.Fprintf(r.stderr, "toolgen: %v\n", err)
				code = ExitError
				continue
			}
			where := r.rel(filepath.Join(dir, filepath.FromSlash(f.Package)))
			switch {
			case n > 0 && removed > 0:
				r.say("%s: %d schema files for %s, %d stale ones removed", where, n, toolCount(f.Tools), removed)
			case n > 0:
				r.say("%s: %d schema files for %s", where, n, toolCount(f.Tools))
			case removed > 0:
				r.say("%s: %d stale schema files removed", where, removed)
			case r.verbose && len(sfs) > 0:
				r.say("%s: unchanged (%d schema files)", r.rel(filepath.Join(dir, filepath.FromSlash(f.Package))), len(sfs))
			}
		}
	}
	if stats {
		writeStats(r.stdout, files, r.cwd)
	}
	return code
}
