package redis

import (
	"context"
	"time"
)

type redisError string

func (e redisError) Error() string { return string(e) }
func (redisError) RedisError()     {}

// Nil reply returned by Redis when key does not exist.
const Nil = redisError("redis: nil")

// TxFailedErr transaction redis failed.
const TxFailedErr = redisError("redis: transaction failed")

// Error represents an error returned in reply from the Redis server.
type Error interface {
	error
	RedisError()
}

type Cmder interface {
	Name() string
	FullName() string
	Args() []interface{}
	String() string
	SetErr(error)
	Err() error

	readReply() error
}

type baseCmd struct {
	ctx  context.Context
	args []interface{}
	err  error
}

func (cmd *baseCmd) Name() string        { return "" }
func (cmd *baseCmd) FullName() string    { return "" }
func (cmd *baseCmd) Args() []interface{} { return cmd.args }
func (cmd *baseCmd) SetErr(e error)      { cmd.err = e }
func (cmd *baseCmd) Err() error          { return cmd.err }
func (cmd *baseCmd) readReply() error    { return nil }

type Cmd struct {
	baseCmd
	val interface{}
}

func NewCmd(ctx context.Context, args ...interface{}) *Cmd {
	return &Cmd{baseCmd: baseCmd{ctx: ctx, args: args}}
}
func (cmd *Cmd) String() string                   { return "" }
func (cmd *Cmd) SetVal(val interface{})           { cmd.val = val }
func (cmd *Cmd) Val() interface{}                 { return cmd.val }
func (cmd *Cmd) Result() (interface{}, error)     { return cmd.val, cmd.err }
func (cmd *Cmd) Text() (string, error)            { return "", cmd.err }
func (cmd *Cmd) Int() (int, error)                { return 0, cmd.err }
func (cmd *Cmd) Int64() (int64, error)            { return 0, cmd.err }
func (cmd *Cmd) Uint64() (uint64, error)          { return 0, cmd.err }
func (cmd *Cmd) Float32() (float32, error)        { return 0, cmd.err }
func (cmd *Cmd) Float64() (float64, error)        { return 0, cmd.err }
func (cmd *Cmd) Bool() (bool, error)              { return false, cmd.err }
func (cmd *Cmd) Slice() ([]interface{}, error)    { return nil, cmd.err }
func (cmd *Cmd) StringSlice() ([]string, error)   { return nil, cmd.err }
func (cmd *Cmd) Int64Slice() ([]int64, error)     { return nil, cmd.err }
func (cmd *Cmd) Uint64Slice() ([]uint64, error)   { return nil, cmd.err }
func (cmd *Cmd) Float32Slice() ([]float32, error) { return nil, cmd.err }
func (cmd *Cmd) Float64Slice() ([]float64, error) { return nil, cmd.err }
func (cmd *Cmd) BoolSlice() ([]bool, error)       { return nil, cmd.err }
func (cmd *Cmd) Clone() Cmder                     { c := *cmd; return &c }

type StatusCmd struct {
	baseCmd
	val string
}

func NewStatusCmd(ctx context.Context, args ...interface{}) *StatusCmd {
	return &StatusCmd{baseCmd: baseCmd{ctx: ctx, args: args}}
}
func (cmd *StatusCmd) SetVal(val string)       { cmd.val = val }
func (cmd *StatusCmd) Val() string             { return cmd.val }
func (cmd *StatusCmd) Result() (string, error) { return cmd.val, cmd.err }
func (cmd *StatusCmd) Bytes() ([]byte, error)  { return []byte(cmd.val), cmd.err }
func (cmd *StatusCmd) String() string          { return "" }
func (cmd *StatusCmd) Clone() Cmder            { c := *cmd; return &c }

type IntCmd struct {
	baseCmd
	val int64
}

func NewIntCmd(ctx context.Context, args ...interface{}) *IntCmd {
	return &IntCmd{baseCmd: baseCmd{ctx: ctx, args: args}}
}
func (cmd *IntCmd) SetVal(val int64)        { cmd.val = val }
func (cmd *IntCmd) Val() int64              { return cmd.val }
func (cmd *IntCmd) Result() (int64, error)  { return cmd.val, cmd.err }
func (cmd *IntCmd) Uint64() (uint64, error) { return uint64(cmd.val), cmd.err }
func (cmd *IntCmd) String() string          { return "" }
func (cmd *IntCmd) Clone() Cmder            { c := *cmd; return &c }

