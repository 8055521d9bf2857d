// Package dbquery is a toolgen example: tools over a SQLite database (with
// modernc.org/sqlite, pure Go) for a model to explore and query, safe by
// construction. list_tables lists the tables and their columns; query runs
// one read-only SQL query; add_order_note, marked confirm, writes a note on
// an order once an approver says yes.
//
// What makes query read-only is SQLite itself, never a look at the SQL text:
// it runs on a connection opened read-only (mode=ro, so every write to the
// file fails with SQLITE_READONLY) with PRAGMA query_only on, whose
// authorizer (sqlite3_set_authorizer) allows reading and nothing else (no
// write of any table, temporary ones included, no ATTACH, no transaction
// control, no PRAGMA but those that describe the schema), with no database to attach (SQLITE_LIMIT_ATTACHED
// 0) and values of at most Limits.ValueBytes. A query that runs too long is
// interrupted by SQLite when its context ends (Limits.Timeout); one that
// returns too much is cut at Limits.Rows rows or Limits.OutputBytes bytes
// of JSON, and its result says so. The write tool runs on a separate
// read-write connection that the query tool cannot reach.
package dbquery

//go:generate go tool toolgen

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Limits bound what one query may cost.
type Limits struct {
	// Timeout is how long a query may run before SQLite interrupts it.
	Timeout time.Duration
	// Rows is the most rows a result holds.
	Rows int
	// OutputBytes is the most bytes the JSON of a result's rows takes.
	OutputBytes int
	// ValueBytes is the longest string or blob SQLite makes or returns
	// (SQLITE_LIMIT_LENGTH): a longer one fails the query.
	ValueBytes int
}

// DefaultLimits are the limits of a DB opened without others.
var DefaultLimits = Limits{Timeout: 2 * time.Second, Rows: 200, OutputBytes: 64 << 10, ValueBytes: 1 << 20}

// DB is a SQLite database seen through the tools: a read-only connection
// pool for list_tables and query, a read-write one for add_order_note.
type DB struct {
	ro     *sql.DB
	rw     *sql.DB
	limits Limits
}

// Open opens the database file at path, creating it with the sample data
// (customers, products, orders) if it does not exist, and limits queries
// to limits (DefaultLimits where a field is zero).
func Open(ctx context.Context, path string, limits Limits) (*DB, error) {
	if limits.Timeout <= 0 {
		limits.Timeout = DefaultLimits.Timeout
	}
	if limits.Rows <= 0 {
		limits.Rows = DefaultLimits.Rows
	}
	if limits.OutputBytes <= 0 {
		limits.OutputBytes = DefaultLimits.OutputBytes
	}
	if limits.ValueBytes <= 0 {
		limits.ValueBytes = DefaultLimits.ValueBytes
	}
	_, err := os.Stat(path)
	create := errors.Is(err, os.ErrNotExist)
	if err != nil && !create {
		return nil, err
	}
	// A file: URI, so that SQLite reads mode=ro; the path is escaped as
	// a URI path, so that no character of it is read as a parameter.
	uri := "file:" + (&url.URL{Path: path}).EscapedPath()
	rw := sql.OpenDB(connector{dsn: uri + "?mode=rwc&_pragma=foreign_keys(1)&_pragma=busy_timeout(5000)&_txlock=immediate"})
	if create {
		if err := createSample(ctx, rw); err != nil {
			rw.Close()
			os.Remove(path)
			return nil, fmt.Errorf("creating the sample database %s: %w", path, err)
		}
	}
	if err := rw.PingContext(ctx); err != nil {
		rw.Close()
		return nil, err
	}
	ro := sql.OpenDB(connector{
		dsn:   uri + "?mode=ro&_query_only=1&_pragma=busy_timeout(5000)",
		setup: readOnly,
	})
	if err := ro.PingContext(ctx); err != nil {
		ro.Close()
		rw.Close()
		return nil, err
	}
	return &DB{ro: ro, rw: rw, limits: limits}, nil
}

// Close closes both connection pools.
func (db *DB) Close() error {
	return errors.Join(db.ro.Close(), db.rw.Close())
}

// sqliteDriver opens the connections of both pools. It is a driver of
// this package's own, not the one modernc.org/sqlite registers as
// "sqlite", so nothing another package registers there applies here.
var sqliteDriver = &sqlite.Driver{}

// connector opens connections to dsn and runs setup on each.
type connector struct {
	dsn   string
	setup func(driver.Conn) error
}

func (c connector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := sqliteDriver.Open(c.dsn)
	if err != nil || c.setup == nil {
		return conn, err
	}
	if err := c.setup(conn); err != nil {
		conn.Close()
		return nil, err
	}
	return conn, nil
}

func (c connector) Driver() driver.Driver { return sqliteDriver }

// readOnly makes a new connection of the read-only pool able to read and
// nothing else: its authorizer allows reading tables, calling functions
// and recursive queries, and denies every other action SQLite asks about,
// so that a statement that would write, attach, change a PRAGMA or control
// transactions fails to compile with SQLite's "not authorized". The
// connection itself is read-only (mode=ro) and query_only besides.
func readOnly(c driver.Conn) error {
	auth, ok := c.(sqlite.AuthorizerRegisterer)
	if !ok {
		return fmt.Errorf("dbquery: the SQLite driver's connection %T has no authorizer", c)
	}
	return auth.RegisterAuthorizer(func(action sqlite.AuthorizerActionCode, arg1, _, _, _ string) sqlite.AuthorizerReturnCode {
		switch action {
		case sqlite.AuthSelect, sqlite.AuthRead, sqlite.AuthFunction, sqlite.AuthRecursive:
			return sqlite.AuthorizerOK
		case sqlite.AuthPragma:
			if schemaPragmas[strings.ToLower(arg1)] {
				return sqlite.AuthorizerOK
			}
		}
		return sqlite.AuthorizerDeny
	})
}

// schemaPragmas are the PRAGMAs the read-only connections allow, as
// SQLite names them to the authorizer: those that describe the schema and
// have no setting to change, for pragma_table_info('orders') and the like.
var schemaPragmas = map[string]bool{
	"table_info":       true,
	"table_xinfo":      true,
	"table_list":       true,
	"foreign_key_list": true,
	"index_list":       true,
	"index_info":       true,
	"index_xinfo":      true,
}

// readConn is a connection of the read-only pool with its SQLite limits
// set: no attached database, and strings and blobs of at most
// limits.ValueBytes. (The driver sets limits on a *sql.Conn only, which a
// connector does not have yet; setting them is two calls into SQLite.)
func (db *DB) readConn(ctx context.Context) (*sql.Conn, error) {
	conn, err := db.ro.Conn(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := sqlite.Limit(conn, sqlite3.SQLITE_LIMIT_ATTACHED, 0); err != nil {
		conn.Close()
		return nil, err
	}
	if _, err := sqlite.Limit(conn, sqlite3.SQLITE_LIMIT_LENGTH, db.limits.ValueBytes); err != nil {
		conn.Close()
		return nil, err
	}
	return conn, nil
}
