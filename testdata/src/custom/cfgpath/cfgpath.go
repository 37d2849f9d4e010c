// Package cfgpath uses a lock API described in plugin-config.json, a
// configuration file no module-root lookup finds: only a driver that is
// given its path (the golangci-lint plugin's config setting) knows the lock.
package cfgpath

import (
	"context"
	"database/sql"
)

type Coord struct{}

type Grant struct{ Seq int64 }

func (c *Coord) Grab(name string) (bool, Grant) { return true, Grant{} }
func (c *Coord) Drop(name string)             {}
func (c *Coord) Alive() bool                  { return true }

func Ship(ctx context.Context, seq int64) error { return nil }

func run(ctx context.Context, c *Coord, db *sql.DB) {
	ok, g := c.Grab("jobs")
	if !ok {
		return
	}
	defer c.Drop("jobs")
	db.ExecContext(ctx, `UPDATE jobs SET done = true`)                      // want `UPDATE jobs .* under the coordinator lock`
	db.ExecContext(ctx, `UPDATE jobs SET done = true WHERE seq <= $1`, g.Seq) // configured fence field
	Ship(ctx, 0)                                                             // want `call to Ship .* under the coordinator lock`
	Ship(ctx, g.Seq)
}
