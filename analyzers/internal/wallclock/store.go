package wallclock

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
)

// Lease comparisons made by a document store or Redis, fed with this
// host's clock: the store compares an expiry another host wrote (with its
// own clock) against a time this host computed.
//
//   - a MongoDB filter {"exp": {"$lt": now}} (with $lte, $gt, $gte, also
//     in bson.D and under $and/$or);
//   - a DynamoDB condition, built with the aws-sdk-go-v2 expression package
//     (expression.LessThan(expression.Name("timeout"), expression.Value(now)))
//     or written as a ConditionExpression string with its
//     ExpressionAttributeValues;
//   - a Redis sorted-set range by score (ZRemRangeByScore key -inf now) or
//     a Lua script comparing an ARGV bound to this host's time.
//
// The stored document must be a lease: the compared attribute, the
// collection, table or key has lease vocabulary (lockedUntil, "locks",
// "lock:jobs"), or the same statement takes it over (it writes the
// compared attribute with a new expiry from this host's clock, the shape of
// an acquisition) in a function or type that names a lock (TryLock,
// DynamoDbLock). A cache entry's, a rate limiter's or a token's expiry
// compared the same way stays silent.

func (w *checker) checkStores() {
	for _, f := range w.u.Pass.Files {
		if w.testFile(f.Pos()) {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.CallExpr:
					w.storeCall(x, fd)
				case *ast.CompositeLit:
					w.dynamoInput(x, fd)
				}
				return true
			})
		}
	}
}

func (w *checker) storeCall(call *ast.CallExpr, fd *ast.FuncDecl) {
	fn := w.callee(call)
	if fn == nil {
		return
	}
	for _, dc := range model.KB.Documents {
		if dc.Func.Matches(fn) {
			w.mongoCall(call, dc, fd)
			return
		}
	}
	for f, op := range model.KB.CondCompares {
		if f.Matches(fn) {
			w.dynamoCompare(call, op, fd)
			return
		}
	}
	for _, sr := range model.KB.ScoreRanges {
		if sr.Func.Matches(fn) {
			w.redisRange(call, sr)
			return
		}
	}
	for _, sc := range model.KB.Scripts {
		if sc.Func.Matches(fn) {
			w.redisScript(call, sc)
			return
		}
	}
}

// expiredDirection reports whether a comparison, with the stored value on
// the left, selects what has expired (exp < now): the direction of a
// takeover. A write under exp > now extends a live lease (a renewal).
func expiredDirection(op string) bool { return op == "<" || op == "<=" }

// declNamesLock reports whether a function or its receiver type names a
// lock or lease: TryLock, (*DynamoDbLock).Lock, acquireLease.
func declNamesLock(fd *ast.FuncDecl) bool {
	if vocab.Lease.Match(fd.Name.Name) {
		return true
	}
	if fd.Recv != nil && len(fd.Recv.List) > 0 {
		t := fd.Recv.List[0].Type
		for {
			switch x := t.(type) {
			case *ast.StarExpr:
				t = x.X
				continue
			case *ast.IndexExpr:
				t = x.X
				continue
			case *ast.IndexListExpr:
				t = x.X
				continue
			}
			break
		}
		if id, ok := t.(*ast.Ident); ok && vocab.Lease.Match(id.Name) {
			return true
		}
	}
	return false
}

func (w *checker) reportStore(at ast.Node, key ast.Node, what string, val ast.Expr, lab label, fix string, related []analysis.RelatedInformation) {
	if w.keys == nil {
		w.keys = map[token.Pos]bool{}
	}
	if w.keys[key.Pos()] {
		return
	}
	w.keys[key.Pos()] = true
	msg := fmt.Sprintf("%s, a time computed from this host's clock (%s): the stored expiry was written with the clock of the host that took the lease, "+
		"the two clocks differ by their skew and either can jump, and a holder can pause past its expiry, so a live lease can be taken over "+
		"(or a dead one kept) and two processes both act as its holder; %s, and fence the holder's writes with a token",
		what, lab.local.what, fix)
	if lab.local.pos.IsValid() {
		related = append([]analysis.RelatedInformation{{Pos: lab.local.pos, Message: "this host's clock is read here"}}, related...)
	}
	w.u.Report(unit.Finding{Code: checks.WallClockTTL, Pos: at.Pos(), End: at.End(), Message: msg, Related: related, Key: key.Pos()})
}

// --- MongoDB ---

