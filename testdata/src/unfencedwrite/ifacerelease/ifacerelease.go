// Package ifacerelease takes a lock through an interface with several
// implementations (golang-migrate's database.Driver): the release called
// on the same interface value is the lock's own, not an effect of the
// code that holds it, whichever implementation it could dispatch to.
package ifacerelease

import (
	"context"
	"database/sql"
)

type Driver interface {
	Lock() error
	Unlock() error
}

type pg struct{ conn *sql.Conn }

func (p *pg) Lock() error {
	_, err := p.conn.ExecContext(context.Background(), `SELECT pg_advisory_lock(1)`)
	return err
}

func (p *pg) Unlock() error {
	_, err := p.conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(1)`)
	return err
}

// A store whose release deletes its lock rows.
type table struct{ db *sql.DB }

func (t *table) Lock() error {
	_, err := t.db.ExecContext(context.Background(), `SELECT pg_advisory_lock(2)`)
	return err
}

func (t *table) Unlock() error {
	_, err := t.db.ExecContext(context.Background(), `UPDATE audit SET released = true WHERE id = 1`)
	return err
}

func migrate(d Driver, db *sql.DB) error {
	if err := d.Lock(); err != nil {
		return err
	}
	if _, err := db.Exec(`UPDATE schema_migrations SET version = 2`); err != nil { // want `UPDATE schema_migrations`
		return err
	}
	return d.Unlock()
}
