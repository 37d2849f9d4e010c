// Package freshkey: a write keyed by a value this run created (a UUID,
// crypto/rand bytes, the id this run's INSERT ... RETURNING was given)
// touches a record no successor can know, so a stale holder repeating it
// duplicates work but cannot overwrite a successor's state. A write keyed
// by anything a successor shares is still unfenced.
package freshkey

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"

	"github.com/go-redsync/redsync/v4"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// A run record keyed by a UUID made here: silent.
func runRecord(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, db *sql.DB) error {
	m := rs.NewMutex("nightly")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	id := uuid.New()
	rdb.HSet(ctx, "run:"+id.String(), "state", "started")
	rdb.Set(ctx, fmt.Sprintf("run:%s:progress", id), 0, 0)
	if _, err := db.ExecContext(ctx, `INSERT INTO runs (id, state) VALUES ($1, 'started')`, id.String()); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE runs SET state = 'done' WHERE id = $1`, id.String())
	return err
}

// Bytes from crypto/rand, hex-encoded: silent.
func randomKey(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client) {
	m := rs.NewMutex("nightly")
	if err := m.LockContext(ctx); err != nil {
		return
	}
	defer m.UnlockContext(ctx)
	b := make([]byte, 16)
	rand.Read(b)
	rdb.Set(ctx, "attempt:"+hex.EncodeToString(b), 1, 0)
}

// The id the database gave the row this run inserted: silent.
func insertedRow(ctx context.Context, rs *redsync.Redsync, db *sql.DB) error {
	m := rs.NewMutex("nightly")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	var id int64
	if err := db.QueryRowContext(ctx, `INSERT INTO runs (state) VALUES ('started') RETURNING id`).Scan(&id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE runs SET state = 'done' WHERE id = $1`, id)
	return err
}

// Look-alikes that still report: the record is one a successor shares.
func sharedRecord(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, db *sql.DB, jobID string) error {
	m := rs.NewMutex("nightly")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	id := uuid.New()
	rdb.HSet(ctx, "job:"+jobID, "run", id.String()) // want `go-redis HSet .* under the redsync lock`
	// The fresh id is only a value written, not the key.
	_, err := db.ExecContext(ctx, `UPDATE jobs SET run_id = $1 WHERE id = $2`, id.String(), jobID) // want `UPDATE jobs .* does not carry the fencing token`
	if err != nil {
		return err
	}
	// An upsert keyed by the shared name may update a successor's row.
	_, err = db.ExecContext(ctx, `INSERT INTO latest (name, run_id) VALUES ('nightly', $1) ON CONFLICT (name) DO UPDATE SET run_id = EXCLUDED.run_id`, id.String()) // want `INSERT latest .* does not carry the fencing token`
	if err != nil {
		return err
	}
	// A fresh id only under OR does not pin the row.
	_, err = db.ExecContext(ctx, `DELETE FROM runs WHERE id = $1 OR state = 'stale'`, id.String()) // want `DELETE runs .* does not carry the fencing token`
	return err
}

// An id returned by an application function given the UUID may be
// anything (a shared record it looked up): reported.
func lookedUp(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client) {
	m := rs.NewMutex("nightly")
	if err := m.LockContext(ctx); err != nil {
		return
	}
	defer m.UnlockContext(ctx)
	rdb.Set(ctx, ownerOf(uuid.New()), 1, 0) // want `go-redis Set .* under the redsync lock`
}

func ownerOf(id uuid.UUID) string { return "owner" }

// Suppressed: a fresh-looking key the reviewer judged shared.
func suppressed(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, name string) {
	m := rs.NewMutex("nightly")
	if err := m.LockContext(ctx); err != nil {
		return
	}
	defer m.UnlockContext(ctx)
	//lint:ignore FC1001 the status key is shared by every run and idempotent here
	rdb.Set(ctx, "status:"+name, "ok", 0)
}

// A record keyed by a number INCR handed this run: no other holder is
// given it, so a stale holder's write cannot overwrite a successor's.
// The counter the number came from is judged on its own (an allocation,
// silent); a write of a shared key with the number as its value is not
// keyed by it (reported).
func allocated(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, name string) {
	m := rs.NewMutex("series:" + name)
	if err := m.LockContext(ctx); err != nil {
		return
	}
	defer m.UnlockContext(ctx)
	id := rdb.Incr(ctx, "series:next").Val()
	rdb.Set(ctx, fmt.Sprintf("series:%d:meta", id), name, 0)
	rdb.Set(ctx, "series:name:"+name, id, 0) // want `go-redis Set .* under the redsync lock`
}
