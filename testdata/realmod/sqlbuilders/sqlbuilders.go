// Package sqlbuilders writes under an etcd lock through pgx v4, go-pg,
// lib/pq (through database/sql), sqlx's package functions, gorm's inline
// conditions, squirrel's builders and ent's generated builders (package entjobs/ent, generated
// by ent v0.14.5 from entjobs/ent/schema).
package sqlbuilders

import (
	"context"
	"database/sql"

	"example.com/realmod/entjobs/ent"
	"example.com/realmod/entjobs/ent/job"
	sq "github.com/Masterminds/squirrel"
	"github.com/go-pg/pg/v10"
	pgx "github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
	"go.etcd.io/etcd/client/v3/concurrency"
	"gorm.io/gorm"
)

type Job struct {
	ID    int64
	State string
	Fence int64
}

func PGX4(ctx context.Context, conn *pgx.Conn, pool *pgxpool.Pool, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	if _, err := conn.Exec(ctx, `UPDATE jobs SET state = 'x' WHERE id = $1`, 1); err != nil { // want "FC1001"
		return err
	}
	tag, err := pool.Exec(ctx, `UPDATE jobs SET state = 'y' WHERE id = $1 AND fence <= $2`, 1, tok)
	if err != nil || tag.RowsAffected() != 1 {
		return err
	}
	return nil
}

func GoPG(ctx context.Context, db *pg.DB, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	if _, err := db.Model(&Job{ID: 1}).Set("state = ?", "x").WherePK().Update(); err != nil { // want "FC1001"
		return err
	}
	res, err := db.Model(&Job{}).Set("state = ?", "y").Where("id = ?", 1).Where("fence <= ?", tok).Update()
	if err != nil || res.RowsAffected() != 1 {
		return err
	}
	return nil
}

func PQ(ctx context.Context, db *sql.DB, m *concurrency.Mutex, ids []int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.ExecContext(ctx, `DELETE FROM jobs WHERE id = ANY($1)`, pq.Array(ids)) // want "FC1001"
	return err
}

func SQLX(ctx context.Context, db *sqlx.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	sqlx.MustExecContext(ctx, db, `UPDATE jobs SET state = 'x' WHERE id = ?`, 1) // want "FC1001"
}

func Gorm(ctx context.Context, db *gorm.DB, m *concurrency.Mutex) bool {
	if err := m.Lock(ctx); err != nil {
		return false
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	db.Delete(&Job{}, 1) // want "FC1001"
	return db.Delete(&Job{}, "id = ? AND fence <= ?", 1, tok).RowsAffected == 1
}

func Ent(ctx context.Context, client *ent.Client, m *concurrency.Mutex, id int) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	if err := client.Job.UpdateOneID(id).SetState("x").Exec(ctx); err != nil { // want "FC1001"
		return err
	}
	if _, err := client.Job.Delete().Where(job.StateEQ("done")).Exec(ctx); err != nil { // want "FC1001"
		return err
	}
	if err := client.Job.DeleteOneID(id).Exec(ctx); err != nil { // want "FC1001"
		return err
	}
	n, err := client.Job.Update().Where(job.ID(id), job.FenceLTE(tok)).SetState("y").SetFence(tok).Save(ctx)
	if err != nil || n != 1 {
		return err
	}
	return nil
}

// EntClaim moves a job from pending to approved, its count tested: a
// one-way claim (no write of the package moves a job back to pending), so
// it and what runs on its success happen once per job, whatever the lock.
func EntClaim(ctx context.Context, client *ent.Client, m *concurrency.Mutex, id int) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	n, err := client.Job.Update().Where(job.IDEQ(id), job.StateEQ("pending")).SetState("approved").Save(ctx)
	if err != nil {
		return err
	}
	if n != 1 {
		return nil
	}
	_, err = client.Job.Update().Where(job.IDEQ(id + 1)).SetFence(1).Save(ctx)
	return err
}

// Squirrel builds its statements: the chain's Where carries the token or
// does not.
func Squirrel(ctx context.Context, db *sql.DB, m *concurrency.Mutex, id int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	psql := sq.StatementBuilder.PlaceholderFormat(sq.Dollar)
	var ran string
	if err := psql.Update("components").Set("last_ran", sq.Expr("now()")).Where(sq.Eq{"id": id}).
		Suffix("RETURNING last_ran").RunWith(db).QueryRow().Scan(&ran); err != nil { // want "FC1001"
		return err
	}
	res, err := psql.Update("jobs").Set("state", "run").Set("fence", tok).
		Where("id = ? AND fence <= ?", id, tok).RunWith(db).ExecContext(ctx)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return err
	}
	_, err = sq.Delete("jobs").Where(sq.Eq{"id": id}).Where(sq.LtOrEq{"fence": tok}).RunWith(db).Exec() // want "FC1002"
	return err
}
