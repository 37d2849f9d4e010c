package clientv3

import (
	"context"
	"crypto/tls"
	"errors"
	"time"

	pb "github.com/coreos/etcd/etcdserver/etcdserverpb"
	"go.uber.org/zap"
	"google.golang.org/grpc"
)

var (
	ErrNoAvailableEndpoints = errors.New("etcdclient: no available endpoints")
	ErrOldCluster           = errors.New("etcdclient: old cluster version")
)

// Client provides and manages an etcd v3 client session.
type Client struct {
	Cluster
	KV
	Lease
	Watcher
	Auth
	Maintenance

	// Username is a user name for authentication.
	Username string
	// Password is a password for authentication.
	Password string

	conn grpc.ClientConnInterface
	// Token is a JWT used for authentication instead of a password.
	Token string
}

type Config struct {
	Endpoints             []string      `json:"endpoints"`
	AutoSyncInterval      time.Duration `json:"auto-sync-interval"`
	DialTimeout           time.Duration `json:"dial-timeout"`
	DialKeepAliveTime     time.Duration `json:"dial-keep-alive-time"`
	DialKeepAliveTimeout  time.Duration `json:"dial-keep-alive-timeout"`
	MaxCallSendMsgSize    int
	MaxCallRecvMsgSize    int
	TLS                   *tls.Config
	Username              string `json:"username"`
	Password              string `json:"password"`
	Token                 string `json:"token"`
	RejectOldCluster      bool   `json:"reject-old-cluster"`
	DialOptions           []grpc.DialOption
	Context               context.Context
	Logger                *zap.Logger
	LogConfig             *zap.Config
	PermitWithoutStream   bool          `json:"permit-without-stream"`
	MaxUnaryRetries       uint          `json:"max-unary-retries"`
	BackoffWaitBetween    time.Duration `json:"backoff-wait-between"`
	BackoffJitterFraction float64       `json:"backoff-jitter-fraction"`
}

type Option func(*Client)

func NewCtxClient(ctx context.Context, opts ...Option) *Client { return &Client{} }
func NewFromURL(url string) (*Client, error)                   { return &Client{}, nil }
func NewFromURLs(urls []string) (*Client, error)               { return &Client{}, nil }
func WithZapLogger(lg *zap.Logger) Option                      { return func(*Client) {} }
func (c *Client) WithLogger(lg *zap.Logger) *Client            { return c }
func (c *Client) GetLogger() *zap.Logger                       { return nil }
func (c *Client) Close() error                                 { return nil }
func (c *Client) Ctx() context.Context                         { return context.Background() }
func (c *Client) Endpoints() []string                          { return nil }
func (c *Client) SetEndpoints(eps ...string)                   {}
func (c *Client) Sync(ctx context.Context) error               { return nil }
func (c *Client) Dial(ep string) (*grpc.ClientConn, error)     { return nil, nil }
func (c *Client) ActiveConnection() *grpc.ClientConn           { return nil }
func ContextError(ctx context.Context, err error) error        { return err }
func IsConnCanceled(err error) bool                            { return false }
func WithRequireLeader(ctx context.Context) context.Context    { return ctx }
func NewKV(c *Client) KV                                       { return nil }
func NewLease(c *Client) Lease                                 { return nil }
func NewWatcher(c *Client) Watcher                             { return nil }
func NewCluster(c *Client) Cluster                             { return nil }
func NewAuth(c *Client) Auth                                   { return nil }
func NewMaintenance(c *Client) Maintenance                     { return nil }

// New connects; like the real client it lists the cluster's members while
// doing so (an RPC of the library's own, not an effect of its caller).
func New(cfg Config) (*Client, error) {
	c := &Client{}
	_, err := pb.NewClusterClient(c.conn).MemberList(context.Background(), &pb.MemberListRequest{})
	return c, err
}
