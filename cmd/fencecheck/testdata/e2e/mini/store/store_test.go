package store

import "testing"

func TestNewID(t *testing.T) {
	if a, b := newID(), newID(); a == b || len(a) != 32 {
		t.Fatalf("newID: %q, %q", a, b)
	}
}
