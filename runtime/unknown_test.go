package runtime_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	. "github.com/toolgen-go/toolgen/runtime"
)

// twentyOne are the names of 21 tools, sorted: a registry lists the
// first 20 of them when a model calls one it does not have.
var twentyOne = []string{
	"build", "cancel_order", "create_ticket", "delete_file", "deploy",
	"fetch_url", "get_order", "get_weather", "issue_refund", "list_files",
	"list_orders", "read_file", "restart", "rollback", "run_tests",
	"search_docs", "search_kb", "send_email", "summarize", "tail_log",
	"write_file",
}

// A call of a tool the registry does not have gets the tool the model
// likely meant (another case, separators, a namespace, a letter or two
// off), and that tool is listed even where the list is cut.
func TestUnknownToolSuggests(t *testing.T) {
	r := NewRegistry(nil)
	for _, name := range twentyOne {
		if err := r.Register(tool(name, 0, echo)); err != nil {
			t.Fatal(err)
		}
	}
	listed := strings.Join(twentyOne[:19], ", ")
	for _, c := range []struct{ name, want string }{
		{"writefile", "write_file"},
		{"write_files", "write_file"},
		{"Write_File", "write_file"},
		{"WriteFile", "write_file"},
		{"write-file", "write_file"},
		{"functions.write_file", "write_file"},
		{"default_api:write_file", "write_file"},
		{"mcp__files__write_file", "write_file"},
		{"mcp__files__WriteFile", "write_file"},
		{"wirte_file", "write_file"},
		{"functions.WriteFiles", "write_file"},
		{"get_wether", "get_weather"},
		{"getOrder", "get_order"},
		{"deploi", "deploy"},
		{"buidl", "build"},
	} {
		res, err := r.Execute(context.Background(), c.name, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := `unknown tool "` + c.name + `"; did you mean "` + c.want + `"?; the tools are: `
		if c.want == "write_file" {
			// The 21st: shown in place of the 20th, never cut.
			want += listed + ", write_file and 1 more"
		} else {
			want += listed + ", tail_log and 1 more"
		}
		if res.Success || res.Error != want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, res.Error, want)
		}
	}
	// Nothing near: no suggestion, and the first 20 tools.
	for _, name := range []string{"x", "ab", "zzzzzz", "functions.", "", "write", "file_write", "a.b.c:"} {
		res, _ := r.Execute(context.Background(), name, nil)
		if want := `unknown tool "` + name + `"; the tools are: ` + listed + ", tail_log and 1 more"; res.Error != want {
			t.Errorf("%q:\n got %s\nwant %s", name, res.Error, want)
		}
	}
}

// Which tool a name most likely meant: the exact name after a namespace
// first, then the same name folded, then the fewest edits, then the first
// listed.
func TestNearestTool(t *testing.T) {
	for _, c := range []struct {
		name  string
		tools []string
		want  string
	}{
		{"ns.get_user", []string{"getUser", "get_user"}, "get_user"},
		{"mcp__srv__get_user", []string{"getUser", "get_user"}, "get_user"},
		{"a__b", []string{"b", "a__b"}, "a__b"}, // a tool named with __ is itself first
		{"getuser", []string{"get_users", "get_user", "GetUser"}, "get_user"},
		{"get_usr", []string{"get_user", "get_usr2"}, "get_user"},
		{"get_usrs", []string{"get_user", "get_users"}, "get_users"},
		{"abcd", []string{"abce", "abcf"}, "abce"},
		{"abc", []string{"abd"}, "abd"},
		{"abc", []string{"axy"}, ""},
		{"ab", []string{"ac"}, ""},
		{"a", []string{"A"}, "A"},
		{"x", nil, ""},
	} {
		if got := NearestTool(c.name, c.tools); got != c.want {
			t.Errorf("NearestTool(%q, %q) = %q, want %q", c.name, c.tools, got, c.want)
		}
	}
}

// A name of 1 MiB costs no more than a short one: it is shown in part and
// matched with nothing.
func TestUnknownToolHostileName(t *testing.T) {
	tools := make([]string, 1000)
	for i := range tools {
		tools[i] = strings.Repeat("w", 60) + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676))
	}
	for _, name := range []string{
		strings.Repeat("w", 1<<20),
		strings.Repeat("w", 1<<20) + ".x",
		"a." + strings.Repeat("w", 1<<20),
		strings.Repeat(".", 1<<20) + tools[0],
	} {
		start := time.Now()
		for range 10 {
			text := UnknownTool(name, tools)
			if strings.Contains(text, "did you mean") || !strings.HasPrefix(text, `unknown tool "`+name[:64]+`…"; the tools are: `) {
				t.Fatalf("%.80s", text)
			}
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("10 calls of a 1 MiB name took %v", took)
		}
	}
}

