// Package routing: a leader check that decides where a request runs (its
// other branch forwards or redirects the request to the leader, or refuses
// it with a "not leader" error the client retries against the leader) is
// routing, not a check meant to protect the write. A check whose other
// branch only returns is still check-then-act.
package routing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
)

var (
	ErrNotLeader = errors.New("this node is not the leader")
	errClosed    = errors.New("closed")
)

type node struct {
	leader bool
	db     *sql.DB
}

func (n *node) IsLeader() bool { return n.leader }

func (n *node) forwardToLeader(ctx context.Context, id int64) error { return nil }

func (n *node) leaderAddr() string { return "leader:8080" }

// Forwarded when not the leader: silent.
func (n *node) apply(ctx context.Context, id int64) error {
	if !n.IsLeader() {
		return n.forwardToLeader(ctx, id)
	}
	_, err := n.db.ExecContext(ctx, `UPDATE items SET state = 'applied' WHERE id = $1`, id)
	return err
}

// Refused with "not leader": the client retries against the leader.
func (n *node) applyOrRefuse(ctx context.Context, id int64) error {
	if !n.IsLeader() {
		return ErrNotLeader
	}
	_, err := n.db.ExecContext(ctx, `UPDATE items SET state = 'applied' WHERE id = $1`, id)
	return err
}

// The same, worded in the error made on the spot.
func (n *node) applyOrError(ctx context.Context, id int64) error {
	if n.IsLeader() {
		_, err := n.db.ExecContext(ctx, `UPDATE items SET state = 'applied' WHERE id = $1`, id)
		return err
	}
	return fmt.Errorf("node is not the leader (leader: %s)", n.leaderAddr())
}

// An HTTP handler redirecting followers to the leader.
func (n *node) serve(w http.ResponseWriter, r *http.Request) {
	if !n.IsLeader() {
		http.Redirect(w, r, "http://"+n.leaderAddr()+r.URL.Path, http.StatusTemporaryRedirect)
		return
	}
	n.db.ExecContext(r.Context(), `UPDATE items SET state = 'applied' WHERE id = 1`)
}

// Look-alikes that still report: the other branch skips the work, or
// returns an error that says nothing about the leader.
func (n *node) reconcile(ctx context.Context) error {
	if !n.IsLeader() {
		return nil
	}
	_, err := n.db.ExecContext(ctx, `UPDATE items SET state = 'swept'`) // want `UPDATE items .* runs only after IsLeader`
	return err
}

func (n *node) reconcileOrFail(ctx context.Context) error {
	if !n.IsLeader() {
		return errClosed
	}
	_, err := n.db.ExecContext(ctx, `UPDATE items SET state = 'swept'`) // want `UPDATE items .* runs only after IsLeader`
	return err
}

func (n *node) suppressed(ctx context.Context) {
	if !n.IsLeader() {
		return
	}
	n.db.ExecContext(ctx, `UPDATE items SET state = 'swept'`) //lint:ignore FC2001 every leader writes the same state
}

// A role check of a caller: the not-held branch refuses the user a right,
// so the check asks whether uid leads the group, not whether this process
// holds a lease. Silent.
type members struct{ db *sql.DB }

var ErrPermissionDenied = errors.New("no access to the resource")

func (m *members) IsLeader(ctx context.Context, group, uid int) bool { return false }

func (m *members) rename(ctx context.Context, group, uid int, name string) error {
	if !m.IsLeader(ctx, group, uid) {
		return ErrPermissionDenied
	}
	_, err := m.db.ExecContext(ctx, `UPDATE groups SET name = $1 WHERE id = $2`, name, group)
	return err
}

func (m *members) dissolve(ctx context.Context, group, uid int) error {
	if !m.IsLeader(ctx, group, uid) {
		return errors.New("forbidden")
	}
	_, err := m.db.ExecContext(ctx, `DELETE FROM groups WHERE id = $1`, group)
	return err
}

// A refusal that names the lease is the check protecting the write.
func (n *node) sweepOrRefuse(ctx context.Context) error {
	if !n.IsLeader() {
		return errors.New("lease denied")
	}
	_, err := n.db.ExecContext(ctx, `UPDATE items SET state = 'swept'`) // want `UPDATE items .* runs only after IsLeader`
	return err
}
