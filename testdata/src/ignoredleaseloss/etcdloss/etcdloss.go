// Package etcdloss exercises FC5002 with the end of an etcd session that
// is read but does not reach the work.
package etcdloss

import (
	"context"
	"errors"
	"log"
	"time"

	"go.etcd.io/etcd/client/v3/concurrency"
)

// The leader's work runs in a goroutine under the caller's context; when
// the session ends the function resigns and returns, and the goroutine
// goes on.
func run(ctx context.Context, s *concurrency.Session, callback func(context.Context)) error {
	e := concurrency.NewElection(s, "/leader")
	if err := e.Campaign(ctx, "me"); err != nil {
		return err
	}
	go callback(ctx) // want `this goroutine does the work of the etcd election acquired at etcdloss.go:19 under a context that the session's loss never cancels: when the session ends \(Done\(\) at etcdloss.go:26\)`
	select {
	case <-ctx.Done():
		log.Printf("stopping")
	case <-s.Done():
		log.Printf("etcd session lost, stepping down")
	}
	rctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	e.Resign(rctx)
	return nil
}

// Look-alike: the work's context is cancelled when the session ends.
func runCancelled(ctx context.Context, s *concurrency.Session, callback func(context.Context)) error {
	e := concurrency.NewElection(s, "/leader")
	if err := e.Campaign(ctx, "me"); err != nil {
		return err
	}
	leaderCtx, cancel := context.WithCancel(ctx)
	go callback(leaderCtx)
	select {
	case <-ctx.Done():
	case <-s.Done():
		log.Printf("etcd session lost, stepping down")
	}
	cancel()
	return nil
}

// Look-alike: the loss is handed to a callback that demotes.
func runDemotes(ctx context.Context, s *concurrency.Session, work func(context.Context), onLost func()) {
	e := concurrency.NewElection(s, "/leader")
	if err := e.Campaign(ctx, "me"); err != nil {
		return
	}
	go work(ctx)
	<-s.Done()
	onLost()
}

// Look-alike: the loss is returned as an error to a caller that may
// cancel.
func runReturns(ctx context.Context, s *concurrency.Session, work func(context.Context)) error {
	e := concurrency.NewElection(s, "/leader")
	if err := e.Campaign(ctx, "me"); err != nil {
		return err
	}
	go work(ctx)
	<-s.Done()
	return errors.New("etcd session lost")
}

// Look-alike: the goroutine is told through a channel.
func runSignals(ctx context.Context, s *concurrency.Session, work func(context.Context, <-chan struct{})) {
	e := concurrency.NewElection(s, "/leader")
	if err := e.Campaign(ctx, "me"); err != nil {
		return
	}
	go work(ctx, s.Done())
	<-s.Done()
}

// Suppressed.
func runSuppressed(ctx context.Context, s *concurrency.Session, callback func(context.Context)) {
	e := concurrency.NewElection(s, "/leader")
	if err := e.Campaign(ctx, "me"); err != nil {
		return
	}
	//lint:ignore FC5002 the callback exits the process when it sees another leader
	go callback(ctx)
	<-s.Done()
	log.Printf("session lost")
}

// The error returned is the resignation's, which says nothing of the
// loss: the goroutine still runs on.
func runResigns(ctx context.Context, s *concurrency.Session, callback func(context.Context)) error {
	e := concurrency.NewElection(s, "/leader")
	if err := e.Campaign(ctx, "me"); err != nil {
		return err
	}
	go callback(ctx) // want `this goroutine does the work of the etcd election .* under a context that the session's loss never cancels`
	<-s.Done()
	return e.Resign(context.Background())
}
