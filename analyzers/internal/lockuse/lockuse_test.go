package lockuse

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
)

const src = `package p

import (
	"context"
	"database/sql"
)

func lockRow(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, "UPDATE locks SET owner = $1 WHERE name = $2", "me", "job")
}

func advisory(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, "SELECT pg_advisory_lock(42)")
}

func users(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, "UPDATE users SET name = $1", "x")
}

func caller(ctx context.Context, db *sql.DB) {
	lockRow(ctx, db) // the callee uses the lock, not this function
}
`

func TestUses(t *testing.T) {
	pkg := testutil.BuildSSA(t, src)
	for name, want := range map[string]bool{"lockRow": true, "advisory": true, "users": false, "caller": false} {
		if got := Uses(pkg.Func(name), sqlfence.Parse); got != want {
			t.Errorf("Uses(%s) = %v, want %v", name, got, want)
		}
	}
}
