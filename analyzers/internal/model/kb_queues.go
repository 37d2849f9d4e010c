package model

const asynq = "github.com/hibiken/asynq"

// queuesLibrary is task queues a program enqueues work to. An enqueued
// task cannot carry a fencing token (its handler runs later, on any
// worker), so an enqueue under a lock is an effect a stale holder repeats
// (FC1003) — unless the queue de-duplicates it: asynq rejects a task
// whose TaskID is already queued, running or retained
// (ErrTaskIDConflict), and one enqueued with Unique(ttl) while an
// identical task is still locked for it (ErrDuplicateTask). With either
// option, the stale holder's enqueue coalesces with the first one
// (Sink.Coalescing). The queue's own Redis commands behind Enqueue are
// its protocol, not the caller's effects.
var queuesLibrary = Library{
	Name:    "queues",
	Modules: []string{asynq},
	Sinks: []*Sink{
		{Family: "asynq", Cond: CondUnfenceable, Key: -1, What: "task enqueued with asynq %s",
			Funcs:      []Func{{asynq, "Client", "Enqueue"}, {asynq, "Client", "EnqueueContext"}},
			Coalescing: []Func{{asynq, "", "TaskID"}, {asynq, "", "Unique"}}},
	},
	Internal: []string{asynq + "/internal/rdb"}, // its Redis commands (SADD of the queue set, ...), the protocol behind Enqueue
}
