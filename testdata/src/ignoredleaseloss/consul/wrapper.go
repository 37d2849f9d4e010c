package consul

import (
	"log"

	"github.com/hashicorp/consul/api"
)

// An application's own client interface over Consul: its RenewPeriodic
// returns the error of the session renewal, so it renews the session too.
type sessionClient interface {
	RenewPeriodic(ttl, id string, q *api.WriteOptions, done <-chan struct{}) error
	Acquire(p *api.KVPair) (bool, error)
}

type wrappedClient struct{ c *api.Client }

func (w *wrappedClient) RenewPeriodic(ttl, id string, q *api.WriteOptions, done <-chan struct{}) error {
	return w.c.Session().RenewPeriodic(ttl, id, q, done)
}

func (w *wrappedClient) Acquire(p *api.KVPair) (bool, error) {
	ok, _, err := w.c.KV().Acquire(p, nil)
	return ok, err
}

// A test double in the same package renews nothing.
type fakeClient struct{}

func (fakeClient) RenewPeriodic(ttl, id string, q *api.WriteOptions, done <-chan struct{}) error {
	return nil
}

func (fakeClient) Acquire(p *api.KVPair) (bool, error) { return true, nil }

type controller struct{ client sessionClient }

// The wrapper's error thrown away by the go statement: nobody learns that
// the session is gone.
func (c *controller) keepSession(id string, done chan struct{}) {
	go c.client.RenewPeriodic("15s", id, nil, done) // want `c.client.RenewPeriodic renews a lock session \(it returns the error of api Session.RenewPeriodic, at wrapper.go:19, in consul.wrappedClient.RenewPeriodic\) .* its error is thrown away by the go statement`
}

// Only logged, as a statement of its own goroutine.
func (c *controller) keepSessionLogged(id string, done chan struct{}) {
	go func() {
		if err := c.client.RenewPeriodic("15s", id, nil, done); err != nil { // want `renews a lock session .* its error is only logged`
			log.Printf("session renewal ended: %v", err)
		}
	}()
}

// Look-alike: the error goes to the work, which stops on it.
func (c *controller) keepSessionReported(id string, done chan struct{}) <-chan error {
	errc := make(chan error, 1)
	go func() { errc <- c.client.RenewPeriodic("15s", id, nil, done) }()
	return errc
}

// Suppressed.
func (c *controller) keepSessionSuppressed(id string, done chan struct{}) {
	//lint:ignore FC5002 the process is restarted by its supervisor when the session ends
	go c.client.RenewPeriodic("15s", id, nil, done)
}