func (w *checker) mongoCall(call *ast.CallExpr, dc model.DocCall, fd *ast.FuncDecl) {
	if dc.Filter >= len(call.Args) {
		return
	}
	cmps := storecond.FilterCompares(w.doc(), call.Args[dc.Filter])
	if len(cmps) == 0 {
		return
	}
	sets := map[string]ast.Expr{}
	if dc.Update >= 0 && dc.Update < len(call.Args) {
		sets = storecond.FilterSets(w.doc(), call.Args[dc.Update])
	}
	coll := w.collectionName(w.recvExpr(call))
	write := dc.Update >= 0 || strings.HasPrefix(dc.Func.Name, "Delete") || strings.HasPrefix(dc.Func.Name, "FindOneAnd")
	for _, c := range cmps {
		lab, ok := w.localInstant(c.Val)
		if !ok {
			continue
		}
		set, claims := sets[c.Attr]
		if claims {
			_, claims = w.localInstant(set)
		}
		claims = claims && expiredDirection(c.Op)
		evidence := vocab.Lease.Match(c.Attr) || vocab.Lease.Match(coll) || claims && declNamesLock(fd)
		if !evidence || !write && !w.writesCollection(fd, call) {
			continue
		}
		what := fmt.Sprintf("the filter of MongoDB %s compares the stored %q with %s (%s)", dc.Func.Name, c.Attr, types.ExprString(c.Val), c.Op)
		if claims {
			what = fmt.Sprintf("the filter of MongoDB %s takes the lease document over when its %q %s %s, and writes %s as the new expiry",
				dc.Func.Name, c.Attr, c.Op, types.ExprString(c.Val), types.ExprString(set))
		}
		w.reportStore(c.At, call, what, c.Val, lab,
			"let the server decide with its own clock ($$NOW in an aggregation-pipeline update, or a TTL it enforces)", nil)
		return
	}
}

// writesCollection reports whether the function also writes with the same
// collection expression (a read that feeds a takeover).
func (w *checker) writesCollection(fd *ast.FuncDecl, read *ast.CallExpr) bool {
	recv := w.recvExpr(read)
	if recv == nil {
		return false
	}
	want := types.ExprString(recv)
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn := w.callee(call)
		if fn == nil {
			return true
		}
		for _, dc := range model.KB.Documents {
			if dc.Func.Matches(fn) && (dc.Update >= 0 || strings.HasPrefix(dc.Func.Name, "Delete")) {
				if r := w.recvExpr(call); r != nil && types.ExprString(r) == want {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// doc reads documents written as literals here, for storecond.
func (w *checker) doc() storecond.Doc[ast.Expr] {
	return storecond.Doc[ast.Expr]{
		Elems: func(e ast.Expr) []storecond.Elem[ast.Expr] {
			var out []storecond.Elem[ast.Expr]
			for _, el := range w.docElems(e, 0) {
				out = append(out, storecond.Elem[ast.Expr]{Key: el.key, Val: el.val, At: el.node})
			}
			return out
		},
		Items: func(e ast.Expr) []ast.Expr {
			if lit, ok := ast.Unparen(w.resolveLit(e)).(*ast.CompositeLit); ok {
				return lit.Elts
			}
			return nil
		},
	}
}

type docElem struct {
	key  string
	val  ast.Expr
	node ast.Expr
}

// docElems returns the constant-keyed elements of a document literal:
// map literals (bson.M, primitive.M, map[string]any) and bson.D
// (bson.E{Key, Value} or {"k", v}).
func (w *checker) docElems(e ast.Expr, depth int) []docElem {
	lit, ok := ast.Unparen(w.resolveLit(e)).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	t := w.info.TypeOf(lit)
	if t == nil {
		return nil
	}
	var out []docElem
	switch t.Underlying().(type) {
	case *types.Map:
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := w.constString(kv.Key); ok {
				out = append(out, docElem{k, kv.Value, kv})
			}
		}
	case *types.Slice:
		for _, el := range lit.Elts {
			inner, ok := el.(*ast.CompositeLit)
			if !ok || len(inner.Elts) != 2 {
				continue
			}
			var key, val ast.Expr
			for i, f := range inner.Elts {
				if kv, ok := f.(*ast.KeyValueExpr); ok {
					switch astIdent(kv.Key).Name {
					case "Key":
						key = kv.Value
					case "Value":
						val = kv.Value
					}
				} else if i == 0 {
					key = f
				} else {
					val = f
				}
			}
			if key == nil || val == nil {
				continue
			}
			if k, ok := w.constString(key); ok {
				out = append(out, docElem{k, val, inner})
			}
		}
	}
	return out
}

// resolveLit follows a local variable defined once to its literal.
func (w *checker) resolveLit(e ast.Expr) ast.Expr {
	for i := 0; i < 3; i++ {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return e
		}
		def := w.singleDef(w.info.Uses[id])
		if def == nil {
			return e
		}
		e = def
	}
	return e
}

// collectionName returns the constant name of the collection a call's
// receiver designates: db.Collection("locks"), or a variable or field
// assigned from such a call.
func (w *checker) collectionName(recv ast.Expr) string {
	if recv == nil {
		return ""
	}
	if name := w.collectionCall(recv); name != "" {
		return name
	}
	obj := w.target(recv)
	if obj == nil {
		return ""
	}
	if w.collNames == nil {
		w.collNames = map[types.Object]string{}
		for _, f := range w.u.Pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.AssignStmt:
					if len(x.Lhs) == len(x.Rhs) {
						for i := range x.Lhs {
							if name := w.collectionCall(x.Rhs[i]); name != "" {
								if o := w.target(x.Lhs[i]); o != nil {
									w.collNames[o] = name
								}
							}
						}
					}
				case *ast.KeyValueExpr:
					if id, ok := x.Key.(*ast.Ident); ok {
						if name := w.collectionCall(x.Value); name != "" {
							if o, ok := w.info.Uses[id].(*types.Var); ok && o.IsField() {
								w.collNames[o] = name
							}
						}
					}
				}
				return true
			})
		}
	}
	return w.collNames[obj]
}

