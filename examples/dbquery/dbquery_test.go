package dbquery

import (
	"context"
	"crypto/sha256"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/runtime"
	"go.uber.org/goleak"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// open opens a new sample database in a directory of its own.
func open(t *testing.T, limits Limits) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "shop.db")
	db, err := Open(context.Background(), path, limits)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Error(err)
		}
	})
	return db, path
}

// state is what must not change when a query is refused: the bytes of
// every file in the database's directory, by name.
func state(t *testing.T, path string) map[string][32]byte {
	t.Helper()
	dir := filepath.Dir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][32]byte{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = sha256.Sum256(data)
	}
	return files
}

// The sample database is made at first run and kept after.
func TestSample(t *testing.T) {
	ctx := context.Background()
	db, path := open(t, Limits{})
	schema, err := db.ListTables(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tables := schema.Tables
	var names []string
	for _, table := range tables {
		names = append(names, table.Name)
	}
	if want := []string{"customers", "order_notes", "orders", "products"}; !slices.Equal(names, want) {
		t.Errorf("tables %v, want %v", names, want)
	}
	orders := tables[2]
	if got, want := fmt.Sprint(orders.Columns[1]), "{customer_id INTEGER true false customers(id)}"; got != want {
		t.Errorf("orders.customer_id: %s, want %s", got, want)
	}
	if got, want := fmt.Sprint(orders.Columns[0]), "{id INTEGER false true }"; got != want {
		t.Errorf("orders.id: %s, want %s", got, want)
	}

	res, err := db.query(ctx, `SELECT (SELECT count(*) FROM customers), (SELECT count(*) FROM products), (SELECT count(*) FROM orders), (SELECT count(*) FROM order_notes)`)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(res.Rows); got != "[[12 10 40 1]]" {
		t.Errorf("counts %s", got)
	}
	if _, err := db.rw.ExecContext(ctx, `INSERT INTO order_notes (order_id, note, created_at) VALUES (1, 'kept', '')`); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := Open(ctx, path, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	res, err = again.query(ctx, `SELECT count(*) FROM order_notes`)
	if err != nil || fmt.Sprint(res.Rows) != "[[2]]" {
		t.Errorf("after reopening: %v, %v", res.Rows, err)
	}
}

// Every attempt of the read-only tool to write, attach, change a setting
// or load code is refused by SQLite itself, and leaves every file as it
// was; the model reads SQLite's reason.
func TestQueryRefusesWrites(t *testing.T) {
	db, path := open(t, Limits{})
	dir := filepath.Dir(path)
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(Tools(db)...); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// Read once, so that SQLite has made what reading makes (none, in
	// rollback journal mode) before the state is taken.
	if _, err := db.query(ctx, `SELECT count(*) FROM orders`); err != nil {
		t.Fatal(err)
	}
	before := state(t, path)
	const fingerprint = `SELECT count(*), sum(quantity), group_concat(status), (SELECT count(*) FROM order_notes), (SELECT sum(price_cents) FROM products), (SELECT group_concat(email) FROM customers) FROM orders`
	data, err := db.query(ctx, fingerprint)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sql  string
		code int // SQLite's primary result code
	}{
		{`INSERT INTO customers (name, email, city) VALUES ('Eve', 'eve@example.com', 'Nowhere')`, sqlite3.SQLITE_AUTH},
		{`UPDATE orders SET quantity = 99`, sqlite3.SQLITE_AUTH},
		{`DELETE FROM orders`, sqlite3.SQLITE_AUTH},
		{`REPLACE INTO products (id, name, category, price_cents) VALUES (1, 'x', 'y', 1)`, sqlite3.SQLITE_AUTH},
		{`DROP TABLE orders`, sqlite3.SQLITE_AUTH},
		{`CREATE TABLE loot (x)`, sqlite3.SQLITE_AUTH},
		{`CREATE TEMP TABLE loot (x)`, sqlite3.SQLITE_AUTH},
		{`CREATE TEMP VIEW v AS SELECT 1`, sqlite3.SQLITE_AUTH},
		{`CREATE TEMP TRIGGER t AFTER INSERT ON orders BEGIN DELETE FROM orders; END`, sqlite3.SQLITE_AUTH},
		{`ALTER TABLE orders ADD COLUMN x`, sqlite3.SQLITE_AUTH},
		{`CREATE INDEX i ON orders(status)`, sqlite3.SQLITE_AUTH},
		{`ATTACH DATABASE '` + filepath.Join(dir, "other.db") + `' AS other`, sqlite3.SQLITE_AUTH},
		{`ATTACH DATABASE ':memory:' AS scratch`, sqlite3.SQLITE_AUTH},
		{`ATTACH DATABASE 'file:` + path + `?mode=rw' AS again`, sqlite3.SQLITE_AUTH},
		{`PRAGMA query_only = 0`, sqlite3.SQLITE_AUTH},
		{`PRAGMA query_only = OFF; DELETE FROM orders`, sqlite3.SQLITE_AUTH},
		{`PRAGMA journal_mode = WAL`, sqlite3.SQLITE_AUTH},
		{`PRAGMA journal_mode = DELETE`, sqlite3.SQLITE_AUTH},
		{`PRAGMA writable_schema = ON`, sqlite3.SQLITE_AUTH},
		{`PRAGMA user_version = 7`, sqlite3.SQLITE_AUTH},
		{`SELECT 1; DELETE FROM orders`, sqlite3.SQLITE_AUTH},
		{`SELECT * FROM orders; DROP TABLE orders`, sqlite3.SQLITE_AUTH},
		{`WITH gone AS (SELECT 1) DELETE FROM orders`, sqlite3.SQLITE_AUTH},
		{`BEGIN; DELETE FROM orders; COMMIT`, sqlite3.SQLITE_AUTH},
		{`SAVEPOINT s`, sqlite3.SQLITE_AUTH},
		{`VACUUM`, sqlite3.SQLITE_AUTH},
		{`VACUUM INTO '` + filepath.Join(dir, "copy.db") + `'`, sqlite3.SQLITE_AUTH},
		{`REINDEX`, sqlite3.SQLITE_AUTH},
		{`ANALYZE`, sqlite3.SQLITE_AUTH},
		{`SELECT load_extension('` + filepath.Join(dir, "evil.so") + `')`, sqlite3.SQLITE_ERROR}, // "not authorized": extension loading is off
		{`SELECT randomblob(2000000)`, sqlite3.SQLITE_TOOBIG},                                    // beyond Limits.ValueBytes
		{`SELECT writefile('x', 'y')`, sqlite3.SQLITE_ERROR},                                     // a function of SQLite's shell only
	} {
		_, err := db.query(ctx, c.sql)
		var e *sqlite.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: got %v (%T), want an error of SQLite", c.sql, err, err)
			continue
		}
		if e.Code()&0xff != c.code {
			t.Errorf("%s: SQLite's code %d (%v), want %d", c.sql, e.Code(), err, c.code)
		}
		res, err := reg.Execute(ctx, "query", mustJSON(t, QueryArgs{SQL: c.sql}))
		if err != nil {
			t.Fatal(err)
		}
		if res.Success || !strings.HasPrefix(res.Error, "SQLite refused the query: ") || res.Err != nil {
			t.Errorf("%s: the model reads %+v", c.sql, res)
		}
	}
	if after := state(t, path); !maps(before, after) {
		t.Errorf("files changed: before %v, after %v", keys(before), keys(after))
	}
	after, err := db.query(ctx, fingerprint)
	if err != nil || fmt.Sprint(after.Rows) != fmt.Sprint(data.Rows) {
		t.Errorf("data afterwards: %v, %v; before %v", after.Rows, err, data.Rows)
	}
}

