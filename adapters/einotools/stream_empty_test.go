package einotools_test

import (
	"context"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
)

// a streamed tool that succeeds with no chunks (a search that found
// nothing, Words of "") must still give the model a tool message in a
// ToolsNode's stream mode, as it does in invoke mode: an agent graph
// gathers the node's stream into the messages for the next node.
func TestEmptyStreamThroughGraph(t *testing.T) {
	node := toolsNode(t, hostileRegistry(t, nil))
	for _, calls := range [][]call{
		{{"e0", "stream_words", `{"n":0}`}},
		{{"e1", "stream_words", `{"n":0}`}, {"e2", "stream_words", `{"n":1}`}},
	} {
		g := compose.NewGraph[*schema.Message, []*schema.Message]()
		_ = g.AddToolsNode("tools", node)
		_ = g.AddLambdaNode("next", compose.InvokableLambda(func(ctx context.Context, msgs []*schema.Message) ([]*schema.Message, error) {
			return msgs, nil
		}))
		_ = g.AddEdge(compose.START, "tools")
		_ = g.AddEdge("tools", "next")
		_ = g.AddEdge("next", compose.END)
		r, err := g.Compile(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		sr, err := r.Stream(context.Background(), assistant(calls...))
		if err != nil {
			t.Errorf("%d calls: the graph failed, which ends the agent's run: %v", len(calls), err)
			continue
		}
		msgs, err := sr.Recv()
		sr.Close()
		if err != nil {
			t.Errorf("%d calls: the graph failed, which ends the agent's run: %v", len(calls), err)
			continue
		}
		if len(msgs) != len(calls) {
			t.Errorf("%d calls: %d messages", len(calls), len(msgs))
		}
		for i, m := range msgs {
			if m == nil || m.ToolCallID != calls[i].id {
				t.Errorf("%d calls: message %d is %+v, want the tool message of %s", len(calls), i, m, calls[i].id)
			}
		}
	}
}
