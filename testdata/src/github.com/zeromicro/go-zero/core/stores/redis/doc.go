// Package redis is a test stub of github.com/zeromicro/go-zero@v1.10.3 (core/stores/redis), signatures copied from the real source.
//
// Redis carries only the exported fields and a handful of commands
// (Get/Set/Setex/Setnx/Hget/Hset/Del/Incr/Eval with their Ctx variants).
package redis
