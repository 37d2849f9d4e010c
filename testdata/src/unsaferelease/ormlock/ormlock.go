// Package ormlock releases lock rows through query builders: a delete by
// the lock's name alone removes whatever holder has the row now (FC5001),
// one conditioned on the owner is the safe release.
package ormlock

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
	"github.com/uptrace/bun"
	"gorm.io/gorm"
)

type DistributedLock struct {
	Name  string
	Owner string
}

type Session struct{ ID string }

func releaseSquirrel(ctx context.Context, db *sql.DB, name string) error {
	_, err := sq.Delete("locks").Where(sq.Eq{"name": name}).RunWith(db).ExecContext(ctx) // want `squirrel DELETE locks \(squirrel DeleteBuilder.ExecContext\) releases the lock row by its name only`
	return err
}

func releaseGorm(db *gorm.DB, name string) error {
	return db.Where("name = ?", name).Delete(&DistributedLock{}).Error // want `gorm DELETE DistributedLock \(gorm DB.Delete\) releases the lock row by its name only`
}

func releaseGormInline(db *gorm.DB, name string) error {
	return db.Delete(&DistributedLock{}, "name = ?", name).Error // want `gorm DELETE DistributedLock \(gorm DB.Delete\) releases the lock row by its name only`
}

func releaseBun(ctx context.Context, db *bun.DB, name string) error {
	_, err := db.NewDelete().Model(&DistributedLock{}).Where("name = ?", name).Exec(ctx) // want `bun DELETE DistributedLock \(bun DeleteQuery.Exec\) releases the lock row by its name only`
	return err
}

// Silent: the owner is in the predicate; a non-lock table; clearing all
// rows; a condition fencecheck cannot read.
func silent(ctx context.Context, db *sql.DB, g *gorm.DB, bdb *bun.DB, name, owner string, pred sq.Sqlizer) {
	sq.Delete("locks").Where(sq.Eq{"name": name, "owner": owner}).RunWith(db).ExecContext(ctx)
	g.Where("name = ? AND owner = ?", name, owner).Delete(&DistributedLock{})
	g.Delete(&DistributedLock{}, "name = ? AND owner = ?", name, owner)
	g.Where("id = ?", name).Delete(&Session{})
	g.Where("1 = 1").Delete(&DistributedLock{})
	g.Where("pr = ? AND name LIKE ?", 42, "repo/%").Delete(&DistributedLock{}) // a pattern: clearing rows
	sq.Delete("locks").Where(pred).RunWith(db).ExecContext(ctx)
	sq.Delete("locks").RunWith(db).ExecContext(ctx)
	bdb.NewDelete().Model(&DistributedLock{}).Where("name = ?", name).Where("owner = ?", owner).Exec(ctx)
}

func suppressed(db *gorm.DB, name string) {
	db.Where("name = ?", name).Delete(&DistributedLock{}) //nolint:unsaferelease // single instance: the row is ours
}
