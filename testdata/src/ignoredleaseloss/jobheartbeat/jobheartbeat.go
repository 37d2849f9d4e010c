// Package jobheartbeat runs jobs claimed from a queue with a visibility
// timeout and heartbeats each job's claim while its handler runs.
package jobheartbeat

import (
	"context"
	"log/slog"
	"time"
)

type QueuedJob struct {
	ID   string
	Kind string
}

// JobQueue hands a job to one worker until its claim runs out.
type JobQueue interface {
	Claim(ctx context.Context, visibility time.Duration, kinds ...string) (*QueuedJob, error)
	Heartbeat(ctx context.Context, id string, extend time.Duration) error
	Complete(ctx context.Context, id string) error
}

type Handler interface {
	Handle(ctx context.Context, job QueuedJob) error
}

type Worker struct {
	queue    JobQueue
	handlers map[string]Handler
	log      *slog.Logger
}

func (w *Worker) Run(ctx context.Context) error {
	for {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		job, err := w.queue.Claim(ctx, time.Minute)
		if err != nil {
			w.log.Error("claim failed", "err", err)
			continue
		}
		if job == nil {
			continue
		}
		w.process(ctx, *job)
	}
}

func (w *Worker) process(ctx context.Context, job QueuedJob) {
	h := w.handlers[job.Kind]
	hbCtx, stopHB := context.WithCancel(ctx)
	go w.heartbeat(hbCtx, job.ID)
	err := h.Handle(ctx, job)
	stopHB()
	if err == nil {
		_ = w.queue.Complete(context.Background(), job.ID)
	}
}

func (w *Worker) heartbeat(ctx context.Context, id string) {
	t := time.NewTicker(20 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := w.queue.Heartbeat(context.Background(), id, time.Minute); err != nil { // want `this heartbeat goroutine renews the lease claimed at jobheartbeat.go:\d+ \(Claim\) with w.queue.Heartbeat, but its outcome is only logged .* process goes on working under it \(Handle\)`
				w.log.Warn("heartbeat failed", "job", id, "err", err)
			}
		}
	}
}

// RunTimed claims the same way; its heartbeat gives each renewal its own
// deadline, which tells the work nothing either.
func (w *Worker) RunTimed(ctx context.Context) {
	for ctx.Err() == nil {
		job, err := w.queue.Claim(ctx, time.Minute)
		if err != nil || job == nil {
			continue
		}
		w.processTimed(ctx, *job)
	}
}

func (w *Worker) processTimed(ctx context.Context, job QueuedJob) {
	hbCtx, stopHB := context.WithCancel(ctx)
	defer stopHB()
	go w.timedHeartbeat(hbCtx, job.ID)
	_ = w.handlers[job.Kind].Handle(ctx, job)
}

func (w *Worker) timedHeartbeat(ctx context.Context, id string) {
	for range time.Tick(20 * time.Second) {
		rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := w.queue.Heartbeat(rctx, id, time.Minute) // want `this heartbeat goroutine renews the lease claimed at jobheartbeat.go:\d+ \(Claim\) with w.queue.Heartbeat`
		cancel()
		if err != nil {
			w.log.Warn("heartbeat failed", "job", id, "err", err)
		}
	}
}

// --- must stay silent ---

// RunCancelling: the heartbeat cancels the handler's context when the
// claim cannot be renewed.
func (w *Worker) RunCancelling(ctx context.Context) {
	for ctx.Err() == nil {
		job, err := w.queue.Claim(ctx, time.Minute)
		if err != nil || job == nil {
			continue
		}
		w.processCancelling(ctx, *job)
	}
}

func (w *Worker) processCancelling(ctx context.Context, job QueuedJob) {
	jobCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	go w.cancellingHeartbeat(jobCtx, cancel, job.ID)
	_ = w.handlers[job.Kind].Handle(jobCtx, job)
}

func (w *Worker) cancellingHeartbeat(ctx context.Context, cancel context.CancelFunc, id string) {
	for range time.Tick(20 * time.Second) {
		if err := w.queue.Heartbeat(ctx, id, time.Minute); err != nil {
			w.log.Warn("heartbeat failed, stopping the job", "job", id, "err", err)
			cancel()
			return
		}
	}
}

// Replay runs jobs read from an archive: nothing is claimed, so the
// heartbeat keeps no lease of this worker's.
func (w *Worker) Replay(ctx context.Context, jobs []QueuedJob) {
	for _, job := range jobs {
		w.processReplay(ctx, job)
	}
}

func (w *Worker) processReplay(ctx context.Context, job QueuedJob) {
	hbCtx, stopHB := context.WithCancel(ctx)
	defer stopHB()
	go w.replayHeartbeat(hbCtx, job.ID)
	_ = w.handlers[job.Kind].Handle(ctx, job)
}

func (w *Worker) replayHeartbeat(ctx context.Context, id string) {
	for range time.Tick(20 * time.Second) {
		if err := w.queue.Heartbeat(ctx, id, time.Minute); err != nil {
			w.log.Warn("heartbeat failed", "job", id, "err", err)
		}
	}
}

// RunIdempotent: jobs whose handlers are idempotent, run twice at worst.
func (w *Worker) RunIdempotent(ctx context.Context) {
	for ctx.Err() == nil {
		job, err := w.queue.Claim(ctx, time.Minute)
		if err != nil || job == nil {
			continue
		}
		w.processIdempotent(ctx, *job)
	}
}

func (w *Worker) processIdempotent(ctx context.Context, job QueuedJob) {
	hbCtx, stopHB := context.WithCancel(ctx)
	defer stopHB()
	go w.idempotentHeartbeat(hbCtx, job.ID)
	_ = w.handlers[job.Kind].Handle(ctx, job)
}

func (w *Worker) idempotentHeartbeat(ctx context.Context, id string) {
	for range time.Tick(20 * time.Second) {
		//lint:ignore FC5002 the handlers are idempotent: a second run after a lost claim is harmless
		if err := w.queue.Heartbeat(ctx, id, time.Minute); err != nil {
			w.log.Warn("heartbeat failed", "job", id, "err", err)
		}
	}
}
