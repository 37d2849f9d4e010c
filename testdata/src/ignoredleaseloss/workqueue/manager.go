// Package workqueue heartbeats its claimed items through an interface
// implemented by sqlc code, as lakerunner's internal/workqueue does.
package workqueue

import (
	"context"
	"log/slog"
	"time"

	"ignoredleaseloss/leasegen"
)

// DB is what the manager needs of the database.
type DB interface {
	WorkQueueHeartbeat(ctx context.Context, arg leasegen.WorkQueueHeartbeatParams) error
	WorkQueueExtend(ctx context.Context, id, workerID int64) (int64, error)
	WorkQueueRenew(ctx context.Context, id, workerID int64) (time.Time, error)
	WorkQueueComplete(ctx context.Context, id, workerID int64) error
}

type Manager struct {
	db          DB
	workerID    int64
	acquiredIDs []int64
	cancel      context.CancelFunc
}

func (m *Manager) heartbeat(ctx context.Context) {
	if len(m.acquiredIDs) == 0 {
		return
	}
	err := m.db.WorkQueueHeartbeat(ctx, leasegen.WorkQueueHeartbeatParams{ // want `m.db.WorkQueueHeartbeat renews a lease \(UPDATE work_queue SET heartbeated_at ... WHERE ... claimed_by = \$2, at work_queue.sql.go:\d+, in leasegen.Queries.WorkQueueHeartbeat\), but that generated code throws the rows affected away.*:execrows`
		Ids:      m.acquiredIDs,
		WorkerID: m.workerID,
	})
	if err != nil {
		slog.Error("failed to heartbeat work queue", slog.Any("error", err))
	}
}

func (m *Manager) extend(ctx context.Context, id int64) {
	m.db.WorkQueueExtend(ctx, id, m.workerID) // want `m.db.WorkQueueExtend renews a lease .* and returns how many rows it renewed, 0 when the lease was lost .*, but that count is discarded`
}

func (m *Manager) renew(ctx context.Context, id int64) {
	if _, err := m.db.WorkQueueRenew(ctx, id, m.workerID); err != nil { // want `m.db.WorkQueueRenew renews a lease .* and fails when the lease was lost .*, but its error is only logged`
		slog.Warn("renew failed", "error", err)
	}
}

// --- must stay silent ---

func (m *Manager) extendChecked(ctx context.Context, id int64) {
	if n, err := m.db.WorkQueueExtend(ctx, id, m.workerID); err != nil || n == 0 {
		m.cancel()
	}
}

func (m *Manager) renewChecked(ctx context.Context, id int64) error {
	_, err := m.db.WorkQueueRenew(ctx, id, m.workerID)
	return err
}

func (m *Manager) complete(ctx context.Context, id int64) {
	if err := m.db.WorkQueueComplete(ctx, id, m.workerID); err != nil {
		slog.Error("complete failed", "error", err)
	}
}
