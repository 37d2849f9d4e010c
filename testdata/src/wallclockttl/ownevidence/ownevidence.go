// Package ownevidence claims tracker issues with a lease kept in one of
// the issue's fields (written by the claiming instance as RFC 3339 text)
// and keeps a task lease in a database row. The same package compares
// many other instants with a `now` its callers pass in (cooldowns, gate
// timeouts), and stores the lease text into the issue's shared field map:
// a flow-insensitive labelling would give every instant of the package
// the lease's labels. Evidence is read from each compared value instead.
package ownevidence

import (
	"context"
	"database/sql"
	"time"
)

type Issue struct {
	ID       string
	Fields   map[string]string
	ParkedAt time.Time
	StageAt  time.Time
}

type Config struct {
	LeaseField   string
	LeaseTTL     time.Duration
	Cooldown     time.Duration
	GateWaitTime time.Duration
}

type Orchestrator struct {
	cfg Config
	db  *sql.DB
}

func parseClaimTime(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

func (o *Orchestrator) issueLease(issue Issue) time.Time {
	return parseClaimTime(issue.Fields[o.cfg.LeaseField])
}

func (o *Orchestrator) leaseExpiresAt(lease time.Time) time.Time {
	return lease.Add(o.cfg.LeaseTTL)
}

// leaseStale judges another instance's lease, written with its clock, by
// this one's: the takeover below follows its verdict.
func (o *Orchestrator) leaseStale(lease, now time.Time) bool {
	expires := o.leaseExpiresAt(lease)
	return !now.Before(expires) // want `now.Before\(expires\). decides lease expiry by comparing a parsed timestamp \(time.Parse\) with this host.s clock \(now \(a parameter`
}

func (o *Orchestrator) claim(ctx context.Context, issue Issue, me string, now time.Time) error {
	if !o.leaseStale(o.issueLease(issue), now) {
		return nil
	}
	issue.Fields[o.cfg.LeaseField] = now.UTC().Format(time.RFC3339Nano)
	_, err := o.db.ExecContext(ctx, `UPDATE issues SET owner = $1 WHERE id = $2`, me, issue.ID)
	return err
}

// Silent: a cooldown of the issue's own, compared with the same now; the
// issue's fields also hold the lease's text, which says nothing of
// ParkedAt.
func (o *Orchestrator) unpark(ctx context.Context, issue Issue, now time.Time) error {
	parked := parseClaimTime(issue.Fields["parked"])
	if now.Before(parked.Add(o.cfg.Cooldown)) {
		return nil
	}
	_, err := o.db.ExecContext(ctx, `UPDATE issues SET parked = false WHERE id = $1`, issue.ID)
	return err
}

// Silent: a gate timeout on a stage time, deciding a write.
func (o *Orchestrator) promote(ctx context.Context, issue Issue, now time.Time) error {
	if now.Before(issue.StageAt.Add(o.cfg.GateWaitTime)) {
		return nil
	}
	_, err := o.db.ExecContext(ctx, `UPDATE issues SET stage = 'merge' WHERE id = $1`, issue.ID)
	return err
}

// Silent: a parked time compared with the issue's stage time.
func (o *Orchestrator) restage(ctx context.Context, issue Issue) error {
	issue.StageAt = o.leaseExpiresAt(issue.ParkedAt)
	if issue.ParkedAt.Before(issue.StageAt) {
		return nil
	}
	_, err := o.db.ExecContext(ctx, `UPDATE issues SET stage = 'parked' WHERE id = $1`, issue.ID)
	return err
}

type Task struct {
	ID         string
	Receipt    string
	LeasedAt   *time.Time
	LeaseUntil *time.Time
	CreatedAt  time.Time
}

type scanner interface{ Scan(dest ...any) error }

// scanTask scans a task row through a slice of destinations: the lease's
// expiry, written by the worker that took the task with its clock, is
// scanned into LeaseUntil.
func scanTask(s scanner) (*Task, error) {
	var task Task
	var leaseUntil sql.NullTime
	dest := make([]any, 0, 4)
	dest = append(dest, &task.ID, &task.Receipt, &leaseUntil, &task.CreatedAt)
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	if leaseUntil.Valid {
		t := leaseUntil.Time.UTC()
		task.LeaseUntil = &t
	}
	return &task, nil
}

// Retry requeues a task whose lease it still believes live, by this
// host's clock against the worker's.
func Retry(ctx context.Context, db *sql.DB, id, receipt string) error {
	now := time.Now().UTC()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	task, err := scanTask(tx.QueryRowContext(ctx, `SELECT id, receipt, lease_until, created_at FROM tasks WHERE id = $1 FOR UPDATE`, id))
	if err != nil {
		return err
	}
	if task.Receipt != receipt || task.LeaseUntil == nil || !task.LeaseUntil.After(now) { // want `task.LeaseUntil.After\(now\). decides lease expiry by comparing leaseUntil scanned from the database`
		return sql.ErrNoRows
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tasks SET receipt = NULL, lease_until = NULL WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

// Silent: the row's creation time, scanned the same way, for a retention
// decision: no lease in its name or its record's.
func Expire(ctx context.Context, db *sql.DB, id string) error {
	task, err := scanTask(db.QueryRowContext(ctx, `SELECT id, receipt, lease_until, created_at FROM tasks WHERE id = $1`, id))
	if err != nil {
		return err
	}
	if time.Since(task.CreatedAt) < 30*24*time.Hour {
		return nil
	}
	_, err = db.ExecContext(ctx, `DELETE FROM tasks WHERE id = $1`, id)
	return err
}
