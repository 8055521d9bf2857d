package openaitools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/openai/openai-go/v3/responses"
	"github.com/toolgen-go/toolgen/adapters/openaitools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
)

// The function calls of a Responses API response are answered with
// function_call_output items, in the calls' order, a failure included.
func ExampleExecuteResponse() {
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.OpenAI})
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	// resp is what client.Responses.New returned.
	var resp responses.Response
	if err := json.Unmarshal([]byte(`{"id":"resp_1","output":[
		{"type":"reasoning","id":"rs_1","summary":[]},
		{"type":"function_call","id":"fc_1","call_id":"call_1","name":"convert_temperature","arguments":"{\"value\":20,\"from\":\"celsius\",\"to\":\"fahrenheit\"}"},
		{"type":"function_call","id":"fc_2","call_id":"call_2","name":"get_forecast","arguments":"{\"city\":\"\"}"}]}`), &resp); err != nil {
		log.Fatal(err)
	}
	answers, err := openaitools.ExecuteResponse(context.Background(), reg, resp.Output)
	if err != nil {
		log.Fatal(err)
	}
	for _, answer := range answers {
		data, _ := json.Marshal(answer)
		fmt.Println(string(data))
	}
	// Output:
	// {"output":"{\"success\":true,\"output\":\"20 celsius is 68 fahrenheit\"}","call_id":"call_1","type":"function_call_output"}
	// {"output":"{\"success\":false,\"error\":\"invalid arguments: /city: must be at least 1 character long, got 0\"}","call_id":"call_2","type":"function_call_output"}
}

// Every Responses function tool carries its strict flag: the API makes a
// tool strict when the flag is left out.
func ExampleResponseTools() {
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.OpenAI})
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	for _, tool := range openaitools.ResponseTools(reg) {
		data, _ := json.Marshal(tool)
		var t struct {
			Name   string `json:"name"`
			Strict bool   `json:"strict"`
		}
		if err := json.Unmarshal(data, &t); err != nil {
			log.Fatal(err)
		}
		fmt.Println(t.Name, t.Strict)
	}
	// Output:
	// convert_temperature true
	// get_forecast true
}
