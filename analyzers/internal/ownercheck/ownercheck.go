// Package ownercheck reads how a lock's release checks that its caller
// still holds the lock, or fails to: a compare-and-delete script and the
// argument that holds the owner, a GET whose value is compared in Go
// before the delete, an etcd transaction whose If compares, a DELETE that
// picks one row by its name. FC5001 (lifecycle) decides with them.
package ownercheck

import (
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"golang.org/x/tools/go/ssa"
)

// maxChainCalls bounds how many calls of a builder chain
// (Txn(ctx).If(...).Then(...).Commit()) are walked back from its end:
// such chains are a handful of calls long.
const maxChainCalls = 16

// ComparedInGo reports whether the value of a go-redis *StringCmd is
// compared with ==, != (or a switch), strings.EqualFold or bytes.Equal, and
// returns the other side of the comparison.
func ComparedInGo(get *ssa.Call) (ssa.Value, bool) {
	vals := append([]ssa.Value{get}, replyValues(get)...)
	for _, r := range *get.Referrers() {
		c, ok := r.(*ssa.Call)
		if !ok || calls.Receiver(&c.Call) != get {
			continue
		}
		if fn := calls.Callee(&c.Call); fn != nil && slices.Contains(model.KB.ValueReplies, fn.Name()) {
			if v := calls.Result(c, 0); v != nil {
				vals = append(vals, v)
			}
		}
	}
	for _, v := range vals {
		for _, r := range *v.Referrers() {
			switch x := r.(type) {
			case *ssa.BinOp:
				if x.Op == token.EQL || x.Op == token.NEQ {
					if x.X == v {
						return x.Y, true
					}
					return x.X, true
				}
			case *ssa.Call:
				if fn := calls.Callee(&x.Call); fn != nil && fn.Pkg() != nil {
					switch fn.Pkg().Path() + "." + fn.Name() {
					case "strings.EqualFold", "strings.Compare", "bytes.Equal", "bytes.Compare", "crypto/subtle.ConstantTimeCompare":
						for _, a := range x.Call.Args {
							if a != v {
								return a, true
							}
						}
						return nil, true
					}
				}
			}
		}
	}
	return nil, false
}

// EtcdLockKey reports whether v is the key of an etcd Mutex or Election
// and returns the Key() call.
func EtcdLockKey(v ssa.Value) *ssa.Call {
	kc, ok := calls.Unwrap(calls.Resolve(v)).(*ssa.Call)
	if ok && model.MatchesAny(model.KB.LockKeys, calls.Callee(&kc.Call)) {
		return kc
	}
	return nil
}

// Consumers returns the calls that receive v directly or as an element of
// a variadic argument.
func Consumers(v ssa.Value) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case ssa.CallInstruction:
			out = append(out, x)
		case *ssa.Store:
			ia, ok := x.Addr.(*ssa.IndexAddr)
			if !ok || x.Val != v {
				continue
			}
			alloc, ok := ia.X.(*ssa.Alloc)
			if !ok {
				continue
			}
			for _, r2 := range *alloc.Referrers() {
				if sl, ok := r2.(*ssa.Slice); ok {
					for _, r3 := range *sl.Referrers() {
						if c, ok := r3.(ssa.CallInstruction); ok {
							out = append(out, c)
						}
					}
				}
			}
		}
	}
	return out
}

// TxnHasIf walks a Txn builder chain back and reports whether If() received
// a comparison.
func TxnHasIf(v ssa.Value) bool {
	for i := 0; v != nil && i < maxChainCalls; i++ {
		call, ok := calls.Unwrap(v).(*ssa.Call)
		if !ok {
			return false
		}
		if fn := calls.Callee(&call.Call); fn != nil && fn.Name() == "If" {
			elems, known := calls.Variadic(calls.Arg(&call.Call, 0))
			if !known || len(elems) > 0 {
				return true
			}
		}
		v = calls.Receiver(&call.Call)
	}
	return false
}

// NamesOneRow reports whether a DELETE picks its row by equality on a
// column (name = $1, name = 'billing'), as the release of one lock does,
// rather than by a condition such as WHERE stale or expires_at < now().
func NamesOneRow(st *sqlfence.Statement, text string) bool {
	for _, g := range st.Guards {
		if g.Clause == "where" && g.Strong && g.Op == "=" {
			return true
		}
	}
	lower := strings.ToLower(text)
	i := strings.Index(lower, "where")
	if i < 0 {
		return false
	}
	rest := lower[i+len("where"):]
	for j := strings.IndexByte(rest, '='); j > 0; {
		prev := strings.TrimRight(rest[:j], " \t\n")
		next := strings.TrimLeft(rest[j+1:], " \t\n")
		if prev != "" && !strings.ContainsAny(prev[len(prev)-1:], "<>!") && strings.HasPrefix(next, "'") {
			return true // column = 'constant'
		}
		k := strings.IndexByte(rest[j+1:], '=')
		if k < 0 {
			break
		}
		j += k + 1
	}
	return false
}

