package gen

import "testing"

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
	if got := unifiedDiff("a", "b", a, a); got != "--- a\n+++ b\n" {
		t.Errorf("equal inputs: %q", got)
	}
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
	in := `{"properties":{"a":{"type":"string"},"b":{"properties":{"c":{"type":"integer"}},"type":"object"}},"type":"object"}`
	got := splitSchema([]byte(in))
	want := []string{`{"properties":{`, `"a":{"type":"string"},`, `"b":{"properties":{`, `"c":{"type":"integer"}},`, `"type":"object"}},`, `"type":"object"}`}
	joined := ""
	for _, p := range got {
		joined += p
	}
	if joined != in {
		t.Fatalf("pieces do not join to the input: %q", joined)
	}
	if len(got) != len(want) {
		t.Fatalf("got %q", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("piece %d = %q, want %q", i, got[i], want[i])
		}
	}
}
