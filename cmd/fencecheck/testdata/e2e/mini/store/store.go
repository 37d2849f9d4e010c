// Package store uses no distributed lock, only things fencecheck must stay
// silent about: a sync.Mutex, SQL reads and writes without any lock, local
// timeouts and a random row id.
package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"log"
	"sync"
	"time"
)

type Store struct {
	mu    sync.Mutex
	db    *sql.DB
	cache map[string]string
}

func newID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Put writes under a process-local mutex, which is not a distributed lock.
func (s *Store) Put(ctx context.Context, k, v string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	start := time.Now()
	_, err := s.db.ExecContext(ctx, `INSERT INTO kv (id, k, v) VALUES ($1, $2, $3)`, newID(), k, v)
	log.Printf("put took %v", time.Since(start))
	s.cache[k] = v
	return err
}

// Get only reads.
func (s *Store) Get(ctx context.Context, k string) (string, error) {
	var v string
	err := s.db.QueryRowContext(ctx, `SELECT v FROM kv WHERE k = $1`, k).Scan(&v)
	return v, err
}