func (w *checker) collectionCall(e ast.Expr) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return ""
	}
	if fn := w.callee(call); fn != nil && model.MatchesAny(model.KB.Collections, fn) {
		name, _ := w.constString(call.Args[0])
		return name
	}
	return ""
}

// --- DynamoDB ---

func (w *checker) dynamoCompare(call *ast.CallExpr, op string, fd *ast.FuncDecl) {
	var left, right ast.Expr
	if recv := w.recvExpr(call); recv != nil && len(call.Args) == 1 {
		left, right = recv, call.Args[0]
	} else if len(call.Args) == 2 {
		left, right = call.Args[0], call.Args[1]
	} else {
		return
	}
	attr, val := w.dynName(left), w.dynValue(right)
	if attr == "" || val == nil {
		attr, val = w.dynName(right), w.dynValue(left)
		op = sqlfence.FlipOp(op)
	}
	if attr == "" || val == nil {
		return
	}
	lab, ok := w.localInstant(val)
	if !ok {
		return
	}
	sets := w.dynSets(fd)
	set, claims := sets[attr]
	if claims {
		_, claims = w.localInstant(set)
	}
	claims = claims && expiredDirection(op)
	table := w.dynTableWords(fd)
	if !vocab.Lease.Match(attr) && !table && !(claims && declNamesLock(fd)) {
		return
	}
	what := fmt.Sprintf("the DynamoDB condition compares the stored %q with %s (%s)", attr, types.ExprString(val), op)
	if claims {
		what = fmt.Sprintf("the DynamoDB condition takes the lease item over when its %q %s %s, and the update writes %s as the new expiry",
			attr, op, types.ExprString(val), types.ExprString(set))
	}
	w.reportStore(call, call, what, val, lab,
		"store a version or a fencing counter and compare that, or let a lock service with a server-side TTL decide", nil)
}

// dynName returns the attribute name of expression.Name("timeout").
func (w *checker) dynName(e ast.Expr) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return ""
	}
	if fn := w.callee(call); fn == nil || !model.MatchesAny(model.KB.CondNames, fn) {
		return ""
	}
	s, _ := w.constString(call.Args[0])
	return s
}

// dynValue returns x of expression.Value(x).
func (w *checker) dynValue(e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if fn := w.callee(call); fn == nil || !model.MatchesAny(model.KB.CondValues, fn) {
		return nil
	}
	return call.Args[0]
}

// dynSets returns the attributes a function's update builders write:
// expression.Set(expression.Name("timeout"), expression.Value(newTimeout)).
func (w *checker) dynSets(fd *ast.FuncDecl) map[string]ast.Expr {
	sets := map[string]ast.Expr{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return true
		}
		if fn := w.callee(call); fn != nil && model.MatchesAny(model.KB.CondSets, fn) {
			if attr, val := w.dynName(call.Args[0]), w.dynValue(call.Args[1]); attr != "" && val != nil {
				sets[attr] = val
			}
		}
		return true
	})
	return sets
}

