// Package methodcallback hands client-go a method value as its
// OnStartedLeading callback: the write its work reaches is reported at the
// first call in the source on the path, not at the method value's
// synthetic wrapper, which has no position.
package methodcallback

import (
	"context"
	"database/sql"

	"k8s.io/client-go/tools/leaderelection"
)

type elector struct{ db *sql.DB }

func (e *elector) startLeading(ctx context.Context) {
	e.take(ctx) // want `UPDATE roles .*under the client-go leader election acquired at`
}

func (e *elector) take(ctx context.Context) {
	e.db.ExecContext(ctx, `UPDATE roles SET leader = $1`, "me")
}

func run(ctx context.Context, e *elector) {
	leaderelection.RunOrDie(ctx, leaderelection.LeaderElectionConfig{
		Callbacks: leaderelection.LeaderCallbacks{OnStartedLeading: e.startLeading},
	})
}
