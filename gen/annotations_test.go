package gen

import (
	"context"
	"strings"
	"testing"
)

// A tool that says neither readonly nor destructive gets a positioned
// note, at its directive, since MCP hosts then take it as destructive;
// confirm, destructive and destructive=false each say enough.
func TestHintNote(t *testing.T) {
	dir := mustAbs(t, goldenRoot+"/annotations")
	files, err := Generate(context.Background(), Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	var notes Diagnostics
	for _, n := range AllNotes(files).relative(dir) {
		if strings.Contains(n.Msg, "readonly nor destructive") { // not the quality notes of lint.go
			notes = append(notes, n)
		}
	}
	want := "annotations.go:33:1: note: tool unsaid: its directive says neither readonly nor destructive, so MCP hosts take it as destructive and may ask before every call: add readonly, destructive or destructive=false to its //tool:export directive"
	if len(notes) != 1 || notes[0].String() != want {
		t.Errorf("notes:\n%v\nwant:\n%s", notes, want)
	}
	if notes[0].Severity != SeverityNote {
		t.Errorf("the note has severity %v", notes[0].Severity)
	}
}

// A quoted value keeps its spaces and escapes; the words around it and
// their offsets are kept.
func TestQuotedWords(t *testing.T) {
	words, bad := wordsWithOffsets(`name title="Get the \"best\" weather"  readonly`)
	if bad != nil || len(words) != 3 {
		t.Fatalf("words %v, bad %v", words, bad)
	}
	if words[1].text != `title="Get the \"best\" weather"` || words[1].offset != 5 || words[2].text != "readonly" || words[2].offset != 39 {
		t.Errorf("words %+v", words)
	}
}
