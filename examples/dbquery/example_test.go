package dbquery_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/toolgen-go/toolgen/examples/dbquery"
	"github.com/toolgen-go/toolgen/runtime"
)

// A model reads through query; what would write is refused by SQLite.
func Example() {
	dir, err := os.MkdirTemp("", "dbquery")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	db, err := dbquery.Open(ctx, filepath.Join(dir, "shop.db"), dbquery.Limits{Rows: 3})
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(dbquery.Tools(db)...); err != nil {
		log.Fatal(err)
	}
	for _, sql := range []string{
		`SELECT c.name, count(*) AS orders FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.id ORDER BY orders DESC, c.name`,
		`DELETE FROM orders`,
	} {
		args, _ := json.Marshal(dbquery.QueryArgs{SQL: sql})
		res, err := reg.Execute(ctx, "query", args)
		if err != nil {
			log.Fatal(err)
		}
		out, _ := json.Marshal(res)
		fmt.Println(string(out))
	}
	// Output:
	// {"success":true,"data":{"columns":["name","orders"],"rows":[["Ada Lovelace",4],["Alan Turing",4],["Frances Allen",4]],"truncated":true,"notice":"the result was cut at the row cap, 3 rows; aggregate or add a LIMIT"}}
	// {"success":false,"error":"SQLite refused the query: authorization denied: not authorized (23). This tool only reads: SELECT (WITH ... SELECT) is allowed; writes, ATTACH, PRAGMA settings and transactions are not"}
}
