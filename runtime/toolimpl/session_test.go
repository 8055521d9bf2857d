package toolimpl

import (
	"context"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

type account struct{ id string }

type otherAccount account // the same underlying type, another type

func TestSession(t *testing.T) {
	ctx := runtime.WithSession(context.Background(), &account{"a"}, otherAccount{"o"}, nil)
	if v, ok := Session[*account](ctx); !ok || v.id != "a" {
		t.Errorf("*account: %v %v", v, ok)
	}
	if v, ok := Session[otherAccount](ctx); !ok || v.id != "o" {
		t.Errorf("otherAccount: %v %v", v, ok)
	}
	if _, ok := Session[account](ctx); ok {
		t.Errorf("account found, but only *account and otherAccount were given")
	}
	inner := runtime.WithSession(ctx, &account{"b"})
	if v, _ := Session[*account](inner); v.id != "b" {
		t.Errorf("the inner value does not win: %v", v)
	}
	if v, _ := Session[otherAccount](inner); v.id != "o" {
		t.Errorf("the outer value of another type is lost: %v", v)
	}
	if v, _ := Session[*account](ctx); v.id != "a" {
		t.Errorf("the outer context changed: %v", v)
	}
	typedNil := runtime.WithSession(context.Background(), (*account)(nil))
	if v, ok := Session[*account](typedNil); !ok || v != nil {
		t.Errorf("a typed nil is a value: %v %v", v, ok)
	}
	if _, ok := Session[*account](context.Background()); ok {
		t.Errorf("found a session value in a context without one")
	}
	res := MissingSession[*account](&runtime.Info{Name: "orders"})
	if res.Success || res.Error != "internal error: the tool could not be called" ||
		res.Err == nil || !strings.Contains(res.Err.Error(), "tool orders needs a session value of type *toolimpl.account") {
		t.Errorf("%+v", res)
	}
}

func TestSessionLookupDoesNotAllocate(t *testing.T) {
	ctx := runtime.WithSession(context.Background(), otherAccount{"o"}, &account{"a"})
	ctx = context.WithValue(ctx, struct{ k int }{1}, "other")
	if n := testing.AllocsPerRun(100, func() {
		if _, ok := Session[*account](ctx); !ok {
			t.Fatal("missing")
		}
		if _, ok := Session[otherAccount](ctx); !ok {
			t.Fatal("missing")
		}
	}); n != 0 {
		t.Errorf("%v allocations per lookup", n)
	}
}

func BenchmarkSession(b *testing.B) {
	ctx := runtime.WithSession(context.Background(), otherAccount{"o"}, &account{"a"})
	b.Run("present", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := Session[*account](ctx); !ok {
				b.Fatal("missing")
			}
		}
	})
	b.Run("struct-value", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := Session[otherAccount](ctx); !ok {
				b.Fatal("missing")
			}
		}
	})
	b.Run("absent", func(b *testing.B) {
		b.ReportAllocs()
		bg := context.Background()
		for b.Loop() {
			if _, ok := Session[*account](bg); ok {
				b.Fatal("found")
			}
		}
	})
}
