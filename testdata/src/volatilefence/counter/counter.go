// Package counter exercises FC3002 with in-process counters used as
// fences: atomic.AddInt64 on a package variable, x++ on a struct field and
// on a package variable, atomic.Uint64.Add.
package counter

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"strconv"
	"sync/atomic"

	"example.com/ledgerpb"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale")

var fenceSeq int64

func nextFence() int64 { return atomic.AddInt64(&fenceSeq, 1) }

// The seed bug: a process-local sequence as the fence of a fenced UPDATE.
func atomicSQL(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := nextFence()
	_, err := db.ExecContext(ctx, `UPDATE accounts SET v = 1, fence = $1 WHERE id = $2 AND fence < $1`, tok, id) // want `UPDATE accounts \(database/sql DB.ExecContext\) orders an in-process counter \(atomic fenceSeq\) \(returned by nextFence\) against the fence column "fence" \(fence < \$1\) under the etcd lock acquired at counter.go:28: an in-process counter starts again when the process restarts.*m.Header\(\).Revision is available`
	return err
}

type worker struct {
	epoch    int64
	seq      atomic.Uint64
	requests int
}

// x++ on a struct field, sent as a header; a metrics counter next to it.
func (w *worker) lead(ctx context.Context, c *http.Client, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	w.epoch++
	w.requests++
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://inventory.example/items/1", nil)
	if err != nil {
		return err
	}
	req.Header.Set("X-Fence-Epoch", strconv.FormatInt(w.epoch, 10)) // want `an in-process counter \(epoch\+\+\) is sent in the fence header "X-Fence-Epoch" under the etcd lock`
	log.Printf("requests so far: %d", w.requests)
	_, err = c.Do(req)
	return err
}

// atomic.Uint64.Add on a field, into a request's fence field.
func (w *worker) debit(ctx context.Context, lc ledgerpb.LedgerClient, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := lc.Debit(ctx, &ledgerpb.DebitRequest{Account: "a", FencingToken: int64(w.seq.Add(1))}) // want `an in-process counter \(atomic seq\) is stored in the fence field DebitRequest.FencingToken`
	return err
}

var generation int64

var termCounter int64

// x += 1 on a package variable, sent as a header.
func term(ctx context.Context, c *http.Client, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	termCounter += 1
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://inventory.example/items", nil)
	if err != nil {
		return err
	}
	req.Header.Add("X-Term", strconv.FormatInt(termCounter, 10)) // want `an in-process counter \(termCounter\+\+\) is sent in the fence header "X-Term"`
	_, err = c.Do(req)
	return err
}

// x++ on a package variable, ordered against the fence read back.
func compare(ctx context.Context, db *sql.DB, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	generation++
	var stored int64
	if err := db.QueryRowContext(ctx, `SELECT fence FROM jobs WHERE id = 1`).Scan(&stored); err != nil {
		return err
	}
	if generation < stored { // want "an in-process counter \\(generation\\+\\+\\) is ordered like a fencing token in `generation < stored`"
		return errStale
	}
	return nil
}

// Silent: a cache generation compared in-process, outside any lock.
type entry struct {
	generation int64
	value      string
}

type cache struct {
	generation int64
	entries    map[string]entry
}

func (c *cache) invalidate() { c.generation++ }

func (c *cache) get(k string) (string, bool) {
	e, ok := c.entries[k]
	if !ok || e.generation < c.generation {
		return "", false
	}
	return e.value, true
}

// Silent: a record's generation that comes from the store and is bumped
// for an optimistic update; a loop counter.
type record struct {
	ID         int64
	Generation int64
}

func bump(ctx context.Context, db *sql.DB, m *concurrency.Mutex, raw []byte) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	var rec record
	if err := json.Unmarshal(raw, &rec); err != nil {
		return err
	}
	old := rec.Generation
	rec.Generation++
	tok := m.Header().Revision
	_, err := db.ExecContext(ctx, `UPDATE records SET generation = $1, fence = $4 WHERE id = $2 AND generation = $3 AND fence <= $4`, rec.Generation, rec.ID, old, tok)
	for i := 0; i < 3; i++ {
		db.ExecContext(ctx, `UPDATE shards SET term = $1 WHERE id = $2 AND fence <= $3`, i, i, tok)
	}
	return err
}
