package gocron

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
)

var (
	ErrWithDistributedElectorNil   = errors.New("gocron: WithDistributedElector: elector must not be nil")
	ErrWithDistributedLockerNil    = errors.New("gocron: WithDistributedLocker: locker must not be nil")
	ErrWithDistributedJobLockerNil = errors.New("gocron: WithDistributedJobLocker: locker must not be nil")
)

// Elector determines the leader from instances asking to be the leader. Only
// the leader runs jobs. If the leader goes down, a new leader will be elected.
type Elector interface {
	IsLeader(context.Context) error
}

// Locker represents the required interface to lock jobs when running multiple schedulers.
type Locker interface {
	Lock(ctx context.Context, key string) (Lock, error)
}

// Lock represents an obtained lock.
type Lock interface {
	Unlock(ctx context.Context) error
}

// Logger is the interface that wraps the basic logging methods used by gocron.
type Logger interface {
	Debug(msg string, args ...any)
	Error(msg string, args ...any)
	Info(msg string, args ...any)
	Warn(msg string, args ...any)
}

type scheduler struct {
	elector Elector
	locker  Locker
}

type internalJob struct {
	name   string
	locker Locker
}

// Scheduler defines the interface for the Scheduler.
type Scheduler interface {
	Jobs() []Job
	NewJob(JobDefinition, Task, ...JobOption) (Job, error)
	RemoveByTags(...string)
	RemoveJob(uuid.UUID) error
	Shutdown() error
	ShutdownWithContext(context.Context) error
	Start()
	StopJobs() error
	StopJobsWithContext(context.Context) error
	Update(uuid.UUID, JobDefinition, Task, ...JobOption) (Job, error)
	JobsWaitingInQueue() int
}

// SchedulerOption defines the function for setting options on the Scheduler.
type SchedulerOption func(*scheduler) error

func NewScheduler(options ...SchedulerOption) (Scheduler, error) { return nil, nil }

func WithDistributedElector(elector Elector) SchedulerOption {
	return func(s *scheduler) error { s.elector = elector; return nil }
}

func WithDistributedLocker(locker Locker) SchedulerOption {
	return func(s *scheduler) error { s.locker = locker; return nil }
}

func WithLocation(location *time.Location) SchedulerOption {
	return func(*scheduler) error { return nil }
}
func WithLogger(logger Logger) SchedulerOption { return func(*scheduler) error { return nil } }

type task struct {
	function   any
	parameters []any
}

// Task defines a function that returns the task function and parameters.
type Task func() task

func NewTask(function any, parameters ...any) Task {
	return func() task { return task{function: function, parameters: parameters} }
}

// JobDefinition defines the interface that must be
// implemented to create a job from the definition.
type JobDefinition interface {
	setup(j *internalJob, l *time.Location, now time.Time) error
}

type durationJobDefinition struct{ duration time.Duration }

func (d durationJobDefinition) setup(*internalJob, *time.Location, time.Time) error { return nil }

type cronJobDefinition struct{ crontab string }

func (c cronJobDefinition) setup(*internalJob, *time.Location, time.Time) error { return nil }

func DurationJob(duration time.Duration) JobDefinition {
	return durationJobDefinition{duration: duration}
}
func CronJob(crontab string, withSeconds bool) JobDefinition {
	return cronJobDefinition{crontab: crontab}
}

// JobOption defines the constructor for job options.
type JobOption func(*internalJob, time.Time) error

func WithDistributedJobLocker(locker Locker) JobOption {
	return func(j *internalJob, _ time.Time) error { j.locker = locker; return nil }
}
func WithDisabledDistributedJobLocker(disabled bool) JobOption {
	return func(j *internalJob, _ time.Time) error { return nil }
}
func WithName(name string) JobOption {
	return func(j *internalJob, _ time.Time) error { j.name = name; return nil }
}
func WithTags(tags ...string) JobOption {
	return func(j *internalJob, _ time.Time) error { return nil }
}

// Job provides the available methods on the job (subset).
type Job interface {
	ID() uuid.UUID
	LastRun() (time.Time, error)
	Name() string
	NextRun() (time.Time, error)
	RunNow() error
	Tags() []string
}
