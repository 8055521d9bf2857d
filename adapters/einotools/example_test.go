package einotools_test

import (
	"context"
	"fmt"
	"log"

	"github.com/cloudwego/eino/components/tool"
	"github.com/toolgen-go/toolgen/adapters/einotools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
)

// The weather example's tools as Eino tools: the model reads each call's
// Result as JSON, and a mistake of the model's is a message, not an error
// that would end the agent's run.
func ExampleTools() {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	tools, err := einotools.Tools(reg)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	for _, t := range tools {
		info, _ := t.Info(ctx)
		fmt.Println(info.Name)
	}
	convert := tools[0].(tool.InvokableTool)
	msg, err := convert.InvokableRun(ctx, `{"value":20,"from":"celsius","to":"kelvin"}`)
	fmt.Println(msg, err)
	// Output:
	// convert_temperature
	// get_forecast
	// {"success":false,"error":"invalid arguments: /to: must be one of \"celsius\", \"fahrenheit\"; got \"kelvin\""} <nil>
}
