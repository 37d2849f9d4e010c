// Package jetstream is a test stub of github.com/nats-io/nats.go@v1.55.0 (jetstream), signatures copied from the real source.
//
// KeyValue and KeyValueEntry declare a subset of their methods.
package jetstream

import "context"

// KeyValue contains methods to operate on a KeyValue store.
type KeyValue interface {
	Get(ctx context.Context, key string) (KeyValueEntry, error)
	Put(ctx context.Context, key string, value []byte) (uint64, error)
	PutString(ctx context.Context, key string, value string) (uint64, error)
	Create(ctx context.Context, key string, value []byte, opts ...KVCreateOpt) (uint64, error)
	Update(ctx context.Context, key string, value []byte, revision uint64) (uint64, error)
	Delete(ctx context.Context, key string, opts ...KVDeleteOpt) error
	Purge(ctx context.Context, key string, opts ...KVDeleteOpt) error
}

// KeyValueEntry is a retrieved entry for Get, List or Watch.
type KeyValueEntry interface {
	Key() string
	Value() []byte
	Revision() uint64
}

// KVCreateOpt is used to configure Create.
type KVCreateOpt interface {
	configureCreate(opts *createOpts) error
}

type createOpts struct{}

// KVDeleteOpt is used to configure delete and purge operations.
type KVDeleteOpt interface {
	configureDelete(opts *deleteOpts) error
}

type deleteOpts struct{ revision uint64 }

type deleteOptFn func(opts *deleteOpts) error

func (opt deleteOptFn) configureDelete(opts *deleteOpts) error { return opt(opts) }

// LastRevision deletes if the latest revision matches the provided one.
func LastRevision(revision uint64) KVDeleteOpt {
	return deleteOptFn(func(opts *deleteOpts) error { opts.revision = revision; return nil })
}
