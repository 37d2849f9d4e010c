package model

import (
	"fmt"
	"go/constant"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// unverifiable are the modules of the knowledge base that testdata/realmod
// cannot require, with the reason. Their entries are listed by the test
// (go test -v) but not resolved; every other entry must resolve.
var unverifiable = map[string]string{
	"cirello.io/dynamolock/v2": "the Go module proxy does not serve cirello.io modules (\"This module version is not available\"), so realmod cannot require it",
	"cirello.io/dynamolock":    "the Go module proxy does not serve cirello.io modules (\"This module version is not available\"), so realmod cannot require it",
	// etcd's client before the module split: the proxy serves both
	// (github.com/coreos/etcd v3.3.27+incompatible, go.etcd.io/etcd
	// v0.5.0-alpha.5.0.20200910180754-dd1b699fc489, which is v3.4.13), but
	// their clientv3 needs grpc v1.26 (balancer.PickOptions,
	// resolver.BuildOption), which realmod cannot require beside the grpc
	// of the v3.5+ client (v1.85). Every entry was resolved by hand: a
	// package referring to each one (method expressions, functions,
	// fields) type-checks against each module with grpc v1.26.0. Listed by
	// package, since go.etcd.io/etcd is a prefix of the modern modules.
	"github.com/coreos/etcd":      "needs grpc v1.26, which realmod cannot require beside the v3.5+ client's grpc; every entry type-checked by hand against v3.3.27+incompatible with grpc v1.26.0",
	"go.etcd.io/etcd/clientv3":    "go.etcd.io/etcd v3.4 (v0.5.0-alpha.5.0.20200910180754-dd1b699fc489) needs grpc v1.26, which realmod cannot require beside the v3.5+ client's grpc; every entry type-checked by hand against it with grpc v1.26.0",
	"go.etcd.io/etcd/mvcc":        "go.etcd.io/etcd v3.4's mvccpb, in the same module as its clientv3 (above); its fields type-checked by hand",
	"cloud.google.com/go/storage": "kept out of realmod for its dependency tree (google.golang.org/api, cloud.google.com/go/auth, iam, monitoring, gax, otel contrib, an upgraded genproto and otlp): the entries were checked by hand against v1.56.0's source, and testdata/src's stub copies those signatures",
}

// TestKnowledgeBase resolves every entry of the knowledge base, every Func
// and Field of every Library, against the real libraries that the module
// testdata/realmod requires, the way the engine matches calls
// (Func.Matches, Field.Matches): a renamed, moved or misspelt API, a method
// that is only promoted to the type an entry names, or an argument or
// result index a signature does not have, fails the test. It also checks
// that each entry's package belongs to one of its library's Modules.
//
// It needs the real modules (downloaded and compiled): it runs with
// FENCECHECK_INTEGRATION=1, as CI does. A library whose module the proxy
// does not serve goes into unverifiable; any other new module is added to
// testdata/realmod (go get, and a blank import in realmod/kbapis when no
// example uses it).
func TestKnowledgeBase(t *testing.T) {
	if os.Getenv("FENCECHECK_INTEGRATION") != "1" {
		t.Skip("set FENCECHECK_INTEGRATION=1 to resolve the knowledge base against the real libraries (testdata/realmod)")
	}
	entries := kbEntries()
	paths := map[string]bool{}
	for _, e := range entries {
		if e.pkg != "" {
			paths[e.pkg] = true
		}
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata", "realmod"))
	if err != nil {
		t.Fatal(err)
	}
	var pats []string
	for p := range paths {
		pats = append(pats, p)
	}
	sort.Strings(pats)
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedModule, Dir: dir,
		Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")}
	pkgs, err := packages.Load(cfg, pats...)
	if err != nil {
		t.Fatal(err)
	}
	loaded := map[string]*packages.Package{}
	for _, p := range pkgs {
		if len(p.Errors) == 0 && p.Types != nil {
			loaded[p.PkgPath] = p
		}
	}
	r := &resolver{t: t, loaded: loaded}
	skipped := map[string]int{}
	for _, e := range entries {
		if e.pkg != "" && loaded[e.pkg] == nil {
			if mod := unverifiableModule(e.pkg); mod != "" {
				skipped[mod]++
				continue
			}
		}
		r.check(e)
	}
	for mod, n := range skipped {
		t.Logf("not verified: %d entries of %s: %s", n, mod, unverifiable[mod])
	}
	for mod := range unverifiable {
		if skipped[mod] == 0 {
			t.Errorf("unverifiable lists %s, but no entry of the knowledge base is in it any more (or it loads): remove it", mod)
		}
	}
	t.Logf("resolved %d entries of %d libraries in %d packages", len(entries)-sumValues(skipped), len(Libraries), len(loaded))
}

func sumValues(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func unverifiableModule(pkg string) string {
	for mod := range unverifiable {
		if pkg == mod || strings.HasPrefix(pkg, mod+"/") {
			return mod
		}
	}
	return ""
}

// kbEntry is one name of the knowledge base to resolve.
type kbEntry struct {
	lib   *Library
	where string // "Etcd.Locks[0].Acquire[1]"
	pkg   string // import path
	fn    *Func
	field *Field
	// check is run on the resolved function (nil for a field or package).
	check func(*types.Func) string
	// names are functions of pkg (PollTakers), consts a constant type and
	// values of it (OpGuards.Consts), methods a typed client's writes.
	names   []string
	consts  []string
	methods []string
}

// kbEntries walks every Library by reflection, so that a field added to
// Library is covered without touching the test, and adds the checks of
// the indexes each entry carries.
func kbEntries() []kbEntry {
	var out []kbEntry
	for _, lib := range Libraries {
		name := libVarName(lib)
		walk(reflect.ValueOf(lib).Elem(), name, func(where string, v reflect.Value) {
			switch x := v.Interface().(type) {
			case Func:
				if x != (Func{}) {
					f := x
					out = append(out, kbEntry{lib: lib, where: where, pkg: f.Pkg, fn: &f})
				}
			case Field:
				if x != (Field{}) {
					f := x
					out = append(out, kbEntry{lib: lib, where: where, pkg: f.Pkg, field: &f})
				}
			}
		})
		for p := range lib.LeasePackages {
			out = append(out, kbEntry{lib: lib, where: fmt.Sprintf("%s.LeasePackages[%d]", name, p), pkg: lib.LeasePackages[p]})
		}
		for i, p := range lib.Internal {
			out = append(out, kbEntry{lib: lib, where: fmt.Sprintf("%s.Internal[%d]", name, i), pkg: p})
		}
		for p, names := range lib.PollTakers {
			out = append(out, kbEntry{lib: lib, where: fmt.Sprintf("%s.PollTakers[%q]", name, p), pkg: p, names: names})
		}
		for typ, vals := range lib.OpGuards.Consts {
			i := strings.LastIndex(typ, ".")
			out = append(out, kbEntry{lib: lib, where: fmt.Sprintf("%s.OpGuards.Consts[%q]", name, typ), pkg: typ[:i],
				consts: append([]string{typ[i+1:]}, vals...)})
		}
		for i, s := range lib.Sinks {
			if s.Shape == TypedClient {
				// Every write method must exist on a typed client: apps/v1's
				// Deployments have them all (a status and a scale).
				// The dynamic client is one package, Under itself.
				pkg := s.Under
				if strings.HasSuffix(pkg, "/") {
					pkg += "apps/v1"
				}
				out = append(out, kbEntry{lib: lib, where: fmt.Sprintf("%s.Sinks[%d].Methods", name, i),
					pkg: pkg, methods: s.Methods})
			}
		}
		out = append(out, indexChecks(lib, name)...)
	}
	return out
}

// libVarName is the name of the variable that declares lib.
func libVarName(lib *Library) string {
	for n, l := range map[string]*Library{"SQL": &sqlLibrary, "Redis": &redisLibrary, "GoRedisNoContext": &goRedisNoContext, "Redigo": &redigoLibrary, "Rueidis": &rueidisLibrary, "Etcd": &etcdLibrary, "Consul": &consulLibrary, "ZooKeeper": &zooKeeperLibrary,
		"Kubernetes": &kubernetesLibrary, "HTTP": &httpLibrary, "GRPC": &grpcLibrary, "DynamoDB": &dynamoDBLibrary, "MongoDB": &mongoDBLibrary, "S3": &s3Library, "S3v1": &s3v1Library, "GCS": &gcsLibrary, "MinIO": &minioLibrary, "Messaging": &messagingLibrary, "Queues": &queuesLibrary,
		"Schedulers": &schedulersLibrary, "IDs": &idsLibrary, "Encodings": &encodingsLibrary, "Logging": &loggingLibrary, "Testing": &testingLibrary, "Stdlib": &stdlibLibrary, "Digests": &digestsLibrary} {
		if l == lib {
			return n
		}
	}
	return lib.Name
}

// walk calls f with every value reachable from v and a path to it.
func walk(v reflect.Value, path string, f func(string, reflect.Value)) {
	if v.CanInterface() {
		f(path, v)
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walk(v.Elem(), path, f)
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[Func]() || v.Type() == reflect.TypeFor[Field]() {
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				walk(v.Field(i), path+"."+v.Type().Field(i).Name, f)
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i), f)
		}
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, k := range keys {
			walk(k, fmt.Sprintf("%s[%v]", path, k), f)
			walk(v.MapIndex(k), fmt.Sprintf("%s[%v]", path, k), f)
		}
	}
}

// indexChecks are the argument and result indexes of the entries: each
// becomes a check on the resolved function's signature.
func indexChecks(lib *Library, name string) []kbEntry {
	var out []kbEntry
	add := func(where string, f Func, check func(*types.Func) string) {
		g := f
		out = append(out, kbEntry{lib: lib, where: where + " (indexes)", pkg: f.Pkg, fn: &g, check: check})
	}
	for i, l := range lib.Locks {
		w := fmt.Sprintf("%s.Locks[%d]", name, i)
		for j, f := range l.Acquire {
			l := l
			add(fmt.Sprintf("%s.Acquire[%d]", w, j), f, func(fn *types.Func) string {
				sig := fn.Signature()
				// A command sent as a string has untyped arguments and
				// an untyped reply, which Replies convert.
				untyped := l.Command != nil
				switch {
				case untyped && l.Command.Field != "" && !hasStringField(sig.Params(), l.Command.Arg, l.Command.Field):
					return fmt.Sprintf("argument %d is not a struct with a string field %s (Command.Field)", l.Command.Arg, l.Command.Field)
				case untyped && l.Command.Field == "" && !isStringAt(sig.Params(), l.Command.Arg):
					return fmt.Sprintf("argument %d is not the command name (Command)", l.Command.Arg)
				case l.Success == ErrNil && !isErrorAt(sig.Results(), l.Result) && !(l.Result == 0 && returnsCommand(fn)):
					return fmt.Sprintf("result %d is not an error (Success ErrNil, Result %d)", l.Result, l.Result)
				case l.SuccessField != "":
					if !hasBoolField(sig.Results(), l.Result, l.SuccessField) {
						return fmt.Sprintf("result %d has no bool field %s (SuccessField)", l.Result, l.SuccessField)
					}
				case l.Success == BoolTrue && !isBoolAt(sig.Results(), l.Result) && !(untyped && isInterfaceAt(sig.Results(), l.Result)):
					return fmt.Sprintf("result %d is not a bool or a command whose value is one (Success BoolTrue)", l.Result)
				case l.Success == NonNilReply && !isInterfaceAt(sig.Results(), l.Result):
					return fmt.Sprintf("result %d is not an untyped reply (Success NonNilReply)", l.Result)
				case l.Held == HeldByResult && l.Handle >= sig.Results().Len():
					return fmt.Sprintf("it has no result %d (Held by result %d)", l.Handle, l.Handle)
				case l.Held == HeldByKey && !isStringAt(flatParams(sig), l.Handle) && !(untyped && isInterfaceAt(flatParams(sig), l.Handle)):
					return fmt.Sprintf("argument %d is not a string key (Held by key %d)", l.Handle, l.Handle)
				case l.Held == HeldByKey && l.Owner >= flatParams(sig).Len():
					return fmt.Sprintf("it has no argument %d (Owner)", l.Owner)
				case l.LostChannel && !isChanAt(sig.Results(), 0):
					return "result 0 is not a channel (LostChannel)"
				case l.ReleaseFunc > 0 && !isNiladicFuncAt(sig.Results(), l.ReleaseFunc-1):
					return fmt.Sprintf("result %d is not a func() (ReleaseFunc %d)", l.ReleaseFunc-1, l.ReleaseFunc)
				}
				return ""
			})
		}
		for j, f := range l.Extend {
			l := l
			add(fmt.Sprintf("%s.Extend[%d]", w, j), f, func(fn *types.Func) string {
				if !isErrorAt(fn.Signature().Results(), l.ExtendResult) {
					return fmt.Sprintf("result %d is not an error (ExtendResult)", l.ExtendResult)
				}
				return ""
			})
		}
		for j, f := range l.KeyFrom {
			add(fmt.Sprintf("%s.KeyFrom[%d]", w, j), f, func(fn *types.Func) string {
				if !isStringAt(fn.Signature().Params(), 0) {
					return "argument 0 is not a string key (KeyFrom)"
				}
				return ""
			})
		}
	}
	for i, t := range lib.Tasks {
		t := t
		add(fmt.Sprintf("%s.Tasks[%d].Task", name, i), t.Task, func(fn *types.Func) string {
			if !isFuncAt(fn.Signature().Params(), t.Arg) && !isEmptyInterfaceAt(fn.Signature().Params(), t.Arg) {
				return fmt.Sprintf("argument %d is not a function (Arg)", t.Arg)
			}
			return ""
		})
	}
	for i, s := range lib.Sinks {
		s := s
		for j, f := range s.Funcs {
			add(fmt.Sprintf("%s.Sinks[%d].Funcs[%d]", name, i, j), f, func(fn *types.Func) string {
				ps := flatParams(fn.Signature())
				switch {
				case s.Command != nil && s.Command.Builder != nil:
					if why := builtCommandCheck(ps, s.Command); why != "" {
						return why
					}
				case s.Command != nil && s.Command.Field != "":
					if !hasStringField(ps, s.Command.Arg, s.Command.Field) {
						return fmt.Sprintf("argument %d is not a struct with a string field %s (Command.Field)", s.Command.Arg, s.Command.Field)
					}
				case s.Command != nil && !isStringAt(ps, s.Command.Arg):
					return fmt.Sprintf("argument %d is not the command name (Command)", s.Command.Arg)
				case (s.Cond == CondSQL) && !isStringAt(ps, s.Query) && !isEmptyInterfaceAt(ps, s.Query):
					return fmt.Sprintf("argument %d is not the SQL text (Query)", s.Query)
				case s.Conds > 0 && (!fn.Signature().Variadic() || s.Conds != fn.Signature().Params().Len()-1):
					return fmt.Sprintf("argument %d is not its variadic conditions (Conds)", s.Conds)
				case (s.Cond == CondSQL || s.Cond == CondScript) && s.Args > ps.Len():
					return fmt.Sprintf("it has no argument %d (Args)", s.Args)
				case (s.Cond == CondFilter || s.Cond == CondInput) && s.Query >= ps.Len():
					return fmt.Sprintf("it has no argument %d (Query)", s.Query)
				case s.Key >= ps.Len():
					return fmt.Sprintf("it has no argument %d (Key)", s.Key)
				}
				for _, ac := range s.ArgConds {
					if !isIntegerAt(ps, ac.Arg) {
						return fmt.Sprintf("argument %d is not an integer (ArgConds)", ac.Arg)
					}
				}
				if len(s.LeaseOptions) > 0 && !fn.Signature().Variadic() {
					return "it takes no options (LeaseOptions)"
				}
				return ""
			})
		}
		for j, f := range s.Invalidations {
			add(fmt.Sprintf("%s.Sinks[%d].Invalidations[%d]", name, i, j), f, func(fn *types.Func) string {
				if !slices.Contains(s.Funcs, f) {
					return "it is not among the sink's Funcs (Invalidations)"
				}
				return ""
			})
		}
		for j, f := range s.VersionCompares {
			add(fmt.Sprintf("%s.Sinks[%d].VersionCompares[%d]", name, i, j), f, func(fn *types.Func) string {
				if !isStringAt(fn.Signature().Params(), 0) || fn.Signature().Results().Len() != 1 {
					return "it does not name a key's version by the key (VersionCompares)"
				}
				return ""
			})
		}
	}
	for i, a := range lib.TTLArgs {
		a := a
		add(fmt.Sprintf("%s.TTLArgs[%d]", name, i), a.Func, func(fn *types.Func) string {
			ps := fn.Signature().Params()
			switch {
			case a.Arg >= ps.Len():
				return fmt.Sprintf("it has no argument %d (Arg)", a.Arg)
			case a.LockKey >= 0 && !isStringAt(ps, a.LockKey):
				return fmt.Sprintf("argument %d is not a string key (LockKey)", a.LockKey)
			}
			return ""
		})
	}
	for i, d := range lib.Decoders {
		d := d
		add(fmt.Sprintf("%s.Decoders[%d]", name, i), d.Func, func(fn *types.Func) string {
			if d.Arg >= fn.Signature().Params().Len() {
				return fmt.Sprintf("it has no argument %d (Arg)", d.Arg)
			}
			return ""
		})
	}
	for i, s := range lib.Identities {
		s := s
		if s.Func != (Func{}) {
			add(fmt.Sprintf("%s.Identities[%d]", name, i), s.Func, func(fn *types.Func) string {
				switch {
				case s.Arg >= 0 && s.Arg >= fn.Signature().Params().Len():
					return fmt.Sprintf("it has no argument %d (Arg)", s.Arg)
				case s.Arg < 0 && s.Result >= fn.Signature().Results().Len():
					return fmt.Sprintf("it has no result %d (Result)", s.Result)
				}
				return ""
			})
		}
	}
	if p := lib.SetNX; p != nil {
		for i, r := range p.ScriptRuns {
			r, earlier := r, p.ScriptRuns[:i]
			add(fmt.Sprintf("%s.SetNX.ScriptRuns[%d]", name, i), r.Func, func(fn *types.Func) string {
				ps := fn.Signature().Params()
				switch {
				case slices.ContainsFunc(earlier, func(e ScriptRun) bool { return e.Matches(fn) }):
					return "" // the first matching entry wins
				case r.Script >= ps.Len() || r.Keys >= ps.Len() || r.Args >= ps.Len():
					return fmt.Sprintf("it has %d arguments (Script %d, Keys %d, Args %d)", ps.Len(), r.Script, r.Keys, r.Args)
				case r.Script >= 0 && !isStringAt(ps, r.Script):
					return fmt.Sprintf("argument %d is not the script text (Script)", r.Script)
				}
				return ""
			})
		}
	}
	return out
}

// flatParams are sig's parameters with the variadic one repeated as its
// element type up to index 15, as calls.FlatArg counts arguments
// (conn.Do("DEL", key): the key is argument 1).
func flatParams(sig *types.Signature) *types.Tuple {
	ps := sig.Params()
	if !sig.Variadic() || ps.Len() == 0 {
		return ps
	}
	var vars []*types.Var
	for i := range ps.Len() - 1 {
		vars = append(vars, ps.At(i))
	}
	last := ps.At(ps.Len() - 1)
	for len(vars) < 16 {
		vars = append(vars, types.NewVar(last.Pos(), last.Pkg(), last.Name(), last.Type().(*types.Slice).Elem()))
	}
	return types.NewTuple(vars...)
}

func isInterfaceAt(t *types.Tuple, i int) bool {
	typ := at(t, i)
	if typ == nil {
		return false
	}
	_, ok := typ.Underlying().(*types.Interface)
	return ok
}

func at(t *types.Tuple, i int) types.Type {
	if i < 0 || i >= t.Len() {
		return nil
	}
	return t.At(i).Type()
}

func isErrorAt(t *types.Tuple, i int) bool {
	typ := at(t, i)
	return typ != nil && types.Identical(typ, types.Universe.Lookup("error").Type())
}

func isBoolAt(t *types.Tuple, i int) bool {
	typ := at(t, i)
	if typ == nil {
		return false
	}
	if b, ok := typ.Underlying().(*types.Basic); ok {
		return b.Info()&types.IsBoolean != 0
	}
	// A go-redis *BoolCmd: its Result()/Val() is the bool.
	m, _, _ := types.LookupFieldOrMethod(typ, true, nil, "Val")
	fn, ok := m.(*types.Func)
	return ok && isBoolAt(fn.Signature().Results(), 0)
}

func isStringAt(t *types.Tuple, i int) bool {
	typ := at(t, i)
	b, ok := types.Unalias(typ).(*types.Basic)
	return typ != nil && ok && b.Info()&types.IsString != 0
}

// hasStringField: argument i is a struct (go-redis' SetArgs) whose field
// name is a string (Command.Field).
func hasStringField(t *types.Tuple, i int, name string) bool {
	typ := at(t, i)
	if typ == nil {
		return false
	}
	st, ok := typ.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for j := 0; j < st.NumFields(); j++ {
		if f := st.Field(j); f.Name() == name {
			b, ok := types.Unalias(f.Type()).(*types.Basic)
			return ok && b.Info()&types.IsString != 0
		}
	}
	return false
}

// isEmptyInterfaceAt: go-pg takes its SQL text as an interface{}.
func isEmptyInterfaceAt(t *types.Tuple, i int) bool {
	typ := at(t, i)
	if typ == nil {
		return false
	}
	it, ok := typ.Underlying().(*types.Interface)
	return ok && it.Empty()
}

func isIntegerAt(t *types.Tuple, i int) bool {
	typ := at(t, i)
	if typ == nil {
		return false
	}
	b, ok := typ.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func isChanAt(t *types.Tuple, i int) bool {
	typ := at(t, i)
	if typ == nil {
		return false
	}
	_, ok := typ.Underlying().(*types.Chan)
	return ok
}

func isFuncAt(t *types.Tuple, i int) bool {
	typ := at(t, i)
	if typ == nil {
		return false
	}
	if _, ok := typ.Underlying().(*types.Signature); ok {
		return true
	}
	_, ok := typ.Underlying().(*types.Interface) // any: gocron's NewTask(function any, ...)
	return ok
}

func isNiladicFuncAt(t *types.Tuple, i int) bool {
	typ := at(t, i)
	if typ == nil {
		return false
	}
	sig, ok := typ.Underlying().(*types.Signature)
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 0
}

// builtCommandCheck checks a command built with a builder
// (Command.Builder) against the parameters ps of the function that sends
// it: argument Arg is a type of the builder's package (a built command),
// every name of Names is a method of the builder (case aside: Hset for
// HSET), and some type of the package has the KeyMethod.
func builtCommandCheck(ps *types.Tuple, cmd *Command) string {
	b := cmd.Builder
	n, ok := types.Unalias(at(ps, cmd.Arg)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != b.Type.Pkg {
		return fmt.Sprintf("argument %d is not a command of %s (Command.Builder)", cmd.Arg, b.Type.Pkg)
	}
	pkg := n.Obj().Pkg()
	tn, ok := pkg.Scope().Lookup(b.Type.Type).(*types.TypeName)
	if !ok {
		return fmt.Sprintf("package %s has no type %s (Command.Builder)", pkg.Path(), b.Type.Type)
	}
	ms := types.NewMethodSet(tn.Type())
	for _, name := range cmd.Names {
		found := false
		for i := range ms.Len() {
			if strings.EqualFold(ms.At(i).Obj().Name(), name) {
				found = true
				break
			}
		}
		if !found {
			return fmt.Sprintf("%s.%s has no method for the command %s (Command.Names)", pkg.Name(), b.Type.Type, name)
		}
	}
	for _, name := range pkg.Scope().Names() {
		if tn, ok := pkg.Scope().Lookup(name).(*types.TypeName); ok && declaredMethod(tn.Type(), b.KeyMethod) != nil {
			return ""
		}
	}
	return fmt.Sprintf("no type of %s has a method %s (Builder.KeyMethod)", pkg.Path(), b.KeyMethod)
}

type resolver struct {
	t      *testing.T
	loaded map[string]*packages.Package
}

func (r *resolver) check(e kbEntry) {
	r.t.Helper()
	fail := func(format string, args ...any) {
		r.t.Helper()
		r.t.Errorf("%s (library %s): %s", e.where, e.lib.Name, fmt.Sprintf(format, args...))
	}
	p := r.loaded[e.pkg]
	if p == nil {
		fail("package %s does not load in testdata/realmod: add its module there (go get), or list the module in unverifiable with the reason", e.pkg)
		return
	}
	if mod := moduleOf(p); !slices.Contains(e.lib.Modules, mod) {
		fail("package %s is in module %s, which is not among the library's Modules %q", e.pkg, mod, e.lib.Modules)
	}
	pkg := p.Types
	switch {
	case e.fn != nil:
		fns, why := resolveFunc(pkg, *e.fn)
		if len(fns) == 0 {
			fail("%s: %s", e.fn, why)
			return
		}
		for _, fn := range fns {
			if e.check == nil {
				break
			}
			if why := e.check(fn); why != "" {
				fail("%s %s: %s", fn.FullName(), types.TypeString(fn.Type(), types.RelativeTo(pkg)), why)
			}
		}
	case e.field != nil:
		if why := resolveField(pkg, *e.field); why != "" {
			fail("%s.%s.%s: %s", e.field.Pkg, e.field.Type, e.field.Name, why)
		}
	case e.names != nil:
		for _, n := range e.names {
			if _, ok := pkg.Scope().Lookup(n).(*types.Func); !ok {
				fail("package %s has no function %s", e.pkg, n)
			}
		}
	case e.consts != nil:
		tn, ok := pkg.Scope().Lookup(e.consts[0]).(*types.TypeName)
		if !ok {
			fail("package %s has no type %s", e.pkg, e.consts[0])
			return
		}
		for _, v := range e.consts[1:] {
			if !hasConst(pkg, tn.Type(), v) {
				fail("package %s has no constant of type %s with the value %q", e.pkg, e.consts[0], v)
			}
		}
	case e.methods != nil:
		for _, m := range e.methods {
			if !someTypeHasMethod(pkg, m) {
				fail("no client type of %s has a method %s", e.pkg, m)
			}
		}
	}
}

func moduleOf(p *packages.Package) string {
	if p.Module == nil {
		return "std"
	}
	return p.Module.Path
}

// resolveFunc finds the functions f names as the engine sees a call of
// them: the objects for which Func.Matches is true, declared on the
// receiver f names (every type of the package for "*").
func resolveFunc(pkg *types.Package, f Func) ([]*types.Func, string) {
	scope := pkg.Scope()
	switch f.Recv {
	case "":
		fn, ok := scope.Lookup(f.Name).(*types.Func)
		if !ok {
			return nil, fmt.Sprintf("package %s has no function %s", pkg.Path(), f.Name)
		}
		return []*types.Func{fn}, ""
	case "*":
		var out []*types.Func
		for _, n := range scope.Names() {
			if tn, ok := scope.Lookup(n).(*types.TypeName); ok {
				if fn := declaredMethod(tn.Type(), f.Name); fn != nil && f.Matches(fn) && !slices.Contains(out, fn) {
					out = append(out, fn)
				}
			}
		}
		if len(out) == 0 {
			return nil, fmt.Sprintf("no type of package %s declares a method %s", pkg.Path(), f.Name)
		}
		return out, ""
	}
	tn, ok := scope.Lookup(f.Recv).(*types.TypeName)
	if !ok {
		return nil, fmt.Sprintf("package %s has no type %s", pkg.Path(), f.Recv)
	}
	if fn := declaredMethod(tn.Type(), f.Name); fn != nil && f.Matches(fn) {
		return []*types.Func{fn}, ""
	}
	obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, f.Name)
	if fn, ok := obj.(*types.Func); ok {
		return nil, fmt.Sprintf("%s.%s has the method %s only through %s, which is what a call of it matches: name that type", pkg.Name(), f.Recv, f.Name, fn.FullName())
	}
	return nil, fmt.Sprintf("type %s.%s has no method %s", pkg.Name(), f.Recv, f.Name)
}

// declaredMethod returns the method name declared on t itself (for an
// interface, in its method set), or nil.
func declaredMethod(t types.Type, name string) *types.Func {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if it, ok := n.Underlying().(*types.Interface); ok {
		for i := range it.NumMethods() {
			if it.Method(i).Name() == name {
				return it.Method(i)
			}
		}
		return nil
	}
	for i := range n.NumMethods() {
		if n.Method(i).Name() == name {
			return n.Method(i)
		}
	}
	return nil
}

// resolveField checks the struct field f names (or, without a field name,
// the type), declared on the type itself as Field.Matches needs it.
func resolveField(pkg *types.Package, f Field) string {
	tn, ok := pkg.Scope().Lookup(f.Type).(*types.TypeName)
	if !ok {
		return fmt.Sprintf("package %s has no type %s", pkg.Path(), f.Type)
	}
	if f.Name == "" {
		return ""
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return fmt.Sprintf("%s is not a struct", f.Type)
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == f.Name {
			return ""
		}
	}
	if obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, f.Name); obj != nil {
		return fmt.Sprintf("%s.%s has %s only through an embedded field; name the type that declares it", pkg.Name(), f.Type, f.Name)
	}
	return fmt.Sprintf("%s.%s has no field %s", pkg.Name(), f.Type, f.Name)
}

func hasConst(pkg *types.Package, t types.Type, val string) bool {
	for _, n := range pkg.Scope().Names() {
		c, ok := pkg.Scope().Lookup(n).(*types.Const)
		if ok && types.Identical(c.Type(), t) && c.Val().Kind() == constant.String && constant.StringVal(c.Val()) == val {
			return true
		}
	}
	return false
}

func someTypeHasMethod(pkg *types.Package, name string) bool {
	for _, n := range pkg.Scope().Names() {
		if tn, ok := pkg.Scope().Lookup(n).(*types.TypeName); ok && strings.HasSuffix(n, "Interface") {
			if declaredMethod(tn.Type(), name) != nil {
				return true
			}
		}
	}
	return false
}

// hasBoolField reports whether result i of t is a struct, or a pointer to
// one, with a bool field of the given name (a claim's success field).
func hasBoolField(t *types.Tuple, i int, name string) bool {
	if i < 0 || i >= t.Len() {
		return false
	}
	typ := t.At(i).Type()
	if p, ok := typ.Underlying().(*types.Pointer); ok {
		typ = p.Elem()
	}
	st, ok := typ.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f.Name() == name {
			b, ok := f.Type().Underlying().(*types.Basic)
			return ok && b.Info()&types.IsBoolean != 0
		}
	}
	return false
}
