package wallclock

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/astexpr"
	"github.com/fencecheck/fencecheck/analyzers/internal/clocklabel"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"github.com/fencecheck/fencecheck/analyzers/internal/storelit"
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
			w.filterBuilder(fd)
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
	fn := w.Callee(call)
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

func (w *checker) reportStore(at ast.Node, key ast.Node, what string, val ast.Expr, lab clocklabel.Label, fix string, related []analysis.RelatedInformation) {
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
		what, lab.Local.What, fix)
	if lab.Local.Pos.IsValid() {
		related = append([]analysis.RelatedInformation{{Pos: lab.Local.Pos, Message: "this host's clock is read here"}}, related...)
	}
	w.u.Report(unit.Finding{Code: checks.WallClockTTL, Pos: at.Pos(), End: at.End(), Message: msg, Related: related, Key: key.Pos()})
}

// --- MongoDB ---

func (w *checker) mongoCall(call *ast.CallExpr, dc model.DocCall, fd *ast.FuncDecl) {
	if dc.Filter >= len(call.Args) {
		return
	}
	cmps := storecond.FilterCompares(w.lit.Doc(), call.Args[dc.Filter])
	if len(cmps) == 0 {
		return
	}
	sets := map[string]ast.Expr{}
	if dc.Update >= 0 && dc.Update < len(call.Args) {
		sets = storecond.FilterSets(w.lit.Doc(), call.Args[dc.Update])
	}
	coll := w.lit.CollectionName(w.RecvExpr(call))
	write := docWrite(dc)
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
		// A write in a lock's acquisition filtered on an expiry that has
		// passed by this host's clock takes the lock over, whatever its
		// update writes (a whole lock struct under $set).
		named := vocab.Lease.Match(c.Attr) || vocab.Lease.Match(coll)
		takeover := !named && !claims && write && expiredDirection(c.Op) && vocab.Role(c.Attr) == vocab.Expiry && declNamesLock(fd)
		evidence := named || claims && declNamesLock(fd) || takeover
		// A read of lock documents feeds a takeover when the function
		// writes the collection, or, for documents named as locks, hands
		// them to a function of this package that writes documents (a
		// cleaner marking each expired holder's operation done).
		if !evidence || !write && !w.writesCollection(fd, call) && !(named && w.callsDocWriter(fd)) {
			continue
		}
		what := fmt.Sprintf("the filter of MongoDB %s compares the stored %q with %s (%s)", dc.Func.Name, c.Attr, types.ExprString(c.Val), c.Op)
		if takeover {
			what = fmt.Sprintf("the filter of MongoDB %s in %s takes the lock document over when its %q %s %s",
				dc.Func.Name, fd.Name.Name, c.Attr, c.Op, types.ExprString(c.Val))
		}
		if claims {
			what = fmt.Sprintf("the filter of MongoDB %s takes the lease document over when its %q %s %s, and writes %s as the new expiry",
				dc.Func.Name, c.Attr, c.Op, types.ExprString(c.Val), types.ExprString(set))
		}
		w.reportStore(c.At, call, what, c.Val, lab,
			"let the server decide with its own clock ($$NOW in an aggregation-pipeline update, or a TTL it enforces)", nil)
		return
	}
}

// filterBuilder judges a function that builds and returns a MongoDB
// filter for its callers' writes, the way a job queue keeps its lease in
// the job document: {"$or": [{"mod_ts": {"$lte": staleBefore}},
// {"owner": me, "mod_ts": {"$gt": staleBefore}}]}. The document is a lease
// record when the function's filters also pin an owner field (owner plus a
// stamp, storecond.RoleOf), and a stamp compared as stale ($lt, $lte)
// with this host's clock takes it over on this host's clock. The filter
// must reach a write: some function of the package calls the builder and
// writes documents.
func (w *checker) filterBuilder(fd *ast.FuncDecl) {
	if !w.returnsDocument(fd) {
		return
	}
	doc := w.lit.Doc()
	var cmps []storecond.Compare[ast.Expr]
	seen := map[token.Pos]bool{}
	owned := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		for _, el := range w.lit.DocElems(lit, 0) {
			if storecond.RoleOf(el.Key) == storecond.Owner {
				owned = true
			}
		}
		for _, c := range storecond.FilterCompares(doc, ast.Expr(lit)) {
			if !seen[c.At.Pos()] {
				seen[c.At.Pos()] = true
				cmps = append(cmps, c)
			}
		}
		return true
	})
	if !owned || len(cmps) == 0 || !w.builderFeedsWrite(fd) {
		return
	}
	for _, c := range cmps {
		if !expiredDirection(c.Op) {
			continue
		}
		lab, ok := w.localInstant(c.Val)
		if !ok {
			continue
		}
		what := fmt.Sprintf("the MongoDB filter takes the lease record over when its %q %s %s (the filter %s builds also pins the owner)",
			c.Attr, c.Op, types.ExprString(c.Val), fd.Name.Name)
		w.reportStore(c.At, c.At, what, c.Val, lab,
			"let the server decide with its own clock ($$NOW in an aggregation-pipeline update, or a TTL it enforces)", nil)
		return
	}
}

