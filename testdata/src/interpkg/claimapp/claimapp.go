// Package claimapp credits users after claiming codes through another
// package's repository, directly and through interfaces.
package claimapp

import (
	"context"

	"go.etcd.io/etcd/client/v3/concurrency"
	"interpkg/claimrepo"
)

type CodeRepo interface {
	Use(ctx context.Context, id, user int64) error
}

// Codes is the only implementation of CodeStore (Tickets has no Touch).
type CodeStore interface {
	Use(ctx context.Context, id, user int64) error
	Touch(ctx context.Context, id int64) error
}

type UserRepo interface {
	Credit(ctx context.Context, user int64, amount int64) error
}

type Service struct {
	codes CodeStore
	users UserRepo
}

// The claim is a repository method of another package (its fact).
func direct(ctx context.Context, m *concurrency.Mutex, codes *claimrepo.Codes, users *claimrepo.Users, id, user int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := codes.Use(ctx, id, user); err != nil {
		return err
	}
	return users.Credit(ctx, user, 10)
}

// The claim reached through an interface whose every implementation the
// engine resolves claims.
func (s *Service) Redeem(ctx context.Context, m *concurrency.Mutex, id, user int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := s.codes.Use(ctx, id, user); err != nil {
		return err
	}
	return s.users.Credit(ctx, user, 10)
}

// A method that returns nil whatever changed is no claim.
func touched(ctx context.Context, m *concurrency.Mutex, codes *claimrepo.Codes, users *claimrepo.Users, id, user int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := codes.Touch(ctx, id); err != nil { // want `gorm Update .*\(in Touch, called here\)`
		return err
	}
	return users.Credit(ctx, user, 10) // want `UPDATE users .*\(in Credit, called here\)`
}

// Tickets.Use claims but returns nil when it lost: not a report.
func tickets(ctx context.Context, m *concurrency.Mutex, t *claimrepo.Tickets, users *claimrepo.Users, id, user int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := t.Use(ctx, id, user); err != nil {
		return err
	}
	return users.Credit(ctx, user, 10) // want `UPDATE users .*\(in Credit, called here\)`
}

// An interface Tickets implements too: not every implementation claims
// (Tickets.Use returns nil when it lost).
func (s *Service) viaMixed(ctx context.Context, m *concurrency.Mutex, codes CodeRepo, id, user int64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if err := codes.Use(ctx, id, user); err != nil {
		return err
	}
	return s.users.Credit(ctx, user, 10) // want `UPDATE users .*\(in Credit, called here\)`
}
