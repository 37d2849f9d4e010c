package model

const gocron = "github.com/go-co-op/gocron/v2"

// Schedulers are job schedulers that run tasks under a distributed lock
// (gocron with a Locker or an Elector).
var Schedulers = Library{
	Name:    "schedulers",
	Modules: []string{gocron},
	Tasks: []TaskLock{
		{
			Lock: &Lock{Lib: "gocron distributed lock", Fence: Fence{None: "gocron's Locker and Elector issue no fencing token; " + noFenceRedisTail}},
			Options: []Func{{gocron, "", "WithDistributedLocker"}, {gocron, "", "WithDistributedElector"},
				{gocron, "", "WithDistributedJobLocker"}},
			Task: Func{gocron, "", "NewTask"},
		},
	},
	Validity: []Func{{gocron, "Elector", "IsLeader"}},
}