// The authorizer alone is not what keeps the connection from writing: the
// connection is read-only besides, so a write refused there fails with
// SQLITE_READONLY.
func TestReadOnlyWithoutAuthorizer(t *testing.T) {
	db, _ := open(t, Limits{})
	ctx := context.Background()
	conn, err := db.ro.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.Raw(func(c any) error { return c.(sqlite.AuthorizerRegisterer).RegisterAuthorizer(nil) }); err != nil {
		t.Fatal(err)
	}
	// The connection must not go back to the pool without its authorizer:
	// ErrBadConn makes the pool close it.
	defer conn.Raw(func(any) error { return driver.ErrBadConn })
	for _, q := range []string{`DELETE FROM orders`, `CREATE TABLE t (x)`} {
		_, err := conn.ExecContext(ctx, q)
		var e *sqlite.Error
		if !errors.As(err, &e) || e.Code()&0xff != sqlite3.SQLITE_READONLY {
			t.Errorf("%s: got %v, want SQLITE_READONLY", q, err)
		}
	}
}

// A query that never ends is interrupted by SQLite when its time is up;
// the model reads that it took too long.
func TestQueryTimeCap(t *testing.T) {
	db, _ := open(t, Limits{Timeout: 200 * time.Millisecond})
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(Tools(db)...); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c`,
		`SELECT count(*) FROM orders a, orders b, orders c, orders d, orders e`,
		`SELECT * FROM orders a, orders b, orders c, orders d ORDER BY random() LIMIT 1`,
	} {
		start := time.Now()
		res, err := reg.Execute(context.Background(), "query", mustJSON(t, QueryArgs{SQL: q}))
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		if res.Success || !strings.Contains(res.Error, "ran longer than 200ms and SQLite interrupted it") {
			t.Errorf("%s: %+v", q, res)
		}
		if took > 2*time.Second {
			t.Errorf("%s: took %v with a time cap of 200ms", q, took)
		}
	}
}

// A huge result is cut at the row cap, or at the output cap when its
// rows are wide, and says so.
func TestQueryCaps(t *testing.T) {
	db, _ := open(t, Limits{Rows: 50, OutputBytes: 4000})
	ctx := context.Background()
	res, err := db.query(ctx, `SELECT a.id, b.id FROM orders a, orders b, orders c, orders d, orders e, orders f`)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 50 || !res.Truncated || !strings.Contains(res.Notice, "row cap, 50 rows") {
		t.Errorf("%d rows, truncated %v, %q", len(res.Rows), res.Truncated, res.Notice)
	}
	res, err = db.query(ctx, `SELECT a.*, b.* FROM orders a, orders b, orders c, orders d, orders e, orders f`)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(res.Rows)
	if !res.Truncated || len(data) > 4000 || len(res.Rows) == 0 || len(res.Rows) >= 50 || !strings.Contains(res.Notice, "output cap, 4000 bytes") {
		t.Errorf("%d rows, %d bytes, truncated %v, %q", len(res.Rows), len(data), res.Truncated, res.Notice)
	}
	// A result within the caps is whole.
	res, err = db.query(ctx, `SELECT id FROM orders WHERE id <= 50`)
	if err != nil || len(res.Rows) != 40 || res.Truncated || res.Notice != "" {
		t.Errorf("%d rows, truncated %v, %q, %v", len(res.Rows), res.Truncated, res.Notice, err)
	}
}

// Values JSON cannot hold as SQLite has them come as text.
func TestQueryValues(t *testing.T) {
	db, _ := open(t, Limits{})
	res, err := db.query(context.Background(), `SELECT 1e999, -1e999, x'00ff', x'6869', NULL, 0.0 / 0, 2.5, 'text'`)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"columns":["1e999","-1e999","x'00ff'","x'6869'","NULL","0.0 / 0","2.5","'text'"],"rows":[["+Inf","-Inf","x'00FF'","hi",null,null,2.5,"text"]],"truncated":false}`
	if string(data) != want {
		t.Errorf("got  %s\nwant %s", data, want)
	}
}

