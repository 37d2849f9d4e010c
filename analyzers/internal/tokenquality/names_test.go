package tokenquality

import "testing"

// TestFenceNames pins the name rules FC3001 and FC3002 read operands by:
// a strong fence word marks a fence everywhere; a bare "token" only where
// it is ordered; a time word never (a lease deadline is no fence).
func TestFenceNames(t *testing.T) {
	for _, c := range []struct {
		name                   string
		store, order, sqlOrder bool
	}{
		{"fenceToken", true, true, true},
		{"fencing_token", true, true, true},
		{"epoch", true, true, true},
		{"token", false, true, true},
		{"lockToken", false, false, true}, // qualified: a lock value, ordered only in SQL
		{"authToken", false, false, true},
		{"tokenExpiry", false, false, false},
		{"leaseDeadline", false, false, false},
		{"name", false, false, false},
	} {
		if got := storeName(c.name); got != c.store {
			t.Errorf("storeName(%q) = %v, want %v", c.name, got, c.store)
		}
		if got := orderName(c.name); got != c.order {
			t.Errorf("orderName(%q) = %v, want %v", c.name, got, c.order)
		}
		if got := sqlOrderName(c.name); got != c.sqlOrder {
			t.Errorf("sqlOrderName(%q) = %v, want %v", c.name, got, c.sqlOrder)
		}
	}
}
