package redis

import (
	"context"
	"time"
)

// Cmdable is the subset of the real Cmdable interface that this stub declares.
type Cmdable interface {
	Pipeline() Pipeliner
	Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error)

	TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error)
	TxPipeline() Pipeliner

	Ping(ctx context.Context) *StatusCmd
	Unlink(ctx context.Context, keys ...string) *IntCmd

	Del(ctx context.Context, keys ...string) *IntCmd
	Exists(ctx context.Context, keys ...string) *IntCmd
	Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd
	PExpire(ctx context.Context, key string, expiration time.Duration) *BoolCmd
	PTTL(ctx context.Context, key string) *DurationCmd
	TTL(ctx context.Context, key string) *DurationCmd

	Decr(ctx context.Context, key string) *IntCmd
	Get(ctx context.Context, key string) *StringCmd
	GetSet(ctx context.Context, key string, value interface{}) *StringCmd
	GetDel(ctx context.Context, key string) *StringCmd
	Incr(ctx context.Context, key string) *IntCmd
	IncrBy(ctx context.Context, key string, value int64) *IntCmd
	MSet(ctx context.Context, values ...interface{}) *StatusCmd
	Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd
	SetArgs(ctx context.Context, key string, value interface{}, a SetArgs) *StatusCmd
	SetEx(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd
	SetIFEQ(ctx context.Context, key string, value interface{}, matchValue interface{}, expiration time.Duration) *StatusCmd
	SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd
	SetXX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd
	DelExArgs(ctx context.Context, key string, a DelExArgs) *IntCmd

	HDel(ctx context.Context, key string, fields ...string) *IntCmd
	HGet(ctx context.Context, key, field string) *StringCmd
	HGetAll(ctx context.Context, key string) *MapStringStringCmd
	HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd
	HSet(ctx context.Context, key string, values ...interface{}) *IntCmd
	HSetNX(ctx context.Context, key, field string, value interface{}) *BoolCmd

	LPush(ctx context.Context, key string, values ...interface{}) *IntCmd
	RPush(ctx context.Context, key string, values ...interface{}) *IntCmd

	SAdd(ctx context.Context, key string, members ...interface{}) *IntCmd
	SRem(ctx context.Context, key string, members ...interface{}) *IntCmd

	ZAdd(ctx context.Context, key string, members ...Z) *IntCmd
	ZRemRangeByScore(ctx context.Context, key, min, max string) *IntCmd
	ZCount(ctx context.Context, key, min, max string) *IntCmd

	XAdd(ctx context.Context, a *XAddArgs) *StringCmd

	Publish(ctx context.Context, channel string, message interface{}) *IntCmd

	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd
	ScriptLoad(ctx context.Context, script string) *StringCmd
}

// StatefulCmdable is the subset of the real StatefulCmdable interface that this stub declares.
type StatefulCmdable interface {
	Cmdable
	Auth(ctx context.Context, password string) *StatusCmd
	AuthACL(ctx context.Context, username, password string) *StatusCmd
	Select(ctx context.Context, index int) *StatusCmd
	SwapDB(ctx context.Context, index1, index2 int) *StatusCmd
	ClientSetName(ctx context.Context, name string) *BoolCmd
}

type cmdable func(ctx context.Context, cmd Cmder) error

type statefulCmdable func(ctx context.Context, cmd Cmder) error

func (c statefulCmdable) Auth(ctx context.Context, password string) *StatusCmd {
	return NewStatusCmd(ctx, "auth", password)
}
func (c statefulCmdable) AuthACL(ctx context.Context, username, password string) *StatusCmd {
	return NewStatusCmd(ctx, "auth", username, password)
}
func (c statefulCmdable) Select(ctx context.Context, index int) *StatusCmd {
	return NewStatusCmd(ctx, "select", index)
}
func (c statefulCmdable) SwapDB(ctx context.Context, index1, index2 int) *StatusCmd {
	return NewStatusCmd(ctx, "swapdb", index1, index2)
}
func (c statefulCmdable) ClientSetName(ctx context.Context, name string) *BoolCmd {
	return NewBoolCmd(ctx, "client", "setname", name)
}

