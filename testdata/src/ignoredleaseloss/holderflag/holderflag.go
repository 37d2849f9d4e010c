// Package holderflag caches leadership in a field that the jobs read: a
// failed renewal must clear it on every path.
package holderflag

import (
	"errors"
	"log"
	"sync/atomic"
	"time"
)

type Store interface {
	CompareAndSwap(key string, old, new int64) (bool, error)
	LeaderAlive(key string) (bool, error)
}

type elector struct {
	key      string
	store    Store
	version  int64
	isLeader bool
}

func (e *elector) renewLease() (bool, error) {
	old := e.version
	e.version++
	return e.store.CompareAndSwap(e.key, old, e.version)
}

// The failed renewal falls through to the follower's checks, and one of
// their error paths returns with isLeader still true.
func (e *elector) tick() {
	if e.isLeader {
		ok, err := e.renewLease() // want `when this lease renewal \(e.renewLease\) fails, isLeader, which says this process holds the lease \(set at holderflag.go:\d+\), can stay set: the failure path through holderflag.go:\d+ returns at holderflag.go:\d+ .* IsLeader \(at holderflag.go:\d+\)`
		if err == nil && ok {
			return
		}
		if err != nil {
			log.Printf("renewal failed, stepping down: %v", err)
		}
	}
	alive, err := e.store.LeaderAlive(e.key)
	if err != nil {
		log.Printf("cannot read the leader: %v", err)
		return
	}
	if alive {
		e.isLeader = false
		return
	}
	e.isLeader = true
}

// IsLeader gates the jobs.
func (e *elector) IsLeader() bool { return e.isLeader }

func (e *elector) runJobs(job func()) {
	for range time.Tick(time.Minute) {
		if e.IsLeader() {
			job()
		}
	}
}

type clearing struct {
	store    Store
	version  int64
	isLeader atomic.Bool
}

func (c *clearing) heartbeat() (bool, error) {
	return c.store.CompareAndSwap("k", c.version, c.version+1)
}

func (c *clearing) stepDown() { c.isLeader.Store(false) }

// Look-alike: every failure path steps down.
func (c *clearing) tick() {
	if c.isLeader.Load() {
		ok, err := c.heartbeat()
		if err != nil || !ok {
			log.Printf("lost leadership: %v", err)
			c.stepDown()
			return
		}
		return
	}
	if ok, _ := c.store.CompareAndSwap("k", 0, 1); ok {
		c.isLeader.Store(true)
	}
}

func (c *clearing) Leader() bool { return c.isLeader.Load() }

type graceful struct {
	store     Store
	renewedAt time.Time
	ttl       time.Duration
	isLeader  bool
}

func (g *graceful) renew() error {
	_, err := g.store.CompareAndSwap("k", 1, 1)
	return err
}

// Look-alike: a failed renewal is retried while the lease can still be
// valid, and the flag is cleared once it cannot.
func (g *graceful) tick() {
	if !g.isLeader {
		g.isLeader = true
		return
	}
	if err := g.renew(); err != nil {
		if time.Since(g.renewedAt) > g.ttl {
			g.isLeader = false
		}
		return
	}
	g.renewedAt = time.Now()
}

func (g *graceful) Leader() bool { return g.isLeader }

type handing struct {
	store    Store
	isLeader bool
}

func (h *handing) keepalive() error {
	_, err := h.store.CompareAndSwap("k", 1, 1)
	return err
}

var errLost = errors.New("lease lost")

// Look-alike: the failure is returned to the caller, which stops the work.
func (h *handing) step() error {
	if h.isLeader {
		if err := h.keepalive(); err != nil {
			return errLost
		}
		return nil
	}
	h.isLeader = true
	return nil
}

func (h *handing) Leader() bool { return h.isLeader }

type private struct {
	store    Store
	isLeader bool
}

func (p *private) renewLease() error {
	_, err := p.store.CompareAndSwap("k", 1, 1)
	return err
}

// Look-alike: nothing but this method reads the flag; no work is gated by it.
func (p *private) tick() {
	if p.isLeader {
		if err := p.renewLease(); err != nil {
			log.Printf("renewal failed: %v", err)
		}
		return
	}
	p.isLeader = true
}

type suppressed struct {
	store    Store
	isLeader bool
}

func (s *suppressed) renewLease() error {
	_, err := s.store.CompareAndSwap("k", 1, 1)
	return err
}

func (s *suppressed) tick() {
	if s.isLeader {
		//lint:ignore FC5002 the jobs are idempotent and re-check the row
		if err := s.renewLease(); err != nil {
			log.Printf("renewal failed: %v", err)
		}
		return
	}
	s.isLeader = true
}

func (s *suppressed) Leader() bool { return s.isLeader }

type counting struct {
	store    Store
	failures int
	isLeader bool
}

func (c *counting) renewLease() error {
	_, err := c.store.CompareAndSwap("k", 1, 1)
	return err
}

// Look-alike: the flag is kept for a bounded number of failed renewals
// (a grace period shorter than the lease), then cleared.
func (c *counting) tick() {
	if !c.isLeader {
		c.isLeader = true
		return
	}
	if err := c.renewLease(); err != nil {
		c.failures++
		if c.failures > 2 {
			c.isLeader = false
		}
		return
	}
	c.failures = 0
}

func (c *counting) Leader() bool { return c.isLeader }

type Conn interface{ TryAdvisoryLock(id int64) bool }

type scheduler struct {
	conn     Conn
	isLeader bool
}

// The lock is re-asked every round, but a failed round never clears the
// flag the jobs read.
func (s *scheduler) campaign() {
	go func() {
		for {
			if s.conn.TryAdvisoryLock(42) { // want `when this claim \(s.conn.TryAdvisoryLock\) succeeds, isLeader is set \(at holderflag.go:\d+\), but nothing clears it: .* RunEvery \(at holderflag.go:\d+\)`
				s.isLeader = true
			}
			time.Sleep(30 * time.Second)
		}
	}()
}

func (s *scheduler) RunEvery(job func()) {
	for range time.Tick(time.Minute) {
		if s.isLeader {
			job()
		}
	}
}

type stepping struct {
	conn     Conn
	isLeader bool
}

// Look-alike: a failed round clears the flag.
func (s *stepping) campaign() {
	for {
		s.isLeader = s.conn.TryAdvisoryLock(42)
		if s.conn.TryAdvisoryLock(42) {
			s.isLeader = true
		} else {
			s.isLeader = false
		}
		time.Sleep(30 * time.Second)
	}
}

func (s *stepping) RunEvery(job func()) {
	if s.isLeader {
		job()
	}
}
