// Package leaseflag: a scheduler keeps its lease's verdict in a field that
// its renewal loop sets and clears; the work asks the field, not the lease.
package leaseflag

import (
	"context"
	"database/sql"
	"sync"
)

type store interface {
	TryAcquireSchedulerLease(ctx context.Context, holder string) (bool, error)
}

type Scheduler struct {
	mu                  sync.RWMutex
	schedulerLeadership bool
	db                  *sql.DB
	leases              store
	id                  string
}

func (s *Scheduler) refresh(ctx context.Context) {
	acquired, err := s.leases.TryAcquireSchedulerLease(ctx, s.id)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil || !acquired {
		s.schedulerLeadership = false
		return
	}
	s.schedulerLeadership = true
}

func (s *Scheduler) runTask(ctx context.Context, id int64) {
	s.mu.RLock()
	isLeader := s.schedulerLeadership
	s.mu.RUnlock()
	if !isLeader {
		return
	}
	s.db.ExecContext(ctx, `UPDATE tasks SET last_run = now() WHERE id = $1`, id) // want `UPDATE tasks .* runs only after the flag schedulerLeadership at leaseflag.go:36 said this process holds the lease`
}

// In a closure handed to a scheduler library.
func (s *Scheduler) register(ctx context.Context, add func(func()), id int64) {
	add(func() {
		if !s.schedulerLeadership {
			return
		}
		s.db.ExecContext(ctx, `UPDATE tasks SET runs = runs + 1 WHERE id = $1`, id) // want `UPDATE tasks .* runs only after the flag schedulerLeadership`
	})
}

// The lease record's own renewal and release, filtered by the holder:
// the lease's protocol, not a write the flag guards.
func (s *Scheduler) renew(ctx context.Context) {
	if s.schedulerLeadership {
		s.db.ExecContext(ctx, `UPDATE scheduler_lease SET expires_at = now() + interval '1 minute' WHERE holder_id = $1`, s.id)
	}
}

func (s *Scheduler) release(ctx context.Context) {
	if !s.schedulerLeadership {
		return
	}
	s.db.ExecContext(ctx, `DELETE FROM scheduler_lease WHERE leader_id = $1`, s.id)
}

// Suppressed.
func (s *Scheduler) quiet(ctx context.Context, id int64) {
	if s.schedulerLeadership {
		//lint:ignore FC2001 last_seen is advisory
		s.db.ExecContext(ctx, `UPDATE tasks SET last_seen = now() WHERE id = $1`, id)
	}
}

// A leader flag set from configuration, never by an acquisition: not a
// lease's verdict.
type Node struct {
	leader bool
	db     *sql.DB
}

func (n *Node) configure(primary bool) {
	if primary {
		n.leader = true
	} else {
		n.leader = false
	}
}

func (n *Node) work(ctx context.Context) {
	if n.leader {
		n.db.ExecContext(ctx, `UPDATE settings SET v = 1 WHERE k = 'x'`)
	}
}

// A flag named for something else.
type Worker struct {
	enabled bool
	db      *sql.DB
	leases  store
}

func (w *Worker) start(ctx context.Context) {
	if ok, _ := w.leases.TryAcquireSchedulerLease(ctx, "w"); ok {
		w.enabled = true
	} else {
		w.enabled = false
	}
}

func (w *Worker) work(ctx context.Context) {
	if w.enabled {
		w.db.ExecContext(ctx, `UPDATE settings SET v = 2 WHERE k = 'y'`)
	}
}
