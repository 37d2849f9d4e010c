package testcode

import (
	"context"
	"database/sql"
	"testing"

	"github.com/go-redsync/redsync/v4"
)

// Silent: the wrapper's lock belongs to the code under test; the test's
// inserts after it are fixtures that no other holder contends for.
func TestFixturesAfterWrapper(t *testing.T) {
	ctx := context.Background()
	s := &Store{}
	m, err := s.Lock(ctx, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	defer m.UnlockContext(ctx)
	if _, err := s.db.ExecContext(ctx, `INSERT INTO users(id) VALUES (1)`); err != nil {
		t.Fatal(err)
	}
}

// Silent: the callback handed to the application's lock helper from a test.
func TestHelperCallback(t *testing.T) {
	ctx := context.Background()
	s := &Store{}
	_ = s.WithLock(ctx, "jobs", func() error {
		_, err := s.db.ExecContext(ctx, `INSERT INTO jobs(id) VALUES (1)`)
		return err
	})
}

// Reported: the test takes the lock itself through the library's API.
func TestDirectLock(t *testing.T) {
	ctx := context.Background()
	var rs *redsync.Redsync
	var db *sql.DB
	m := rs.NewMutex("orders")
	if err := m.LockContext(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.UnlockContext(ctx)
	db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = 1`) // want `UPDATE orders .* under the redsync lock`
}

// Suppressed: the same, with a reason.
func TestDirectLockSuppressed(t *testing.T) {
	ctx := context.Background()
	var rs *redsync.Redsync
	var db *sql.DB
	m := rs.NewMutex("orders")
	if err := m.LockContext(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.UnlockContext(ctx)
	//lint:ignore FC1001 the test checks the write itself
	db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = 1`)
}

// Silent: the test holds a lock through the library's API around a call of
// the code under test (to simulate contention); that code's writes are the
// code under test's, judged in its own files.
func TestContention(t *testing.T) {
	ctx := context.Background()
	var rs *redsync.Redsync
	var db *sql.DB
	m := rs.NewMutex("orders")
	if err := m.LockContext(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.UnlockContext(ctx)
	if err := Settle(ctx, db); err != nil {
		t.Fatal(err)
	}
}
