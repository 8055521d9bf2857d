package gen

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

func TestUnifiedDiff(t *testing.T) {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
	b := "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11\n"
	want := `--- a
+++ b
@@ -2,9 +2,10 @@
 2
 3
 4
-5
+five
 6
 7
 8
 9
 10
+11
`
	if got := unifiedDiff("a", "b", a, b); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	long := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
	wantTwo := "--- a\n+++ b\n@@ -1,4 +1,4 @@\n-1\n+one\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+twelve\n"
	if got := unifiedDiff("a", "b", long, "one\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ntwelve\n"); got != wantTwo {
		t.Errorf("two hunks: got\n%s", got)
	}
	if got := unifiedDiff("a", "b", a, a); got != "" {
		t.Errorf("equal inputs: %q", got)
	}
}

// TestUnifiedDiffLarge diffs a 100,000-line file with two edited lines:
// the diff is linear, so this takes milliseconds and little memory (a
// full LCS table of the old diff would need 40 GB).
func TestUnifiedDiffLarge(t *testing.T) {
	var a, b strings.Builder
	for i := range 100_000 {
		line := fmt.Sprintf("line %d\n", i)
		a.WriteString(line)
		switch i {
		case 10_000:
			line = "edited one\n"
		case 90_000:
			line = "edited two\n"
		}
		b.WriteString(line)
	}
	allocs := testing.AllocsPerRun(1, func() {
		got := unifiedDiff("a", "b", a.String(), b.String())
		for _, want := range []string{"-line 10000\n+edited one\n", "-line 90000\n+edited two\n", "@@ -9998,7 +9998,7 @@\n"} {
			if !strings.Contains(got, want) {
				t.Errorf("diff lacks %q:\n%s", want, got)
			}
		}
		if n := strings.Count(got, "\n"); n != 20 {
			t.Errorf("diff has %d lines, want 20:\n%s", n, got)
		}
	})
	t.Logf("%v allocations", allocs)
}

func TestSnakeCase(t *testing.T) {
	for in, want := range map[string]string{
		"GetWeather": "get_weather", "HTTPServer": "http_server", "GetURLs": "get_urls",
		"HTTPGetURLs": "http_get_urls", "search": "search", "V2Search": "v2_search", "already_snake": "already_snake",
	} {
		if got := snakeCase(in); got != want {
			t.Errorf("snakeCase(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSplitSchema(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{{
		`{"properties":{"a":{"type":"string"},"b":{"properties":{"c":{"type":"integer"}},"type":"object"}},"type":"object"}`,
		[]string{`{"properties":{`, `"a":{"type":"string"},`, `"b":{"properties":{`, `"c":{"type":"integer"}},`, `"type":"object"}},`, `"type":"object"}`},
	}, {
		// The members of an output schema without its braces, as the
		// generated code writes a union's, split as the whole schema is.
		`"properties":{"a":{"type":"string"},"b":{"type":["array","null"]}},"type":["object","null"]`,
		[]string{`"properties":{`, `"a":{"type":"string"},`, `"b":{"type":["array","null"]}},`, `"type":["object","null"]`},
	}, {
		`"anyOf":[{"properties":{"a":{"type":"string"}},"type":"object"},{"type":"null"}]`,
		[]string{`"anyOf":[{"properties":{`, `"a":{"type":"string"}},`, `"type":"object"},{"type":"null"}]`},
	}} {
		got := splitSchema([]byte(c.in))
		if strings.Join(got, "") != c.in {
			t.Fatalf("pieces do not join to the input: %q", got)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("splitSchema(%s)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

// BenchmarkCheckDiff diffs bench/defs/tools_gen.go (21k lines) against
// itself with two lines edited, as -check does for a stale file.
func BenchmarkCheckDiff(b *testing.B) {
	data, err := os.ReadFile("../bench/defs/tools_gen.go")
	if err != nil {
		b.Skip(err)
	}
	old := string(data)
	lines := strings.Split(old, "\n")
	lines[5000] += " // edited"
	lines[15000] += " // edited too"
	edited := strings.Join(lines, "\n")
	b.ReportAllocs()
	for b.Loop() {
		if unifiedDiff("a", "b", old, edited) == "" {
			b.Fatal("no diff")
		}
	}
}
