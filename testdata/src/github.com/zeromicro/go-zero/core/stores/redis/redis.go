package redis

import (
	"context"
	"errors"
	"time"

	red "github.com/redis/go-redis/v9"
)

const (
	ClusterType = "cluster"
	NodeType    = "node"
	Nil         = red.Nil
)

var (
	ErrNilNode   = errors.New("nil redis node")
	ErrEmptyHost = errors.New("empty redis host")
	ErrEmptyType = errors.New("empty redis type")
	ErrEmptyKey  = errors.New("empty redis key")
)

type (
	Option func(r *Redis)

	Redis struct {
		Addr string
		Type string
		User string
		Pass string
	}

	RedisNode interface {
		red.Cmdable
		Do(ctx context.Context, args ...any) *red.Cmd
	}

	Pipeliner = red.Pipeliner
	Z         = red.Z
	IntCmd    = red.IntCmd
	StringCmd = red.StringCmd
	Script    = red.Script
	Cmder     = red.Cmder
)

type (
	RedisConf struct {
		Host               string
		Type               string        `json:",default=node,options=node|cluster"`
		User               string        `json:",optional"`
		Pass               string        `json:",optional"`
		Tls                bool          `json:",optional"`
		NonBlock           bool          `json:",default=true"`
		DisableIdentity    bool          `json:",default=false"`
		Protocol           int           `json:",default=3"`
		MaintNotifications string        `json:",default=disabled,options=disabled|enabled|auto"`
		PingTimeout        time.Duration `json:",default=1s"`
	}

	RedisKeyConf struct {
		RedisConf
		Key string
	}
)

func (rc RedisConf) NewRedis() *Redis { return &Redis{Addr: rc.Host, Type: rc.Type} }
func (rc RedisConf) Validate() error  { return nil }

func MustNewRedis(conf RedisConf, opts ...Option) *Redis {
	return &Redis{Addr: conf.Host, Type: conf.Type}
}
func New(addr string, opts ...Option) *Redis { return &Redis{Addr: addr, Type: NodeType} }
func NewRedis(conf RedisConf, opts ...Option) (*Redis, error) {
	return &Redis{Addr: conf.Host, Type: conf.Type}, nil
}

func Cluster() Option             { return func(r *Redis) { r.Type = ClusterType } }
func WithPass(pass string) Option { return func(r *Redis) { r.Pass = pass } }
func WithUser(user string) Option { return func(r *Redis) { r.User = user } }
func WithTLS() Option             { return func(r *Redis) {} }

func (s *Redis) Set(key, value string) error                                        { return nil }
func (s *Redis) SetCtx(ctx context.Context, key, value string) error                { return nil }
func (s *Redis) Get(key string) (string, error)                                     { return "", nil }
func (s *Redis) GetCtx(ctx context.Context, key string) (string, error)             { return "", nil }
func (s *Redis) Setex(key, value string, seconds int) error                         { return nil }
func (s *Redis) SetexCtx(ctx context.Context, key, value string, seconds int) error { return nil }
func (s *Redis) Setnx(key, value string) (bool, error)                              { return false, nil }
func (s *Redis) SetnxCtx(ctx context.Context, key, value string) (bool, error)      { return false, nil }
func (s *Redis) Hset(key, field, value string) error                                { return nil }
func (s *Redis) HsetCtx(ctx context.Context, key, field, value string) error        { return nil }
func (s *Redis) Hget(key, field string) (string, error)                             { return "", nil }
func (s *Redis) HgetCtx(ctx context.Context, key, field string) (string, error)     { return "", nil }
func (s *Redis) Del(keys ...string) (int, error)                                    { return 0, nil }
func (s *Redis) DelCtx(ctx context.Context, keys ...string) (int, error)            { return 0, nil }
func (s *Redis) Incr(key string) (int64, error)                                     { return 0, nil }
func (s *Redis) IncrCtx(ctx context.Context, key string) (int64, error)             { return 0, nil }
func (s *Redis) Eval(script string, keys []string, args ...any) (any, error)        { return nil, nil }
func (s *Redis) EvalCtx(ctx context.Context, script string, keys []string,
	args ...any) (any, error) {
	return nil, nil
}

// A RedisLock is a redis lock.
type RedisLock struct {
	store   *Redis
	seconds uint32
	key     string
	id      string
}

func NewRedisLock(store *Redis, key string) *RedisLock             { return &RedisLock{store: store, key: key} }
func (rl *RedisLock) Acquire() (bool, error)                       { return true, nil }
func (rl *RedisLock) AcquireCtx(ctx context.Context) (bool, error) { return true, nil }
func (rl *RedisLock) Release() (bool, error)                       { return true, nil }
func (rl *RedisLock) ReleaseCtx(ctx context.Context) (bool, error) { return true, nil }
func (rl *RedisLock) SetExpire(seconds int)                        { rl.seconds = uint32(seconds) }
