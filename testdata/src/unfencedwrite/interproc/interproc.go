// Package interproc exercises FC1001 across function boundaries inside one
// package: repositories, closures, and a fence kept in a struct field.
package interproc

import (
	"context"
	"database/sql"

	"go.etcd.io/etcd/client/v3/concurrency"
)

type repo struct{ db *sql.DB }

func (r *repo) save(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE items SET state = 'saved' WHERE id = $1`, id)
	return err
}

func (r *repo) saveFenced(ctx context.Context, id, tok int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE items SET state = 'saved', fence = $2 WHERE id = $1 AND fence <= $2`, id, tok)
	return err
}

// A repository called under the lock: reported at the call.
func handler(ctx context.Context, r *repo, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := r.save(ctx, 1); err != nil { // want `UPDATE items .*\(reached through this call\)`
		return err
	}
	return r.saveFenced(ctx, 1, m.Header().Revision)
}

// A closure run inside the section is reported at the write itself.
func closure(ctx context.Context, db *sql.DB, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	withTx(ctx, db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM queue WHERE id = 1`) // want `DELETE queue`
		tx.ExecContext(ctx, `DELETE FROM queue WHERE id = 1 AND fence <= $1`, tok)
		return err
	})
	return nil
}

func withTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// A worker keeps the fence in a field and uses it in another method.
type worker struct {
	db    *sql.DB
	m     *concurrency.Mutex
	fence int64
}

func (w *worker) run(ctx context.Context) error {
	if err := w.m.Lock(ctx); err != nil {
		return err
	}
	defer w.m.Unlock(ctx)
	w.fence = w.m.Header().Revision
	return w.flush(ctx)
}

func (w *worker) flush(ctx context.Context) error {
	_, err := w.db.ExecContext(ctx, `UPDATE batches SET done = true WHERE fence <= $1`, w.fence)
	return err
}

// One write reached from two calls under one lock: reported at each call,
// the goroutine's and the direct one.
func twoCalls(ctx context.Context, r *repo, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	go r.save(ctx, 2)     // want `UPDATE items .*\(reached through this call\)`
	return r.save(ctx, 3) // want `UPDATE items .*\(reached through this call\)`
}

// Two calls, one suppressed: the other is still reported.
func twoCallsOneSuppressed(ctx context.Context, r *repo, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	//lint:ignore FC1001 item 4 is a scratch row
	r.save(ctx, 4)
	return r.save(ctx, 5) // want `UPDATE items .*\(reached through this call\)`
}

// Two calls of a fenced write: silent at both.
func twoCallsFenced(ctx context.Context, r *repo, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	go r.saveFenced(ctx, 6, tok)
	return r.saveFenced(ctx, 6, tok)
}

// A write eight calls below the lock (beyond the inline walk's bound) is
// known from the callee's summary and reported at the call under the
// lock; a token passed all the way down still fences it.
func deep(ctx context.Context, r *repo, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	level1(ctx, r, tok) // want `UPDATE items .*\(in level7, called here\)`
	fencedLevel1(ctx, r, tok)
	return nil
}

func level1(ctx context.Context, r *repo, t int64) { level2(ctx, r, t) }
func level2(ctx context.Context, r *repo, t int64) { level3(ctx, r, t) }
func level3(ctx context.Context, r *repo, t int64) { level4(ctx, r, t) }
func level4(ctx context.Context, r *repo, t int64) { level5(ctx, r, t) }
func level5(ctx context.Context, r *repo, t int64) { level6(ctx, r, t) }
func level6(ctx context.Context, r *repo, t int64) { level7(ctx, r, t) }
func level7(ctx context.Context, r *repo, _ int64) { r.save(ctx, 1) }

func fencedLevel1(ctx context.Context, r *repo, t int64) { fencedLevel2(ctx, r, t) }
func fencedLevel2(ctx context.Context, r *repo, t int64) { fencedLevel3(ctx, r, t) }
func fencedLevel3(ctx context.Context, r *repo, t int64) { fencedLevel4(ctx, r, t) }
func fencedLevel4(ctx context.Context, r *repo, t int64) { fencedLevel5(ctx, r, t) }
func fencedLevel5(ctx context.Context, r *repo, t int64) { fencedLevel6(ctx, r, t) }
func fencedLevel6(ctx context.Context, r *repo, t int64) { fencedLevel7(ctx, r, t) }
func fencedLevel7(ctx context.Context, r *repo, t int64) { r.saveFenced(ctx, 1, t) }
