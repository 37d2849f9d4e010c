// Package domain declares the repository it needs and a service over it,
// as a layered program does: the repository is implemented in package pg,
// which domain does not import. The service's summary leaves the call to
// its callers; the standalone command answers it where a lock is held.
// (A domain package that imports no store or lock package at all is not
// analysed: the prefilter skips it, and its calls are not left to anyone.)
package domain

import (
	"context"
	"database/sql"
	"errors"
)

type Orders interface {
	SetStatus(ctx context.Context, id int64, status int32) error
}

// Audit is implemented by a test double only: nothing to report.
type Audit interface {
	Record(ctx context.Context, id int64) error
}

type Service struct {
	Repo  Orders
	Audit Audit
}

func (s *Service) Cancel(ctx context.Context, id int64) error {
	if err := s.Audit.Record(ctx, id); err != nil {
		return err
	}
	err := s.Repo.SetStatus(ctx, id, 9)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // already gone
	}
	return err
}
