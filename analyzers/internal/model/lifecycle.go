package model

// This file holds the indexes and word lists of the lock lifecycle checks:
// FC5001 (unsafe release) and FC5002 (ignored lease loss). The entries come
// from the libraries (kb_*.go); package lifecycle reads them.

// ScriptRun describes a call that runs a Redis Lua script.
type ScriptRun struct {
	Func
	Script, Keys, Args int
}
