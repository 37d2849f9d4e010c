// Package clock exercises FC3002 with wall-clock readings used as fences.
package clock

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"strconv"
	"time"

	"example.com/ledgerpb"
	"github.com/go-redsync/redsync/v4"
	"go.etcd.io/etcd/client/v3/concurrency"
	"google.golang.org/grpc/metadata"
)

var errStale = errors.New("stale")

// The seed bug: UnixNano as the fence of a fenced UPDATE under redsync.
func nanoFence(ctx context.Context, db *sql.DB, rs *redsync.Redsync, id int64) error {
	m := rs.NewMutex("orders")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	tok := time.Now().UnixNano()
	_, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid', fence = $1 WHERE id = $2 AND fence < $1`, tok, id) // want `UPDATE orders \(database/sql DB.ExecContext\) orders a wall-clock reading \(time.Now\(\)\) against the fence column "fence" \(fence < \$1\) under the redsync lock acquired at clock.go:23: wall clocks are not ordered across hosts.*redsync issues no fencing token`
	return err
}

// UnixMilli sent as gRPC metadata, UnixMicro in a request field.
func rpc(ctx context.Context, lc ledgerpb.LedgerClient, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	now := time.Now().UTC()
	mctx := metadata.AppendToOutgoingContext(ctx, "x-fencing-token", strconv.FormatInt(now.UnixMilli(), 10)) // want `a wall-clock reading \(time.Now\(\)\) is sent in the gRPC metadata key "x-fencing-token" under the etcd lock .*m.Header\(\).Revision is available`
	if _, err := lc.Debit(mctx, &ledgerpb.DebitRequest{Account: "a"}); err != nil {
		return err
	}
	_, err := lc.Transfer(ctx, &ledgerpb.TransferRequest{FromAccount: "a", FencingToken: time.Now().UnixMicro()}) // want `a wall-clock reading \(time.Now\(\)\) is stored in the fence field TransferRequest.FencingToken`
	return err
}

type lease struct {
	Epoch int64
}

// Unix seconds ordered against a stored epoch.
func compare(ctx context.Context, m *concurrency.Mutex, cur lease) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if time.Now().Unix() <= cur.Epoch { // want "a wall-clock reading \\(time.Now\\(\\)\\) is ordered like a fencing token in `time.Now\\(\\).Unix\\(\\) <= cur.Epoch`"
		return errStale
	}
	return nil
}

// Silent: timestamps, metrics, deadlines and timeouts next to the real fence.
func timestamps(ctx context.Context, db *sql.DB, m *concurrency.Mutex, deadline int64) error {
	start := time.Now()
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	log.Printf("lock acquired after %s", time.Since(start))
	tctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if time.Now().Unix() > deadline {
		return errStale
	}
	tok := m.Header().Revision
	now := time.Now()
	_, err := db.ExecContext(tctx, `UPDATE jobs SET updated_at = $1, expires_at = $2, epoch_ms = $3, fence = $4 WHERE id = 1 AND fence <= $4`,
		now, now.Add(time.Minute), now.UnixMilli(), tok)
	if elapsed := time.Now().Sub(start); elapsed > time.Second {
		log.Printf("slow: %s", elapsed)
	}
	return err
}
