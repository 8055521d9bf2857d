package dbquery

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/runtime"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Schema is the tables of the database.
type Schema struct {
	Tables []Table `json:"tables"`
}

// Table is a table of the database and its columns.
type Table struct {
	Name    string   `json:"name"`
	Columns []Column `json:"columns"`
}

// Column is a column of a table.
type Column struct {
	Name string `json:"name"`
	// Type is the declared type, such as INTEGER or TEXT ("" if none).
	Type       string `json:"type"`
	NotNull    bool   `json:"not_null"`
	PrimaryKey bool   `json:"primary_key"`
	// References is the column a foreign key points to, as table(column).
	References string `json:"references,omitempty"`
}

// ListTables lists the tables of the database with their columns, their
// types and the foreign keys between them. Call it before writing a query.
//
//tool:export list_tables timeout=10s readonly openworld=false title="List tables"
func (db *DB) ListTables(ctx context.Context) (Schema, error) {
	tables, err := db.tables(ctx)
	return Schema{Tables: tables}, err
}

// tables lists the tables of the database.
func (db *DB) tables(ctx context.Context) ([]Table, error) {
	conn, err := db.readConn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	names, err := strings1(ctx, conn, `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	tables := make([]Table, 0, len(names))
	for _, name := range names {
		t := Table{Name: name, Columns: []Column{}}
		rows, err := conn.QueryContext(ctx, `SELECT c.name, c.type, c."notnull", c.pk > 0, coalesce(f."table" || '(' || coalesce(f."to", '') || ')', '')
			FROM pragma_table_info(?1) AS c LEFT JOIN pragma_foreign_key_list(?1) AS f ON f."from" = c.name ORDER BY c.cid`, name)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var c Column
			if err := rows.Scan(&c.Name, &c.Type, &c.NotNull, &c.PrimaryKey, &c.References); err != nil {
				rows.Close()
				return nil, err
			}
			t.Columns = append(t.Columns, c)
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return nil, err
		}
		tables = append(tables, t)
	}
	return tables, nil
}

// strings1 runs a query of one text column and returns its values.
func strings1(ctx context.Context, conn *sql.Conn, query string) ([]string, error) {
	rows, err := conn.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var values []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		values = append(values, s)
	}
	return values, rows.Err()
}

// QueryArgs are the arguments of query.
type QueryArgs struct {
	// The query, in SQLite's dialect: a SELECT (or WITH ... SELECT).
	SQL string `json:"sql" jsonschema:"minLength=1,maxLength=20000"`
}

// QueryResult is the result of a query.
type QueryResult struct {
	// Columns are the names of the result's columns.
	Columns []string `json:"columns"`
	// Rows are the rows, each a value per column: null, a number, or text
	// (a blob that is not UTF-8 comes as a blob literal, x'…').
	Rows [][]any `json:"rows"`
	// Truncated reports that the result holds only the first rows.
	Truncated bool `json:"truncated"`
	// Notice says why the result was cut and what to do instead.
	Notice string `json:"notice,omitempty"`
}

// Query runs one read-only SQL query on the database and returns its rows.
// It can only read: SQLite refuses anything that would write, attach a
// database or change a setting. Queries run for at most a few seconds and
// results are capped in rows and size, so aggregate (COUNT, SUM, GROUP BY)
// and use LIMIT rather than reading whole tables.
//
//tool:export query timeout=30s readonly openworld=false title="Run a read-only SQL query"
func (db *DB) Query(ctx context.Context, in QueryArgs) (QueryResult, error) {
	res, err := db.query(ctx, in.SQL)
	if err != nil {
		return QueryResult{}, db.explain(ctx, err)
	}
	return res, nil
}

// errTimeout is the cause of the end of a query's context when the query
// ran out of time.
var errTimeout = errors.New("dbquery: the query ran out of time")

// query runs sql on a connection of the read-only pool under the limits.
// Its errors are SQLite's or the context's, as they are.
func (db *DB) query(ctx context.Context, query string) (QueryResult, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, db.limits.Timeout, errTimeout)
	defer cancel()
	conn, err := db.readConn(ctx)
	if err != nil {
		return QueryResult{}, err
	}
	defer conn.Close()
	rows, err := conn.QueryContext(ctx, query)
	if err != nil {
		return QueryResult{}, err
	}
	defer rows.Close()
	columns, err := rows.Columns()
	if err != nil {
		return QueryResult{}, err
	}
	res := QueryResult{Columns: columns, Rows: [][]any{}}
	values := make([]any, len(columns))
	pointers := make([]any, len(columns))
	for i := range values {
		pointers[i] = &values[i]
	}
	size := len("[]") // the JSON of res.Rows
	for rows.Next() {
		if len(res.Rows) == db.limits.Rows {
			res.Truncated = true
			res.Notice = fmt.Sprintf("the result was cut at the row cap, %d rows; aggregate or add a LIMIT", db.limits.Rows)
			break
		}
		if err := rows.Scan(pointers...); err != nil {
			return QueryResult{}, err
		}
		row := make([]any, len(values))
		rowSize := len("[]") + max(len(row)-1, 0) // brackets, commas
		if len(res.Rows) > 0 {
			rowSize++ // the comma before the row
		}
		for i, v := range values {
			row[i] = cell(v)
			text, err := json.Marshal(row[i])
			if err != nil {
				return QueryResult{}, err
			}
			rowSize += len(text)
		}
		if size+rowSize > db.limits.OutputBytes {
			res.Truncated = true
			res.Notice = fmt.Sprintf("the result was cut after %d rows at the output cap, %d bytes; select fewer or shorter columns (substr), aggregate or add a LIMIT", len(res.Rows), db.limits.OutputBytes)
			break
		}
		size += rowSize
		res.Rows = append(res.Rows, row)
	}
	if err := rows.Err(); err != nil {
		return QueryResult{}, err
	}
	return res, nil
}

// cell is a value SQLite returned as the model reads it in JSON.
func cell(v any) any {
	switch v := v.(type) {
	case nil, int64, string:
		return v
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return fmt.Sprint(v) // JSON has no infinity
		}
		return v
	case []byte:
		if utf8.Valid(v) {
			return string(v)
		}
		return "x'" + strings.ToUpper(hex.EncodeToString(v)) + "'"
	case time.Time:
		return v.Format(time.RFC3339Nano)
	}
	return fmt.Sprint(v)
}

// explain turns an error of query into what the model reads: SQLite's
// refusal or error as it is, or the time cap, as a failure the model can
// act on. An error of ctx itself (the caller gave up) stays a Go error.
func (db *DB) explain(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return err
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return runtime.Failf("the query ran longer than %v and SQLite interrupted it; narrow it with WHERE or LIMIT, or aggregate", db.limits.Timeout)
	}
	var e *sqlite.Error
	if errors.As(err, &e) && (e.Code()&0xff == sqlite3.SQLITE_AUTH || e.Code()&0xff == sqlite3.SQLITE_READONLY) {
		return runtime.Failf("SQLite refused the query: %v. This tool only reads: SELECT (WITH ... SELECT) is allowed; writes, ATTACH, PRAGMA settings and transactions are not", err)
	}
	return runtime.Failf("SQLite refused the query: %v", err)
}

// NoteArgs are the arguments of add_order_note.
type NoteArgs struct {
	// The order's id.
	OrderID int64 `json:"order_id" jsonschema:"minimum=1"`
	// The text of the note.
	Note string `json:"note" jsonschema:"minLength=1,maxLength=1000"`
}

// Note is a note on an order.
type Note struct {
	ID        int64  `json:"id"`
	OrderID   int64  `json:"order_id"`
	Note      string `json:"note"`
	CreatedAt string `json:"created_at"`
}

// AddOrderNote adds a note to an order, for the people who handle it. It
// changes the database, so a person approves each call.
//
//tool:export add_order_note confirm destructive=false openworld=false timeout=10s title="Add a note to an order"
func (db *DB) AddOrderNote(ctx context.Context, in NoteArgs) (Note, error) {
	tx, err := db.rw.BeginTx(ctx, nil)
	if err != nil {
		return Note{}, err
	}
	defer tx.Rollback()
	var exists bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM orders WHERE id = ?)`, in.OrderID).Scan(&exists); err != nil {
		return Note{}, err
	}
	if !exists {
		return Note{}, runtime.Failf("no order with id %d", in.OrderID)
	}
	note := Note{OrderID: in.OrderID, Note: in.Note, CreatedAt: time.Now().UTC().Format(time.RFC3339)}
	err = tx.QueryRowContext(ctx, `INSERT INTO order_notes (order_id, note, created_at) VALUES (?, ?, ?) RETURNING id`, note.OrderID, note.Note, note.CreatedAt).Scan(&note.ID)
	if err != nil {
		return Note{}, err
	}
	return note, tx.Commit()
}