// NearestTool takes any list of tool names (einotools.UnknownTools passes
// those of the Eino tools a node was given; Gemini and MCP allow dots in
// them): a listed name with a dot is suggested for a slip of it, and for
// it after a namespace (found by a review: the model's name was cut at its
// last dot before it was compared).
func TestNearestToolDottedNames(t *testing.T) {
	tools := []string{"web.search", "files.read"}
	for _, c := range []struct{ name, want string }{
		{"Web.Search", "web.search"},           // another case
		{"web.serach", "web.search"},           // two letters swapped
		{"functions.web.search", "web.search"}, // a namespace before it
		{"files_read", "files.read"},           // another separator
	} {
		if got := NearestTool(c.name, tools); got != c.want {
			t.Errorf("NearestTool(%q, %q) = %q, want %q", c.name, tools, got, c.want)
		}
	}
}

// A name with a byte that is not UTF-8 gets the tool it differs from by
// that byte, whether the byte reaches the registry as it is (OpenAI,
// Anthropic) or as the U+FFFD a decoder makes of it (Gemini's genai turns
// add\xff into add\uFFFD), at the end or in the middle; a name made of
// such characters, or with more of them than a slip, gets none.
func TestNearestToolBrokenByte(t *testing.T) {
	tools := []string{"add", "read_file", "write_file", "build"}
	for _, c := range []struct{ name, want string }{
		{"add\xff", "add"},
		{"add\ufffd", "add"},
		{"a\ufffdd", "add"},
		{"\ufffddd", "add"},
		{"re\ufffdd_file", "read_file"},
		{"re\xffd_file", "read_file"},
		{"read_file\ufffd", "read_file"},
		{"wr\ufffd\ufffde_file", "write_file"}, // two in a long name
		{"functions.write_file\ufffd", "write_file"},
		{"mcp__files__re\ufffdd_file", "read_file"},
		{"Read\ufffdFile", "read_file"},
		{"bu\ufffdld", "build"},
		// Too far.
		{"\ufffd", ""},
		{"\ufffd\ufffd\ufffd", ""},
		{"\xff\xff\xff", ""},
		{"\ufffd\ufffdd", ""},   // two of three letters
		{"add\ufffd\ufffd", ""}, // two more than a short name
		{"bu\ufffd\ufffd", ""},
		{"bui\ufffd", ""}, // a short name, so one off at most: two
		// build: two off and one short
		{"w\ufffd\ufffd\ufffde_file", ""}, // three
		{strings.Repeat("\ufffd", 9), ""},
		{strings.Repeat("\ufffd", 10), ""},
	} {
		if got := NearestTool(c.name, tools); got != c.want {
			t.Errorf("NearestTool(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	// Through the registry, as each adapter answers such a call.
	r := NewRegistry(nil)
	for _, name := range tools {
		if err := r.Register(tool(name, 0, echo)); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"add\xff", "add\ufffd"} {
		res, err := r.Execute(context.Background(), name, nil)
		want := "unknown tool " + strconv.Quote(name) + `; did you mean "add"?; the tools are: add, build, read_file, write_file`
		if err != nil || res.Error != want {
			t.Errorf("%q:\n got %s, %v\nwant %s", name, res.Error, err, want)
		}
	}
}

// Names of U+FFFD or of bytes that are not UTF-8, up to 1 MiB, cost no
// more than others: the bound of NearestTool holds for them.
func TestUnknownToolHostileBrokenName(t *testing.T) {
	tools := make([]string, 1000)
	for i := range tools {
		tools[i] = strings.Repeat("w", 60) + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676))
	}
	near := tools[0][:30] + "\ufffd" + tools[0][31:]
	for _, c := range []struct{ name, want string }{
		{strings.Repeat("\ufffd", 1<<20/3), ""},
		{strings.Repeat("\xff", 1<<20), ""},
		{strings.Repeat("\ufffd", 85), ""},  // 255 bytes: looked at
		{strings.Repeat("\xff", 256), ""},   // 256 bytes: looked at
		{strings.Repeat("\ufffd", 63), ""},  // as long as every tool
		{strings.Repeat("w\ufffd", 32), ""}, // half of each letter right
		{"functions." + strings.Repeat("\ufffd", 63), ""},
		{strings.Repeat("a.\ufffd", 50), ""},
		{near, tools[0]},
		{"functions." + near, tools[0]},
	} {
		start := time.Now()
		for range 10 {
			if got := NearestTool(c.name, tools); got != c.want {
				t.Fatalf("NearestTool(%.40q) = %q, want %q", c.name, got, c.want)
			}
			UnknownTool(c.name, tools)
		}
		bound := 2 * time.Second
		if raceEnabled {
			bound *= 10
		}
		if took := time.Since(start); took > bound {
			t.Errorf("%.40q: 10 calls took %v", c.name, took)
		}
	}
}
