package vocab

import "testing"

func TestRole(t *testing.T) {
	for name, want := range map[string]FieldRole{
		"Owner":          Owner,
		"HolderIdentity": Owner,
		"locked_by":      Owner,
		"PID":            Owner,
		"LeaderID":       Owner,
		"ExpiresAt":      Expiry,
		"lease_expires":  Expiry,
		"locked_until":   Expiry,
		"TimeExpires":    Expiry,
		"owner_expiry":   Expiry,
		"RenewTime":      Heartbeat,
		"TimeRenewed":    Heartbeat,
		"last_heartbeat": Heartbeat,
		"AcquiredAt":     Heartbeat,
		"lease_epoch":    Fence,
		"FencingToken":   Fence,
		// Look-alikes: no lease role.
		"UpdatedAt":   NoRole,
		"CreatedAt":   NoRole,
		"Ownership":   NoRole,
		"pidfile":     NoRole,
		"Terminal":    NoRole,
		"Expression":  NoRole,
		"Name":        NoRole,
		"Session":     NoRole,
		"RefreshedAt": NoRole,
		"Bypass":      NoRole,
	} {
		if got := Role(name); got != want {
			t.Errorf("Role(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestLockFile(t *testing.T) {
	for name, want := range map[string]bool{
		"/var/run/app.lock":    true,
		"session.lck":          true,
		"lockFile":             true,
		"bisyncRun.lockFile":   true,
		"lease_path":           true,
		"LOCKFILE":             true,
		"lockKey":              false,
		"blockFile":            false,
		"clockPath":            false,
		"config.yaml":          false,
		"/tmp/locks/":          false,
		"mu":                   false,
		"go.sum.lockfree.json": false,
		".lock":                true, // a suffix joined to a name
		".lck":                 true,
	} {
		if got := LockFile.Match(name); got != want {
			t.Errorf("LockFile.Match(%q) = %v, want %v", name, got, want)
		}
	}
}
