package model

const gocron = "github.com/go-co-op/gocron/v2"
const gocron1 = "github.com/go-co-op/gocron"

const gocronFence = "gocron's Locker and Elector issue no fencing token; "

// schedulersLibrary are job schedulers that run tasks under a distributed lock
// (gocron v1 and v2 with a Locker or an Elector). The published lockers
// and electors (gocron-redis-lock, gocron-etcd-elector, ...) plug into the
// same options, so the task is a section whichever one is used; gocron's
// Lock interface has only Unlock, so none hands a token to the task.
//
// Job queues (river, asynq, gue, ...) lease a job to one worker, but the
// lease is no API the worker's code calls: river rescues a job stuck past
// RescueStuckJobsAfter and asynq re-queues one whose lease expired, with no
// token handed to the worker. They are not modelled (docs/design.md).
var schedulersLibrary = Library{
	Name:    "schedulers",
	Modules: []string{gocron, gocron1},
	Tasks: []TaskLock{
		{
			Lock: &Lock{Lib: "gocron distributed lock", Fence: Fence{None: gocronFence + noFenceRedisTail}},
			Options: []Func{{gocron, "", "WithDistributedLocker"}, {gocron, "", "WithDistributedElector"},
				{gocron, "", "WithDistributedJobLocker"}},
			Task: Func{gocron, "", "NewTask"},
		},
		{
			// v1: s.WithDistributedLocker(l); s.Every(1).Minute().Do(task).
			Lock:    &Lock{Lib: "gocron distributed lock", Fence: Fence{None: gocronFence + noFenceRedisTail}},
			Options: []Func{{gocron1, "Scheduler", "WithDistributedLocker"}, {gocron1, "Scheduler", "WithDistributedElector"}},
			Task:    Func{gocron1, "Scheduler", "Do"},
		},
	},
	Validity: []Func{{gocron, "Elector", "IsLeader"}, {gocron1, "Elector", "IsLeader"}},
}
