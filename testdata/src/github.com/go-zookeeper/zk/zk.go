package zk

import (
	"errors"
	"net"
	"time"
)

var (
	ErrDeadlock    = errors.New("zk: trying to acquire a lock twice")
	ErrNotLocked   = errors.New("zk: not locked")
	ErrNoServer    = errors.New("zk: could not connect to a server")
	ErrInvalidPath = errors.New("zk: invalid path")
)

var (
	ErrConnectionClosed        = errors.New("zk: connection closed")
	ErrUnknown                 = errors.New("zk: unknown error")
	ErrAPIError                = errors.New("zk: api error")
	ErrNoNode                  = errors.New("zk: node does not exist")
	ErrNoAuth                  = errors.New("zk: not authenticated")
	ErrBadVersion              = errors.New("zk: version conflict")
	ErrNoChildrenForEphemerals = errors.New("zk: ephemeral nodes may not have children")
	ErrNodeExists              = errors.New("zk: node already exists")
	ErrNotEmpty                = errors.New("zk: node has children")
	ErrSessionExpired          = errors.New("zk: session has been expired by the server")
	ErrInvalidACL              = errors.New("zk: invalid ACL specified")
	ErrInvalidFlags            = errors.New("zk: invalid flags specified")
	ErrAuthFailed              = errors.New("zk: client authentication failed")
	ErrClosing                 = errors.New("zk: zookeeper is closing")
	ErrNothing                 = errors.New("zk: no server responses to process")
	ErrSessionMoved            = errors.New("zk: session moved to another server, so operation is ignored")
	ErrReconfigDisabled        = errors.New("attempts to perform a reconfiguration operation when reconfiguration feature is disabled")
	ErrBadArguments            = errors.New("invalid arguments")
)

const (
	FlagPersistent                  = 0
	FlagEphemeral                   = 1
	FlagSequence                    = 2
	FlagEphemeralSequential         = 3
	FlagContainer                   = 4
	FlagTTL                         = 5
	FlagPersistentSequentialWithTTL = 6
)

const (
	PermRead = 1 << iota
	PermWrite
	PermCreate
	PermDelete
	PermAdmin
	PermAll = 0x1f
)

type State int32

const (
	StateUnknown           State = -1
	StateDisconnected      State = 0
	StateConnecting        State = 1
	StateSyncConnected     State = 3
	StateAuthFailed        State = 4
	StateConnectedReadOnly State = 5
	StateSaslAuthenticated State = 6
	StateExpired           State = -112

	StateConnected  = State(100)
	StateHasSession = State(101)
)

func (s State) String() string { return "" }

type EventType int32

const (
	EventNodeCreated         EventType = 1
	EventNodeDeleted         EventType = 2
	EventNodeDataChanged     EventType = 3
	EventNodeChildrenChanged EventType = 4

	EventSession     EventType = -1
	EventNotWatching EventType = -2
)

func (t EventType) String() string { return "" }

type Event struct {
	Type   EventType
	State  State
	Path   string // For non-session events, the path of the watched node.
	Err    error
	Server string // For connection events
}

type ACL struct {
	Perms  int32
	Scheme string
	ID     string
}

func AuthACL(perms int32) []ACL                          { return []ACL{{perms, "auth", ""}} }
func WorldACL(perms int32) []ACL                         { return []ACL{{perms, "world", "anyone"}} }
func DigestACL(perms int32, user, password string) []ACL { return []ACL{{perms, "digest", user}} }
func FormatServers(servers []string) []string            { return servers }

type Stat struct {
	Czxid          int64 // The zxid of the change that caused this znode to be created.
	Mzxid          int64 // The zxid of the change that last modified this znode.
	Ctime          int64 // The time in milliseconds from epoch when this znode was created.
	Mtime          int64 // The time in milliseconds from epoch when this znode was last modified.
	Version        int32 // The number of changes to the data of this znode.
	Cversion       int32 // The number of changes to the children of this znode.
	Aversion       int32 // The number of changes to the ACL of this znode.
	EphemeralOwner int64 // The session id of the owner of this znode if the znode is an ephemeral node. If it is not an ephemeral node, it will be zero.
	DataLength     int32 // The length of the data field of this znode.
	NumChildren    int32 // The number of children of this znode.
	Pzxid          int64 // last modified children
}

type PathVersionRequest struct {
	Path    string
	Version int32
}

type CheckVersionRequest PathVersionRequest

type CreateRequest struct {
	Path  string
	Data  []byte
	Acl   []ACL
	Flags int32
}

type CreateTTLRequest struct {
	Path  string
	Data  []byte
	Acl   []ACL
	Flags int32
	Ttl   int64
}

