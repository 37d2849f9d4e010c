// Package createonce: an insert whose duplicate-key error the code tests
// is keyed uniquely by the store: a holder that repeats it after another
// made the record is refused, and an insert overwrites nothing, so it is
// fenced by its own condition (a one-way claim). What runs after it
// whether or not it inserted is judged as before.
package createonce

import (
	"context"
	"database/sql"
	"errors"

	"go.etcd.io/etcd/client/v3/concurrency"
	"gorm.io/gorm"

	"unfencedwrite/createonce/taskdao"
)

func isDuplicateEntryErr(err error) bool { return err != nil }

func enable(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if _, err := db.ExecContext(ctx, `INSERT INTO tasks (timer_id, run_at) VALUES ($1, 1)`, id); err != nil && !isDuplicateEntryErr(err) {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE timers SET status = 2 WHERE id = $1`, id) // want `UPDATE timers .* does not carry the fencing token`
	return err
}

// The same through another package's function summarised as a gorm
// insert, tested with errors.Is and gorm's sentinel.
func enableGorm(ctx context.Context, db *gorm.DB, m *concurrency.Mutex, tasks []*taskdao.Task) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := taskdao.BatchCreate(ctx, db, tasks); err != nil && !errors.Is(err, gorm.ErrDuplicatedKey) {
		return err
	}
	return taskdao.Update(ctx, db, tasks[0]) // want `gorm Updates .* does not carry the fencing token`
}

// The insert's error only returned: nothing says the store keys it.
func untested(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `INSERT INTO ledger (account, amount) VALUES ($1, 10)`, id) // want `INSERT ledger .* does not carry the fencing token`
	return err
}

// On a duplicate the balance is added to anyway: the insert is fenced,
// the fallback is not.
func upsertByHand(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if _, err := db.ExecContext(ctx, `INSERT INTO balances (account, amount) VALUES ($1, 10)`, id); err != nil {
		if isDuplicateEntryErr(err) {
			_, err = db.ExecContext(ctx, `UPDATE balances SET amount = amount + 10 WHERE account = $1`, id) // want `UPDATE balances .* does not carry the fencing token`
		}
		return err
	}
	return nil
}

// An upsert overwrites the record it finds: no claim.
func upsert(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `INSERT INTO marks (id, n) VALUES ($1, 1) ON CONFLICT (id) DO UPDATE SET n = 1`, id) // want `INSERT marks .* does not carry the fencing token`
	if err != nil && !isDuplicateEntryErr(err) {
		return err
	}
	return nil
}

// A table the package also deletes from: the record can be made again.
func reserve(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `INSERT INTO seats (id) VALUES ($1)`, id) // want `INSERT seats .* does not carry the fencing token`
	if err != nil && !isDuplicateEntryErr(err) {
		return err
	}
	return nil
}

func release(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `DELETE FROM seats WHERE id = $1`, id)
	return err
}
