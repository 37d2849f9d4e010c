package calls

import (
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// Redis commands as the checks see them, whatever the client: a go-redis
// method (rdb.Del(ctx, key)), or a command string sent through one method
// (redigo's conn.Do("DEL", key)). Which argument names the key comes from
// the knowledge base (model.KB.KeyArg).

// KeyDeleteLock returns the lock held by its key whose release c is (a
// DEL or UNLINK of its client), or nil.
func KeyDeleteLock(c *ssa.CallCommon, fn *types.Func) *model.Lock {
	for _, l := range model.KB.KeyHeldLocks {
		if model.MatchesAny(l.Release, fn) && IsCommand(c, l.ReleaseCommand) ||
			l.Mirror != nil && Mirrors(c, l.Mirror.Release, false) {
			return l
		}
	}
	return nil
}

// DeletedLockKeyShape returns the shape (KeyShape, parameters kept) of
// the one key that c, a call of fn, deletes as a key-held lock's release
// (KeyDeleteLock); "" when c is no such release or deletes several keys.
// key is the key argument of the delete (DEL's variadic keys, or one).
func DeletedLockKeyShape(c *ssa.CallCommon, fn *types.Func, key ssa.Value) string {
	if key == nil || fn == nil || KeyDeleteLock(c, fn) == nil {
		return ""
	}
	if elems, ok := Variadic(key); ok {
		if len(elems) != 1 {
			return ""
		}
		key = elems[0]
	}
	return KeyShape(key, true)
}

// KeyHeldAcquire returns the lock held by its key (a SET NX) whose
// acquisition c is: one of its Acquire functions sending its command, or a
// method of an application interface that mirrors it; nil otherwise.
func KeyHeldAcquire(c *ssa.CallCommon) *model.Lock {
	fn := Callee(c)
	for _, l := range model.KB.KeyHeldLocks {
		if fn != nil && model.MatchesAny(l.Acquire, fn) && IsCommand(c, l.Command) ||
			l.Mirror != nil && Mirrors(c, l.Mirror.Acquire, true) {
			return l
		}
	}
	return nil
}

// RedisKeys returns the keys a Redis command names, and false when they
// are not known.
func RedisKeys(c *ssa.CallCommon, fn *types.Func) ([]ssa.Value, bool) {
	v := Arg(c, model.KB.KeyArg(fn))
	if keys, ok := Variadic(v); ok {
		return keys, true
	}
	if v == nil {
		return nil, false
	}
	if _, isSlice := v.Type().Underlying().(*types.Slice); isSlice {
		return nil, false // rdb.Del(ctx, keys...)
	}
	return []ssa.Value{v}, true
}

// RedisRead returns the key of c when it reads a key's value (GET, or
// the method of an application interface that mirrors it), or nil.
func RedisRead(c *ssa.CallCommon) ssa.Value {
	if k := setNXKey(c, func(p *model.SetNX) ([]model.Func, *model.Command) { return p.Reads, p.ReadCommand }); k != nil {
		return k
	}
	for _, l := range model.KB.KeyHeldLocks {
		if l.Mirror != nil && Mirrors(c, l.Mirror.Read, false) {
			return Arg(c, 1)
		}
	}
	return nil
}

// RedisPlainSet returns the key of c when it is a SET without NX, or nil.
func RedisPlainSet(c *ssa.CallCommon) ssa.Value {
	return setNXKey(c, func(p *model.SetNX) ([]model.Func, *model.Command) { return p.PlainSet, p.PlainSetCommand })
}

// RedisExtend returns the key of c when it extends or swaps a key
// (SetNX.Extends), or nil.
func RedisExtend(c *ssa.CallCommon) ssa.Value {
	return setNXKey(c, func(p *model.SetNX) ([]model.Func, *model.Command) { return p.Extends, p.ExtendCommand })
}

// setNXKey returns the key of c when it is one of the calls (and, for a
// command sent as a string, the command) that entry selects from a SET NX
// protocol, or nil.
func setNXKey(c *ssa.CallCommon, entry func(*model.SetNX) ([]model.Func, *model.Command)) ssa.Value {
	fn := Callee(c)
	if fn == nil {
		return nil
	}
	for _, lib := range model.Libraries {
		if p := lib.SetNX; p != nil {
			if fs, cmd := entry(p); model.MatchesAny(fs, fn) && IsCommand(c, cmd) {
				return FlatArg(c, p.Key)
			}
		}
	}
	return nil
}

// RedisExpire returns the key of c when it sets a key's time to live
// (EXPIRE, PEXPIRE: model.KB.KeyExpires, with the key where the client's
// SET NX protocol names it), or nil. GETSET, which extends by swapping the
// value, is not one.
func RedisExpire(c *ssa.CallCommon) ssa.Value {
	fn := Callee(c)
	if fn == nil || !model.MatchesAny(model.KB.KeyExpires, fn) {
		return nil
	}
	return RedisExtend(c)
}

// RedisReadDeciding returns the GET of key, in later's function, whose
// result decides whether later runs (DecidedBy): a read of the key and a
// test of what it returned, then later. nil when there is none.
func RedisReadDeciding(later ssa.CallInstruction, key ssa.Value) *ssa.Call {
	fn := later.Parent()
	if fn == nil || key == nil {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			get, ok := instr.(*ssa.Call)
			if ok && SameKey(RedisRead(&get.Call), key) && DecidedBy(later, get, get) {
				return get
			}
		}
	}
	return nil
}
