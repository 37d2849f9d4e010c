// Package cmds is a stub of github.com/redis/rueidis/internal/cmds: the
// command builders behind client.B(). Each command is a chain of value
// types, one per step, ending in Build().
package cmds

import "time"

// Builder builds commands by reusing CommandSlice from the sync.Pool
type Builder struct {
	ks uint16
}

// Incomplete represents an incomplete Redis command. It should then be completed by calling Build().
type Incomplete struct {
	cf int16
	ks uint16
}

// Completed represents a completed Redis command, should be created by the Build() of command builder.
type Completed struct {
	cf uint16
	ks uint16
}

// Cacheable represents a completed Redis command which supports server-assisted client side caching.
type Cacheable Completed

type Get Incomplete

func (b Builder) Get() (c Get) { return }

func (c Get) Key(key string) GetKey { return GetKey(c) }

type GetKey Incomplete

func (c GetKey) Build() Completed { return Completed{} }

func (c GetKey) Cache() Cacheable { return Cacheable{} }

type Set Incomplete

func (b Builder) Set() (c Set) { return }

func (c Set) Key(key string) SetKey { return SetKey(c) }

type SetKey Incomplete

func (c SetKey) Value(value string) SetValue { return SetValue(c) }

type SetValue Incomplete

func (c SetValue) Nx() SetConditionNx { return SetConditionNx(c) }

func (c SetValue) Xx() SetConditionXx { return SetConditionXx(c) }

func (c SetValue) Px(duration time.Duration) SetExpirationPxMsTyped {
	return SetExpirationPxMsTyped(c)
}

func (c SetValue) Build() Completed { return Completed{} }

type SetConditionNx Incomplete

func (c SetConditionNx) Px(duration time.Duration) SetExpirationPxMsTyped {
	return SetExpirationPxMsTyped(c)
}

func (c SetConditionNx) Build() Completed { return Completed{} }

type SetConditionXx Incomplete

func (c SetConditionXx) Build() Completed { return Completed{} }

type SetExpirationPxMsTyped Incomplete

func (c SetExpirationPxMsTyped) Build() Completed { return Completed{} }

type Setnx Incomplete

func (b Builder) Setnx() (c Setnx) { return }

func (c Setnx) Key(key string) SetnxKey { return SetnxKey(c) }

type SetnxKey Incomplete

func (c SetnxKey) Value(value string) SetnxValue { return SetnxValue(c) }

type SetnxValue Incomplete

func (c SetnxValue) Build() Completed { return Completed{} }

type Del Incomplete

func (b Builder) Del() (c Del) { return }

func (c Del) Key(key ...string) DelKey { return DelKey(c) }

type DelKey Incomplete

func (c DelKey) Key(key ...string) DelKey { return c }

func (c DelKey) Build() Completed { return Completed{} }

type Incr Incomplete

func (b Builder) Incr() (c Incr) { return }

func (c Incr) Key(key string) IncrKey { return IncrKey(c) }

type IncrKey Incomplete

func (c IncrKey) Build() Completed { return Completed{} }

type Hset Incomplete

func (b Builder) Hset() (c Hset) { return }

func (c Hset) Key(key string) HsetKey { return HsetKey(c) }

type HsetKey Incomplete

func (c HsetKey) FieldValue() HsetFieldValue { return HsetFieldValue(c) }

type HsetFieldValue Incomplete

func (c HsetFieldValue) FieldValue(field string, value string) HsetFieldValue { return c }

func (c HsetFieldValue) Build() Completed { return Completed{} }

type Hget Incomplete

func (b Builder) Hget() (c Hget) { return }

func (c Hget) Key(key string) HgetKey { return HgetKey(c) }

type HgetKey Incomplete

func (c HgetKey) Field(field string) HgetField { return HgetField(c) }

type HgetField Incomplete

func (c HgetField) Build() Completed { return Completed{} }

type Eval Incomplete

func (b Builder) Eval() (c Eval) { return }

func (c Eval) Script(script string) EvalScript { return EvalScript(c) }

type EvalScript Incomplete

func (c EvalScript) Numkeys(numkeys int64) EvalNumkeys { return EvalNumkeys(c) }

type EvalNumkeys Incomplete

func (c EvalNumkeys) Key(key ...string) EvalKey { return EvalKey(c) }

func (c EvalNumkeys) Arg(arg ...string) EvalArg { return EvalArg(c) }

func (c EvalNumkeys) Build() Completed { return Completed{} }

type EvalKey Incomplete

func (c EvalKey) Key(key ...string) EvalKey { return c }

func (c EvalKey) Arg(arg ...string) EvalArg { return EvalArg(c) }

func (c EvalKey) Build() Completed { return Completed{} }

type EvalArg Incomplete

func (c EvalArg) Arg(arg ...string) EvalArg { return c }

func (c EvalArg) Build() Completed { return Completed{} }
