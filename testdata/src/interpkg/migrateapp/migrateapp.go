// Package migrateapp is modelled on an application that connects to its
// database and checks the migration version through a migrate-like driver
// (pgxdriver) before writing: nothing it writes after Connect is under a
// lock, because WithInstance unlocks before it returns. A caller of the
// driver's Lock is still under the lock until Unlock.
package migrateapp

import (
	"context"
	"database/sql"

	"interpkg/migratelib/pgxdriver"
)

func checkVersion(db *sql.DB) (int, error) {
	d, err := pgxdriver.WithInstance(db)
	if err != nil {
		return 0, err
	}
	defer func() { _ = d.Close() }()
	return d.Version()
}

func Connect(ctx context.Context, dsn string) (*sql.DB, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, err
	}
	if _, err := checkVersion(db); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func Bootstrap(ctx context.Context, dsn string) error {
	db, err := Connect(ctx, dsn)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO admin_api_keys (key) VALUES ($1)`, "k")
	return err
}

func migrateLocked(ctx context.Context, d *pgxdriver.Postgres, db *sql.DB) error {
	if err := d.Lock(); err != nil {
		return err
	}
	defer d.Unlock()
	_, err := db.ExecContext(ctx, `UPDATE schema_migrations SET dirty = false`) // want `UPDATE schema_migrations .*under the SQL advisory lock acquired at`
	return err
}

func afterUnlock(ctx context.Context, d *pgxdriver.Postgres, db *sql.DB) error {
	if err := d.Lock(); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE schema_migrations SET dirty = true`) // want `UPDATE schema_migrations .*under the SQL advisory lock acquired at`
	if err := d.Unlock(); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO audit (what) VALUES ('migrated')`)
	return err
}
