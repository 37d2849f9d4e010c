// Package leader exercises FC1001 with client-go leader election.
package leader

import (
	"context"
	"database/sql"

	"k8s.io/client-go/tools/leaderelection"
)

type controller struct{ db *sql.DB }

func (c *controller) reconcile(ctx context.Context) {
	c.db.ExecContext(ctx, `UPDATE pods SET phase = 'Running' WHERE name = $1`, "p") // the finding is at the call in the callback
}

func run(ctx context.Context, db *sql.DB, cfg leaderelection.LeaderElectionConfig) {
	c := &controller{db: db}
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) {
			db.ExecContext(ctx, `INSERT INTO events(msg) VALUES ('leading')`) // want `INSERT events .* under the client-go leader election`
			c.reconcile(ctx)                                                  // want `UPDATE pods .*\(reached through this call\)`
		},
		OnStoppedLeading: func() {
			db.ExecContext(context.Background(), `INSERT INTO events(msg) VALUES ('stopped')`)
		},
	}
	leaderelection.RunOrDie(ctx, cfg)
}

// The callback is installed by a helper that takes it as a parameter.
func config(lead func(context.Context)) leaderelection.LeaderElectionConfig {
	return leaderelection.LeaderElectionConfig{
		Callbacks: leaderelection.LeaderCallbacks{OnStartedLeading: lead},
	}
}

func runViaHelper(ctx context.Context, db *sql.DB) {
	leaderelection.RunOrDie(ctx, config(func(ctx context.Context) {
		db.ExecContext(ctx, `DELETE FROM leases WHERE stale`) // want `DELETE leases .* under the client-go leader election`
	}))
}
