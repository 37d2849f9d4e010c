package consulkv

import "github.com/hashicorp/consul/api"

// sessions is the application's own view of the Consul client.
type sessions interface {
	RenewPeriodic(ttl, id string, q *api.WriteOptions, done <-chan struct{}) error
}

type consulSessions struct{ c *api.Client }

func (s consulSessions) RenewPeriodic(ttl, id string, q *api.WriteOptions, done <-chan struct{}) error {
	return s.c.Session().RenewPeriodic(ttl, id, q, done)
}

// KeepSession renews the lock's session in the background and drops the
// error that says the session (and the lock) is gone.
func KeepSession(s sessions, id string, done <-chan struct{}) {
	go s.RenewPeriodic("15s", id, nil, done) // want "FC5002"
}

// KeepSessionReported hands the error to whoever stops the work.
func KeepSessionReported(s sessions, id string, done <-chan struct{}) <-chan error {
	errc := make(chan error, 1)
	go func() { errc <- s.RenewPeriodic("15s", id, nil, done) }()
	return errc
}

var _ sessions = consulSessions{}
