// Package elector runs an etcd election and hands its critical section
// over as a struct field, and sends HTTP requests through a helper whose
// method its callers choose.
package elector

import (
	"bytes"
	"context"
	"net/http"

	"go.etcd.io/etcd/client/v3/concurrency"
)

// Callbacks are what an Elector runs: OnStartedLeading only after it has
// won the election, OnStoppedLeading after it has resigned.
type Callbacks struct {
	OnStartedLeading func(ctx context.Context) // want OnStartedLeading:`callback\(etcd election\)`
	OnStoppedLeading func()
	OnEvent          func(string)
}

// Elector campaigns for a key.
type Elector struct {
	s         *concurrency.Session
	callbacks Callbacks
}

// New returns an elector that runs cb.
func New(s *concurrency.Session, cb Callbacks) *Elector { return &Elector{s: s, callbacks: cb} }

// Run campaigns, then runs the leader's work in a goroutine until the
// session ends.
func (e *Elector) Run(ctx context.Context) error {
	el := concurrency.NewElection(e.s, "/elector")
	e.callbacks.OnEvent("campaigning") // before the election: not a callback of the lock
	if err := el.Campaign(ctx, "me"); err != nil {
		return err
	}
	e.callbacks.OnEvent("elected")
	go e.callbacks.OnStartedLeading(ctx)
	<-e.s.Done()
	el.Resign(context.Background())
	e.callbacks.OnStoppedLeading()
	return nil
}

// Client sends requests to an API.
type Client struct{ c *http.Client }

// Do sends a request with the method its caller gives.
func (c *Client) Do(method, url string, body []byte) (int, error) { // want Do:`request\(param 1, net/http\)`
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	resp, err := c.c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

// Send goes through Do with its own method parameter.
func (c *Client) Send(method, url string) error { // want Send:`request\(param 1, net/http\)`
	_, err := c.Do(method, url, nil)
	return err
}

// MarkDown changes a node's state through the helper.
func (c *Client) MarkDown(name string) error { // want MarkDown:`effects\(PATCH request@elector.go:\d+ carried by \[1\]\)`
	_, err := c.Do(http.MethodPatch, "http://api/nodes/"+name, []byte(`{"ready":false}`))
	return err
}

// Status only reads.
func (c *Client) Status(name string) error {
	_, err := c.Do(http.MethodGet, "http://api/nodes/"+name, nil)
	return err
}
