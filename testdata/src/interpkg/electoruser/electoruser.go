// Package electoruser hands its leader work to an elector of another
// package as a struct field, and writes through a request helper.
package electoruser

import (
	"context"
	"net/http"
	"strconv"

	"go.etcd.io/etcd/client/v3/concurrency"

	"interpkg/elector"
)

type monitor struct {
	api *elector.Client
}

func (m *monitor) lead(ctx context.Context) {
	m.api.MarkDown("n1") // want `PATCH request .*\(in MarkDown, called here\) under the etcd election .*does not carry the fencing token`
}

// StartLiteral: the literal stored into OnStartedLeading runs while
// leading; the one stored into OnStoppedLeading and the event hook do not.
func StartLiteral(ctx context.Context, s *concurrency.Session, m *monitor) error {
	e := elector.New(s, elector.Callbacks{
		OnStartedLeading: func(ctx context.Context) {
			m.api.Do(http.MethodPut, "http://api/leader", nil) // want `PUT request \(net/http request sent by Client.Do\) under the etcd election`
			m.api.Status("n1")                                 // a GET through the helper: a read
			m.api.Send(readMethod(), "http://api/x")           // a method decided at run time: not judged
		},
		OnStoppedLeading: func() {
			http.Post("http://api/stopped", "text/plain", nil) // after resigning: no lock held
		},
		OnEvent: func(string) {
			http.Post("http://api/event", "text/plain", nil) // called before and after Campaign: no callback of the lock
		},
	})
	return e.Run(ctx)
}

// StartMethod hands over a method value through an assignment.
func StartMethod(ctx context.Context, s *concurrency.Session, m *monitor) error {
	var cb elector.Callbacks
	cb.OnStartedLeading = m.lead
	return elector.New(s, cb).Run(ctx)
}

// StartFenced sends the election's revision with the request: fenced.
func StartFenced(ctx context.Context, s *concurrency.Session, m *monitor, e *concurrency.Election) error {
	return elector.New(s, elector.Callbacks{
		OnStartedLeading: func(ctx context.Context) {
			m.api.Do(http.MethodPost, "http://api/leader?term="+strconv.FormatInt(e.Rev(), 10), nil)
		},
	}).Run(ctx)
}

// StartSuppressed: a reviewed write.
func StartSuppressed(ctx context.Context, s *concurrency.Session, m *monitor) error {
	return elector.New(s, elector.Callbacks{
		OnStartedLeading: func(ctx context.Context) {
			//lint:ignore FC1001 the API rejects writes from a non-leader by its own check
			m.api.Do(http.MethodDelete, "http://api/leader", nil)
		},
	}).Run(ctx)
}

func readMethod() string { return http.MethodGet }
