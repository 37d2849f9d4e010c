package model

import (
	"go/types"
	"slices"
	"strings"
)

// Command restricts an entry to some commands of a client whose commands
// are strings passed to one method: redigo's Conn.Do(commandName,
// args...). A call of the entry's function is the entry only when its
// argument Arg is a constant naming one of Names (case-insensitively) and,
// among the constant arguments after it, one of With is present (when
// With is set: SET ... NX) and none of Without is. A command name that is
// not a constant matches no entry: fencecheck stays silent.
//
// A client whose commands are built by a chain of method calls (rueidis'
// and valkey-go's client.B().Set().Key(k).Value(v).Nx().Build()) names its
// builder (Builder): argument Arg is then a built command, or the first of
// the variadic commands (DoMulti) of which any one may match.
type Command struct {
	Arg           int
	Names         []string
	With, Without []string
	// Builder is the type whose methods start a command (rueidis'
	// cmds.Builder: B().Set()), its Pkg and Type; nil for commands sent as
	// strings. The method called on it names the command (Set: SET,
	// Hset: HSET); the names of the methods called after it are what
	// With and Without look for (Nx: NX), and the argument of its KeyMethod
	// (the first one, for a variadic Key(keys...)) is the command's key. A
	// command whose chain is not a straight line of calls from the builder
	// (a builder stored in a variable changed on some paths only, or
	// passed in from another function) matches no entry.
	Builder *Builder
	// Field is set for a client whose options are the fields of a struct
	// argument rather than strings (go-redis' SetArgs(ctx, key, value,
	// SetArgs{Mode: "NX", TTL: ttl})): argument Arg is that struct,
	// Names is empty (the method names the command), and With and Without
	// look for the constant value of its field Field. A struct not built
	// in the calling function, or a field that is not a constant, matches
	// no entry that asks for With or Without.
	Field string
}

// Builder names the command builder of a client whose commands are method
// chains (Command.Builder).
type Builder struct {
	// Type is the builder type (Pkg, Type; Name unused).
	Type Field
	// KeyMethod is the method of a command's chain that takes its key.
	KeyMethod string
}

// Matches reports whether a call naming the command name, followed by the
// arguments rest ("" for one that is not a constant string), is c (for a
// command whose options are a struct's field, c.Field, name is ignored
// and rest is that field's value). A nil Command matches every call.
func (c *Command) Matches(name string, rest []string) bool {
	if c == nil {
		return true
	}
	if c.Field == "" && !slices.ContainsFunc(c.Names, func(n string) bool { return strings.EqualFold(n, name) }) {
		return false
	}
	has := func(flags []string) bool {
		return slices.ContainsFunc(rest, func(a string) bool {
			return slices.ContainsFunc(flags, func(f string) bool { return strings.EqualFold(f, a) })
		})
	}
	return (len(c.With) == 0 || has(c.With)) && !has(c.Without)
}

// noContext are the packages whose client commands take no context
// (Library.NoContext).
var noContext = func() map[string]bool {
	m := map[string]bool{}
	for _, l := range Libraries {
		for _, p := range l.NoContext {
			m[p] = true
		}
	}
	return m
}()

// returnsCommand reports whether fn returns a single command: a pointer to
// a type of fn's package that has an Err() error method (go-redis'
// *StatusCmd, *BoolCmd, ...).
func returnsCommand(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	if res.Len() != 1 {
		return false
	}
	p, ok := res.At(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() != fn.Pkg() {
		return false
	}
	m, _, _ := types.LookupFieldOrMethod(p, true, fn.Pkg(), "Err")
	errFn, ok := m.(*types.Func)
	if !ok {
		return false
	}
	sig := errFn.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 &&
		types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
}