// returnsDocument reports whether fd returns a document (a map keyed by
// strings, or bson.D), the shape of a filter builder.
func (w *checker) returnsDocument(fd *ast.FuncDecl) bool {
	obj, ok := w.info.Defs[fd.Name].(*types.Func)
	if !ok {
		return false
	}
	res := obj.Type().(*types.Signature).Results()
	for i := 0; i < res.Len(); i++ {
		switch u := res.At(i).Type().Underlying().(type) {
		case *types.Map:
			if b, ok := u.Key().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
				return true
			}
		case *types.Slice:
			if n, ok := types.Unalias(res.At(i).Type()).(*types.Named); ok && n.Obj().Name() == "D" {
				return true
			}
		}
	}
	return false
}

// builderFeedsWrite reports whether a function of the package calls fd
// and makes a document write (an update, replace, delete or
// find-and-modify of the knowledge base's document calls).
func (w *checker) builderFeedsWrite(fd *ast.FuncDecl) bool {
	obj := w.info.Defs[fd.Name]
	for _, f := range w.u.Pass.Files {
		for _, d := range f.Decls {
			caller, ok := d.(*ast.FuncDecl)
			if !ok || caller.Body == nil || caller == fd {
				continue
			}
			calls, writes := false, false
			ast.Inspect(caller.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn := w.Callee(call)
				if fn == nil {
					return true
				}
				if fn == obj {
					calls = true
				}
				for _, dc := range model.KB.Documents {
					if dc.Func.Matches(fn) && docWrite(dc) {
						writes = true
					}
				}
				return true
			})
			if calls && writes {
				return true
			}
		}
	}
	return false
}

// docWrite reports whether a document call changes what it selects: an
// update or replace, a delete, a find-and-modify.
func docWrite(dc model.DocCall) bool {
	return dc.Update >= 0 || strings.HasPrefix(dc.Func.Name, "Delete") || strings.HasPrefix(dc.Func.Name, "FindOneAnd")
}

// callsDocWriter reports whether fd calls a function of this package
// that writes documents (docWrite), directly or through its own calls of
// this package, up to maxEffectDepth calls deep.
func (w *checker) callsDocWriter(fd *ast.FuncDecl) bool {
	seen := map[*ast.FuncDecl]bool{fd: true}
	var writes func(body *ast.BlockStmt, depth int, top bool) bool
	writes = func(body *ast.BlockStmt, depth int, top bool) bool {
		found := false
		ast.Inspect(body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || found {
				return !found
			}
			fn := w.Callee(call)
			if fn == nil {
				return true
			}
			if !top {
				for _, dc := range model.KB.Documents {
					if dc.Func.Matches(fn) && docWrite(dc) {
						found = true
						return false
					}
				}
			}
			if depth >= maxEffectDepth || fn.Pkg() != w.u.Pass.Pkg {
				return true
			}
			if d := w.u.Index.Decl(fn.Origin()); d != nil && d.Body != nil && !seen[d] {
				seen[d] = true
				found = writes(d.Body, depth+1, false)
			}
			return !found
		})
		return found
	}
	return writes(fd.Body, 0, true)
}

// writesCollection reports whether the function also writes with the same
// collection expression (a read that feeds a takeover).
func (w *checker) writesCollection(fd *ast.FuncDecl, read *ast.CallExpr) bool {
	recv := w.RecvExpr(read)
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
		fn := w.Callee(call)
		if fn == nil {
			return true
		}
		for _, dc := range model.KB.Documents {
			if dc.Func.Matches(fn) && (dc.Update >= 0 || strings.HasPrefix(dc.Func.Name, "Delete")) {
				if r := w.RecvExpr(call); r != nil && types.ExprString(r) == want {
					found = true
				}
			}
		}
		// An insert into the collection creates the lease the read said
		// was not held (count the live ones, then insert one).
		if model.MatchesAny(model.KB.DocInserts, fn) {
			if r := w.RecvExpr(call); r != nil && types.ExprString(r) == want {
				found = true
			}
		}
		return true
	})
	return found
}

// --- DynamoDB ---

