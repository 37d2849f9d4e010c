// Package sqlbuilders exercises FC1001 with pgx v4, go-pg, sqlx's package
// functions, gorm's inline conditions and ent's generated builders.
package sqlbuilders

import (
	"context"

	"entgo.io/ent/dialect/sql"
	"example.com/entjobs/ent"
	"example.com/entjobs/ent/job"
	"example.com/entjobs/ent/predicate"
	"github.com/go-pg/pg/v10"
	pgx "github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
	"github.com/jmoiron/sqlx"
	"go.etcd.io/etcd/client/v3/concurrency"
	"gorm.io/gorm"
)

type Job struct {
	ID    int64
	State string
	Fence int64
}

func pgx4(ctx context.Context, conn *pgx.Conn, pool *pgxpool.Pool, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	conn.Exec(ctx, `UPDATE jobs SET state = 'x' WHERE id = $1`, 1) // want `UPDATE jobs \(pgx Conn.Exec\)`
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	tx.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, 1) // want `DELETE jobs \(pgx Tx.Exec\)`
	tag, err := pool.Exec(ctx, `UPDATE jobs SET state = 'y' WHERE id = $1 AND fence <= $2`, 1, tok)
	if err != nil || tag.RowsAffected() != 1 {
		return err
	}
	pool.QueryRow(ctx, `SELECT state FROM jobs WHERE id = $1`, 1) // a read
	return tx.Commit(ctx)
}

func goPG(ctx context.Context, db *pg.DB, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	db.Exec(`UPDATE jobs SET state = 'x' WHERE id = ?`, 1)                                                  // want `UPDATE jobs \(go-pg Exec\)`
	db.Model(&Job{ID: 1}).Set("state = ?", "x").Where("id = ?", 1).Update()                                 // want `go-pg Update \(go-pg Query.Update\)`
	db.Model(&Job{ID: 1}).WherePK().Delete()                                                                // want `go-pg Delete`
	res, err := db.Model(&Job{}).Set("state = ?", "y").Where("id = ?", 1).Where("fence <= ?", tok).Update() // fenced
	if err != nil || res.RowsAffected() != 1 {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE jobs SET state = 'z' WHERE id = ? AND fence <= ?`, 1, tok) // fenced
	return err
}

func sqlxFuncs(ctx context.Context, db *sqlx.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	sqlx.MustExecContext(ctx, db, `UPDATE jobs SET state = 'x' WHERE id = ?`, 1) // want `UPDATE jobs \(sqlx MustExecContext\)`
	sqlx.NamedExec(db, `UPDATE jobs SET state = 'x' WHERE id = :id AND fence <= :fence`, map[string]any{"id": 1, "fence": m.Header().Revision})
}

func gormDelete(ctx context.Context, db *gorm.DB, m *concurrency.Mutex) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	db.Delete(&Job{}, 1)                                     // want `gorm Delete`
	db.Delete(&Job{}, "id = ? AND fence <= ?", 1, tok)       // inline conditions with the token
	db.Where("fence <= ?", tok).Delete(&Job{ID: 1})          // a Where of the chain
	db.Model(&Job{}).Where("id = ?", 1).Update("fence", tok) // want `gorm Update`
}

func entWrites(ctx context.Context, client *ent.Client, m *concurrency.Mutex, id int) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	client.Job.Update().Where(job.IDEQ(id)).SetState("x").Exec(ctx)  // want `UPDATE Job \(ent JobUpdate.Exec\)`
	client.Job.UpdateOneID(id).SetState("x").SetFence(tok).Save(ctx) // want `UPDATE Job \(ent JobUpdateOne.Save\)`
	client.Job.DeleteOneID(id).Exec(ctx)                             // want `DELETE Job \(ent JobDeleteOne.Exec\)`
	client.Job.Create().SetState("new").Save(ctx)                    // want `INSERT Job \(ent JobCreate.Save\)`
	n, err := client.Job.Update().Where(job.IDEQ(id), job.FenceLTE(tok)).SetState("y").SetFence(tok).Save(ctx)
	if err != nil || n != 1 {
		return err
	}
	client.Job.UpdateOneID(id).Where(job.FenceLTE(tok)).SetState("z").Exec(ctx) // fenced
	client.Job.Delete().Where(job.StateEQ("done"), job.FenceLTE(tok)).Exec(ctx) // fenced
	// A builder whose Where is called apart from the chain.
	upd := client.Job.Update()
	upd.Where(job.IDEQ(id), job.FenceLTE(tok))
	if err := upd.SetState("w").Exec(ctx); err != nil {
		return err
	}
	// A predicate built from ent's runtime with the token.
	client.Job.Update().Where(predicate.Job(sql.FieldLTE(job.FieldFence, tok))).SetState("v").Exec(ctx)
	client.Job.Query().Where(job.IDEQ(id)).All(ctx) // a read
	return nil
}

// Op and cacheMutation look like ent's, but Op is not ent.Op: a
// CacheUpdate is no generated builder.
type Op uint

type cacheMutation struct{ op Op }

func (m *cacheMutation) Op() Op { return m.op }

type CacheUpdate struct{ mutation *cacheMutation }

func (c *CacheUpdate) Exec(ctx context.Context) error { return nil }

func lookalikes(ctx context.Context, client *ent.Client, c *CacheUpdate, m *concurrency.Mutex, id int) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	c.Exec(ctx) // not ent's
	//lint:ignore FC1001 the state column is advisory and rebuilt by the next holder
	client.Job.UpdateOneID(id).SetState("x").Exec(ctx)
	client.Job.UpdateOneID(id).SetState("x").Exec(ctx) //nolint:fencecheck // same
}
