package mcptools_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The official TypeScript MCP SDK, run by tsclient/check.mjs, drives the
// servers over stdio and Streamable HTTP (see tsclient/check.mjs for what it
// checks). It needs node; tsclient/node_modules is installed with npm ci
// when missing. Without node the test is skipped, but fails when CI=true.

// spec is the calls file of check.mjs.
type spec struct {
	Protocol string `json:"protocol,omitempty"`
	// Request is the version the client asks for, in place of its newest.
	Request string `json:"request,omitempty"`
	// SpecSchema validates what the server sends against the MCP
	// specification's schema of the negotiated version.
	SpecSchema bool     `json:"specSchema,omitempty"`
	AllTools   bool     `json:"allTools,omitempty"`
	Tools      []string `json:"tools,omitempty"`
	// Listed are fields of listed tools (title, annotations), by tool.
	Listed map[string]map[string]any `json:"listed,omitempty"`
	Calls  []call                    `json:"calls"`
	Added  *added                    `json:"added,omitempty"`
}

type call struct {
	Tool       string          `json:"tool"`
	Arguments  json.RawMessage `json:"arguments,omitempty"`
	IsError    bool            `json:"isError,omitempty"`
	Invalid    bool            `json:"invalid,omitempty"`
	Text       *string         `json:"text,omitempty"`
	Structured json.RawMessage `json:"structured,omitempty"`
	Content    []string        `json:"content,omitempty"`
	// Blocks are fields of each content block, with their values.
	Blocks   []any `json:"blocks,omitempty"`
	Progress *int  `json:"progress,omitempty"`
	// CancelAfter aborts the call after that many milliseconds.
	CancelAfter int `json:"cancelAfter,omitempty"`
}

type added struct {
	Tool string `json:"tool"`
	Call *call  `json:"call,omitempty"`
}

// report is what check.mjs prints.
type report struct {
	Protocol string `json:"protocol"`
	// SpecChecked counts the messages validated against the
	// specification's schema.
	SpecChecked int `json:"specChecked"`
	Tools       int `json:"tools"`
	Calls       int `json:"calls"`
	Canceled    int `json:"canceled"`
	Structured  int `json:"structured"`
	Progress    int `json:"progress"`
	// LateProgress counts the progress notifications the client dropped
	// as they came with their call's result (typescript-sdk#2580).
	LateProgress int `json:"lateProgress"`
	ListChanged  int `json:"listChanged"`
	Failures     int `json:"failures"`
}

func ptr[T any](v T) *T { return &v }

// tsclient returns the directory of check.mjs, its packages installed.
func tsclient(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("tsclient")
	if err != nil {
		t.Fatal(err)
	}
	missing := func(what string) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s, which CI must have", what)
		}
		t.Skip(what)
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing("no node")
	}
	if !installed(t, dir) {
		if _, err := exec.LookPath("npm"); err != nil {
			missing("tsclient/node_modules is not installed, and there is no npm to install it")
		}
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("npm ci in %s: %v\n%s", dir, err, out)
		}
	}
	return dir
}

// installed reports whether every package of dir/package.json is in
// dir/node_modules (one added since npm ci last ran there is not).
func installed(t *testing.T, dir string) bool {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	for name := range pkg.Dependencies {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", filepath.FromSlash(name), "package.json")); err != nil {
			return false
		}
	}
	return true
}

// check runs check.mjs with s against the server at url, or started by
// command.
func check(t *testing.T, dir string, s spec, url string, command ...string) report {
	t.Helper()
	return checkSDK(t, dir, "", s, url, command...)
}

