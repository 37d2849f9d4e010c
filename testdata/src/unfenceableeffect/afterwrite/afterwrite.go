// Package afterwrite exercises FC1003 for messages sent after a
// conditional write of the state they announce.
package afterwrite

import (
	"context"
	"database/sql"
	"errors"

	"github.com/nats-io/nats.go"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale")

// The event is published only if the versioned UPDATE of the state it
// announces changed a row: a stale holder's UPDATE matches nothing and it
// publishes nothing. Silent.
func afterCAS(ctx context.Context, m *concurrency.Mutex, db *sql.DB, nc *nats.Conn, id string, version int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	res, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid', version = version + 1 WHERE id = $1 AND version = $2`, id, version)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errStale
	}
	return nc.Publish("orders.paid", []byte(id))
}

// Only the error is tested, not whether the UPDATE changed a row: the
// stale holder publishes too.
func errorOnly(ctx context.Context, m *concurrency.Mutex, db *sql.DB, nc *nats.Conn, id string, version int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if _, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid', version = version + 1 WHERE id = $1 AND version = $2`, id, version); err != nil {
		return err
	}
	return nc.Publish("orders.paid", []byte(id)) // want `NATS Publish .* cannot carry a fencing token`
}

// A plain UPDATE decides nothing: the publish is reported (and the UPDATE
// is unfenced, which unfencedwrite reports).
func afterPlainWrite(ctx context.Context, m *concurrency.Mutex, db *sql.DB, nc *nats.Conn, id string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	res, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errStale
	}
	return nc.Publish("orders.paid", []byte(id)) // want `NATS Publish .* cannot carry a fencing token`
}

// claimOrder moves an order from new to paid, once: nil only when this
// call did (a one-way claim; nothing in the package moves it back).
func claimOrder(ctx context.Context, db *sql.DB, id string) error {
	res, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1 AND state = 'new'`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errStale
	}
	return nil
}

// The event follows a one-way claim made by another function: published
// at most once per order. Silent; published when the claim failed, it is
// reported.
func afterClaim(ctx context.Context, m *concurrency.Mutex, db *sql.DB, nc *nats.Conn, id string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := claimOrder(ctx, db, id); err != nil {
		nc.Publish("orders.lost", []byte(id)) // want `NATS Publish .* cannot carry a fencing token`
		return err
	}
	return nc.Publish("orders.paid", []byte(id))
}