// dynTableWords reports whether a DynamoDB request built in the function
// names a lock table, or keys its item with a lock word ("PK": "LOCK").
func (w *checker) dynTableWords(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || found || !w.dynInput(lit) {
			return !found
		}
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			switch astIdent(kv.Key).Name {
			case "TableName", "Key":
				ast.Inspect(kv.Value, func(m ast.Node) bool {
					if e, ok := m.(ast.Expr); ok {
						if s, ok := w.constString(e); ok && vocab.Lease.Match(s) {
							found = true
						}
					}
					return !found
				})
			}
		}
		return !found
	})
	return found
}

func (w *checker) dynInput(lit *ast.CompositeLit) bool {
	t := w.info.TypeOf(lit)
	if t == nil {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	for _, f := range model.KB.Inputs {
		if f.Pkg == n.Obj().Pkg().Path() && f.Type == n.Obj().Name() {
			return true
		}
	}
	return false
}

// dynamoInput judges a request literal with a ConditionExpression string:
// "attribute_not_exists(pk) OR expires_at < :now" with ":now" bound to
// this host's time in ExpressionAttributeValues.
func (w *checker) dynamoInput(lit *ast.CompositeLit, fd *ast.FuncDecl) {
	if !w.dynInput(lit) {
		return
	}
	var cond, update string
	var condAt ast.Node
	names := map[string]string{}
	values := map[string]ast.Expr{}
	items := map[string]ast.Expr{}
	table := ""
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		switch astIdent(kv.Key).Name {
		case "ConditionExpression":
			cond, _ = w.constText(kv.Value)
			condAt = kv
		case "UpdateExpression":
			update, _ = w.constText(kv.Value)
		case "TableName":
			table, _ = w.constText(kv.Value)
		case "ExpressionAttributeNames":
			for _, e := range w.docElems(kv.Value, 0) {
				if s, ok := w.constString(e.val); ok {
					names[e.key] = s
				}
			}
		case "ExpressionAttributeValues":
			for _, e := range w.docElems(kv.Value, 0) {
				values[e.key] = e.val
			}
		case "Item":
			for _, e := range w.docElems(kv.Value, 0) {
				items[e.key] = e.val
			}
		}
	}
	if cond == "" {
		return
	}
	resolve := func(s string) string {
		if n, ok := names[s]; ok {
			return n
		}
		return s
	}
	sets := items // a PutItem writes its item
	for _, m := range storecond.TextSets(update) {
		if v, ok := values[m[1]]; ok {
			sets[resolve(m[0])] = v
		}
	}
	for _, c := range storecond.TextCompares(cond) {
		attr, op, ph := resolve(c.Attr), c.Op, c.Val
		val, ok := values[ph]
		if !ok {
			continue
		}
		lab, local := w.localInstant(val)
		if !local {
			continue
		}
		set, claims := sets[attr]
		if claims {
			_, claims = w.localInstant(set)
		}
		claims = claims && expiredDirection(op)
		if !vocab.Lease.Match(attr) && !vocab.Lease.Match(table) && !w.dynTableWords(fd) && !(claims && declNamesLock(fd)) {
			continue
		}
		what := fmt.Sprintf("the DynamoDB ConditionExpression compares the stored %q with %s, bound to %s (%s)", attr, ph, valueText(val), op)
		if claims {
			what = fmt.Sprintf("the DynamoDB ConditionExpression takes the lease item over when its %q %s %s (bound to %s), and the write stores %s as the new expiry",
				attr, op, ph, valueText(val), valueText(set))
		}
		w.reportStore(condAt, lit, what, val, lab,
			"store a version or a fencing counter and compare that, or let a lock service with a server-side TTL decide",
			[]analysis.RelatedInformation{{Pos: val.Pos(), Message: ph + " is bound here"}})
		return
	}
}

