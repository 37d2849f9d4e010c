// Package zk exercises FC1001 with ZooKeeper locks.
package zk

import (
	"github.com/go-zookeeper/zk"
)

func writes(conn *zk.Conn, stat *zk.Stat) error {
	l := zk.NewLock(conn, "/locks/jobs", zk.WorldACL(zk.PermAll))
	if err := l.Lock(); err != nil {
		return err
	}
	defer l.Unlock()
	conn.Set("/jobs/state", []byte("running"), -1) // want `ZooKeeper Set .* under the ZooKeeper lock .*Stat.Czxid`
	conn.Set("/jobs/state", []byte("running"), stat.Version)
	conn.Create("/jobs/worker", nil, zk.FlagEphemeral, zk.WorldACL(zk.PermAll))
	conn.Create("/jobs/history", nil, 0, zk.WorldACL(zk.PermAll)) // want `ZooKeeper Create`
	return nil
}

func multi(conn *zk.Conn, lockNodeVersion int32) error {
	l := zk.NewLock(conn, "/locks/jobs", zk.WorldACL(zk.PermAll))
	if err := l.Lock(); err != nil {
		return err
	}
	defer l.Unlock()
	conn.Multi(&zk.SetDataRequest{Path: "/jobs/a", Data: []byte("x"), Version: -1}) // want `ZooKeeper Multi`
	_, err := conn.Multi(
		&zk.CheckVersionRequest{Path: "/locks/jobs/node", Version: lockNodeVersion},
		&zk.SetDataRequest{Path: "/jobs/a", Data: []byte("x"), Version: -1},
	)
	return err
}
