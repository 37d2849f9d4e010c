// Package elector campaigns through a real etcd concurrency.Election and
// runs the leader's work it was given as a struct field; its API client
// sends requests with the method its callers choose.
package elector

import (
	"bytes"
	"context"
	"net/http"

	"go.etcd.io/etcd/client/v3/concurrency"
)

// Callbacks are run by Run: OnStartedLeading once elected.
type Callbacks struct {
	OnStartedLeading func(ctx context.Context)
	OnStoppedLeading func()
}

// Elector campaigns for one key.
type Elector struct {
	s         *concurrency.Session
	key       string
	callbacks Callbacks
}

// New returns an elector for key.
func New(s *concurrency.Session, key string, cb Callbacks) *Elector {
	return &Elector{s: s, key: key, callbacks: cb}
}

// Run campaigns, runs the leader's work and resigns when the session ends.
func (e *Elector) Run(ctx context.Context) error {
	el := concurrency.NewElection(e.s, e.key)
	if err := el.Campaign(ctx, "node"); err != nil {
		return err
	}
	go e.callbacks.OnStartedLeading(ctx)
	<-e.s.Done()
	_ = el.Resign(context.Background())
	e.callbacks.OnStoppedLeading()
	return nil
}

// API is a small HTTP client.
type API struct{ hc *http.Client }

// Do sends a request with the given method.
func (a *API) Do(method, url string, body []byte) (int, error) {
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

// SetReady writes a node's readiness.
func (a *API) SetReady(node string, ready bool) error {
	body := []byte(`{"ready":false}`)
	if ready {
		body = []byte(`{"ready":true}`)
	}
	_, err := a.Do(http.MethodPatch, "http://api/nodes/"+node+"/status", body)
	return err
}

// Nodes lists the nodes.
func (a *API) Nodes() error {
	_, err := a.Do(http.MethodGet, "http://api/nodes", nil)
	return err
}
