package search_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/toolgen-go/toolgen/examples/search"
	"github.com/toolgen-go/toolgen/runtime"
)

// Method tools get their dependencies from the receiver that Tools takes.
func Example() {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(search.Tools(search.NewSearcher(search.HelpCenter))...); err != nil {
		log.Fatal(err)
	}
	for _, d := range reg.Definitions() {
		fmt.Printf("%s: %s\n", d.Name, d.Parameters)
	}

	ctx := context.Background()
	for _, call := range []struct{ tool, args string }{
		{"search_passages", `{"query":"how do I reset my password?","limit":2}`},
		{"search_passages", `{"query":"refund shipping","min_level":"weak"}`},
		{"get_passage", `{"id":"refunds"}`},
		{"get_passage", `{"id":"nope"}`},
		{"search_passages", `{"query":"x","limit":0,"min_level":"best"}`},
	} {
		res, err := reg.Execute(ctx, call.tool, json.RawMessage(call.args))
		if err != nil {
			log.Fatal(err)
		}
		out, _ := json.Marshal(res)
		fmt.Println(string(out))
	}

	// Output:
	// get_passage: {"properties":{"id":{"type":"string","description":"The passage's id, as search_passages reports it."}},"additionalProperties":false,"type":"object","required":["id"]}
	// search_passages: {"properties":{"query":{"type":"string","maxLength":200,"minLength":2,"description":"Query in plain words; common words are ignored."},"limit":{"type":"integer","maximum":20,"minimum":1,"description":"Limit on the number of passages returned.","default":3},"min_level":{"type":"string","enum":["high","medium","low","weak"],"description":"Leaves out passages below this level of relevance. Values: \"high\": relevance of 0.8 or more; \"medium\": relevance of 0.6 or more; \"low\": relevance of 0.4 or more; \"weak\": any match below 0.4.","default":"low"},"within":{"items":{"type":"string","minLength":1},"type":"array","maxItems":500,"description":"Within restricts the search to the passages with these ids."}},"additionalProperties":false,"type":"object","required":["query"]}
	// {"success":true,"data":{"hits":[{"id":"reset-password","title":"Reset your password","text":"Open Settings, choose Security and press Reset password. We email a reset link that works for one hour.","relevance":0.67,"level":"medium"}]}}
	// {"success":true,"data":{"hits":[{"id":"refunds","title":"Refunds","text":"Orders can be refunded within 30 days. Open the order, press Request refund and pick a reason; refunds reach your card in 5 to 10 days.","relevance":0.35,"level":"weak"},{"id":"shipping-times","title":"Shipping times","text":"Standard shipping takes 3 to 5 business days; express shipping takes 1 to 2. Orders placed before noon ship the same day.","relevance":0.34,"level":"weak"}]}}
	// {"success":true,"data":{"id":"refunds","title":"Refunds","text":"Orders can be refunded within 30 days. Open the order, press Request refund and pick a reason; refunds reach your card in 5 to 10 days."}}
	// {"success":false,"error":"no passage with id nope"}
	// {"success":false,"error":"invalid arguments: /limit: must be at least 1, got 0; /min_level: must be one of \"high\", \"medium\", \"low\", \"weak\"; got \"best\"; /query: must be at least 2 characters long, got 1"}
}

// Models send a list inside a string now and then (`"[\"refunds\"]"`, a
// value encoded twice). A strict registry tells the model what to send
// instead; a lenient one takes the list, and checks it as any other.
func Example_listInAString() {
	ctx := context.Background()
	args := json.RawMessage(`{"query":"refund shipping","min_level":"weak","within":"[\"refunds\", \"shipping-times\"]"}`)
	for _, s := range []*runtime.Settings{nil, {Lenient: true}} {
		reg := runtime.NewRegistry(s)
		if err := reg.Register(search.Tools(search.NewSearcher(search.HelpCenter))...); err != nil {
			log.Fatal(err)
		}
		res, err := reg.Execute(ctx, "search_passages", args)
		if err != nil {
			log.Fatal(err)
		}
		if !res.Success {
			fmt.Println(res.Error)
			continue
		}
		var found search.SearchResult
		if err := json.Unmarshal([]byte(res.Output), &found); err != nil {
			log.Fatal(err)
		}
		for _, h := range found.Hits {
			fmt.Println(h.ID)
		}
	}

	// Output:
	// invalid arguments: /within: must be an array, got a string that holds one: send the array itself, not in quotes
	// refunds
	// shipping-times
}
