// Package gocron is a test stub of github.com/go-co-op/gocron@v1.37.0, signatures copied from the real source.
package gocron

import (
	"context"
	"time"
)

// Locker represents the required interface to lock jobs when running multiple schedulers.
type Locker interface {
	Lock(ctx context.Context, key string) (Lock, error)
}

// Lock represents an obtained lock.
type Lock interface {
	Unlock(ctx context.Context) error
}

// Elector determines the leader from instances asking to be the leader.
type Elector interface {
	IsLeader(ctx context.Context) error
}

// Scheduler struct stores a list of Jobs and the location of time used by the Scheduler.
type Scheduler struct{}

// Job struct stores the information necessary to run a Job.
type Job struct{}

func NewScheduler(loc *time.Location) *Scheduler                                { return &Scheduler{} }
func (s *Scheduler) Every(interval interface{}) *Scheduler                      { return s }
func (s *Scheduler) Minute() *Scheduler                                         { return s }
func (s *Scheduler) Cron(cronExpression string) *Scheduler                      { return s }
func (s *Scheduler) Do(jobFun interface{}, params ...interface{}) (*Job, error) { return &Job{}, nil }
func (s *Scheduler) WithDistributedLocker(l Locker)                             {}
func (s *Scheduler) WithDistributedElector(e Elector)                           {}
func (s *Scheduler) StartAsync()                                                {}
