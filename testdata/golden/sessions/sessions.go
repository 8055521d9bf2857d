// Package sessions has tools that take a session value: the caller's
// account or tenant, which the program passes with runtime.WithSession and
// the model never sees.
package sessions

import (
	"context"
	"fmt"
	"iter"
	"sync/atomic"
)

// whoamiCalls counts the calls that reached Whoami.
var whoamiCalls atomic.Int64

// Account is the signed-in user.
type Account struct {
	ID     string
	Tenant string
}

// Tenant is a customer of a shared deployment.
type Tenant struct {
	Name string
}

// OrdersIn asks for orders.
type OrdersIn struct {
	// Status filters the orders.
	Status string `json:"status,omitempty"`
}

// Orders is a list of orders.
type Orders struct {
	Owner string   `json:"owner"`
	IDs   []string `json:"ids"`
}

// Shop serves orders.
type Shop struct{}

// Orders lists the signed-in user's orders.
//
//tool:export readonly session=user
func (s *Shop) Orders(ctx context.Context, user *Account, in OrdersIn) (Orders, error) {
	return Orders{Owner: user.Tenant + "/" + user.ID, IDs: []string{user.ID + "-1", in.Status}}, nil
}

// Greet greets someone on behalf of the tenant.
//
//tool:export readonly session=tenant
//tool:param name Who to greet.
func Greet(ctx context.Context, tenant Tenant, name string) (string, error) {
	return fmt.Sprintf("%s greets %s", tenant.Name, name), nil
}

// Whoami says who the caller is.
//
//tool:export readonly session=user
func Whoami(user *Account) (string, error) {
	whoamiCalls.Add(1)
	return user.ID, nil
}

// Version reports the service's version; it needs no session.
//
//tool:export readonly
func Version() (string, error) { return "v1", nil }

// Feed streams the user's events, one chunk each.
//
//tool:export readonly session=user
//tool:param count How many events.
func Feed(ctx context.Context, user *Account, count int) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		for i := range count {
			if !yield(fmt.Sprintf("%s#%d;", user.ID, i), nil) {
				return
			}
		}
	}
}
