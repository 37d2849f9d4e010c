package lifecycle

import (
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// Redis commands in FC5001's messages and advice, whatever the client: a
// go-redis method (rdb.Del(ctx, key)), or a command string sent through
// one method (redigo's conn.Do("DEL", key)). Which keys a command names is
// calls' question (calls.RedisKeys, calls.RedisRead).

// redisCall names a Redis command call for messages: "go-redis Del", or
// "redigo DEL" for a command sent as a string; and the command's verb.
func redisCall(c *ssa.CallCommon, fn *types.Func, l *model.Lock) (string, string) {
	if l != nil && l.ReleaseCommand != nil {
		name, _ := calls.ConstString(calls.Arg(c, l.ReleaseCommand.Arg))
		name = strings.ToUpper(name)
		lib := fn.Pkg().Name()
		if ml := model.KB.LibraryOf(l); ml != nil {
			lib = ml.Name
		}
		return lib + " " + fn.Name() + "(\"" + name + "\")", name
	}
	if l != nil && l.Mirror != nil && c.IsInvoke() {
		// The application's interface over its client (RedisBackend.Del).
		if n, ok := types.Unalias(c.Value.Type()).(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name(), strings.ToUpper(fn.Name())
		}
	}
	return "go-redis " + fn.Name(), strings.ToUpper(fn.Name())
}

// adviceFor is the advice of an FC5001 finding on a release of a lock
// held by its key through fn: the compare-and-delete script, and the
// client's native compare-and-delete where it has one (go-redis v9's
// DelExArgs).
func adviceFor(fn *types.Func) string {
	if fn.Pkg() != nil && slices.ContainsFunc(model.KB.DelIfEqual, func(f model.Func) bool { return f.Pkg == fn.Pkg().Path() }) {
		return releaseAdvice
	}
	return scriptAdvice
}
