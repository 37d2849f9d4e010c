// Package pgxdriver is modelled on golang-migrate's pgx driver: Lock and
// Unlock take and give up a session advisory lock inside closures handed
// to database.CasRestoreOnErr, and WithInstance checks the version table
// under the lock, unlocking in a deferred closure before it returns.
package pgxdriver

import (
	"context"
	"database/sql"
	"fmt"
	"sync/atomic"

	"interpkg/migratelib/database"
)

type Postgres struct {
	conn     *sql.Conn
	isLocked atomic.Bool
	strategy string
}

func WithInstance(db *sql.DB) (*Postgres, error) {
	conn, err := db.Conn(context.Background())
	if err != nil {
		return nil, err
	}
	p := &Postgres{conn: conn, strategy: "advisory"}
	if err := p.ensureVersionTable(); err != nil {
		return nil, err
	}
	return p, nil
}

// Lock returns with the advisory lock held: a real acquire wrapper.
func (p *Postgres) Lock() error {
	return database.CasRestoreOnErr(&p.isLocked, false, true, database.ErrLocked, func() error {
		switch p.strategy {
		case "advisory":
			return p.applyAdvisoryLock()
		default:
			return fmt.Errorf("unknown lock strategy %q", p.strategy)
		}
	})
}

// Unlock gives the lock up, through a closure: the release of Lock.
func (p *Postgres) Unlock() error {
	return database.CasRestoreOnErr(&p.isLocked, true, false, database.ErrNotLocked, func() error {
		switch p.strategy {
		case "advisory":
			return p.releaseAdvisoryLock()
		default:
			return fmt.Errorf("unknown lock strategy %q", p.strategy)
		}
	})
}

func (p *Postgres) applyAdvisoryLock() error {
	if _, err := p.conn.ExecContext(context.Background(), `SELECT pg_advisory_lock($1)`, 42); err != nil {
		return err
	}
	return nil
}

func (p *Postgres) releaseAdvisoryLock() error {
	if _, err := p.conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, 42); err != nil {
		return err
	}
	return nil
}

// ensureVersionTable locks, reads and unlocks in a deferred closure: the
// lock is not held when it returns.
func (p *Postgres) ensureVersionTable() (err error) {
	if err = p.Lock(); err != nil {
		return err
	}
	defer func() {
		if e := p.Unlock(); e != nil && err == nil {
			err = e
		}
	}()
	var n int
	return p.conn.QueryRowContext(context.Background(), `SELECT COUNT(1) FROM information_schema.tables WHERE table_name = $1`, "schema_migrations").Scan(&n)
}

func (p *Postgres) Version() (int, error) {
	var v int
	err := p.conn.QueryRowContext(context.Background(), `SELECT version FROM schema_migrations LIMIT 1`).Scan(&v)
	return v, err
}

func (p *Postgres) Close() error { return p.conn.Close() }
