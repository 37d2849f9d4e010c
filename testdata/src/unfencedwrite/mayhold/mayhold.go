// Package mayhold: a lock acquired only on some paths (an optional locker)
// is reported after the paths join, with wording that says so.
package mayhold

import (
	"context"
	"database/sql"
	"log"

	"go.etcd.io/etcd/client/v3/concurrency"
)

type executor struct {
	locker *concurrency.Mutex
	db     *sql.DB
}

func (e *executor) write(ctx context.Context) error {
	_, err := e.db.ExecContext(ctx, `UPDATE jobs SET done = true`)
	return err
}

// The optional locker: held after the if only when it was set.
func (e *executor) run(ctx context.Context) error {
	if e.locker != nil {
		if err := e.locker.Lock(ctx); err != nil {
			return err
		}
		defer e.locker.Unlock(ctx)
	}
	_, err := e.db.ExecContext(ctx, `UPDATE jobs SET done = true`) // want `UPDATE jobs .* runs where the etcd lock is only sometimes held \(acquired at mayhold.go:\d+ on some paths only`
	return err
}

// The same, with the work in a method.
func (e *executor) runCall(ctx context.Context, enabled bool) error {
	if enabled {
		if err := e.locker.Lock(ctx); err != nil {
			return err
		}
		defer e.locker.Unlock(ctx)
	}
	//lint:ignore FC1001 jobs rows are idempotent markers
	e.write(ctx)
	return e.write(ctx) // want `UPDATE jobs .*\(reached through this call\) runs where the etcd lock is only sometimes held`
}

// A failed acquisition that carries on, joined by the path that never
// tried: only sometimes held (this was reported as held for sure).
func (e *executor) failureCarriesOn(ctx context.Context) error {
	if e.locker != nil {
		if err := e.locker.Lock(ctx); err != nil {
			log.Print(err)
		}
	}
	return e.write(ctx) // want `UPDATE jobs .*\(reached through this call\) runs where the etcd lock is only sometimes held`
}

// Inside the if the lock is held for sure: the usual wording.
func (e *executor) inside(ctx context.Context) error {
	if e.locker != nil {
		if err := e.locker.Lock(ctx); err != nil {
			return err
		}
		defer e.locker.Unlock(ctx)
		e.write(ctx) // want `UPDATE jobs .*under the etcd lock acquired at`
	}
	return nil
}

// --- must stay silent ---

// Released on the same path before the join.
func (e *executor) releasedInside(ctx context.Context) error {
	if e.locker != nil {
		if err := e.locker.Lock(ctx); err != nil {
			return err
		}
		e.locker.Unlock(ctx)
	}
	return e.write(ctx)
}

// Released conditionally after the join: nothing after it is held.
func (e *executor) releasedAfter(ctx context.Context) error {
	if e.locker != nil {
		if err := e.locker.Lock(ctx); err != nil {
			return err
		}
	}
	if e.locker != nil {
		e.locker.Unlock(ctx)
	}
	return e.write(ctx)
}

// The lock is taken in a loop: not this shape.
func (e *executor) loop(ctx context.Context, n int) error {
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			if err := e.locker.Lock(ctx); err != nil {
				return err
			}
		}
	}
	return e.write(ctx)
}

// A sync.Mutex: no distributed lock at all.
func (e *executor) noDistributedLock(ctx context.Context, mu interface{ Lock() }) error {
	if mu != nil {
		mu.Lock()
	}
	return e.write(ctx)
}

// A try-lock whose failure carries on: not a conditional acquisition.
func (e *executor) tryLock(ctx context.Context, try func() bool) error {
	if err := e.locker.TryLock(ctx); err == nil {
		defer e.locker.Unlock(ctx)
		e.write(ctx) // want `UPDATE jobs .*under the etcd lock acquired at`
	}
	return e.write(ctx)
}

// Best-effort locking: the failure is logged and the work runs anyway, so
// it runs whether or not the lock was obtained.
func (e *executor) bestEffort(ctx context.Context) error {
	if err := e.locker.Lock(ctx); err != nil {
		log.Print(err)
	}
	defer e.locker.Unlock(ctx)
	return e.write(ctx) // want `UPDATE jobs .*\(reached through this call\) runs whether or not the etcd lock acquired at mayhold.go:\d+ was obtained .*stop when the acquisition fails`
}

// Not best-effort: a failure branch that ends the process does not carry
// on into the work, though go/ssa lets log.Fatal's block fall through.
func (e *executor) fatalOnFailure(ctx context.Context) error {
	if err := e.locker.Lock(ctx); err != nil {
		log.Fatal(err)
	}
	defer e.locker.Unlock(ctx)
	return e.write(ctx) // want `^UPDATE jobs \(database/sql DB.ExecContext\) \(reached through this call\) under the etcd lock acquired at`
}

// The failure returns: held for sure, the usual wording.
func (e *executor) failureReturns(ctx context.Context) error {
	if err := e.locker.Lock(ctx); err != nil {
		log.Print(err)
		return err
	}
	defer e.locker.Unlock(ctx)
	return e.write(ctx) // want `UPDATE jobs .*\(reached through this call\) under the etcd lock acquired at`
}