type DeleteRequest PathVersionRequest

type SetDataRequest struct {
	Path    string
	Data    []byte
	Version int32
}

type MultiResponse struct {
	Stat   *Stat
	String string
	Error  error
}

type Dialer func(network, address string, timeout time.Duration) (net.Conn, error)

type Logger interface {
	Printf(string, ...interface{})
}

type HostProvider interface {
	Init(servers []string) error
	Len() int
	Next() (server string, retryStart bool)
	Connected()
}

type EventCallback func(Event)

// Conn is the client connection and tracks all details for communication with the server.
type Conn struct {
	sessionID int64
}

type connOption func(c *Conn)

func ConnectWithDialer(servers []string, sessionTimeout time.Duration, dialer Dialer) (*Conn, <-chan Event, error) {
	return &Conn{}, make(chan Event), nil
}
func Connect(servers []string, sessionTimeout time.Duration, options ...connOption) (*Conn, <-chan Event, error) {
	return &Conn{}, make(chan Event), nil
}
func WithDialer(dialer Dialer) connOption                   { return func(*Conn) {} }
func WithHostProvider(hostProvider HostProvider) connOption { return func(*Conn) {} }
func WithLogger(logger Logger) connOption                   { return func(*Conn) {} }
func WithLogInfo(logInfo bool) connOption                   { return func(*Conn) {} }
func WithEventCallback(cb EventCallback) connOption         { return func(*Conn) {} }
func WithMaxBufferSize(maxBufferSize int) connOption        { return func(*Conn) {} }
func WithMaxConnBufferSize(maxBufferSize int) connOption    { return func(*Conn) {} }

func (c *Conn) Close()                                        {}
func (c *Conn) State() State                                  { return StateUnknown }
func (c *Conn) SessionID() int64                              { return c.sessionID }
func (c *Conn) SetLogger(l Logger)                            {}
func (c *Conn) AddAuth(scheme string, auth []byte) error      { return nil }
func (c *Conn) Children(path string) ([]string, *Stat, error) { return nil, &Stat{}, nil }
func (c *Conn) ChildrenW(path string) ([]string, *Stat, <-chan Event, error) {
	return nil, &Stat{}, nil, nil
}
func (c *Conn) Get(path string) ([]byte, *Stat, error) { return nil, &Stat{}, nil }
func (c *Conn) GetW(path string) ([]byte, *Stat, <-chan Event, error) {
	return nil, &Stat{}, nil, nil
}
func (c *Conn) Set(path string, data []byte, version int32) (*Stat, error) { return &Stat{}, nil }
func (c *Conn) Create(path string, data []byte, flags int32, acl []ACL) (string, error) {
	return path, nil
}
func (c *Conn) CreateContainer(path string, data []byte, flag int32, acl []ACL) (string, error) {
	return path, nil
}
func (c *Conn) CreateTTL(path string, data []byte, flag int32, acl []ACL, ttl time.Duration) (string, error) {
	return path, nil
}
func (c *Conn) CreateProtectedEphemeralSequential(path string, data []byte, acl []ACL) (string, error) {
	return path, nil
}
func (c *Conn) Delete(path string, version int32) error { return nil }
func (c *Conn) Exists(path string) (bool, *Stat, error) { return false, &Stat{}, nil }
func (c *Conn) ExistsW(path string) (bool, *Stat, <-chan Event, error) {
	return false, &Stat{}, nil, nil
}
func (c *Conn) GetACL(path string) ([]ACL, *Stat, error)                    { return nil, &Stat{}, nil }
func (c *Conn) SetACL(path string, acl []ACL, version int32) (*Stat, error) { return &Stat{}, nil }
func (c *Conn) Sync(path string) (string, error)                            { return path, nil }
func (c *Conn) Multi(ops ...interface{}) ([]MultiResponse, error)           { return nil, nil }
func (c *Conn) IncrementalReconfig(joining, leaving []string, version int64) (*Stat, error) {
	return &Stat{}, nil
}
func (c *Conn) Reconfig(members []string, version int64) (*Stat, error) { return &Stat{}, nil }
func (c *Conn) Server() string                                          { return "" }

// Lock is a mutual exclusion lock.
type Lock struct {
	c        *Conn
	path     string
	acl      []ACL
	lockPath string
	seq      int
}

func NewLock(c *Conn, path string, acl []ACL) *Lock { return &Lock{c: c, path: path, acl: acl} }
func (l *Lock) Lock() error                         { return l.LockWithData([]byte{}) }
func (l *Lock) LockWithData(data []byte) error      { return nil }
func (l *Lock) Unlock() error                       { return nil }
