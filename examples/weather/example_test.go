package weather_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
)

// show prints a Result as the model would receive it.
func show(res *runtime.Result) {
	out, err := json.Marshal(res)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(out))
}

// Register the package's tools, hand their definitions to a model, and
// execute the calls it makes.
func Example() {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	for _, d := range reg.Definitions() {
		fmt.Printf("%s: %s\n%s\n", d.Name, d.Description, d.Parameters)
	}

	ctx := context.Background()
	res, err := reg.Execute(ctx, "get_forecast", json.RawMessage(`{"city":"Paris","days":2}`))
	if err != nil {
		log.Fatal(err)
	}
	show(res)
	res, _ = reg.Execute(ctx, "convert_temperature", json.RawMessage(`{"value":100,"from":"celsius","to":"fahrenheit"}`))
	show(res)

	// Output:
	// convert_temperature: Converts a temperature from one unit to another.
	// {"properties":{"value":{"type":"number","description":"The temperature to convert."},"from":{"type":"string","enum":["celsius","fahrenheit"],"description":"The unit value is in. Values: \"celsius\": degrees Celsius; \"fahrenheit\": degrees Fahrenheit."},"to":{"type":"string","enum":["celsius","fahrenheit"],"description":"The unit to convert to. Values: \"celsius\": degrees Celsius; \"fahrenheit\": degrees Fahrenheit."}},"additionalProperties":false,"type":"object","required":["value","from","to"]}
	// get_forecast: Returns the daily weather forecast for a city, up to 14 days ahead. Use it when the user asks what the weather will be like.
	// {"properties":{"city":{"type":"string","maxLength":80,"minLength":1,"description":"City to forecast, such as \"Paris\"."},"days":{"type":"integer","maximum":14,"minimum":1,"description":"Days of forecast, starting today.","default":3},"unit":{"type":"string","enum":["celsius","fahrenheit"],"description":"Unit of the temperatures. Values: \"celsius\": degrees Celsius; \"fahrenheit\": degrees Fahrenheit.","default":"celsius"},"include_wind":{"type":"boolean","description":"Adds the wind speed to each day."}},"additionalProperties":false,"type":"object","required":["city"]}
	// {"success":true,"data":{"city":"Paris","unit":"celsius","days":[{"day":0,"summary":"cloudy","high":18,"low":10},{"day":1,"summary":"light rain","high":20.5,"low":12.5}]}}
	// {"success":true,"output":"100 celsius is 212 fahrenheit"}
}

// A model's mistakes come back as one failed Result that names every
// problem by its JSON Pointer, so the model can fix them all in its next
// turn.
func Example_invalidArguments() {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	for _, args := range []string{
		`{"city":7,"days":30,"unit":"kelvin","when":"today"}`,
		`{"days":3}`,
		`{"city":"Paris",`,
		``,
		`{"city":"Atlantis"}`,
	} {
		res, err := reg.Execute(ctx, "get_forecast", json.RawMessage(args))
		if err != nil {
			log.Fatal(err)
		}
		show(res)
	}
	res, _ := reg.Execute(ctx, "get_weather", nil)
	show(res)

	// Output:
	// {"success":false,"error":"invalid arguments: /city: must be a string, got number; /days: must be at most 14, got 30; /unit: must be one of \"celsius\", \"fahrenheit\"; got \"kelvin\"; /when: unknown field; the fields are: city, days, unit, include_wind"}
	// {"success":false,"error":"invalid arguments: /city: required field is missing"}
	// {"success":false,"error":"invalid arguments: the arguments are not valid JSON: expected a field name, found end of input (is it cut short?)"}
	// {"success":false,"error":"invalid arguments: /city: required field is missing"}
	// {"success":false,"error":"no forecast for \"Atlantis\"; the cities covered are Cairo, Paris, Reykjavik, Tokyo"}
	// {"success":false,"error":"unknown tool \"get_weather\"; the tools are: convert_temperature, get_forecast"}
}

// All the problems of one call come back together: here a missing
// required field, a number out of range, a value of the wrong type and an
// unknown field.
func Example_everyProblemAtOnce() {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	res, err := reg.Execute(context.Background(), "get_forecast", json.RawMessage(`{"days":30,"unit":1,"when":"today"}`))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Error)

	// Output:
	// invalid arguments: /city: required field is missing; /days: must be at most 14, got 30; /unit: must be a string, got number; /when: unknown field; the fields are: city, days, unit, include_wind
}

// A registry in the OpenAI dialect lists the strict-mode schemas and takes
// null for the optional fields, as strict mode makes the model send them.
func Example_openAIStrict() {
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.OpenAI})
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(reg.Definitions()[1].Parameters))
	res, err := reg.Execute(context.Background(), "get_forecast",
		json.RawMessage(`{"city":"Cairo","days":null,"unit":null,"include_wind":null}`))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(res.Data.(*weather.Forecast).Days), res.Data.(*weather.Forecast).Unit)

	// Output:
	// {"properties":{"city":{"type":"string","description":"City to forecast, such as \"Paris\". Constraints: at least 1 character; at most 80 characters."},"days":{"type":["integer","null"],"maximum":14,"minimum":1,"description":"Days of forecast, starting today. Constraints: default 3."},"unit":{"anyOf":[{"type":"string","enum":["celsius","fahrenheit"]},{"type":"null"}],"description":"Unit of the temperatures. Values: \"celsius\": degrees Celsius; \"fahrenheit\": degrees Fahrenheit. Constraints: default \"celsius\"."},"include_wind":{"type":["boolean","null"],"description":"Adds the wind speed to each day."}},"additionalProperties":false,"type":"object","required":["city","days","unit","include_wind"]}
	// 3 celsius
}

// A lenient registry takes what models really send: numbers and booleans
// as strings, null for an optional field, and "" or "null" for one that
// can be neither (its default then applies).
func Example_lenient() {
	reg := runtime.NewRegistry(&runtime.Settings{Lenient: true})
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	res, err := reg.Execute(context.Background(), "get_forecast",
		json.RawMessage(`{"city":"Tokyo","days":"2","unit":null,"include_wind":"true"}`))
	if err != nil {
		log.Fatal(err)
	}
	f := res.Data.(*weather.Forecast)
	fmt.Println(len(f.Days), f.Unit, *f.Days[0].WindKPH)
	res, _ = reg.Execute(context.Background(), "get_forecast", json.RawMessage(`{"city":"Tokyo","days":"two"}`))
	fmt.Println(res.Error)
	res, _ = reg.Execute(context.Background(), "get_forecast", json.RawMessage(`{"city":"Tokyo","days":"","unit":"null","include_wind":""}`))
	f = res.Data.(*weather.Forecast)
	fmt.Println(len(f.Days), f.Unit, f.Days[0].WindKPH == nil)

	// Output:
	// 2 celsius 12
	// invalid arguments: /days: must be an integer, got string "two"
	// 3 celsius true
}
