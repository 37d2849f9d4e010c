package nats

// KeyValue contains methods to operate on a KeyValue store (a subset).
type KeyValue interface {
	Get(key string) (entry KeyValueEntry, err error)
	Put(key string, value []byte) (revision uint64, err error)
	PutString(key string, value string) (revision uint64, err error)
	Create(key string, value []byte) (revision uint64, err error)
	Update(key string, value []byte, last uint64) (revision uint64, err error)
	Delete(key string, opts ...DeleteOpt) error
	Purge(key string, opts ...DeleteOpt) error
}

// KeyValueEntry is a retrieved entry for Get or List or Watch (a subset).
type KeyValueEntry interface {
	Key() string
	Value() []byte
	Revision() uint64
}

// DeleteOpt are the options for deleting a key.
type DeleteOpt interface {
	configureDelete(opts *deleteOpts) error
}

type deleteOpts struct{ revision uint64 }

type deleteOptFn func(opts *deleteOpts) error

func (opt deleteOptFn) configureDelete(opts *deleteOpts) error { return opt(opts) }

// LastRevision deletes if the latest revision matches.
func LastRevision(revision uint64) DeleteOpt {
	return deleteOptFn(func(opts *deleteOpts) error { opts.revision = revision; return nil })
}
