// Package coord takes an in-house coordinator lock that only
// ../../coord-locks.json describes, a file the module-root lookup does not
// find: the writes below are findings only when the plugin's config setting
// names it (configs/config.yml). They are marked "FINDING WITH CONFIG".
package coord

import (
	"context"
	"database/sql"
)

type Coord struct{}

type Grant struct{ Seq int64 }

func (c *Coord) Grab(name string) (bool, Grant) { return true, Grant{} }
func (c *Coord) Drop(name string)             {}

func Run(ctx context.Context, c *Coord, db *sql.DB) {
	ok, g := c.Grab("jobs")
	if !ok {
		return
	}
	defer c.Drop("jobs")
	db.ExecContext(ctx, `UPDATE jobs SET done = true`) // FINDING WITH CONFIG
	db.ExecContext(ctx, `UPDATE jobs SET done = true WHERE seq <= $1`, g.Seq)
}