// WhereWords returns the lower-case identifiers after the first WHERE of
// an SQL text, and false when there is no WHERE.
func WhereWords(text string) ([]string, bool) {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	})
	for i, w := range words {
		if w == "where" {
			return words[i+1:], true
		}
	}
	return nil, false
}

// normalLua is a script's text lower-cased, with its locals that name an
// argument replaced by the argument (local token = ARGV[1] ... ~= token
// reads ~= argv[1]), single quotes made double and every space removed,
// for the recognisers below.
func normalLua(src string) string {
	s := strings.ReplaceAll(strings.ToLower(src), "'", `"`)
	for _, m := range luaArgLocal.FindAllStringSubmatch(s, -1) {
		s = regexp.MustCompile(`\b`+regexp.QuoteMeta(m[1])+`\b`).ReplaceAllLiteralString(s, "argv["+m[2]+"]")
	}
	return strings.Join(strings.Fields(s), "")
}

// luaArgLocal finds a local that names an argument: local token = ARGV[1].
var luaArgLocal = regexp.MustCompile(`\blocal\s+([a-z_][a-z0-9_]*)\s*=\s*argv\[(\d+)\]`)

// CompareAndDelete recognises the Lua release script and returns the
// 1-based ARGV index holding the owner.
func CompareAndDelete(src string) (int, bool) {
	s := normalLua(src)
	if !strings.Contains(s, `call("get"`) || !(strings.Contains(s, `call("del"`) || strings.Contains(s, `call("unlink"`)) {
		return 0, false
	}
	i := strings.Index(s, "argv[")
	if i < 0 {
		return 0, false
	}
	j := i + len("argv[")
	k := j
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	n, err := strconv.Atoi(s[j:k])
	if err != nil || n < 1 {
		return 0, false
	}
	return n, true
}

// CompareAndExpire recognises a Lua renewal script that compares a lock
// key's value with an argument (the holder's token) before it moves the
// key's expiry forward: `if redis.call("get", KEYS[1]) == ARGV[1] then
// return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`. It
// returns the 1-based ARGV index holding the owner. The script answers 0
// when the key no longer holds the token (the lock expired, another holder
// may have it), 1 when it renewed. A script that also deletes the key is a
// release, not a renewal.
func CompareAndExpire(src string) (int, bool) {
	s := normalLua(src)
	if !strings.Contains(s, `call("get"`) || strings.Contains(s, `call("del"`) || strings.Contains(s, `call("unlink"`) {
		return 0, false
	}
	if !strings.Contains(s, `call("pexpire"`) && !strings.Contains(s, `call("expire"`) {
		return 0, false
	}
	return ownerArg(s)
}

// luaOwnerCompare finds an equality or inequality of an ARGV with
// something (the value the script read), on a script with its spaces
// removed: == ARGV[1] then act, or ~= ARGV[1] then return early.
var luaOwnerCompare = regexp.MustCompile(`(?:==|~=)argv\[(\d+)\]|argv\[(\d+)\](?:==|~=)`)

// HolderCompared recognises a script that reads a key (GET, HGET) and
// compares the value with an argument, the holder's token, before it acts:
// a lock's renewal, release or a write the lock's key guards
// atomically. It returns the 1-based ARGV index holding the holder.
func HolderCompared(src string) (int, bool) {
	s := normalLua(src)
	if !strings.Contains(s, `call("get"`) && !strings.Contains(s, `call("hget"`) {
		return 0, false
	}
	return ownerArg(s)
}

// ownerArg returns the ARGV index a normalised script compares with.
func ownerArg(s string) (int, bool) {
	m := luaOwnerCompare.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1] + m[2])
	if err != nil || n < 1 {
		return 0, false
	}
	return n, true
}

// replyValues returns the values converted from the reply of a command
// that returns an untyped one (redigo's redis.String(conn.Do("GET", key))).
func replyValues(get *ssa.Call) []ssa.Value {
	if get.Call.Signature().Results().Len() < 2 {
		return nil
	}
	reply := calls.Result(get, 0)
	if reply == nil {
		return nil
	}
	var out []ssa.Value
	if b, ok := reply.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		out = append(out, reply) // (string, error): an application client's GET
	}
	for _, r := range *reply.Referrers() {
		c, ok := r.(*ssa.Call)
		if !ok || calls.Arg(&c.Call, 0) != reply {
			continue
		}
		if fn := calls.Callee(&c.Call); fn != nil && slices.ContainsFunc(model.KB.Replies, func(f model.Func) bool { return f.Matches(fn) }) {
			if v := calls.Result(c, 0); v != nil {
				out = append(out, v)
			}
		}
	}
	return out
}