func (c cmdable) Ping(ctx context.Context) *StatusCmd { return NewStatusCmd(ctx, "ping") }
func (c cmdable) Do(ctx context.Context, args ...interface{}) *Cmd {
	return NewCmd(ctx, args...)
}
func (c cmdable) Unlink(ctx context.Context, keys ...string) *IntCmd { return NewIntCmd(ctx, "unlink") }
func (c cmdable) Del(ctx context.Context, keys ...string) *IntCmd    { return NewIntCmd(ctx, "del") }
func (c cmdable) Exists(ctx context.Context, keys ...string) *IntCmd { return NewIntCmd(ctx, "exists") }
func (c cmdable) Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd {
	return NewBoolCmd(ctx, "expire", key)
}
func (c cmdable) PExpire(ctx context.Context, key string, expiration time.Duration) *BoolCmd {
	return NewBoolCmd(ctx, "pexpire", key)
}
func (c cmdable) PTTL(ctx context.Context, key string) *DurationCmd {
	return NewDurationCmd(ctx, time.Millisecond, "pttl", key)
}
func (c cmdable) TTL(ctx context.Context, key string) *DurationCmd {
	return NewDurationCmd(ctx, time.Second, "ttl", key)
}
func (c cmdable) Decr(ctx context.Context, key string) *IntCmd { return NewIntCmd(ctx, "decr", key) }
func (c cmdable) Get(ctx context.Context, key string) *StringCmd {
	return NewStringCmd(ctx, "get", key)
}
func (c cmdable) GetSet(ctx context.Context, key string, value interface{}) *StringCmd {
	return NewStringCmd(ctx, "getset", key, value)
}
func (c cmdable) GetDel(ctx context.Context, key string) *StringCmd {
	return NewStringCmd(ctx, "getdel", key)
}
func (c cmdable) Incr(ctx context.Context, key string) *IntCmd { return NewIntCmd(ctx, "incr", key) }
func (c cmdable) IncrBy(ctx context.Context, key string, value int64) *IntCmd {
	return NewIntCmd(ctx, "incrby", key, value)
}
func (c cmdable) MSet(ctx context.Context, values ...interface{}) *StatusCmd {
	return NewStatusCmd(ctx, "mset")
}
func (c cmdable) Set(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return NewStatusCmd(ctx, "set", key, value)
}
func (c cmdable) SetArgs(ctx context.Context, key string, value interface{}, a SetArgs) *StatusCmd {
	return NewStatusCmd(ctx, "set", key, value)
}
func (c cmdable) SetEx(ctx context.Context, key string, value interface{}, expiration time.Duration) *StatusCmd {
	return NewStatusCmd(ctx, "setex", key, value)
}
func (c cmdable) SetIFEQ(ctx context.Context, key string, value interface{}, matchValue interface{}, expiration time.Duration) *StatusCmd {
	return NewStatusCmd(ctx, "set", key, value, "ifeq", matchValue)
}
func (c cmdable) SetNX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return NewBoolCmd(ctx, "set", key, value, "nx")
}
func (c cmdable) SetXX(ctx context.Context, key string, value interface{}, expiration time.Duration) *BoolCmd {
	return NewBoolCmd(ctx, "set", key, value, "xx")
}
func (c cmdable) DelExArgs(ctx context.Context, key string, a DelExArgs) *IntCmd {
	return NewIntCmd(ctx, "delex", key)
}
func (c cmdable) HDel(ctx context.Context, key string, fields ...string) *IntCmd {
	return NewIntCmd(ctx, "hdel", key)
}
func (c cmdable) HGet(ctx context.Context, key, field string) *StringCmd {
	return NewStringCmd(ctx, "hget", key, field)
}
func (c cmdable) HGetAll(ctx context.Context, key string) *MapStringStringCmd {
	return NewMapStringStringCmd(ctx, "hgetall", key)
}
func (c cmdable) HIncrBy(ctx context.Context, key, field string, incr int64) *IntCmd {
	return NewIntCmd(ctx, "hincrby", key, field, incr)
}
func (c cmdable) HSet(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return NewIntCmd(ctx, "hset", key)
}
func (c cmdable) HSetNX(ctx context.Context, key, field string, value interface{}) *BoolCmd {
	return NewBoolCmd(ctx, "hsetnx", key, field, value)
}
func (c cmdable) LPush(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return NewIntCmd(ctx, "lpush", key)
}
func (c cmdable) RPush(ctx context.Context, key string, values ...interface{}) *IntCmd {
	return NewIntCmd(ctx, "rpush", key)
}
func (c cmdable) SAdd(ctx context.Context, key string, members ...interface{}) *IntCmd {
	return NewIntCmd(ctx, "sadd", key)
}
func (c cmdable) SRem(ctx context.Context, key string, members ...interface{}) *IntCmd {
	return NewIntCmd(ctx, "srem", key)
}
func (c cmdable) ZAdd(ctx context.Context, key string, members ...Z) *IntCmd {
	return NewIntCmd(ctx, "zadd", key)
}
func (c cmdable) ZRemRangeByScore(ctx context.Context, key, min, max string) *IntCmd {
	return NewIntCmd(ctx, "zremrangebyscore", key, min, max)
}
func (c cmdable) ZCount(ctx context.Context, key, min, max string) *IntCmd {
	return NewIntCmd(ctx, "zcount", key, min, max)
}
func (c cmdable) XAdd(ctx context.Context, a *XAddArgs) *StringCmd {
	return NewStringCmd(ctx, "xadd", a.Stream)
}
func (c cmdable) Publish(ctx context.Context, channel string, message interface{}) *IntCmd {
	return NewIntCmd(ctx, "publish", channel, message)
}
func (c cmdable) Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return NewCmd(ctx, "eval", script)
}
func (c cmdable) EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd {
	return NewCmd(ctx, "evalsha", sha1)
}
func (c cmdable) EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return NewCmd(ctx, "eval_ro", script)
}
func (c cmdable) EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd {
	return NewCmd(ctx, "evalsha_ro", sha1)
}
func (c cmdable) ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd {
	return NewBoolSliceCmd(ctx, "script", "exists")
}
func (c cmdable) ScriptLoad(ctx context.Context, script string) *StringCmd {
	return NewStringCmd(ctx, "script", "load", script)
}

// SetArgs provides arguments for the SetArgs function.
type SetArgs struct {
	// Mode can be `NX`, `XX`, `IFEQ`, `IFNE`, `IFDEQ`, `IFDNE` or empty.
	Mode        string
	MatchValue  interface{}
	MatchDigest uint64
	TTL         time.Duration
	ExpireAt    time.Time
	Get         bool
	KeepTTL     bool
}

// DelExArgs provides arguments for the DelExArgs function.
type DelExArgs struct {
	Mode        string
	MatchValue  interface{}
	MatchDigest uint64
}

// Z represents sorted set member.
type Z struct {
	Score  float64
	Member interface{}
}

type XAddArgs struct {
	Stream         string
	NoMkStream     bool
	MaxLen         int64 // MAXLEN N
	MinID          string
	Approx         bool
	Limit          int64
	Mode           string
	ID             string
	Values         interface{}
	ProducerID     string
	IdempotentID   string
	IdempotentAuto bool
}
