// Package checkwrapper asks whether it leads through a function of its
// own that returns an elector's IsLeader() verdict under another name
// (canRunAsLeader), or true where no elector is configured. Its callers
// branch on it as on IsLeader: a write it lets through is check-then-act.
// A bool function that answers something else (a feature flag, a clock)
// is no lease check.
package checkwrapper

import (
	"context"
	"database/sql"
	"time"
)

type leader interface {
	IsLeader() bool
}

type scheduler struct {
	leader  leader
	enabled bool
	db      *sql.DB
}

func (s *scheduler) canRunAsLeader() bool {
	if s.leader == nil {
		return true // single-node mode
	}
	return s.leader.IsLeader()
}

// mayRun wraps the wrapper.
func (s *scheduler) mayRun() bool { return s.canRunAsLeader() }

// due answers no lease question.
func (s *scheduler) due() bool { return s.enabled && time.Now().Hour() > 2 }

func (s *scheduler) tick(ctx context.Context, id int64) error {
	if !s.canRunAsLeader() {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `UPDATE runs SET state = 'started' WHERE id = $1`, id) // want `UPDATE runs .* runs only after canRunAsLeader at checkwrapper.go:39`
	return err
}

func (s *scheduler) tickTwice(ctx context.Context, id int64) error {
	if !s.mayRun() {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `UPDATE runs SET state = 'again' WHERE id = $1`, id) // want `UPDATE runs .* runs only after mayRun at checkwrapper.go:47`
	return err
}

func (s *scheduler) tickDue(ctx context.Context, id int64) error {
	if !s.due() {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `UPDATE runs SET state = 'due' WHERE id = $1`, id)
	return err
}

func (s *scheduler) tickSuppressed(ctx context.Context, id int64) error {
	if !s.canRunAsLeader() {
		return nil
	}
	//lint:ignore FC2001 runs are keyed by the leader's term in the table's trigger
	_, err := s.db.ExecContext(ctx, `UPDATE runs SET state = 'kept' WHERE id = $1`, id)
	return err
}
