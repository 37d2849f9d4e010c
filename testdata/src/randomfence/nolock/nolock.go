// Package nolock takes no lock itself: its writes are made on behalf of a
// caller that holds one. A position named for a fence, or in a lock or
// lease table, is a fence wherever it is, and a random value there is
// FC3001. Versions named epoch, generation or revision elsewhere may be
// optimistic-concurrency versions, and stay silent.
package nolock

import (
	"context"
	"database/sql"
	"math/rand"
	"net/http"

	"github.com/google/uuid"
)

type Record struct {
	FenceToken string
	Generation string
}

// Writes on behalf of a lock holder, with a fencing token made up here.
func apply(ctx context.Context, db *sql.DB, id int64, state string) error {
	tok := uuid.NewString()
	_, err := db.ExecContext(ctx, `UPDATE accounts SET state = $1, fence_token = $2 WHERE id = $3 AND fence_token <= $2`, // want `UPDATE accounts \(database/sql DB.ExecContext\) orders a random UUID against the fence column "fence_token" \(fence_token <= \$2\)`
		state, tok, id)
	return err
}

func record(id string) *Record {
	return &Record{FenceToken: uuid.NewString()} // want `a random UUID is stored in the fence field Record.FenceToken: .*; pass in, from the caller that holds the lock, a fencing token`
}

func send(req *http.Request) {
	req.Header.Set("X-Fencing-Token", uuid.NewString()) // want `a random UUID is sent in the fence header "X-Fencing-Token"`
}

func newer(cur int64) bool {
	fence := rand.Int63()
	return fence > cur // want `a random number is ordered like a fencing token in .fence > cur.`
}

// A lease table's epoch is the fence of that lease.
func takeLease(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, `UPDATE leases SET owner = $1, epoch = $2 WHERE name = $3`, "me", uuid.NewString(), name) // want `stores a random UUID in the fence column "epoch"`
	return err
}

// Silent: versions and ids outside lock storage.
func silent(ctx context.Context, db *sql.DB, id int64, old string) error {
	_ = &Record{Generation: uuid.NewString()}
	_, err := db.ExecContext(ctx, `UPDATE docs SET body = $1, revision = $2 WHERE id = $3 AND revision = $4`, "b", uuid.NewString(), id, old)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO events (id, generation) VALUES ($1, $2)`, uuid.NewString(), uuid.NewString())
	return err
}
