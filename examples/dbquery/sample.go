package dbquery

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// schema is the sample database's tables.
const schema = `
CREATE TABLE customers (
	id    INTEGER PRIMARY KEY,
	name  TEXT NOT NULL,
	email TEXT NOT NULL UNIQUE,
	city  TEXT NOT NULL
);
CREATE TABLE products (
	id          INTEGER PRIMARY KEY,
	name        TEXT NOT NULL,
	category    TEXT NOT NULL,
	price_cents INTEGER NOT NULL CHECK (price_cents > 0)
);
CREATE TABLE orders (
	id          INTEGER PRIMARY KEY,
	customer_id INTEGER NOT NULL REFERENCES customers(id),
	product_id  INTEGER NOT NULL REFERENCES products(id),
	quantity    INTEGER NOT NULL CHECK (quantity > 0),
	status      TEXT NOT NULL CHECK (status IN ('pending', 'shipped', 'delivered', 'cancelled')),
	ordered_at  TEXT NOT NULL
);
CREATE TABLE order_notes (
	id         INTEGER PRIMARY KEY,
	order_id   INTEGER NOT NULL REFERENCES orders(id),
	note       TEXT NOT NULL,
	created_at TEXT NOT NULL
);
CREATE INDEX orders_customer ON orders(customer_id);
CREATE INDEX order_notes_order ON order_notes(order_id);
`

// The sample rows. Orders are made from them by a fixed rule, so every
// new sample database holds the same data.
var (
	sampleCustomers = [][3]string{
		{"Ada Lovelace", "ada@example.com", "London"},
		{"Grace Hopper", "grace@example.com", "New York"},
		{"Alan Turing", "alan@example.com", "Manchester"},
		{"Katherine Johnson", "katherine@example.com", "Hampton"},
		{"Edsger Dijkstra", "edsger@example.com", "Rotterdam"},
		{"Barbara Liskov", "barbara@example.com", "Boston"},
		{"Donald Knuth", "donald@example.com", "Stanford"},
		{"Margaret Hamilton", "margaret@example.com", "Boston"},
		{"Ken Thompson", "ken@example.com", "Berkeley"},
		{"Frances Allen", "frances@example.com", "Peru"},
		{"Niklaus Wirth", "niklaus@example.com", "Zurich"},
		{"Radia Perlman", "radia@example.com", "Portsmouth"},
	}
	sampleProducts = []struct {
		name, category string
		cents          int
	}{
		{"Mechanical keyboard", "peripherals", 12900},
		{"Trackball", "peripherals", 5900},
		{"27-inch monitor", "displays", 32900},
		{"Portable monitor", "displays", 18900},
		{"USB-C dock", "accessories", 14900},
		{"Laptop stand", "accessories", 3900},
		{"Noise-cancelling headphones", "audio", 24900},
		{"Desk microphone", "audio", 9900},
		{"Webcam", "video", 7900},
		{"Ring light", "video", 4500},
	}
	sampleStatuses = []string{"pending", "shipped", "delivered", "delivered", "cancelled"}
)

// sampleOrders is how many orders the sample holds.
const sampleOrders = 40

// createSample creates the sample tables and fills them, in one
// transaction.
func createSample(ctx context.Context, db *sql.DB) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	if _, err := tx.ExecContext(ctx, schema); err != nil {
		return err
	}
	for i, c := range sampleCustomers {
		if _, err := tx.ExecContext(ctx, `INSERT INTO customers (id, name, email, city) VALUES (?, ?, ?, ?)`, i+1, c[0], c[1], c[2]); err != nil {
			return err
		}
	}
	for i, p := range sampleProducts {
		if _, err := tx.ExecContext(ctx, `INSERT INTO products (id, name, category, price_cents) VALUES (?, ?, ?, ?)`, i+1, p.name, p.category, p.cents); err != nil {
			return err
		}
	}
	start := time.Date(2026, time.March, 2, 9, 0, 0, 0, time.UTC)
	for i := range sampleOrders {
		customer := (i*7)%len(sampleCustomers) + 1
		product := (i*3)%len(sampleProducts) + 1
		quantity := i%3 + 1
		status := sampleStatuses[(i*2)%len(sampleStatuses)]
		at := start.Add(time.Duration(i*37) * time.Hour).Format(time.RFC3339)
		if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, customer_id, product_id, quantity, status, ordered_at) VALUES (?, ?, ?, ?, ?, ?)`, i+1, customer, product, quantity, status, at); err != nil {
			return fmt.Errorf("order %d: %w", i+1, err)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO order_notes (order_id, note, created_at) VALUES (3, 'Customer asked for gift wrapping.', '2026-03-07T10:00:00Z')`); err != nil {
		return err
	}
	return tx.Commit()
}
