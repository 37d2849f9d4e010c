package noacquire

import (
	"context"
	"database/sql"
)

// The check's verdict kept in a flag that is true when there is nothing
// to ask (no de-duplication configured), and acted on much later.
type runner struct {
	el    *elector // nil: every instance renders
	db    *sql.DB
	dirty bool
}

func (r *runner) render(ctx context.Context) error {
	isLeader := true
	if r.el != nil {
		isLeader = r.el.IsLeader()
	}
	if r.dirty {
		return nil
	}
	if r.el != nil && isLeader {
		return r.share(ctx) // want `UPDATE shared .* runs only after IsLeader at flag.go:\d+ said this process holds the lease`
	}
	return nil
}

func (r *runner) share(ctx context.Context) error {
	_, err := r.db.ExecContext(ctx, `UPDATE shared SET data = 'x' WHERE id = 1`)
	return err
}

// A flag merged from two different questions is neither's verdict.
func (r *runner) either(ctx context.Context, other *elector) error {
	var ok bool
	if r.el != nil {
		ok = r.el.IsLeader()
	} else {
		ok = other.IsLocked()
	}
	if ok {
		return r.share(ctx)
	}
	return nil
}

// Suppressed.
func (r *runner) quiet(ctx context.Context) error {
	isLeader := false
	if r.el != nil {
		isLeader = r.el.IsLeader()
	}
	if isLeader {
		//lint:ignore FC2001 the shared data is versioned by its readers
		return r.share(ctx)
	}
	return nil
}
