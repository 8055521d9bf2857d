package crosspkg

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

// TestDocsOfOtherPackage checks that the doc comments of geo's types,
// fields and constants, declared in a package toolgen loads without
// syntax, reach the schema of every dialect.
func TestDocsOfOtherPackage(t *testing.T) {
	want := map[string]string{ // property path: words its description has
		"center":     "The point to search around.",
		"center.lat": "Latitude, north positive.",
		"center.lon": "Longitude, east positive.",
		"radius":     `Radius to search within, in Unit; at sea, in "nmi".`,
		"unit":       `"km": the kilometre; "mi": the statute mile; "nmi": the sea mile.`,
	}
	var locate runtime.Tool
	for _, tool := range Tools() {
		if tool.Info().Name == "locate" {
			locate = tool
		}
	}
	if locate == nil {
		t.Fatal("no tool locate")
	}
	info := locate.Info()
	for _, d := range []runtime.Dialect{runtime.Standard, runtime.OpenAI, runtime.Gemini, runtime.Anthropic} {
		var schema node
		if err := json.Unmarshal(info.ParametersFor(d), &schema); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		for path, words := range want {
			n := &schema
			for name := range strings.SplitSeq(path, ".") {
				n = n.Properties[name]
				if n == nil {
					t.Fatalf("%s: no property %s", d, path)
				}
			}
			if !strings.Contains(n.Description, words) {
				t.Errorf("%s: %s: description %q, want it to contain %q", d, path, n.Description, words)
			}
		}
	}
}

type node struct {
	Description string           `json:"description"`
	Properties  map[string]*node `json:"properties"`
}
