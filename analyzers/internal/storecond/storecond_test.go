package storecond

import (
	"reflect"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

// callsTo returns the calls of the function or method name in fn, in order.
func callsTo(t *testing.T, pkg *ssa.Package, fn, name string) []ssa.CallInstruction {
	t.Helper()
	f := pkg.Func(fn)
	if f == nil {
		t.Fatalf("no function %s", fn)
	}
	var out []ssa.CallInstruction
	for ci := range calls.In(f) {
		if callee := calls.Callee(ci.Common()); callee != nil && callee.Name() == name {
			out = append(out, ci)
		}
	}
	return out
}

// text renders a value for the tests: its constant string, the name of
// the parameter it is, or "?".
func text(v ssa.Value) string {
	if s, ok := calls.ConstString(v); ok {
		return s
	}
	if p, ok := v.(*ssa.Parameter); ok {
		return p.Name()
	}
	return "?"
}

func yn(b bool) string {
	if b {
		return "y"
	}
	return "n"
}

const recordSrc = `package p

type Client struct{}

type DeleteItemInput struct {
	TableName           *string
	Key                 map[string]*AttributeValueMemberS
	ConditionExpression *string
}

type AttributeValueMemberS struct{ Value string }

type E struct {
	Key   string
	Value any
}

func (*Client) DeleteItem(in *DeleteItemInput) {}
func (*Client) DeleteOne(filter any)          {}

func str(s string) *string { return &s }

func f(c *Client, name, me string, in *DeleteItemInput) {
	c.DeleteItem(&DeleteItemInput{TableName: str("locks"), Key: map[string]*AttributeValueMemberS{"pk": {Value: name}}})
	c.DeleteItem(&DeleteItemInput{Key: map[string]*AttributeValueMemberS{"pk": {Value: name}}, ConditionExpression: str("owner = :me")})
	c.DeleteItem(in)
	c.DeleteOne(map[string]any{"_id": name})
	c.DeleteOne([]E{{Key: "_id", Value: name}, {Key: "owner", Value: me}})
}
`

func TestRecord(t *testing.T) {
	pkg := testutil.BuildSSA(t, recordSrc)
	st := &model.Store{Name: "S", RecordConds: []string{"ConditionExpression"}, RecordKey: "Key"}
	item := &model.RecordDelete{Func: model.Func{Pkg: "p", Recv: "Client", Name: "DeleteItem"}, Arg: 0}
	doc := &model.RecordDelete{Func: model.Func{Pkg: "p", Recv: "Client", Name: "DeleteOne"}, Arg: 0, Filter: true}
	var got []string
	for _, name := range []string{"DeleteItem", "DeleteOne"} {
		rd := item
		if name == "DeleteOne" {
			rd = doc
		}
		for _, ci := range callsTo(t, pkg, "f", name) {
			d := recordOf(ci.Common(), calls.Callee(ci.Common()), rd, st)
			row := name
			for i, k := range d.Keys {
				row += " " + k + "=" + text(d.Vals[i])
			}
			if d.Table != nil {
				row += " table=" + text(d.Table)
			}
			got = append(got, row+" known="+yn(d.Known)+" conditional="+yn(d.Conditional()))
		}
	}
	want := []string{
		"DeleteItem pk=name table=? known=y conditional=n", // str("locks"): not aws.String
		"DeleteItem pk=name known=y conditional=y",
		"DeleteItem known=n conditional=y",
		"DeleteOne _id=name table=c known=y conditional=n",
		// go/ssa builds each bson.D element in a local struct copied into
		// the array: MapEntries follows the copy.
		"DeleteOne _id=name owner=me table=c known=y conditional=y",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

const inputSrc = `package p

type PutItemInput struct {
	ConditionExpression *string
	Expected            map[string]string
}

type TransactItem struct{ ConditionExpression *string }

type Expr struct{}

func (Expr) Condition() *string { return nil }

func Equal(a, b string) Expr   { return Expr{} }
func Plain() Expr              { return Expr{} }
func str(s string) *string     { return &s }
func put(in *PutItemInput)     {}
func transact(in *TransactItem) {}

func f(cond *string) {
	put(&PutItemInput{})
	put(&PutItemInput{ConditionExpression: str("attribute_not_exists(pk)")})
	put(&PutItemInput{ConditionExpression: str("version = :v")})
	put(&PutItemInput{ConditionExpression: str("begins_with(pk, :p)")})
	put(&PutItemInput{Expected: map[string]string{"a": "b"}})
	put(&PutItemInput{ConditionExpression: cond})
	put(&PutItemInput{ConditionExpression: Equal("a", "b").Condition()})
	put(&PutItemInput{ConditionExpression: Plain().Condition()})
	transact(&TransactItem{})
}
`

func TestInput(t *testing.T) {
	pkg := testutil.BuildSSA(t, inputSrc)
	conds := &model.InputConds{
		Fields: []string{"ConditionExpression"}, Legacy: []string{"Expected"},
		Words:    []string{"attribute_not_exists"},
		Builders: []model.Func{{Pkg: "p", Name: "Equal"}},
		Reads:    []model.Func{{Pkg: "p", Recv: "Expr", Name: "Condition"}},
	}
	var got []Kind
	for _, ci := range append(callsTo(t, pkg, "f", "put"), callsTo(t, pkg, "f", "transact")...) {
		got = append(got, Input(ci.Common().Args[0], conds))
	}
	want := []Kind{None, CAS, CAS, Other, CAS, CAS, CAS, Other, Other}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if k := Input(callsTo(t, pkg, "f", "put")[1].Common().Args[0], nil); k != Other {
		t.Errorf("no conditions known: got %v, want Other", k)
	}
}

func TestTextCompares(t *testing.T) {
	got := TextCompares("attribute_not_exists(pk) OR expires_at < :now AND :now >= #lu AND a = :b")
	want := []Compare[string]{{Attr: "expires_at", Op: "<", Val: ":now"}, {Attr: "#lu", Op: "<=", Val: ":now"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("TextCompares: got %+v, want %+v", got, want)
	}
	sets := TextSets("SET expires_at = :exp, #o = :me REMOVE x")
	if want := [][2]string{{"expires_at", ":exp"}, {"#o", ":me"}}; !reflect.DeepEqual(sets, want) {
		t.Errorf("TextSets: got %v, want %v", sets, want)
	}
}

func TestScriptCompares(t *testing.T) {
	for _, tc := range []struct {
		script string
		n      int
		want   bool
	}{
		{"if redis.call('get', KEYS[1]) < ARGV[1] then return 1 end", 1, true},
		{"local now = tonumber(ARGV[2])\nif exp <= now then redis.call('del', KEYS[1]) end", 2, true},
		{"redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[1])", 1, true},
		{"if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end", 1, false},
		{"if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end", 1, false},
		{"if x < ARGV[1] then end", 2, false},
	} {
		if got := ScriptCompares(tc.script, tc.n); got != tc.want {
			t.Errorf("ScriptCompares(%q, %d) = %v, want %v", tc.script, tc.n, got, tc.want)
		}
	}
}

// mapDoc reads documents written as Go values: map[string]any and []any.
var mapDoc = Doc[any]{
	Elems: func(d any) []Elem[any] {
		m, _ := d.(map[string]any)
		var out []Elem[any]
		for _, k := range []string{"$and", "$or", "$set", "$setOnInsert", "$inc", "exp", "owner", "_id", "$lt", "$gte", "$eq"} {
			if v, ok := m[k]; ok {
				out = append(out, Elem[any]{Key: k, Val: v, At: k})
			}
		}
		return out
	},
	Items: func(a any) []any { l, _ := a.([]any); return l },
}

func TestFilter(t *testing.T) {
	filter := map[string]any{
		"_id": "job",
		"$or": []any{
			map[string]any{"exp": map[string]any{"$lt": "now"}},
			map[string]any{"owner": map[string]any{"$eq": "me"}},
		},
		"exp": map[string]any{"$gte": "then"},
	}
	got := FilterCompares(mapDoc, any(filter))
	want := []Compare[any]{{Attr: "exp", Op: "<", Val: "now", At: "$lt"}, {Attr: "exp", Op: ">=", Val: "then", At: "$gte"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FilterCompares: got %+v, want %+v", got, want)
	}
	update := map[string]any{"$set": map[string]any{"exp": "later"}, "$inc": map[string]any{"owner": 1}}
	if got, want := FilterSets(mapDoc, any(update)), map[string]any{"exp": "later"}; !reflect.DeepEqual(got, want) {
		t.Errorf("FilterSets(update): got %v, want %v", got, want)
	}
	replacement := map[string]any{"owner": "me", "exp": "later"}
	if got := FilterSets(mapDoc, any(replacement)); len(got) != 2 {
		t.Errorf("FilterSets(replacement): got %v, want both fields", got)
	}
}

const fileSrc = `package p

import "os"

func f(path string, flag int) {
	os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o600)
	os.OpenFile(path, flag, 0o600)
	os.Mkdir(path, 0o700)
	os.Link("old", path)
	os.Create(path)
	os.Remove(path)
}
`

func TestFileCreate(t *testing.T) {
	pkg := testutil.BuildSSA(t, fileSrc)
	var got []string
	for ci := range calls.In(pkg.Func("f")) {
		cr := FileCreate(ci)
		if cr == nil {
			got = append(got, "-")
			continue
		}
		got = append(got, text(cr.Path)+" excl="+yn(cr.Exclusive)+" known="+yn(cr.Known))
	}
	want := []string{
		"path excl=y known=y", "path excl=n known=y", "path excl=n known=n",
		"path excl=y known=y", "path excl=y known=y", "path excl=n known=y", "-",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

func TestRoleOf(t *testing.T) {
	for name, want := range map[string]Role{
		"fence_token": Fence, "version": Fence, "lockVersion": Fence,
		"expires_at": Expiry, "lockedUntil": Expiry, "last_heartbeat": Expiry,
		"owner": Owner, "locked_by": Owner, "workerID": Owner, "leader_id": Owner,
		"_id": Plain, "name": Plain, "terminal_id": Plain,
	} {
		if got := RoleOf(name); got != want {
			t.Errorf("RoleOf(%q) = %v, want %v", name, got, want)
		}
	}
}

const txnSrc = `package p

type Cmp struct{}
type Txn struct{}
type Op struct{ Verb, Key string }

func (Txn) If(cs ...Cmp) Txn { return Txn{} }
func (Txn) Then() Txn        { return Txn{} }
func (Txn) Commit()          {}

func compare(v int64) Cmp { return Cmp{} }
func run(ops []Op)       {}

type Object struct{ ObjectMeta }
type ObjectMeta struct{ ResourceVersion string }

func update(o *Object) {}

func f(t Txn, tok, other int64, ops []Op, got *Object) {
	t.If(compare(tok)).Then().Commit()
	t.If(compare(other)).Then().Commit()
	run(ops)
	run([]Op{{Verb: "set", Key: "k"}})
	o := &Object{}
	o.ResourceVersion = "7"
	update(o)
	update(&Object{})
	update(got)
}
`

func TestTxnAndVersions(t *testing.T) {
	pkg := testutil.BuildSSA(t, txnSrc)
	f := pkg.Func("f")
	tok := f.Params[1]
	carries := func(vs ...ssa.Value) bool {
		for _, v := range vs {
			if c, ok := v.(*ssa.Call); ok && len(c.Call.Args) == 1 && c.Call.Args[0] == tok {
				return true
			}
		}
		return false
	}
	var txns []bool
	for _, ci := range callsTo(t, pkg, "f", "Commit") {
		txns = append(txns, TxnCompares(ci.Common().Args[0], carries))
	}
	if want := []bool{true, false}; !reflect.DeepEqual(txns, want) {
		t.Errorf("TxnCompares: got %v, want %v", txns, want)
	}
	none := func(*ssa.Parameter) ssa.Value { return nil }
	var ops []bool
	for _, ci := range callsTo(t, pkg, "f", "run") {
		ops = append(ops, GuardedOps(ci.Common().Args, none))
	}
	// Operations from a parameter nobody binds cannot be seen (guarded,
	// to stay silent); a literal of plain verbs is no check.
	if want := []bool{true, false}; !reflect.DeepEqual(ops, want) {
		t.Errorf("GuardedOps: got %v, want %v", ops, want)
	}
	var rv []bool
	for _, ci := range callsTo(t, pkg, "f", "update") {
		rv = append(rv, ResourceVersioned(ci.Common().Args[0]))
	}
	if want := []bool{true, false, true}; !reflect.DeepEqual(rv, want) {
		t.Errorf("ResourceVersioned: got %v, want %v", rv, want)
	}
}

const argSrc = `package p

type Opt struct{}

func WithLease(id int64) Opt { return Opt{} }
func WithPrefix() Opt        { return Opt{} }

func set(path string, data []byte, version int32) {}
func put(key, val string, opts ...Opt)            {}

func f(v int32, lease int64) {
	set("/lock", nil, -1)
	set("/lock", nil, 3)
	set("/lock", nil, v)
	put("k", "v", WithLease(lease))
	put("k", "v", WithPrefix())
	put("k", "v")
}
`

func TestArgConditions(t *testing.T) {
	pkg := testutil.BuildSSA(t, argSrc)
	zk := &model.Sink{ArgConds: []model.ArgCond{{Arg: 2, Any: -1}}}
	var sets []bool
	for _, ci := range callsTo(t, pkg, "f", "set") {
		sets = append(sets, ArgConditional(ci.Common(), zk))
	}
	if want := []bool{false, true, true}; !reflect.DeepEqual(sets, want) {
		t.Errorf("ArgConditional: got %v, want %v", sets, want)
	}
	etcd := &model.Sink{LeaseOptions: []model.Func{{Pkg: "p", Name: "WithLease"}}}
	var puts []bool
	for _, ci := range callsTo(t, pkg, "f", "put") {
		puts = append(puts, LeaseBound(ci.Common(), etcd))
	}
	if want := []bool{true, false, false}; !reflect.DeepEqual(puts, want) {
		t.Errorf("LeaseBound: got %v, want %v", puts, want)
	}
}

const docSrc = `package p

type E struct {
	Key   string
	Value any
}

func update(filter, doc any) {}

func f(v int) {
	update(map[string]any{}, map[string]any{"$set": map[string]any{"state": "idle"}})
	update(map[string]any{}, map[string]any{"$set": map[string]any{"state": v}})
	update(map[string]any{"_id": 1}, map[string]any{"$set": map[string]any{"state": "idle"}})
	update([]E{}, []E{{Key: "$set", Value: map[string]any{"state": "idle"}}})
	update([]E{}, map[string]any{"$inc": map[string]any{"n": 1}})
}
`

func TestAbsoluteWrite(t *testing.T) {
	pkg := testutil.BuildSSA(t, docSrc)
	var got []bool
	for _, ci := range callsTo(t, pkg, "f", "update") {
		args := ci.Common().Args
		got = append(got, EmptyDoc(args[0]) && ConstDoc(args[1], []string{"$set"}))
	}
	if want := []bool{true, false, false, true, false}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

const claimSrc = `package p

type Cmp struct{}
type Op struct{}
type Opt struct{}
type Txn struct{}

func (Txn) If(cs ...Cmp) Txn  { return Txn{} }
func (Txn) Then(os ...Op) Txn { return Txn{} }
func (Txn) Commit()           {}

func Compare(c Cmp, op string, v any) Cmp     { return c }
func CreateRevision(key string) Cmp           { return Cmp{} }
func ModRevision(key string) Cmp              { return Cmp{} }
func OpPut(key, val string, opts ...Opt) Op   { return Op{} }
func WithLease(id int64) Opt                  { return Opt{} }

func f(t Txn, key string, lease, rev int64) {
	t.If(Compare(CreateRevision(key), "=", 0)).Then(OpPut(key, "me", WithLease(lease))).Commit()
	t.If(Compare(CreateRevision(key), "=", 0)).Then(OpPut(key, "me")).Commit()
	t.If(Compare(ModRevision(key), "=", rev)).Then(OpPut(key, "me", WithLease(lease))).Commit()
	t.If(Compare(CreateRevision(key), ">", 0)).Then(OpPut(key, "me", WithLease(lease))).Commit()
	t.If(Compare(CreateRevision("/other"), "=", 0)).Then(OpPut(key, "me", WithLease(lease))).Commit()
	t.Then(OpPut(key, "me", WithLease(lease))).If(Compare(CreateRevision(key), "=", 0)).Commit()
}
`

// A claim demands the absence of the key it creates with a lease; a write
// with no lease never expires, a version compare is a compare-and-swap,
// and the absence of another key claims nothing.
func TestTxnClaim(t *testing.T) {
	pkg := testutil.BuildSSA(t, claimSrc)
	cl := &model.Claim{Absent: []model.Func{{Pkg: "p", Name: "CreateRevision"}},
		Creates: []model.Func{{Pkg: "p", Name: "OpPut"}}, LeaseOptions: []model.Func{{Pkg: "p", Name: "WithLease"}}}
	var got []bool
	for _, ci := range callsTo(t, pkg, "f", "Commit") {
		got = append(got, TxnClaim(ci.Common().Args[0], cl))
	}
	if want := []bool{true, false, false, false, false, true}; !reflect.DeepEqual(got, want) {
		t.Errorf("TxnClaim: got %v, want %v", got, want)
	}
}
