package model

import "go/types"

// This file holds the indexes and word lists of the lock lifecycle checks:
// FC5001 (unsafe release) and FC5002 (ignored lease loss). The entries come
// from the libraries (kb_*.go); package lifecycle reads them.

// RedisKeyDeletes delete a Redis key unconditionally: the releases of the
// locks held by their key (SET NX). On the key of such a lock they release
// it without checking the owner.
var RedisKeyDeletes = func() []Func {
	var out []Func
	for _, l := range KeyHeldLocks {
		out = append(out, l.Release...)
	}
	return out
}()

// RedisKeyReads read a key's value; followed by a comparison in Go and a
// delete they form the non-atomic GET-compare-DEL release.
var RedisKeyReads = setNX(func(p *SetNX) []Func { return p.Reads })

// RedisValueAccessors turn a go-redis *StringCmd into its value; result 0
// when the accessor returns (value, error).
var RedisValueAccessors = []string{"Result", "Val", "Text", "Bytes"}

// RedisScriptSources create a script object from its Lua source (argument 0).
var RedisScriptSources = setNX(func(p *SetNX) []Func { return p.ScriptSources })

// RedisScriptRuns run a Lua script: Script names the argument that holds the
// source text (-1: the receiver is a *Script), Keys the []string of KEYS and
// Args the first ARGV argument (variadic). The first matching entry wins.
var RedisScriptRuns = setNX(func(p *SetNX) []ScriptRun { return p.ScriptRuns })

// ScriptRun describes a call that runs a Redis Lua script.
type ScriptRun struct {
	Func
	Script, Keys, Args int
}

// ScriptRunOf returns the entry of RedisScriptRuns that fn is, or nil.
func ScriptRunOf(fn *types.Func) *ScriptRun {
	for i := range RedisScriptRuns {
		if RedisScriptRuns[i].Matches(fn) {
			return &RedisScriptRuns[i]
		}
	}
	return nil
}

// RedisPlainSet is a SET without NX: it overwrites whatever the key holds,
// so it takes no lock, and a key written with it is no lock of that code.
var RedisPlainSet = setNX(func(p *SetNX) []Func { return p.PlainSet })

// RedisDelIfEqual is go-redis' native compare-and-delete (Redis 8.4):
// DelExArgs(ctx, key, DelExArgs{Mode: "IFEQ", MatchValue: owner}).
var RedisDelIfEqual = setNX(func(p *SetNX) []Func { return p.DelIfEqual })

// RedisScriptFix is what a suggested fix rewriting a DEL into a
// compare-and-delete script needs: the client package, the interface a
// script runs on ((*Script).Run(ctx, c Scripter, ...)), the pipeline
// interface (a script run in a pipeline cannot fall back from EVALSHA to
// EVAL, so no fix is offered there) and the script.
var RedisScriptFix = func() ScriptFix {
	for _, l := range Libraries {
		if l.SetNX != nil {
			return l.SetNX.Fix
		}
	}
	return ScriptFix{}
}()

// RedisWatch runs a function inside an optimistic transaction on watched
// keys; a GET-compare-DEL inside it is atomic (EXEC fails when the key
// changed).
var RedisWatch = setNX(func(p *SetNX) []Func { return p.Watch })

// EtcdKeyDeletes delete an etcd key unconditionally.
var EtcdKeyDeletes = keyLocks(func(p *KeyLocks) []Func { return p.Deletes })

// EtcdOpDelete builds a delete operation for Txn().Then() or Do().
var EtcdOpDelete = keyLocks(func(p *KeyLocks) []Func { return p.OpDelete })

// EtcdLockKeys return the key that holds an etcd lock or leadership.
var EtcdLockKeys = keyLocks(func(p *KeyLocks) []Func { return p.LockKeys })

// setNX collects one list of every library's SetNX protocol.
func setNX[T any](list func(*SetNX) []T) []T {
	return collect(func(l *Library) []T {
		if l.SetNX == nil {
			return nil
		}
		return list(l.SetNX)
	})
}

// keyLocks collects one list of every library's KeyLocks protocol.
func keyLocks(list func(*KeyLocks) []Func) []Func {
	return collect(func(l *Library) []Func {
		if l.KeyLocks == nil {
			return nil
		}
		return list(l.KeyLocks)
	})
}

// LostChannels are the acquisitions whose result 0 is the channel closed
// when the lock is lost (Lock.LostChannel).
var LostChannels = func() []Func {
	var out []Func
	for _, l := range Locks {
		if l.LostChannel {
			out = append(out, l.Acquire...)
		}
	}
	return out
}()

// SessionRenewals keep a session alive until they fail; their error is the
// only news that the session (and every lock held through it) is gone.
var SessionRenewals = collect(func(l *Library) []Func { return l.SessionRenewals })

// DetachedContexts create a context that is never cancelled by the lease.
var DetachedContexts = collect(func(l *Library) []Func { return l.DetachedContexts })

// DerivedContexts derive a context from argument 0 (result 0 is the new
// context): a context derived from a detached one is detached too.
var DerivedContexts = collect(func(l *Library) []Func { return l.DerivedContexts })

// ProcessExits end the process (or the goroutine's program) for good.
var ProcessExits = collect(func(l *Library) []Func { return l.ProcessExits })
