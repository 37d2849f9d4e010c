// Package idempotent: a leader check guarding a statement that every
// holder applies alike is no check-then-act. REFRESH MATERIALIZED VIEW
// recomputes the view from its tables; a retention delete (constant text,
// rows older than the database's own clock) deletes by one rule on one
// clock. A stale leader repeating either writes what the current one
// would; the check spares the database duplicate work. A delete that
// takes the holder's values is still reported.
package idempotent

import (
	"context"
	"database/sql"
	"time"
)

type elector struct{ leader bool }

func (e *elector) IsLeader() bool { return e.leader }

type cleaner struct {
	el *elector
	db *sql.DB
}

func (c *cleaner) refreshView(ctx context.Context) error {
	if !c.el.IsLeader() {
		return nil
	}
	_, err := c.db.ExecContext(ctx, `REFRESH MATERIALIZED VIEW CONCURRENTLY activity_log_combined_view`)
	return err
}

func (c *cleaner) cleanDeployments(ctx context.Context) error {
	if !c.el.IsLeader() {
		return nil
	}
	_, err := c.db.ExecContext(ctx, `DELETE FROM deployments WHERE team_slug = 'nais-verification' AND created_at < NOW() - '1 week'::INTERVAL`)
	return err
}

// Every arm of the condition selects rows past a time: still retention.
func (c *cleaner) cleanTokens(ctx context.Context) error {
	if !c.el.IsLeader() {
		return nil
	}
	_, err := c.db.ExecContext(ctx, `DELETE FROM reset_tokens WHERE expires_at < now() OR (used = true AND created_at < now() - interval '1 day')`)
	return err
}

// One arm selects rows by state alone: judged as any other delete.
func (c *cleaner) cleanUsed(ctx context.Context) error {
	if !c.el.IsLeader() {
		return nil
	}
	_, err := c.db.ExecContext(ctx, `DELETE FROM reset_tokens WHERE expires_at < now() OR used = true`) // want `DELETE reset_tokens .* runs only after IsLeader`
	return err
}

// The cutoff is this holder's clock reading: reported.
func (c *cleaner) cleanBefore(ctx context.Context) error {
	if !c.el.IsLeader() {
		return nil
	}
	_, err := c.db.ExecContext(ctx, `DELETE FROM deployments WHERE created_at < $1`, time.Now().Add(-7*24*time.Hour)) // want `DELETE deployments .* runs only after IsLeader`
	return err
}

// Rows chosen by id, not by age: reported, here suppressed.
func (c *cleaner) dropOne(ctx context.Context) error {
	if !c.el.IsLeader() {
		return nil
	}
	//lint:ignore FC2001 the row is a fixture re-created on start
	_, err := c.db.ExecContext(ctx, `DELETE FROM deployments WHERE id = 1`)
	return err
}
