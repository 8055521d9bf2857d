package rediscache_test

import (
	"log"

	"github.com/redis/go-redis/v9"

	"github.com/toolgen-go/toolgen/adapters/rediscache"
	"github.com/toolgen-go/toolgen/adapters/rediscache/internal/lookup"
	"github.com/toolgen-go/toolgen/runtime"
)

// A registry whose tools marked cache keep their results in Redis, shared
// with every other process that uses the same Redis and prefix.
func Example() {
	client := redis.NewClient(&redis.Options{
		Addr:                  "localhost:6379",
		ContextTimeoutEnabled: true, // so that a slow Redis cannot hold a call
	})
	defer client.Close()
	cache, err := rediscache.New(client, rediscache.Options{
		Prefix: "myapp:", // apart from other programs on this Redis
		OnError: func(err error) {
			log.Printf("cache: %v", err) // the calls go on, uncached
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	reg := runtime.NewRegistry(&runtime.Settings{Cache: cache})
	if err := reg.Register(lookup.Tools(new(lookup.Counter))...); err != nil {
		log.Fatal(err)
	}
	// reg.Execute(ctx, "lookup", args): a result another process computed
	// within the tool's cache= duration is served from Redis.
}