func (w *checker) dynamoCompare(call *ast.CallExpr, op string, fd *ast.FuncDecl) {
	var left, right ast.Expr
	if recv := w.RecvExpr(call); recv != nil && len(call.Args) == 1 {
		left, right = recv, call.Args[0]
	} else if len(call.Args) == 2 {
		left, right = call.Args[0], call.Args[1]
	} else {
		return
	}
	attr, val := w.lit.DynName(left), w.lit.DynValue(right)
	if attr == "" || val == nil {
		attr, val = w.lit.DynName(right), w.lit.DynValue(left)
		op = sqlfence.FlipOp(op)
	}
	if attr == "" || val == nil {
		return
	}
	lab, ok := w.localInstant(val)
	if !ok {
		return
	}
	sets := w.lit.DynSets(fd)
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

// dynTableWords reports whether a DynamoDB request built in the function
// names a lock table, or keys its item with a lock word ("PK": "LOCK").
func (w *checker) dynTableWords(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || found || !w.lit.DynInput(lit) {
			return !found
		}
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			switch astexpr.Ident(kv.Key).Name {
			case "TableName", "Key":
				ast.Inspect(kv.Value, func(m ast.Node) bool {
					if e, ok := m.(ast.Expr); ok {
						if s, ok := w.ConstString(e); ok && vocab.Lease.Match(s) {
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

// dynamoInput judges a request literal with a ConditionExpression string:
// "attribute_not_exists(pk) OR expires_at < :now" with ":now" bound to
// this host's time in ExpressionAttributeValues.
func (w *checker) dynamoInput(lit *ast.CompositeLit, fd *ast.FuncDecl) {
	if !w.lit.DynInput(lit) {
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
		switch astexpr.Ident(kv.Key).Name {
		case "ConditionExpression":
			cond, _ = w.lit.ConstText(kv.Value)
			condAt = kv
		case "UpdateExpression":
			update, _ = w.lit.ConstText(kv.Value)
		case "TableName":
			table, _ = w.lit.ConstText(kv.Value)
		case "ExpressionAttributeNames":
			for _, e := range w.lit.DocElems(kv.Value, 0) {
				if s, ok := w.ConstString(e.Val); ok {
					names[e.Key] = s
				}
			}
		case "ExpressionAttributeValues":
			for _, e := range w.lit.DocElems(kv.Value, 0) {
				values[e.Key] = e.Val
			}
		case "Item":
			for _, e := range w.lit.DocElems(kv.Value, 0) {
				items[e.Key] = e.Val
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
		what := fmt.Sprintf("the DynamoDB ConditionExpression compares the stored %q with %s, bound to %s (%s)", attr, ph, storelit.ValueText(val), op)
		if claims {
			what = fmt.Sprintf("the DynamoDB ConditionExpression takes the lease item over when its %q %s %s (bound to %s), and the write stores %s as the new expiry",
				attr, op, ph, storelit.ValueText(val), storelit.ValueText(set))
		}
		w.reportStore(condAt, lit, what, val, lab,
			"store a version or a fencing counter and compare that, or let a lock service with a server-side TTL decide",
			[]analysis.RelatedInformation{{Pos: val.Pos(), Message: ph + " is bound here"}})
		return
	}
}

// --- Redis ---

// redisRange judges a sorted-set range by score on a lock key whose bound
// is this host's time: members (semaphore holders, queued lock requests)
// scored with the clocks of the hosts that added them are expired or
// counted by this one's.
func (w *checker) redisRange(call *ast.CallExpr, sr model.ScoreRange) {
	if sr.Key >= len(call.Args) || sr.Min >= len(call.Args) || !w.LockKeyExpr(call.Args[sr.Key]) {
		return
	}
	var bounds []ast.Expr
	if sr.Max >= 0 {
		if sr.Max < len(call.Args) {
			bounds = []ast.Expr{call.Args[sr.Min], call.Args[sr.Max]}
		}
	} else {
		for _, e := range w.lit.StructFields(call.Args[sr.Min]) {
			if e.Key == "Min" || e.Key == "Max" {
				bounds = append(bounds, e.Val)
			}
		}
	}
	fn := w.Callee(call)
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

// redisScript judges a Lua script on a lock key that compares an argument
// bound to this host's time.
func (w *checker) redisScript(call *ast.CallExpr, sc model.ScriptCall) {
	if sc.Keys >= len(call.Args) {
		return
	}
	text, ok := "", false
	if sc.Script >= 0 {
		if sc.Script < len(call.Args) {
			text, ok = w.ConstString(call.Args[sc.Script])
		}
	} else {
		text, ok = w.lit.ScriptText(w.RecvExpr(call))
	}
	if !ok {
		return
	}
	keys := w.SliceElems(call.Args[sc.Keys])
	lockKey := false
	for _, k := range keys {
		if w.LockKeyExpr(k) {
			lockKey = true
		}
	}
	if !lockKey {
		return
	}
	args := w.BindExprs(call, sc.Args)
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
