package leaderelection

import (
	"context"
	"net/http"
	"time"

	rl "k8s.io/client-go/tools/leaderelection/resourcelock"
)

const (
	JitterFactor = 1.2
)

// NewLeaderElector creates a LeaderElector from a LeaderElectionConfig
func NewLeaderElector(lec LeaderElectionConfig) (*LeaderElector, error) {
	return &LeaderElector{config: lec}, nil
}

type LeaderElectionConfig struct {
	Lock rl.Interface

	LeaseDuration time.Duration
	RenewDeadline time.Duration
	RetryPeriod   time.Duration

	Callbacks LeaderCallbacks

	WatchDog *HealthzAdaptor

	ReleaseOnCancel bool

	Name string

	Coordinated bool
}

type LeaderCallbacks struct {
	// OnStartedLeading is called when a LeaderElector client starts leading
	OnStartedLeading func(context.Context)
	// OnStoppedLeading is called when a LeaderElector client stops leading.
	OnStoppedLeading func()
	// OnNewLeader is called when the client observes a leader that is
	// not the previously observed leader.
	OnNewLeader func(identity string)
}

// LeaderElector is a leader election client.
type LeaderElector struct {
	config         LeaderElectionConfig
	observedRecord rl.LeaderElectionRecord
	observedTime   time.Time
}

func (le *LeaderElector) Run(ctx context.Context)                            {}
func RunOrDie(ctx context.Context, lec LeaderElectionConfig)                 {}
func (le *LeaderElector) GetLeader() string                                  { return le.observedRecord.HolderIdentity }
func (le *LeaderElector) IsLeader() bool                                     { return false }
func (le *LeaderElector) Check(maxTolerableExpiredLease time.Duration) error { return nil }

// HealthzAdaptor associates the /healthz endpoint with the LeaderElection object.
type HealthzAdaptor struct {
	le      *LeaderElector
	timeout time.Duration
}

func (l *HealthzAdaptor) Name() string                        { return "leaderElection" }
func (l *HealthzAdaptor) Check(req *http.Request) error       { return nil }
func (l *HealthzAdaptor) SetLeaderElection(le *LeaderElector) { l.le = le }
func NewLeaderHealthzAdaptor(timeout time.Duration) *HealthzAdaptor {
	return &HealthzAdaptor{timeout: timeout}
}