type DurationCmd struct {
	baseCmd
	val       time.Duration
	precision time.Duration
}

func NewDurationCmd(ctx context.Context, precision time.Duration, args ...interface{}) *DurationCmd {
	return &DurationCmd{baseCmd: baseCmd{ctx: ctx, args: args}, precision: precision}
}
func (cmd *DurationCmd) SetVal(val time.Duration)       { cmd.val = val }
func (cmd *DurationCmd) Val() time.Duration             { return cmd.val }
func (cmd *DurationCmd) Result() (time.Duration, error) { return cmd.val, cmd.err }
func (cmd *DurationCmd) String() string                 { return "" }
func (cmd *DurationCmd) Clone() Cmder                   { c := *cmd; return &c }

type BoolCmd struct {
	baseCmd
	val bool
}

func NewBoolCmd(ctx context.Context, args ...interface{}) *BoolCmd {
	return &BoolCmd{baseCmd: baseCmd{ctx: ctx, args: args}}
}
func (cmd *BoolCmd) SetVal(val bool)       { cmd.val = val }
func (cmd *BoolCmd) Val() bool             { return cmd.val }
func (cmd *BoolCmd) Result() (bool, error) { return cmd.val, cmd.err }
func (cmd *BoolCmd) String() string        { return "" }
func (cmd *BoolCmd) Clone() Cmder          { c := *cmd; return &c }

type StringCmd struct {
	baseCmd
	val string
}

func NewStringCmd(ctx context.Context, args ...interface{}) *StringCmd {
	return &StringCmd{baseCmd: baseCmd{ctx: ctx, args: args}}
}
func (cmd *StringCmd) SetVal(val string)          { cmd.val = val }
func (cmd *StringCmd) Val() string                { return cmd.val }
func (cmd *StringCmd) Result() (string, error)    { return cmd.val, cmd.err }
func (cmd *StringCmd) Bytes() ([]byte, error)     { return []byte(cmd.val), cmd.err }
func (cmd *StringCmd) Bool() (bool, error)        { return false, cmd.err }
func (cmd *StringCmd) Int() (int, error)          { return 0, cmd.err }
func (cmd *StringCmd) Int64() (int64, error)      { return 0, cmd.err }
func (cmd *StringCmd) Uint64() (uint64, error)    { return 0, cmd.err }
func (cmd *StringCmd) Float32() (float32, error)  { return 0, cmd.err }
func (cmd *StringCmd) Float64() (float64, error)  { return 0, cmd.err }
func (cmd *StringCmd) Time() (time.Time, error)   { return time.Time{}, cmd.err }
func (cmd *StringCmd) Scan(val interface{}) error { return cmd.err }
func (cmd *StringCmd) String() string             { return "" }
func (cmd *StringCmd) Clone() Cmder               { c := *cmd; return &c }

type MapStringStringCmd struct {
	baseCmd
	val map[string]string
}

func NewMapStringStringCmd(ctx context.Context, args ...interface{}) *MapStringStringCmd {
	return &MapStringStringCmd{baseCmd: baseCmd{ctx: ctx, args: args}}
}
func (cmd *MapStringStringCmd) Val() map[string]string             { return cmd.val }
func (cmd *MapStringStringCmd) SetVal(val map[string]string)       { cmd.val = val }
func (cmd *MapStringStringCmd) Result() (map[string]string, error) { return cmd.val, cmd.err }
func (cmd *MapStringStringCmd) String() string                     { return "" }
func (cmd *MapStringStringCmd) Scan(dest interface{}) error        { return cmd.err }
func (cmd *MapStringStringCmd) Clone() Cmder                       { c := *cmd; return &c }

type BoolSliceCmd struct {
	baseCmd
	val []bool
}

func NewBoolSliceCmd(ctx context.Context, args ...interface{}) *BoolSliceCmd {
	return &BoolSliceCmd{baseCmd: baseCmd{ctx: ctx, args: args}}
}
func (cmd *BoolSliceCmd) SetVal(val []bool)       { cmd.val = val }
func (cmd *BoolSliceCmd) Val() []bool             { return cmd.val }
func (cmd *BoolSliceCmd) Result() ([]bool, error) { return cmd.val, cmd.err }
func (cmd *BoolSliceCmd) String() string          { return "" }
func (cmd *BoolSliceCmd) Clone() Cmder            { c := *cmd; return &c }
