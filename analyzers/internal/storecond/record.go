package storecond

import (
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// Delete is the condition of a record delete (model.KB.RecordDelete): the
// record it names and the condition fields set on its request.
type Delete struct {
	Store  *model.Store
	Callee *types.Func
	// Filter: the record is selected by a document filter (MongoDB), whose
	// entries are Keys and Vals and whose collection is Table.
	Filter bool
	// Known is false when the request was built elsewhere (not a struct
	// literal of this function): nothing below is known.
	Known bool
	// Keys and Vals are the record's key (or filter) entries: constant
	// names ("?" otherwise) and their values, with aws.String and
	// attribute-value literals looked through.
	Keys []string
	Vals []ssa.Value
	// Table is the table or collection the record is in, nil when unknown.
	Table ssa.Value
	// Object is the key of an object store's record (Store.RecordObject).
	Object ssa.Value
	// Conds are the condition fields the request sets (Store.RecordConds).
	Conds []string
}

// Record returns the condition of the record delete ci, or nil when ci is
// no record delete.
func Record(ci ssa.CallInstruction) *Delete {
	callee := calls.Callee(ci.Common())
	if callee == nil {
		return nil
	}
	rd, st := model.KB.RecordDelete(callee)
	if rd == nil {
		return nil
	}
	return recordOf(ci.Common(), callee, rd, st)
}

func recordOf(c *ssa.CallCommon, callee *types.Func, rd *model.RecordDelete, st *model.Store) *Delete {
	d := &Delete{Store: st, Callee: callee, Filter: rd.Filter}
	arg := calls.Arg(c, rd.Arg)
	if rd.Filter {
		d.Known = true
		d.Keys, d.Vals = MapEntries(arg)
		d.Table = collectionName(calls.Receiver(c))
		return d
	}
	fields := calls.StructFields(arg)
	if fields == nil {
		return d // an input built elsewhere: unknown
	}
	d.Known = true
	for _, f := range st.RecordConds {
		if fields[f] != nil {
			d.Conds = append(d.Conds, f)
		}
	}
	if st.RecordObject {
		d.Object = awsString(fields[st.RecordKey])
		return d
	}
	d.Keys, d.Vals = MapEntries(fields[st.RecordKey])
	d.Table = fields["TableName"]
	return d
}

// Conditional reports whether the store deletes the record only under a
// condition: a condition field is set, or a filter compares more than the
// record's name (its owner, a version). Unknown requests count as
// conditional, to stay silent when unsure.
func (d *Delete) Conditional() bool {
	if !d.Known {
		return true
	}
	if d.Filter {
		return len(d.Keys) != 1
	}
	return len(d.Conds) > 0
}

// Fields are the record's key or filter fields with their roles.
func (d *Delete) Fields() []Field {
	out := make([]Field, len(d.Keys))
	for i, k := range d.Keys {
		out[i] = Field{Name: k, Role: RoleOf(k)}
	}
	return out
}

// SetsField reports whether obj is a struct literal built here whose field
// with one of the given names is set.
func SetsField(obj ssa.Value, names ...string) bool {
	alloc, ok := calls.Unwrap(obj).(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		st, isStruct := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if isStruct && contains(names, st.Field(fa.Field).Name()) {
			return true
		}
	}
	return false
}

// MapEntries returns the constant keys ("?" otherwise) and the values of a
// map literal (a DynamoDB Key, a bson.M filter) or of a bson.D-like slice
// literal of {Key, Value} structs. A value that is a struct literal
// holding one string (&types.AttributeValueMemberS{Value: x}) gives that
// string.
func MapEntries(v ssa.Value) ([]string, []ssa.Value) {
	var keys []string
	var vals []ssa.Value
	add := func(k, val ssa.Value) {
		if s, ok := calls.ConstString(k); ok {
			keys = append(keys, s)
		} else {
			keys = append(keys, "?")
		}
		val = calls.Unwrap(val)
		if f := calls.StructFields(val); f != nil {
			for _, x := range f {
				if b, ok := x.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
					val = x
				} else if p, ok := x.Type().Underlying().(*types.Pointer); ok {
					if b, ok := p.Elem().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
						val = x // aws.String(x)
					}
				}
			}
		}
		vals = append(vals, awsString(val))
	}
	switch x := calls.Unwrap(v).(type) {
	case *ssa.MakeMap:
		for _, r := range *x.Referrers() {
			if mu, ok := r.(*ssa.MapUpdate); ok && mu.Map == x {
				add(mu.Key, mu.Value)
			}
		}
	case *ssa.Slice:
		arr, ok := x.X.(*ssa.Alloc)
		if !ok {
			return nil, nil
		}
		for _, r := range *arr.Referrers() {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			var k, val ssa.Value
			for _, r2 := range *ia.Referrers() {
				if st, ok := r2.(*ssa.Store); ok && st.Addr == ia {
					// *&arr[i] = *t, t a local {Key, Value} built first
					// (go/ssa builds an element literal this way when it
					// holds another literal: bson.E{"$set", bson.D{...}}).
					if f := calls.StructFields(st.Val); f != nil && f["Key"] != nil {
						k, val = f["Key"], f["Value"]
					}
				}
			}
			for _, f := range calls.StoresAt(ia) {
				switch f.Name {
				case "Key":
					k = f.Val
				case "Value":
					val = f.Val
				}
			}
			if k != nil {
				add(k, val)
			}
		}
	}
	return keys, vals
}

// awsString looks through aws.String(x) and returns x.
func awsString(v ssa.Value) ssa.Value {
	if c, ok := calls.Unwrap(v).(*ssa.Call); ok && len(c.Call.Args) == 1 {
		if fn := calls.Callee(&c.Call); fn != nil && fn.Name() == "String" && fn.Pkg() != nil && strings.HasSuffix(fn.Pkg().Path(), "/aws") {
			return c.Call.Args[0]
		}
	}
	return v
}

// collectionName returns the name argument of the Collection("...")
// call a MongoDB collection comes from, or the collection value itself (a
// field or variable named like the lock collection), or nil.
func collectionName(coll ssa.Value) ssa.Value {
	if c, ok := calls.Unwrap(coll).(*ssa.Call); ok {
		if fn := calls.Callee(&c.Call); fn != nil && fn.Name() == "Collection" {
			return calls.Arg(&c.Call, 0)
		}
	}
	if coll != nil {
		return coll
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