// Queries run at once on the read-only pool.
func TestQueryConcurrent(t *testing.T) {
	db, _ := open(t, Limits{})
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(Tools(db)...); err != nil {
		t.Fatal(err)
	}
	var calls []runtime.Call
	for i := range 16 {
		calls = append(calls, runtime.Call{Name: "query", Args: mustJSON(t, QueryArgs{SQL: fmt.Sprintf(`SELECT count(*) FROM orders WHERE customer_id = %d`, i%12+1)})})
	}
	calls = append(calls, runtime.Call{Name: "list_tables"})
	results, err := reg.ExecuteAll(context.Background(), calls)
	if err != nil {
		t.Fatal(err)
	}
	for i, res := range results {
		if !res.Success {
			t.Errorf("call %d: %+v", i, res)
		}
	}
}

// add_order_note runs only once approved, on the read-write connection.
func TestAddOrderNote(t *testing.T) {
	ctx := context.Background()
	var asked []string
	approve := true
	db, _ := open(t, Limits{})
	reg := runtime.NewRegistry(&runtime.Settings{Approver: func(ctx context.Context, call runtime.Call) (bool, error) {
		asked = append(asked, string(call.Args))
		return approve, nil
	}})
	if err := reg.Register(Tools(db)...); err != nil {
		t.Fatal(err)
	}
	notes := func() string {
		res, err := db.query(ctx, `SELECT order_id, note FROM order_notes ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(res.Rows)
	}

	approve = false
	res, err := reg.Execute(ctx, "add_order_note", json.RawMessage(`{"order_id":7,"note":"Leave at the door."}`))
	if err != nil {
		t.Fatal(err)
	}
	if res.Success || notes() != "[[3 Customer asked for gift wrapping.]]" {
		t.Errorf("declined: %+v; notes %s", res, notes())
	}

	approve = true
	res, err = reg.Execute(ctx, "add_order_note", json.RawMessage(`{"order_id":7,"note":"Leave at the door."}`))
	if err != nil {
		t.Fatal(err)
	}
	var note Note
	if !res.Success || json.Unmarshal([]byte(res.Output), &note) != nil || note.OrderID != 7 || note.ID != 2 || note.CreatedAt == "" {
		t.Errorf("approved: %+v", res)
	}
	if got := notes(); got != "[[3 Customer asked for gift wrapping.] [7 Leave at the door.]]" {
		t.Errorf("notes %s", got)
	}

	res, err = reg.Execute(ctx, "add_order_note", json.RawMessage(`{"order_id":4000,"note":"?"}`))
	if err != nil {
		t.Fatal(err)
	}
	if res.Success || res.Error != "no order with id 4000" {
		t.Errorf("unknown order: %+v", res)
	}
	res, _ = reg.Execute(ctx, "add_order_note", json.RawMessage(`{"order_id":0,"note":""}`))
	if res.Success || !strings.Contains(res.Error, "/order_id") || !strings.Contains(res.Error, "/note") {
		t.Errorf("bad arguments: %+v", res)
	}
	if len(asked) != 3 {
		t.Errorf("the approver was asked %d times (%q), want 3: bad arguments are refused first", len(asked), asked)
	}

	// Without an approver, the tool does not run.
	bare := runtime.NewRegistry(nil)
	if err := bare.Register(Tools(db)...); err != nil {
		t.Fatal(err)
	}
	res, _ = bare.Execute(ctx, "add_order_note", json.RawMessage(`{"order_id":7,"note":"again"}`))
	if res.Success || !errors.Is(res.Err, runtime.ErrNoApprover) {
		t.Errorf("no approver: %+v", res)
	}
	if got := notes(); strings.Count(got, "Leave at the door") != 1 || strings.Contains(got, "again") {
		t.Errorf("notes %s", got)
	}
}

// A path with URI characters in it opens the file it names.
func TestOpenPathWithURICharacters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shop?mode=rwc&x=1#frag.db")
	db, err := Open(context.Background(), path, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the database is not at %s: %v", path, err)
	}
}

func mustJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func maps(a, b map[string][32]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func keys(m map[string][32]byte) []string {
	var s []string
	for k := range m {
		s = append(s, k)
	}
	slices.Sort(s)
	return s
}

// The tools tell hosts what they do: the two that read are read-only, the
// one that writes only adds (not destructive) and needs approval; none
// reaches beyond the database.
func TestAnnotations(t *testing.T) {
	db, _ := open(t, Limits{})
	got := map[string]string{}
	for _, tool := range Tools(db) {
		info := tool.Info()
		destructive := "unsaid"
		if info.Destructive != nil {
			destructive = fmt.Sprint(*info.Destructive)
		}
		got[info.Name] = fmt.Sprintf("title=%q readonly=%v idempotent=%v destructive=%s openworld=%v confirm=%v",
			info.Title, info.ReadOnly, info.Idempotent, destructive, *info.OpenWorld, info.Confirm)
	}
	want := map[string]string{
		"list_tables":    `title="List tables" readonly=true idempotent=false destructive=unsaid openworld=false confirm=false`,
		"query":          `title="Run a read-only SQL query" readonly=true idempotent=false destructive=unsaid openworld=false confirm=false`,
		"add_order_note": `title="Add a note to an order" readonly=false idempotent=false destructive=false openworld=false confirm=true`,
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: %s\nwant %s", name, got[name], w)
		}
	}
}
