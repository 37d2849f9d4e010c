package fences

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
)

// TestReferenceName: a field holds another record's id when its name is a
// word and then ID.
func TestReferenceName(t *testing.T) {
	for name, want := range map[string]bool{
		"EndpointID": true, "TenantId": true, "owner_id": true,
		"ID": false, "Id": false, "id": false, "Paid": false, "Name": false, "Valid": false,
	} {
		if got := referenceName(name); got != want {
			t.Errorf("referenceName(%q) = %v, want %v", name, got, want)
		}
	}
}

const entitySrc = `package p

import "fmt"

type Event struct {
	ID, EndpointID, TenantID string
}

func sink(key string) {}

func keys(ev *Event, other *Event, s string) {
	sink("dispatch:" + ev.ID)
	sink("cb:" + ev.EndpointID)
	sink(fmt.Sprintf("%s/%s", ev.TenantID, ev.ID))
	sink("cb:" + other.EndpointID)
	sink("x:" + s)
	sink("const")
}
`

// TestRecordFields: the fields of one value a key's holes read, and the
// keys that read anything else.
func TestRecordFields(t *testing.T) {
	var fn = testutil.BuildSSA(t, entitySrc).Func("keys")
	args := testutil.SinkArgs(fn)
	if len(args) != 6 {
		t.Fatalf("%d key arguments, want 6", len(args))
	}
	names := func(i int) (string, bool) {
		base, fields, ok := recordFields(args[i], nil)
		if !ok {
			return "", false
		}
		out := base.Name() + ":"
		for _, f := range fields {
			out += f.Name() + ","
		}
		return out, true
	}
	lockBase, _, _ := recordFields(args[0], nil)
	for i, want := range []string{"ID,", "EndpointID,", "TenantID,ID,", "EndpointID,", "", ""} {
		got, ok := names(i)
		if want == "" {
			if ok {
				t.Errorf("key %d: fields %s, want none", i, got)
			}
			continue
		}
		if !ok || got[len(got)-len(want):] != want {
			t.Errorf("key %d: fields %q, want %q", i, got, want)
		}
	}
	if b, _, _ := recordFields(args[3], nil); b == nil || b == lockBase {
		t.Errorf("another value's field has the lock key's base")
	}
}
