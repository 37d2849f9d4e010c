package leasegen

import (
	"context"
	"log/slog"
)

// Hand-written code of the generated package calling the generated :exec
// heartbeat: reported here.
func (q *Queries) HeartbeatAll(ctx context.Context, ids []int64, worker int64) {
	if err := q.WorkQueueHeartbeat(ctx, WorkQueueHeartbeatParams{Ids: ids, WorkerID: worker}); err != nil { // want `q.WorkQueueHeartbeat renews a lease \(UPDATE work_queue SET heartbeated_at ... WHERE ... claimed_by = \$2, at work_queue.sql.go:\d+\), but that generated code throws the rows affected away`
		slog.Error("heartbeat", "error", err)
	}
}