// checkSDK is check with the TypeScript SDK of package sdk ("" for the
// current one; see check.mjs for the older ones package.json installs).
func checkSDK(t *testing.T, dir, sdk string, s spec, url string, command ...string) report {
	t.Helper()
	calls := filepath.Join(t.TempDir(), "calls.json")
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(calls, data, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{filepath.Join(dir, "check.mjs"), "--calls", calls}
	if sdk != "" {
		args = append(args, "--sdk", sdk)
	}
	if url != "" {
		args = append(args, "--url", url)
	} else {
		args = append(append(args, "--"), command...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var r report
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil || runErr != nil {
		t.Fatalf("check.mjs: %v\nstdout: %s\nstderr: %s", runErr, stdout.Bytes(), stderr.Bytes())
	}
	t.Logf("%+v", r)
	return r
}

// startHTTP starts an HTTP server command that prints its URL first, and
// at the end of the test ends it with SIGTERM and checks that it exits
// with status 0.
func startHTTP(t *testing.T, env []string, command ...string) string {
	t.Helper()
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("%s after SIGTERM: %v", command[0], err)
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Errorf("%s still running 10s after SIGTERM", command[0])
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	go func() {
		io.Copy(io.Discard, stdout)
		exited <- cmd.Wait()
	}()
	if err != nil || !strings.HasPrefix(line, "http://") {
		t.Fatalf("%s printed %q: %v", command[0], line, err)
	}
	return strings.TrimSpace(line)
}

// buildWeather builds cmd/weather-mcp once for the tests of the package,
// into binDir, and returns its path.
func buildWeather(t *testing.T) string {
	t.Helper()
	weatherOnce.Do(func() {
		weatherBin = filepath.Join(binDir, "weather-mcp")
		if out, err := exec.Command("go", "build", "-o", weatherBin, "./cmd/weather-mcp").CombinedOutput(); err != nil {
			weatherErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if weatherErr != nil {
		t.Fatal(weatherErr)
	}
	return weatherBin
}

var (
	binDir      string // made and removed by TestMain
	weatherOnce sync.Once
	weatherBin  string
	weatherErr  error
)

var weatherSpec = spec{
	Protocol: "2025-11-25",
	AllTools: true,
	Tools:    []string{"convert_temperature", "get_forecast"},
	Listed: map[string]map[string]any{
		"get_forecast":        {"title": "Get the weather forecast", "annotations": map[string]any{"readOnlyHint": true, "idempotentHint": false}},
		"convert_temperature": {"title": "Convert a temperature", "annotations": map[string]any{"readOnlyHint": true, "idempotentHint": false, "openWorldHint": false}},
	},
	Calls: []call{
		{Tool: "get_forecast", Arguments: json.RawMessage(`{"city":"Paris","days":2}`)},
		{Tool: "get_forecast", Arguments: json.RawMessage(`{"city":"Tokyo","unit":"fahrenheit","include_wind":true}`)},
		{Tool: "get_forecast", Arguments: json.RawMessage(`{"city":"Atlantis"}`), IsError: true},
		{Tool: "get_forecast", Arguments: json.RawMessage(`{"days":30,"unit":1}`), Invalid: true, IsError: true},
		{Tool: "convert_temperature", Arguments: json.RawMessage(`{"value":100,"from":"celsius","to":"fahrenheit"}`), Text: ptr("100 celsius is 212 fahrenheit")},
	},
}

// shapesSpec calls every tool of the shapes and tooltest packages.
// cancelSpec cancels a call that runs until it is, then makes another.
var cancelSpec = spec{
	Protocol: "2025-11-25",
	Calls: []call{
		{Tool: "words", Arguments: json.RawMessage(`{"text":"forever"}`), CancelAfter: 100},
		{Tool: "greet", Arguments: json.RawMessage(`{"name":"Ann"}`), Text: ptr("Hello, Ann!")},
	},
}

var shapesSpec = spec{
	Protocol: "2025-11-25",
	AllTools: true,
	Listed: map[string]map[string]any{
		"get_city":     {"title": "Get a city", "annotations": map[string]any{"readOnlyHint": true, "idempotentHint": false}},
		"spell_city":   {"annotations": map[string]any{"readOnlyHint": true, "idempotentHint": true, "openWorldHint": false}},
		"count_cities": {"title": "Count cities"},
	},
	Calls: []call{
		{Tool: "get_city", Arguments: json.RawMessage(`{"name":"Oslo"}`), Structured: json.RawMessage(`{"name":"Oslo","country":"Norway","population":0.7}`)},
		{Tool: "get_city", Arguments: json.RawMessage(`{"name":"Rome"}`), IsError: true},
		// Fields the tool leaves unset break their tags' bounds, which
		// the output schema therefore leaves out: ajv takes the result.
		{Tool: "city_facts", Arguments: json.RawMessage(`{"name":"Lima"}`), Structured: json.RawMessage(`{"name":"Lima","mayor":"","founded":1535,"airports":["LIM"],"country":"PE"}`)},
		{Tool: "city_facts", Arguments: json.RawMessage(`{"name":"Rome"}`), Structured: json.RawMessage(`{"name":"Rome","mayor":"","founded":0,"airports":[],"country":""}`)},
		{Tool: "find_city", Arguments: json.RawMessage(`{"name":"lima"}`), Structured: json.RawMessage(`{"result":{"name":"Lima","country":"Peru","population":10.1}}`)},
		{Tool: "find_city", Arguments: json.RawMessage(`{"name":"Rome"}`), Text: ptr("null"), Structured: json.RawMessage(`{"result":null}`)},
		{Tool: "city_names", Arguments: json.RawMessage(`{"prefix":"L"}`), Structured: json.RawMessage(`{"result":["Lagos","Lima"]}`)},
		{Tool: "city_names", Arguments: json.RawMessage(`{"prefix":"x"}`), Structured: json.RawMessage(`{"result":[]}`)},
		{Tool: "count_cities", Arguments: json.RawMessage(`{}`), Text: ptr("5"), Structured: json.RawMessage(`{"result":5}`)},
		{Tool: "populations", Arguments: json.RawMessage(`{"prefix":"li"}`), Text: ptr(`{"Lima":10.1}`), Structured: json.RawMessage(`{"result":{"Lima":10.1}}`)},
		{Tool: "stream_cities", Arguments: json.RawMessage(`{"prefix":"o"}`), Structured: json.RawMessage(`{"result":[{"name":"Oslo","country":"Norway","population":0.7}]}`), Progress: ptr(1)},
		{Tool: "stream_cities", Arguments: json.RawMessage(`{}`), Progress: ptr(5)},
		{Tool: "stream_cities", Arguments: json.RawMessage(`{"prefix":"x"}`), Structured: json.RawMessage(`{"result":[]}`)},
		{Tool: "spell_city", Arguments: json.RawMessage(`{"name":"Lima"}`), Text: ptr("Lima"), Progress: ptr(4)},
		{Tool: "city_card", Arguments: json.RawMessage(`{"name":"Paris"}`), Content: []string{"text", "image", "resource_link"}},
		{Tool: "city_card", Arguments: json.RawMessage(`{"name":"Rome"}`), IsError: true},
		{Tool: "check_city", Arguments: json.RawMessage(`{"name":"Lima"}`), Text: ptr("")},
		{Tool: "check_city", Arguments: json.RawMessage(`{"name":"Rome"}`), IsError: true},
		{Tool: "check_city", Arguments: json.RawMessage(`{}`), Invalid: true, IsError: true},
		{Tool: "greet", Arguments: json.RawMessage(`{"name":"Lima"}`), Text: ptr("Hello, Lima!")},
		{Tool: "words", Arguments: json.RawMessage(`{"text":"one two three"}`), Text: ptr("one two three "), Progress: ptr(3)},
		{Tool: "words", Arguments: json.RawMessage(`{"text":"a ! b"}`), IsError: true},
		{Tool: "look", Arguments: json.RawMessage(`{}`), Content: []string{"text", "image", "audio", "resource_link", "resource"}},
	},
}

func TestTSClient(t *testing.T) {
	dir := tsclient(t)
	weather := buildWeather(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The shapes server is this test binary, run again (see TestMain).
	shapesEnv := func(mode string, more ...string) []string {
		return append([]string{serverEnv + "=" + mode}, more...)
	}
	older := shapesSpec
	older.Protocol = "2025-06-18"
	// The server registers the weather tools after the first tools/list.
	live := shapesSpec
	live.Added = &added{Tool: "convert_temperature", Call: &call{
		Tool: "convert_temperature", Arguments: json.RawMessage(`{"value":0,"from":"celsius","to":"fahrenheit"}`), Text: ptr("0 celsius is 32 fahrenheit"),
	}}

	cases := []struct {
		name string
		s    spec
		env  []string // the shapes server's environment; nil for weather-mcp
		http string   // "", "stateful" or "stateless"
	}{
		{"weather/stdio", weatherSpec, nil, ""},
		{"weather/http", weatherSpec, nil, "stateful"},
		{"weather/http-stateless", weatherSpec, nil, "stateless"},
		{"shapes/stdio", live, shapesEnv("stdio", addEnv+"=1"), ""},
		{"shapes/http", live, shapesEnv("http", addEnv+"=1"), "stateful"},
		{"shapes/http-stateless", shapesSpec, shapesEnv("http-stateless"), "stateless"},
		{"shapes/stdio-2025-06-18", older, shapesEnv("stdio", versionsEnv+"=2025-06-18"), ""},
		{"shapes/http-2025-06-18", older, shapesEnv("http", versionsEnv+"=2025-06-18"), "stateful"},
		// Over stdio a canceled call gets no answer, which the client
		// would report as an error (over HTTP the SDK sends one).
		{"shapes/stdio-cancel", cancelSpec, shapesEnv("stdio"), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var r report
			switch {
			case c.env == nil && c.http == "":
				r = check(t, dir, c.s, "", weather)
			case c.env == nil:
				args := []string{weather, "-http", "127.0.0.1:0"}
				if c.http == "stateless" {
					args = append(args, "-stateless")
				}
				r = check(t, dir, c.s, startHTTP(t, nil, args...))
			case c.http == "":
				r = check(t, dir, c.s, "", append(append([]string{"env"}, c.env...), self)...)
			default:
				r = check(t, dir, c.s, startHTTP(t, c.env, self))
			}
			want := len(c.s.Calls) - r.Canceled
			if c.s.Added != nil {
				want++
				if r.ListChanged == 0 {
					t.Errorf("no notifications/tools/list_changed")
				}
			}
			if r.Calls != want {
				t.Errorf("%d calls made, want %d", r.Calls, want)
			}
		})
	}
}
