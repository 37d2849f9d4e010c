// Package etcdelection runs a singleton reporter elected through an etcd
// concurrency.Election. The fence is e.Rev(), the leader key's create revision.
package etcdelection

import (
	"context"
	"database/sql"
	"errors"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// ErrNotLeader means a newer term has already written.
var ErrNotLeader = errors.New("etcdelection: superseded by a newer leader")

// RecordTermUnfenced stores the leader's name with plain writes once elected.
func RecordTermUnfenced(ctx context.Context, db *sql.DB, cli *clientv3.Client, s *concurrency.Session, node string) error {
	e := concurrency.NewElection(s, "/election/reporter")
	if err := e.Campaign(ctx, node); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `UPDATE reporter SET leader = $1`, node); err != nil { // want "FC1001"
		return err
	}
	_, err := cli.Put(ctx, "/reporter/leader", node) // want "FC1001"
	return err
}

// RecordTermFenced only lets a term overwrite an older or equal term.
func RecordTermFenced(ctx context.Context, db *sql.DB, s *concurrency.Session, node string) error {
	e := concurrency.NewElection(s, "/election/reporter")
	if err := e.Campaign(ctx, node); err != nil {
		return err
	}
	term := e.Rev()
	res, err := db.ExecContext(ctx, `UPDATE reporter SET leader = $1, term = $2 WHERE term <= $2`, node, term)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrNotLeader
	}
	return nil
}

// PublishFenced writes to etcd only while the leader key still has our revision.
func PublishFenced(ctx context.Context, cli *clientv3.Client, e *concurrency.Election, report string) error {
	if err := e.Campaign(ctx, "reporter-1"); err != nil {
		return err
	}
	resp, err := cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision(e.Key()), "=", e.Rev())).
		Then(clientv3.OpPut("/reporter/latest", report)).
		Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return ErrNotLeader
	}
	return nil
}

// CurrentLeader reads the leader and the last report; nothing is written.
func CurrentLeader(ctx context.Context, db *sql.DB, e *concurrency.Election) (string, int64, error) {
	if err := e.Campaign(ctx, "reporter-1"); err != nil {
		return "", 0, err
	}
	resp, err := e.Leader(ctx)
	if err != nil || len(resp.Kvs) == 0 {
		return "", 0, err
	}
	var reports int64
	err = db.QueryRowContext(ctx, `SELECT count(*) FROM reports WHERE leader = $1`, string(resp.Kvs[0].Value)).Scan(&reports)
	return string(resp.Kvs[0].Value), reports, err
}

// LeadInBackground starts the leader's loop under the caller's context and
// steps down when the session ends, leaving the loop running.
func LeadInBackground(ctx context.Context, s *concurrency.Session, loop func(context.Context)) error {
	e := concurrency.NewElection(s, "/election/scheduler")
	if err := e.Campaign(ctx, "scheduler-1"); err != nil {
		return err
	}
	go loop(ctx) // want "FC5002"
	<-s.Done()
	return e.Resign(context.Background())
}

// LeadCancelled cancels the loop's context when the session ends.
func LeadCancelled(ctx context.Context, s *concurrency.Session, loop func(context.Context)) error {
	e := concurrency.NewElection(s, "/election/scheduler")
	if err := e.Campaign(ctx, "scheduler-1"); err != nil {
		return err
	}
	leaderCtx, cancel := context.WithCancel(ctx)
	go loop(leaderCtx)
	<-s.Done()
	cancel()
	return e.Resign(context.Background())
}
