package gen

import (
	"go/constant"
	"go/types"
	"testing"
)

func TestIsCodeLine(t *testing.T) {
	for line, want := range map[string]bool{
		`ActionSendKeys Action = "send_keys"`:         true,
		`ModeLegacy = 3`:                              true,
		`x := compute(y)`:                             true,
		`TODO: support pagination`:                    true,
		`TODO(ann): remove`:                           true,
		`FIXME check the plan`:                        true,
		`func Search(ctx context.Context) error`:      true,
		`type Legacy struct{ A int }`:                 true,
		`return nil`:                                  true,
		`}`:                                           true,
		`+optional`:                                   true,
		`+kubebuilder:validation:Minimum=1`:           true,
		`+listType=map`:                               true,
		`nolint`:                                      true,
		`nolint // generated`:                         true,
		`+1 for each retry`:                           false,
		`+ or - the offset`:                           false,
		`The city, e.g. Paris`:                        false,
		`type of the document: pdf or html`:           false,
		`x = 1 means the first page`:                  false,
		`Limit = maximum number of results`:           false,
		`for example "2024-01-01"`:                    false,
		`return the newest results first`:             false,
		`if the customer asks for it, reply by phone`: false,
		`Note: the search is case-insensitive`:        false,
	} {
		if got := isCodeLine(line); got != want {
			t.Errorf("isCodeLine(%q) = %v, want %v", line, got, want)
		}
	}
}

