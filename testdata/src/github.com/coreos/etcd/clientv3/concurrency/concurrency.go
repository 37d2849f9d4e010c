package concurrency

import (
	"context"
	"errors"
	"sync"

	"go.uber.org/zap"

	v3 "github.com/coreos/etcd/clientv3"
	pb "github.com/coreos/etcd/etcdserver/etcdserverpb"
)

var (
	ErrElectionNotLeader = errors.New("election: not leader")
	ErrElectionNoLeader  = errors.New("election: no leader")
)

var (
	ErrLocked         = errors.New("mutex: Locked by another session")
	ErrSessionExpired = errors.New("mutex: session is expired")
	ErrLockReleased   = errors.New("mutex: lock has already been released")
)

// Session represents a lease kept alive for the lifetime of a client.
type Session struct {
	client *v3.Client
	id     v3.LeaseID
	ctx    context.Context
	donec  <-chan struct{}
}

func NewSession(client *v3.Client, opts ...SessionOption) (*Session, error) {
	return &Session{client: client, ctx: context.Background()}, nil
}
func (s *Session) Client() *v3.Client    { return s.client }
func (s *Session) Lease() v3.LeaseID     { return s.id }
func (s *Session) Done() <-chan struct{} { return s.donec }
func (s *Session) Orphan()               {}
func (s *Session) Close() error          { return nil }

type sessionOptions struct {
	ttl     int
	leaseID v3.LeaseID
	ctx     context.Context
}

// SessionOption configures Session.
type SessionOption func(*sessionOptions, *zap.Logger)

func WithTTL(ttl int) SessionOption                 { return func(*sessionOptions, *zap.Logger) {} }
func WithLease(leaseID v3.LeaseID) SessionOption    { return func(*sessionOptions, *zap.Logger) {} }
func WithContext(ctx context.Context) SessionOption { return func(*sessionOptions, *zap.Logger) {} }

// Mutex implements the sync Locker interface with etcd.
type Mutex struct {
	s     *Session
	pfx   string
	myKey string
	myRev int64
	hdr   *pb.ResponseHeader
}

func NewMutex(s *Session, pfx string) *Mutex       { return &Mutex{s: s, pfx: pfx + "/"} }
func (m *Mutex) Lock(ctx context.Context) error    { return nil }
func (m *Mutex) Unlock(ctx context.Context) error  { return nil }
func (m *Mutex) IsOwner() v3.Cmp                   { return v3.Compare(v3.CreateRevision(m.myKey), "=", m.myRev) }
func (m *Mutex) Key() string                       { return m.myKey }
func (m *Mutex) Header() *pb.ResponseHeader        { return m.hdr }
func NewLocker(s *Session, pfx string) sync.Locker { return nil }

// Election implements an election on a key prefix.
type Election struct {
	session   *Session
	keyPrefix string
	leaderKey string
	leaderRev int64
	hdr       *pb.ResponseHeader
}

func NewElection(s *Session, pfx string) *Election {
	return &Election{session: s, keyPrefix: pfx + "/"}
}
func ResumeElection(s *Session, pfx string, leaderKey string, leaderRev int64) *Election {
	return &Election{session: s, keyPrefix: pfx, leaderKey: leaderKey, leaderRev: leaderRev}
}
func (e *Election) Campaign(ctx context.Context, val string) error      { return nil }
func (e *Election) Proclaim(ctx context.Context, val string) error      { return nil }
func (e *Election) Resign(ctx context.Context) (err error)              { return nil }
func (e *Election) Leader(ctx context.Context) (*v3.GetResponse, error) { return nil, nil }
func (e *Election) Observe(ctx context.Context) <-chan *v3.GetResponse  { return nil }
func (e *Election) Key() string                                         { return e.leaderKey }
func (e *Election) Rev() int64                                          { return e.leaderRev }
func (e *Election) Header() *pb.ResponseHeader                          { return e.hdr }

// STM is an interface for software transactional memory.
type STM interface {
	Get(key ...string) string
	Put(key, val string, opts ...v3.OpOption)
	Rev(key string) int64
	Del(key string)

	commit() *v3.TxnResponse
	reset()
}

type Isolation int

const (
	SerializableSnapshot Isolation = iota
	Serializable
	RepeatableReads
	ReadCommitted
)

type stmOptions struct {
	iso      Isolation
	ctx      context.Context
	prefetch []string
}

type STMOption func(*stmOptions)

func WithIsolation(lvl Isolation) STMOption          { return func(*stmOptions) {} }
func WithAbortContext(ctx context.Context) STMOption { return func(*stmOptions) {} }
func WithPrefetch(keys ...string) STMOption          { return func(*stmOptions) {} }
func NewSTM(c *v3.Client, apply func(STM) error, so ...STMOption) (*v3.TxnResponse, error) {
	return nil, nil
}
func NewSTMRepeatable(ctx context.Context, c *v3.Client, apply func(STM) error) (*v3.TxnResponse, error) {
	return nil, nil
}
func NewSTMSerializable(ctx context.Context, c *v3.Client, apply func(STM) error) (*v3.TxnResponse, error) {
	return nil, nil
}
func NewSTMReadCommitted(ctx context.Context, c *v3.Client, apply func(STM) error) (*v3.TxnResponse, error) {
	return nil, nil
}
