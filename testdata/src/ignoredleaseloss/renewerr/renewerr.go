// Package renewerr: callers of an application lock's Renew, whose error
// says the renewal could not be written (its rows affected are dropped
// inside it, reported there). Logging that error and going on lets the
// lease run out under the work.
package renewerr

import (
	"context"
	"log"
	"time"

	"ignoredleaseloss/renewerr/leasedb"
)

type Stage struct{ Run func(context.Context) error }

func Cycle(ctx context.Context, repo *leasedb.Repo, stages []Stage) error {
	lock, err := repo.Acquire(ctx, "pipeline", "me", time.Minute)
	if err != nil {
		return err
	}
	defer lock.Release(context.Background())
	for _, s := range stages {
		if err := lock.Renew(ctx, time.Minute); err != nil { // want `lock.Renew renews a lease .* fails when the renewal could not be written, but its error is only logged`
			log.Printf("could not renew the lock: %v", err)
		}
		if err := s.Run(ctx); err != nil {
			log.Print(err)
		}
	}
	return nil
}

// The error handed to the program's own logging function is only logged.
func CycleLogf(ctx context.Context, repo *leasedb.Repo, stages []Stage) error {
	lock, err := repo.Acquire(ctx, "pipeline", "me", time.Minute)
	if err != nil {
		return err
	}
	defer lock.Release(context.Background())
	for _, s := range stages {
		if err := lock.Renew(ctx, time.Minute); err != nil { // want `lock.Renew renews a lease .* but its error is only logged`
			logf("could not renew the lock: %v", err)
		}
		s.Run(ctx)
	}
	return nil
}

func logf(format string, args ...any) { log.Printf(format, args...) }

// Look-alike: the failed renewal stops the cycle.
func CycleStopping(ctx context.Context, repo *leasedb.Repo, stages []Stage) error {
	lock, err := repo.Acquire(ctx, "pipeline", "me", time.Minute)
	if err != nil {
		return err
	}
	defer lock.Release(context.Background())
	for _, s := range stages {
		if err := lock.Renew(ctx, time.Minute); err != nil {
			return err
		}
		if err := s.Run(ctx); err != nil {
			log.Print(err)
		}
	}
	return nil
}

// Suppressed.
func CycleQuiet(ctx context.Context, repo *leasedb.Repo, stages []Stage) {
	lock, err := repo.Acquire(ctx, "pipeline", "me", time.Minute)
	if err != nil {
		return
	}
	for _, s := range stages {
		//lint:ignore FC5002 each stage is idempotent and fenced by its own row version
		if err := lock.Renew(ctx, time.Minute); err != nil {
			log.Print(err)
		}
		s.Run(ctx)
	}
}

// Look-alike: the program's function that logs the error also keeps it
// where the stages read it.
type Cycler struct{ lastErr error }

func (c *Cycler) note(err error) {
	c.lastErr = err
	log.Print(err)
}

func (c *Cycler) Cycle(ctx context.Context, repo *leasedb.Repo, stages []Stage) error {
	lock, err := repo.Acquire(ctx, "pipeline", "me", time.Minute)
	if err != nil {
		return err
	}
	defer lock.Release(context.Background())
	for _, s := range stages {
		if err := lock.Renew(ctx, time.Minute); err != nil {
			c.note(err)
		}
		s.Run(ctx)
	}
	return nil
}
