// Package zklock runs a compaction job under a ZooKeeper zk.Lock. The fence is
// the Czxid of our lock znode (the lowest sequential child, owned by our session).
package zklock

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strings"

	"github.com/go-zookeeper/zk"
)

const lockDir = "/locks/compaction"

// ErrLockLost means our lock znode is gone or a newer holder has written.
var ErrLockLost = errors.New("zklock: lock lost or superseded")

// lowestChild returns the full path of the lock znode that currently holds the lock.
func lowestChild(conn *zk.Conn) (string, error) {
	children, _, err := conn.Children(lockDir)
	if err != nil {
		return "", err
	}
	if len(children) == 0 {
		return "", ErrLockLost
	}
	sort.Slice(children, func(i, j int) bool {
		return children[i][strings.LastIndex(children[i], "-lock-"):] < children[j][strings.LastIndex(children[j], "-lock-"):]
	})
	return lockDir + "/" + children[0], nil
}

// MarkCompactedUnfenced writes job state to ZooKeeper and SQL with no fence.
func MarkCompactedUnfenced(ctx context.Context, conn *zk.Conn, db *sql.DB, segment string) error {
	l := zk.NewLock(conn, lockDir, zk.WorldACL(zk.PermAll))
	if err := l.Lock(); err != nil {
		return err
	}
	defer l.Unlock()
	if _, err := conn.Set("/compaction/last", []byte(segment), -1); err != nil { // want "FC1001"
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE segments SET compacted = true WHERE name = $1`, segment) // want "FC1001"
	return err
}

// MarkCompactedFenced reads the lock znode's Czxid and uses it as the fence in both stores.
func MarkCompactedFenced(ctx context.Context, conn *zk.Conn, db *sql.DB, segment string) error {
	l := zk.NewLock(conn, lockDir, zk.WorldACL(zk.PermAll))
	if err := l.Lock(); err != nil {
		return err
	}
	defer l.Unlock()
	node, err := lowestChild(conn)
	if err != nil {
		return err
	}
	ok, stat, err := conn.Exists(node)
	if err != nil || !ok || stat.EphemeralOwner != conn.SessionID() {
		return ErrLockLost
	}
	tok := stat.Czxid
	if _, err := conn.Multi(
		&zk.CheckVersionRequest{Path: node, Version: -1},
		&zk.SetDataRequest{Path: "/compaction/last", Data: []byte(segment), Version: -1},
	); err != nil {
		return err
	}
	res, err := db.ExecContext(ctx,
		`UPDATE segments SET compacted = true, fence_token = $1 WHERE name = $2 AND fence_token <= $1`, tok, segment)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrLockLost
	}
	return nil
}

// LastCompacted reads the last compacted segment under the lock.
func LastCompacted(conn *zk.Conn) (string, error) {
	l := zk.NewLock(conn, lockDir, zk.WorldACL(zk.PermAll))
	if err := l.Lock(); err != nil {
		return "", err
	}
	defer l.Unlock()
	data, _, err := conn.Get("/compaction/last")
	return string(data), err
}
