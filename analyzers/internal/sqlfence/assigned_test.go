package sqlfence

import (
	"strings"
	"testing"
)

func TestAssigned(t *testing.T) {
	for _, c := range []struct{ sql, want string }{
		{"UPDATE work_queue SET heartbeated_at = now() WHERE id = ANY($1::BIGINT[]) AND claimed_by = $2", "heartbeated_at"},
		{"UPDATE goose_lock SET lease_expires_at = now() + $1::interval, updated_at = now() WHERE lock_id = $2 AND locked_by = $3 AND locked = true RETURNING lease_expires_at", "lease_expires_at updated_at"},
		{"UPDATE t SET (a, b) = ($1, $2), t.c = c + 1, a = 3 WHERE id = $3", "a b c"},
		{"INSERT INTO locks (name, owner) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET expires_at = now() WHERE locks.owner = $2", "expires_at"},
		{"DELETE FROM locks WHERE name = $1", ""},
		{"UPDATE goose_lock SET locked = false, locked_by = NULL, lease_expires_at = (NULL) WHERE lock_id = $1 AND locked_by = $2", "locked locked_by lease_expires_at"},
		{"SELECT locked_until FROM activities", ""},
	} {
		if got := strings.Join(Parse(c.sql).Assigned, " "); got != c.want {
			t.Errorf("Parse(%q).Assigned = %q, want %q", c.sql, got, c.want)
		}
	}
	st := Parse("UPDATE goose_lock SET locked = false, locked_by = NULL, lease_expires_at = (NULL), v = coalesce(NULL, 1) WHERE lock_id = $1")
	if got := strings.Join(st.Cleared, " "); got != "locked_by lease_expires_at" {
		t.Errorf("Cleared = %q", got)
	}
}

func TestInserted(t *testing.T) {
	for _, c := range []struct{ sql, want string }{
		{"INSERT INTO leases (id, action_id, \"Expires_At\") VALUES ($1, $2, $3)", "id action_id expires_at"},
		{"INSERT INTO leases SET action_id = ?, expires_at = ?", "action_id expires_at"},
		{"INSERT INTO leases VALUES ($1, $2)", ""},
		{"UPDATE leases SET expires_at = $1 WHERE id = $2", ""},
	} {
		if got := strings.Join(Parse(c.sql).Inserted, " "); got != c.want {
			t.Errorf("Parse(%q).Inserted = %q, want %q", c.sql, got, c.want)
		}
	}
}