// constText returns the constant string of e, aws.String(c) or &c.
func (w *checker) constText(e ast.Expr) (string, bool) {
	if s, ok := w.constString(e); ok {
		return s, true
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 {
		return w.constString(call.Args[0])
	}
	return "", false
}

// --- Redis ---

// redisRange judges a sorted-set range by score on a lock key whose bound
// is this host's time: members (semaphore holders, queued lock requests)
// scored with the clocks of the hosts that added them are expired or
// counted by this one's.
func (w *checker) redisRange(call *ast.CallExpr, sr model.ScoreRange) {
	if sr.Key >= len(call.Args) || sr.Min >= len(call.Args) || !w.lockKeyExpr(call.Args[sr.Key]) {
		return
	}
	var bounds []ast.Expr
	if sr.Max >= 0 {
		if sr.Max < len(call.Args) {
			bounds = []ast.Expr{call.Args[sr.Min], call.Args[sr.Max]}
		}
	} else {
		for _, e := range w.structFields(call.Args[sr.Min]) {
			if e.key == "Min" || e.key == "Max" {
				bounds = append(bounds, e.val)
			}
		}
	}
	fn := w.callee(call)
	for _, b := range bounds {
		lab, ok := w.localInstant(b)
		if !ok {
			continue
		}
		what := fmt.Sprintf("go-redis %s on the lock key selects members by a score written with the clock of the host that added them, against %s", fn.Name(), types.ExprString(b))
		w.reportStore(b, call, what, b, lab,
			"order members by a counter the server increments (INCR), or read the server's clock (TIME) inside a script", nil)
		return
	}
}

// structFields returns the keyed fields of a struct literal (or a pointer
// to one).
func (w *checker) structFields(e ast.Expr) []docElem {
	e = w.resolveLit(e)
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
		e = w.resolveLit(u.X)
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var out []docElem
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id := astIdent(kv.Key); id != nil {
				out = append(out, docElem{id.Name, kv.Value, kv})
			}
		}
	}
	return out
}

// redisScript judges a Lua script on a lock key that compares an argument
// bound to this host's time.
func (w *checker) redisScript(call *ast.CallExpr, sc model.ScriptCall) {
	if sc.Keys >= len(call.Args) {
		return
	}
	text, ok := "", false
	if sc.Script >= 0 {
		if sc.Script < len(call.Args) {
			text, ok = w.constString(call.Args[sc.Script])
		}
	} else {
		text, ok = w.scriptText(w.recvExpr(call))
	}
	if !ok {
		return
	}
	keys := w.sliceElems(call.Args[sc.Keys])
	lockKey := false
	for _, k := range keys {
		if w.lockKeyExpr(k) {
			lockKey = true
		}
	}
	if !lockKey {
		return
	}
	args := w.bindExprs(call, sc.Args)
	for i, a := range args {
		lab, ok := w.localInstant(a)
		if !ok || !storecond.ScriptCompares(text, i+1) {
			continue
		}
		what := fmt.Sprintf("the Lua script compares ARGV[%d] on the lock key with a value another host stored, and ARGV[%d] is %s", i+1, i+1, types.ExprString(a))
		w.reportStore(a, call, what, a, lab,
			"read the server's clock inside the script (redis.call('TIME')) or let a key TTL decide", nil)
		return
	}
}

// scriptText returns the text of a *redis.Script: redis.NewScript(c), or a
// variable defined by it.
func (w *checker) scriptText(e ast.Expr) (string, bool) {
	if e == nil {
		return "", false
	}
	e = w.resolveLit(e)
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := w.info.Uses[id].(*types.Var); ok && v.Parent() == w.u.Pass.Pkg.Scope() {
			e = w.pkgVarValue(v)
		}
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return "", false
	}
	if fn := w.callee(call); fn == nil || !model.MatchesAny(model.KB.ScriptBuilders, fn) {
		return "", false
	}
	return w.constString(call.Args[0])
}

func (w *checker) pkgVarValue(v *types.Var) ast.Expr {
	for _, f := range w.u.Pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, s := range gd.Specs {
				vs, ok := s.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for i, name := range vs.Names {
					if w.info.Defs[name] == v && i < len(vs.Values) {
						return vs.Values[i]
					}
				}
			}
		}
	}
	return nil
}

// valueText renders a value for messages, looking through a DynamoDB
// attribute value literal (&types.AttributeValueMemberN{Value: x}).
func valueText(e ast.Expr) string {
	x := ast.Unparen(e)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	if lit, ok := x.(*ast.CompositeLit); ok && len(lit.Elts) == 1 {
		if kv, ok := lit.Elts[0].(*ast.KeyValueExpr); ok {
			return types.ExprString(kv.Value)
		}
	}
	return types.ExprString(e)
}
