package gen

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// degradeCase is the golden case of tools that some dialects cannot
// express; notes.txt holds the notes toolgen prints for it.
var degradeCase = filepath.Join(goldenRoot, "degrade")

// What a dialect cannot express degrades, never refuses: the tools are
// generated, each degraded dialect holds the standard schema's bytes, and
// each degraded tool and dialect is named in one note, at the field, the
// same in every run.
func TestDegradeNotes(t *testing.T) {
	dir := mustAbs(t, degradeCase)
	files, err := Generate(context.Background(), Config{Dir: dir})
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	if len(files) != 1 || files[0].Content == nil {
		t.Fatalf("got %d files, want the degrade case's", len(files))
	}
	notes := AllNotes(files)
	if !slicesEqualDiags(notes, files[0].Notes) {
		t.Errorf("AllNotes = %v, want the file's notes %v", notes, files[0].Notes)
	}
	for _, n := range notes {
		if n.Severity != SeverityNote {
			t.Errorf("%v: severity %d, want a note", n, n.Severity)
		}
	}
	got := notes.relative(dir).Error() + "\n"
	for _, line := range strings.Split(strings.TrimSpace(got), "\n") {
		if !positioned(line) || !strings.Contains(line, ": note: tool ") {
			t.Errorf("not a positioned note: %s", line)
		}
	}
	wantFile := filepath.Join(dir, "notes.txt")
	if *update {
		if err := os.WriteFile(wantFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if want, err := os.ReadFile(wantFile); err != nil {
		t.Fatal(err)
	} else if got != string(want) {
		t.Errorf("notes differ (run go test ./gen -run TestDegrade -update):\n%s", unifiedDiff("want", "got", string(want), got))
	}

	again, err := Generate(context.Background(), Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if !slicesEqualDiags(AllNotes(again), notes) {
		t.Errorf("notes differ between two runs:\n%v\n%v", AllNotes(again), notes)
	}

	want := map[string][numDialects]bool{
		"use":   {OpenAI: true, Gemini: true, Anthropic: true},
		"tag":   {OpenAI: true, Gemini: true, Anthropic: true},
		"walk":  {Gemini: true},
		"plain": {},
	}
	perDialect := [numDialects]int{}
	for _, tool := range files[0].tools {
		w, ok := want[tool.Name]
		if !ok {
			t.Errorf("unexpected tool %s", tool.Name)
			continue
		}
		if tool.Degraded != w {
			t.Errorf("%s: degraded in %v, want %v", tool.Name, tool.Degraded, w)
		}
		for d := range numDialects {
			if !tool.Degraded[d] {
				continue
			}
			perDialect[d]++
			if !bytes.Equal(tool.Schemas[d], tool.Schemas[Standard]) {
				t.Errorf("%s (%s): degraded, but not the standard schema:\n%s", tool.Name, d, tool.Schemas[d])
			}
		}
	}
	for _, tool := range files[0].tools {
		if tool.Name == "walk" && tool.Schemas[OpenAI] != nil {
			t.Errorf("walk: omit=openai, but it has an OpenAI schema")
		}
	}
	// Each degraded tool and dialect is named in one note, which names
	// the dialects whose first inexpressible place is the same.
	count := [numDialects]int{}
	for _, n := range notes {
		// "or omit=gemini", or, where the directive has omit= already,
		// "or change omit=openai to omit=openai,gemini": the dialects
		// added.
		var had []string
		_, omit, ok := strings.Cut(n.Msg, "or omit=")
		if !ok {
			if _, omit, ok = strings.Cut(n.Msg, "or change omit="); !ok {
				continue
			}
			var was string
			was, omit, _ = strings.Cut(omit, " to omit=")
			had = strings.Split(was, ",")
		}
		omit, _, _ = strings.Cut(omit, " ")
		for name := range strings.SplitSeq(omit, ",") {
			if d, ok := dialectByName(name); ok && !slices.Contains(had, name) {
				count[d]++
			}
		}
	}
	if count != perDialect {
		t.Errorf("notes per dialect %v, degraded tools per dialect %v", count, perDialect)
	}

	// The generated file writes each degraded schema once, in a variable
	// Parameters and the degraded dialects share.
	content := strings.Join(strings.Fields(string(files[0].Content)), " ") // as gofmt aligns it or not
	for _, s := range []string{"Parameters: useSchema,", "OpenAI: useSchema,", "OpenAIDegraded: true,", "GeminiDegraded: true,", "AnthropicDegraded: true,", "Parameters: tagSchema,"} {
		if !strings.Contains(content, s) {
			t.Errorf("the generated file has no %q", s)
		}
	}
	if n := strings.Count(content, "Degraded: true"); n != 7 {
		t.Errorf("%d Degraded flags in the generated file, want 7", n)
	}
}

func slicesEqualDiags(a, b Diagnostics) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The command prints the notes on standard error once, relative to the
// current directory, writes the file, and exits 0.
func TestMainPrintsNotes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	src, err := os.ReadFile(filepath.Join(degradeCase, "degrade.go"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(degradeCase, "notes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	// A module of its own, so that the command writes nothing in the
	// source tree.
	dir := t.TempDir()
	for name, data := range map[string][]byte{
		"go.mod":     []byte("module example.com/degrade\n\ngo 1.26\n"),
		"degrade.go": src,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if code := Main(context.Background(), []string{"-v"}, &stdout, &stderr); code != ExitOK {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, ExitOK, &stderr)
	}
	if stdout.String() != "tools_gen.go: 4 tools\n" {
		t.Errorf("stdout: %q, want the file written", &stdout)
	}
	if got := stderr.String(); got != string(want) {
		t.Errorf("stderr differs from notes.txt:\n%s\nall of stderr:\n%s", unifiedDiff("want", "got", string(want), got), &stderr)
	}
	if strings.Count(stderr.String(), "cannot be expressed") != 3 || strings.Count(stderr.String(), ": note: tool use: field labels") != 1 {
		t.Errorf("the use tool's notes are not printed once each:\n%s", &stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, DefaultOutput)); err != nil {
		t.Errorf("the file was not written: %v", err)
	}

	// -check: up to date, and the notes again, once (all of them, with -v).
	stderr.Reset()
	if code := Main(context.Background(), []string{"-check", "-v"}, &stdout, &stderr); code != ExitOK {
		t.Fatalf("-check: exit %d, want %d; stderr:\n%s", code, ExitOK, &stderr)
	}
	if stderr.String() != string(want) {
		t.Errorf("-check: stderr differs from notes.txt:\n%s", unifiedDiff("want", "got", string(want), stderr.String()))
	}
}