// A tool's description names the tool as the model knows it where the
// sentence needs a subject, and drops the Go name before any other verb.
func TestToolDoc(t *testing.T) {
	for _, c := range []struct{ text, goName, toolName, want string }{
		{"SearchIssues does a full-text search of the issues.", "SearchIssues", "search_issues", "search_issues does a full-text search of the issues."},
		{"GetOrder is read-only: it changes nothing.", "GetOrder", "get_order", "get_order is read-only: it changes nothing."},
		{"GetOrder is the lookup of an order by its id.", "GetOrder", "get_order", "The lookup of an order by its id."},
		{"ListOrders is an index of orders.", "ListOrders", "list_orders", "An index of orders."},
		{"ListRepos has no side effects.", "ListRepos", "repos", "repos has no side effects."},
		{"GetWeather returns the weather.", "GetWeather", "get_weather", "Returns the weather."},
		{"Search is the search of the index.", "Search", "search_index", "The search of the index."},
		{"Search is fast.", "Search", "search_index", "Search is fast."},
		{"Lookup does a lookup.", "Lookup", "lookup", "Lookup does a lookup."},
		{"Returns the weather.", "GetWeather", "get_weather", "Returns the weather."},
		{"GetWeather", "GetWeather", "get_weather", "GetWeather"},
		{"GetWeather: returns the weather.", "GetWeather", "get_weather", "Returns the weather."},
		{"GetWeather - the weather of a city.", "GetWeather", "get_weather", "The weather of a city."},
	} {
		if got := toolDoc(c.text, c.goName, c.toolName); got != c.want {
			t.Errorf("toolDoc(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestFieldDoc(t *testing.T) {
	for _, c := range []struct{ text, goName, jsonName, want string }{
		{"DelayMS to wait before each tick, in milliseconds", "DelayMS", "delay_ms", "delay_ms to wait before each tick, in milliseconds"},
		{"IncludeWind adds the wind speed.", "IncludeWind", "include_wind", "Adds the wind speed."},
		{"City to forecast.", "City", "city", "City to forecast."},
		{"MaxResults is the most results to return.", "MaxResults", "max_results", "The most results to return."},
		{"MaxResults is at most 50.", "MaxResults", "max_results", "max_results is at most 50."},
		{"The city to forecast.", "City", "city", "The city to forecast."},
		{"UserID", "UserID", "user_id", "UserID"},
		{"Max results to return.", "Max", "max", "Max results to return."},
		{"User names to look up.", "User", "user", "User names to look up."},
		{"Query terms, space separated.", "Query", "query", "Query terms, space separated."},
		{"Place restricts the search.", "Place", "place", "Place restricts the search."},
		{"PageToken comes from a previous call.", "PageToken", "page_token", "Comes from a previous call."},
		{"SKUs to check.", "SKUs", "skus", "SKUs to check."},
		{"URL to fetch, with its scheme.", "URL", "url", "URL to fetch, with its scheme."},
		// A JSON name that is the Go name in other case drops the name
		// before a verb and keeps a definition's noun phrase all the same.
		{"IncludeWind adds the wind speed to each day.", "IncludeWind", "includeWind", "Adds the wind speed to each day."},
		{"SKUs is the list of items to check.", "SKUs", "skus", "The list of items to check."},
		{"Address is a postal address of the user.", "Address", "address", "A postal address of the user."},
		{"City is fast.", "City", "city", "City is fast."},
		// A leading name written as a label is dropped.
		{"MaxResults: the most results to return.", "MaxResults", "max_results", "The most results to return."},
		{"IncludeWind - add the wind speed.", "IncludeWind", "include_wind", "Add the wind speed."},
		{"MaxResults — the most matches, from 1 to 10.", "MaxResults", "max_results", "The most matches, from 1 to 10."},
		{"Page: the page to fetch.", "Page", "page", "The page to fetch."},
		{"max_results: at most 10.", "MaxResults", "max_results", "At most 10."},
		{"Page:", "Page", "page", "Page:"},
		// A leading JSON name, as Kubernetes types write it, is read as
		// the Go name is, and stays where the Go name would be replaced.
		{"limit is the most pods to return.", "Limit", "limit", "The most pods to return."},
		{"includeHourly adds hourly figures.", "IncludeHourly", "includeHourly", "Adds hourly figures."},
		{"page_size caps the page.", "PageSize", "page_size", "Caps the page."},
		{"namespace to list pods in.", "Namespace", "namespace", "namespace to list pods in."},
		{"resourceVersion of the list, if any.", "ResourceVersion", "resourceVersion", "resourceVersion of the list, if any."},
	} {
		if got := fieldDoc(c.text, c.goName, c.jsonName); got != c.want {
			t.Errorf("fieldDoc(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// A field's comment, and a tool's description, name the fields of the
// struct by their JSON names.
func TestFieldWords(t *testing.T) {
	var fields []*Field
	for _, f := range [][2]string{{"IncludeWind", "include_wind"}, {"MaxResults", "max_results"}, {"Labels", "labels"}, {"URL", "url"}, {"PerPage", "per_page"}} {
		fields = append(fields, &Field{GoName: f[0], JSONName: f[1]})
	}
	names := fieldWords(fields)
	for _, c := range []struct{ text, want string }{
		{"The most gusts. Ignored unless IncludeWind is set.", "The most gusts. Ignored unless include_wind is set."},
		{"Limits the search; `MaxResults` still applies.", "Limits the search; `max_results` still applies."},
		{"Caps each snippet; a MaxResults of 0 means all.", "Caps each snippet; a max_results of 0 means all."},
		{"PerPage, if set, caps a page.", "per_page, if set, caps a page."},
		{"Finds places. Set MaxResults to get more than one.", "Finds places. Set max_results to get more than one."},
		{"Deprecated: use Labels.", "Deprecated: use Labels."},
		{"The URL to fetch.", "The URL to fetch."},
		{"See api.MaxResults and IncludeWindows.", "See api.MaxResults and IncludeWindows."},
		// A URL keeps its words.
		{"See https://example.com/api#MaxResults (or\nhttp://x.org/PerPage). PerPage too.", "See https://example.com/api#MaxResults (or\nhttp://x.org/PerPage). per_page too."},
		{"Docs: [page](https://example.com/MaxResults), MaxResults.", "Docs: [page](https://example.com/MaxResults), max_results."},
	} {
		if got := replaceWords(c.text, names); got != c.want {
			t.Errorf("replaceWords(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// A tool's description names the package's tools by their tool names.
func TestToolWords(t *testing.T) {
	tool := func(goName, name, doc string) *Tool {
		return &Tool{Name: name, Description: doc, Func: types.NewFunc(0, nil, goName, types.NewSignatureType(nil, nil, nil, nil, nil, false))}
	}
	a := &analyzer{out: &Package{Tools: []*Tool{
		tool("ListPods", "list_pods", "Lists the pods. Call ReadLogs next."),
		tool("ReadLogs", "read_logs", "Reads a pod's logs. Call ListPods first; see also Search."),
		tool("Search", "search_all", "Searches. Unlike ListPods, it finds any name."),
		tool("Restart", "restart", "Restarts a pod."),
		tool("Restart", "restart_node", "Restarts a node, where Restart restarts a pod."),
	}}}
	a.toolWords()
	for i, want := range []string{
		"Lists the pods. Call read_logs next.",
		"Reads a pod's logs. Call list_pods first; see also Search.",
		"Searches. Unlike list_pods, it finds any name.",
		"Restarts a pod.",
		"Restarts a node, where Restart restarts a pod.",
	} {
		if got := a.out.Tools[i].Description; got != want {
			t.Errorf("tool %s: %q, want %q", a.out.Tools[i].Name, got, want)
		}
	}
}

func TestDescriptionText(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		// A note that runs over two lines is dropped whole.
		{"The query text.\nTODO: support regexes\nonce the index has them.", "The query text."},
		// A note's sentence ends; the description after it stays.
		{"TODO: validate against the catalogue.\nThe SKU of the product.", "The SKU of the product."},
		{"FIXME(ann): slow\n\nThe SKU.", "The SKU."},
		{"TODO: check this", ""},
		// Items of a list keep lines of their own.
		{"Mode picks the search:\n  - fast: a prefix match\n  - exact: the whole\n    word\n", "Mode picks the search:\n- fast: a prefix match\n- exact: the whole word"},
		{"Finds tickets.\n\nUse it when:\n  - the user asks\n  - the user gives an id", "Finds tickets.\n\nUse it when:\n- the user asks\n- the user gives an id"},
		{"Steps:\n 1. look up\n 2. rank the\n    results", "Steps:\n1. look up\n2. rank the results"},
		// Prose wrapped at a hyphen or a number is not a list: a list's
		// items are indented, as gofmt writes them.
		{"Days to forecast, from 1 to\n14 (two weeks).", "Days to forecast, from 1 to 14 (two weeks)."},
		{"The city,\ne.g. Paris - or Lyon.", "The city, e.g. Paris - or Lyon."},
		{"Results to return, at most\n10. Fewer when the index is small.", "Results to return, at most 10. Fewer when the index is small."},
		{"The shirt size; sizes above\n- say XL - cost more.", "The shirt size; sizes above - say XL - cost more."},
		// A note runs on over its paragraph, to a sentence after one of
		// its own ended; what it wraps onto never reaches the model.
		{"TODO: validate it.\nThe city to look up, as its English name.", "The city to look up, as its English name."},
		{"TODO: accept coordinates\nThe city to look up.", ""},
		// A doc comment's sentence, a name and a verb, ends a note.
		{"TODO(bob): validate\nB is the name of the user.", "B is the name of the user."},
		{"XXX this is a hack\nQuery is the SQL query to run.", "Query is the SQL query to run."},
		{"TODO: see https://github.com/x/y/issues/12\nC is the city to look up.", "C is the city to look up."},
		{"TODO: switch to the\nV2 syntax once Google ships it.", ""},
		// A note's own list is the note's.
		{"TODO: handle these cases:\n  - negative values\n  - overflow\n\nA is the count of things.", "A is the count of things."},
		{"Finds documents.\n\nTODO(ann): remove once the\nGraphQL endpoint lands; see JIRA-123.\n\nUse it for any question.", "Finds documents.\n\nUse it for any question."},
		{"Gets one document.\nFIXME: this calls the\nS3 API twice.", "Gets one document."},
		// A list in a comment gofmt does not indent (a field's, a
		// constant's): after a line that ends with a colon.
		{"Sort is one of:\n- \"date\": newest\n  first\n- \"score\": best first", "Sort is one of:\n- \"date\": newest first\n- \"score\": best first"},
		{"Steps:\n1. look up\n2. rank", "Steps:\n1. look up\n2. rank"},
		{"G is the query:\n1. first the name\n2. then the id.\nThe rest is ignored.", "G is the query:\n1. first the name\n2. then the id.\nThe rest is ignored."},
		// Unindented items after a blank line, as most people write
		// them and gofmt leaves them: after a paragraph that ends with a
		// colon, or when the paragraph's first two lines are items.
		{"Runs it. Modes:\n\n- fast skips checks.\n- slow checks all.", "Runs it. Modes:\n\n- fast skips checks.\n- slow checks all."},
		{"Runs it.\n\n- fast skips checks.\n- slow checks all.", "Runs it.\n\n- fast skips checks.\n- slow checks all."},
		{"Runs it.\n\n- fast skips checks, and\nruns alone.", "Runs it.\n\n- fast skips checks, and runs alone."},
		// A code block (indented with a tab, as gofmt writes one) keeps
		// its lines and their spacing.
		{"Finds places.\n\nExample call:\n\n\t{\"city\": \"Paris\",  \"days\": 3}\n\t{\"city\":\n\t\t\"Oslo\"}\n\nThen more.", "Finds places.\n\nExample call:\n\n{\"city\": \"Paris\",  \"days\": 3}\n{\"city\":\n\t\"Oslo\"}\n\nThen more."},
		{"Finds places:\n\tsearch(\"x\")\nand more.", "Finds places:\nsearch(\"x\")\nand more."},
		// Prose after a colon is no list: its lines are joined.
		{"For example:\n\nSearch for \"go\" returns\nGo passages. Results are cached.\nThey expire after an hour.", "For example:\n\nSearch for \"go\" returns Go passages. Results are cached. They expire after an hour."},
	} {
		if got := unwrap(withoutCode(c.doc)); got != c.want {
			t.Errorf("description of %q = %q, want %q", c.doc, got, c.want)
		}
	}
}

func TestFlags(t *testing.T) {
	values := func(ns ...int64) []EnumValue {
		var out []EnumValue
		for _, n := range ns {
			out = append(out, EnumValue{Value: constant.MakeInt64(n)})
		}
		return out
	}
	for _, c := range []struct {
		values []EnumValue
		want   bool
	}{
		{values(1, 2, 4), true},
		{values(0, 1, 2, 4, 8), true},
		{values(1, 2, 4, 7), true}, // an "all" mask
		{values(0, 1, 2, 3, 4, 5, 6), false},
		{values(1, 2, 3, 4, 5, 6, 7), false},
		{values(1, 2), false},
		{values(1, 2, 4, 9), false},
		{values(1, 2, 3, 4), false}, // priorities, with no gap
		{values(0, 1, 2, 3, 4), false},
		{values(1, 2, 3, 4, 8), true}, // ReadWrite = 3 beside Read, Write, Exec, Admin
	} {
		if got := flags(c.values); got != c.want {
			t.Errorf("flags(%v) = %v, want %v", c.values, got, c.want)
		}
	}
}
