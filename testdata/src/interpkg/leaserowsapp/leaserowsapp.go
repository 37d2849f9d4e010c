// Package leaserowsapp takes leases through the store of another package:
// counted there, then inserted there, which is a racy claim; the insert
// that gives way to an existing row is the store's decision.
package leaserowsapp

import (
	"errors"
	"time"

	"interpkg/leaserows"
)

var errHeld = errors.New("held")

type Service struct{ leases *leaserows.Store }

func (s *Service) Acquire(action, agent string) error {
	locked, err := s.leases.IsLocked(action)
	if err != nil {
		return err
	}
	if locked {
		return errHeld
	}
	return s.leases.Acquire(action, agent, time.Now().Add(time.Minute)) // want `INSERT into leases creates a lease on what the count of live leases at leaserowsapp.go:18 read`
}

func (s *Service) AcquireOnce(action, agent string) error {
	locked, err := s.leases.IsLocked(action)
	if err != nil || locked {
		return err
	}
	return s.leases.AcquireOnce(action, agent, time.Now().Add(time.Minute))
}
