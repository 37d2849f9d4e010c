// Package app calls a lock helper and a repository from other packages.
package app

import (
	"context"
	"database/sql"

	"go.etcd.io/etcd/client/v3/concurrency"
	"interpkg/lockhelper"
	"interpkg/repo"
)

func fenced(ctx context.Context, s *concurrency.Session, r *repo.Repo) error {
	return lockhelper.WithLock(ctx, s, "/locks/items", func(ctx context.Context, fence int64) error {
		r.Load(ctx, 1)
		return r.SaveFenced(ctx, 1, fence)
	})
}

func unfenced(ctx context.Context, s *concurrency.Session, r *repo.Repo, db *sql.DB) error {
	return lockhelper.WithLock(ctx, s, "/locks/items", func(ctx context.Context, fence int64) error {
		db.ExecContext(ctx, `DELETE FROM items WHERE id = 2`) // want `DELETE items .* under the etcd lock .*the fencing token is passed to this callback as fence`
		return r.Save(ctx, 1)                                 // want `UPDATE items \(database/sql DB.ExecContext\) \(in Save, called here\) under the etcd lock`
	})
}

func noToken(ctx context.Context, m *concurrency.Mutex, r *repo.Repo) error {
	return lockhelper.Do(ctx, m, func() error {
		return r.SaveFenced(ctx, 1, 0) // want `UPDATE items .*\(in SaveFenced, called here\)`
	})
}

func viaInterface(ctx context.Context, m *concurrency.Mutex, st repo.Store) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return st.Save(ctx, 1) // want `UPDATE items .*\(in Save, called here\)`
}

// A goroutine started inside the section runs under the lock too.
func goroutine(ctx context.Context, m *concurrency.Mutex, db *sql.DB) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	go func() {
		db.ExecContext(ctx, `UPDATE stats SET n = n + 1`) // want `UPDATE stats`
	}()
}

// Generic functions and methods of generic types of another package.
func generic(ctx context.Context, m *concurrency.Mutex, db *sql.DB, t *repo.Table[string]) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	t.Get(ctx)                                   // a read
	if err := repo.Put(ctx, db, 1); err != nil { // want `UPDATE blobs .*\(in Put, called here\)`
		return err
	}
	//lint:ignore FC1001 rows is an append-only log
	t.Insert(ctx, "b")
	return t.Insert(ctx, "a") // want `INSERT rows .*\(in Insert, called here\)`
}

// The same without a lock: silent.
func genericUnlocked(ctx context.Context, db *sql.DB, t *repo.Table[int]) error {
	repo.Put(ctx, db, 1)
	return t.Insert(ctx, 2)
}

// A method of a generated file of another package, called under a lock:
// reported here, the hand-written call.
func archive(ctx context.Context, m *concurrency.Mutex, r *repo.Repo) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	return r.ArchiveItem(ctx, 1) // want `UPDATE items .*\(in ArchiveItem, called here\)`
}
