// Package drivers exercises FC1001 across SQL drivers and builders (pgx,
// pgxpool, sqlx, gorm, bun), MySQL GET_LOCK and go-zero's RedisLock.
package drivers

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
	"github.com/uptrace/bun"
	"github.com/zeromicro/go-zero/core/stores/redis"
	"go.etcd.io/etcd/client/v3/concurrency"
	"gorm.io/gorm"
)

type Account struct {
	ID    int64
	Fence int64
}

func pgxWrites(ctx context.Context, conn *pgx.Conn, pool *pgxpool.Pool, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	conn.Exec(ctx, `UPDATE accounts SET state = 'x' WHERE id = $1`, 1)                         // want `UPDATE accounts \(pgx Conn.Exec\)`
	pool.Exec(ctx, `DELETE FROM sessions WHERE id = $1`, 1)                                     // want `DELETE sessions \(pgx Pool.Exec\)`
	tag, err := pool.Exec(ctx, `UPDATE accounts SET state = 'y' WHERE id = $1 AND fence <= $2`, 1, tok) // fenced
	if err != nil {
		return err
	}
	if tag.RowsAffected() != 1 {
		return sql.ErrNoRows
	}
	return nil
}

func sqlxWrites(ctx context.Context, db *sqlx.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	db.ExecContext(ctx, `UPDATE accounts SET state = 'x' WHERE id = ?`, 1)                                   // want `UPDATE accounts \(database/sql DB.ExecContext\)`
	db.NamedExecContext(ctx, `UPDATE accounts SET state = 'x' WHERE id = :id`, map[string]any{"id": 1})     // want `UPDATE accounts \(sqlx DB.NamedExecContext\)`
	db.NamedExecContext(ctx, `UPDATE accounts SET state = 'x' WHERE id = :id AND fence <= :fence`, map[string]any{"id": 1, "fence": m.Header().Revision})
}

// Accessor mirrors sqlx's interfaces, as data layers wrap *sqlx.DB and
// *sqlx.Tx behind one (harness's dbtx.Accessor).
type Accessor interface {
	sqlx.ExtContext
}

// Statements rewritten by sqlx's binding helpers are the statements given.
func sqlxBound(ctx context.Context, db Accessor, x *sqlx.DB, m *concurrency.Mutex, job map[string]any) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	query, args, err := db.BindNamed(`UPDATE jobs SET state = :state WHERE uid = :uid`, job)
	if err != nil {
		return err
	}
	db.ExecContext(ctx, query, args...) // want `UPDATE jobs \(SQL interface ExecerContext.ExecContext\)`
	fenced := map[string]any{"uid": 1, "fence": m.Header().Revision}
	query, args, _ = sqlx.Named(`UPDATE jobs SET state = 'x' WHERE uid = :uid AND fence <= :fence`, fenced)
	x.ExecContext(ctx, query, args...)
	return nil
}

func sqlxIn(ctx context.Context, x *sqlx.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	query, args, _ := sqlx.In(`DELETE FROM jobs WHERE uid IN (?)`, []string{"a"})
	x.ExecContext(ctx, x.Rebind(query), args...) // want `DELETE jobs \(database/sql DB.ExecContext\)`
}

func gormWrites(ctx context.Context, db *gorm.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	db.Model(&Account{}).Where("id = ?", 1).Update("state", "x") // want `gorm Update \(gorm DB.Update\)`
	if res := db.Model(&Account{}).Where("id = ? AND fence <= ?", 1, tok).Updates(map[string]any{"state": "x", "fence": tok}); res.RowsAffected != 1 {
		return
	}
	db.Exec(`UPDATE accounts SET state = 'z'`) // want `UPDATE accounts \(gorm DB.Exec\)`
}

func bunWrites(ctx context.Context, db *bun.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	db.NewUpdate().Model(&Account{}).Set("state = ?", "x").Where("id = ?", 1).Exec(ctx) // want `bun UPDATE \(bun UpdateQuery.Exec\)`
	res, err := db.NewUpdate().Model(&Account{}).Set("state = ?", "x").Where("id = ?", 1).Where("fence <= ?", tok).Exec(ctx)
	if err == nil {
		res.RowsAffected()
	}
}

func mysqlGetLock(ctx context.Context, db *sql.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	var got int
	if err := conn.QueryRowContext(ctx, `SELECT GET_LOCK('reports', 10)`).Scan(&got); err != nil {
		return err
	}
	if got != 1 {
		return nil
	}
	defer conn.ExecContext(ctx, `SELECT RELEASE_LOCK('reports')`)
	// The session that holds the lock: GET_LOCK ends with it, and so do
	// its writes.
	if _, err = conn.ExecContext(ctx, `UPDATE reports SET state = 'building'`); err != nil {
		return err
	}
	// Another connection of the pool outlives the lock's session.
	_, err = db.ExecContext(ctx, `UPDATE reports SET state = 'queued'`) // want `UPDATE reports .* under the SQL advisory lock`
	return err
}

func goZero(ctx context.Context, store *redis.Redis, db *sql.DB) error {
	l := redis.NewRedisLock(store, "lock:rates")
	ok, err := l.AcquireCtx(ctx)
	if err != nil || !ok {
		return err
	}
	defer l.Release()
	_, err = db.ExecContext(ctx, `UPDATE rates SET rate = 1`) // want `UPDATE rates .* under the go-zero RedisLock`
	return err
}
