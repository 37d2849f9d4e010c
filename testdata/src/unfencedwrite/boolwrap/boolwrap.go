// Package boolwrap: work under an application's lock wrapper whose Lock
// returns a bool, taken with a key of the caller's.
package boolwrap

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"unfencedwrite/boolwrap/lockcache"
)

type Group struct {
	RedisLock *lockcache.RedisLock
	DB        *sql.DB
}

func (g *Group) Invite(ctx context.Context, group int, uids []int) error {
	key := fmt.Sprintf("group_join:%d", group)
	if !g.RedisLock.Lock(ctx, key, 20) {
		return errors.New("too frequent")
	}
	defer g.RedisLock.UnLock(ctx, key)
	_, err := g.DB.ExecContext(ctx, `INSERT INTO members (group_id, n) VALUES ($1, $2)`, group, len(uids)) // want `INSERT members`
	return err
}

// Through a wrapper whose key-building method adds only a prefix, the
// caller's key decides: a lock's key is a lock, a marker's is not.
func report(ctx context.Context, f *lockcache.Flags, db *sql.DB, id string) error {
	if !f.Take(ctx, "lock:report") {
		return nil
	}
	_, err := db.ExecContext(ctx, `UPDATE reports SET done = true WHERE id = $1`, id) // want `UPDATE reports`
	return err
}

func seen(ctx context.Context, f *lockcache.Flags, db *sql.DB, id string) error {
	if !f.Take(ctx, "seen:"+id) {
		return nil
	}
	_, err := db.ExecContext(ctx, `INSERT INTO visits (id) VALUES ($1)`, id)
	return err
}
