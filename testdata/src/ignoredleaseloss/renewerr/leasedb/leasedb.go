// Package leasedb hands out leases kept in rows; its Renew drops the rows
// affected (reported here) and returns only the statement's error.
package leasedb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

var ErrLocked = errors.New("locked")

type Repo struct{ db *sql.DB }

type Lock struct {
	repo        *Repo
	name, owner string
}

func (r *Repo) Acquire(ctx context.Context, name, owner string, ttl time.Duration) (*Lock, error) {
	now := time.Now().UTC()
	res, err := r.db.ExecContext(ctx, `INSERT INTO locks (name, owner, expires_at) VALUES (?, ?, ?)
		ON CONFLICT(name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
		WHERE locks.expires_at < ?`, name, owner, now.Add(ttl), now)
	if err != nil {
		return nil, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrLocked
	}
	return &Lock{repo: r, name: name, owner: owner}, nil
}

func (l *Lock) Renew(ctx context.Context, ttl time.Duration) error {
	_, err := l.repo.db.ExecContext(ctx, "UPDATE locks SET expires_at = ? WHERE name = ? AND owner = ?", time.Now().UTC().Add(ttl), l.name, l.owner) // want `the rows affected by this lease renewal .* are discarded`
	if err != nil {
		return fmt.Errorf("renew lock %q: %w", l.name, err)
	}
	return nil
}

func (l *Lock) Release(ctx context.Context) error {
	_, err := l.repo.db.ExecContext(ctx, "DELETE FROM locks WHERE name = ? AND owner = ?", l.name, l.owner)
	return err
}
