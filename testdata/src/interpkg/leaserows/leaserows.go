// Package leaserows is a store of leases kept as rows, one per grant:
// IsLocked counts the leases still in force, Acquire inserts one.
package leaserows

import (
	"database/sql"
	"time"
)

type Store struct{ db *sql.DB }

func (s *Store) IsLocked(action string) (bool, error) {
	var n int
	err := s.db.QueryRow(`SELECT COUNT(*) FROM leases WHERE action_id = ? AND status = 'active' AND expires_at > ?`, action, time.Now()).Scan(&n)
	return n > 0, err
}

func (s *Store) Acquire(action, agent string, until time.Time) error {
	_, err := s.db.Exec(`INSERT INTO leases (action_id, agent_id, expires_at, status) VALUES (?, ?, ?, 'active')`, action, agent, until)
	return err
}

// AcquireOnce gives way to a live lease already there.
func (s *Store) AcquireOnce(action, agent string, until time.Time) error {
	_, err := s.db.Exec(`INSERT INTO leases (action_id, agent_id, expires_at, status) VALUES (?, ?, ?, 'active') ON CONFLICT (action_id) DO NOTHING`, action, agent, until)
	return err
}
