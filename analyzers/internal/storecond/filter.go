package storecond

import (
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
)

// Doc reads documents (MongoDB filters and updates) in one representation
// E: syntax (ast.Expr) or values. The meaning of the document, which
// operators order a field and which set one, is this package's.
type Doc[E any] struct {
	// Elems returns the constant-keyed elements of a document: a map
	// literal (bson.M) or a slice of {Key, Value} (bson.D).
	Elems func(doc E) []Elem[E]
	// Items returns the elements of an array ($and: [...]).
	Items func(arr E) []E
}

// Elem is one element of a document: its key, its value and where it is
// written.
type Elem[E any] struct {
	Key     string
	Val, At E
}

// FilterCompares returns the orderings of a filter document: {"exp":
// {"$lt": now}}, under $and/$or/$nor, with the operators of the knowledge
// base (model.KB.FilterOps).
func FilterCompares[E any](d Doc[E], filter E) []Compare[E] {
	return filterCompares(d, filter, 0)
}

func filterCompares[E any](d Doc[E], filter E, depth int) []Compare[E] {
	if depth > maxFilterDepth {
		return nil
	}
	var out []Compare[E]
	for _, kv := range d.Elems(filter) {
		switch {
		case kv.Key == "$and" || kv.Key == "$or" || kv.Key == "$nor":
			for _, el := range d.Items(kv.Val) {
				out = append(out, filterCompares(d, el, depth+1)...)
			}
		case strings.HasPrefix(kv.Key, "$"):
		default:
			for _, op := range d.Elems(kv.Val) {
				if gop, ok := model.KB.FilterOps[op.Key]; ok {
					out = append(out, Compare[E]{Attr: kv.Key, Op: gop, Val: op.Val, At: op.At})
				}
			}
		}
	}
	return out
}

// FilterSets returns the fields an update document writes ($set,
// $setOnInsert: model.KB.SetOps) or a replacement document holds.
func FilterSets[E any](d Doc[E], update E) map[string]E {
	sets := map[string]E{}
	for _, kv := range d.Elems(update) {
		switch {
		case contains(model.KB.SetOps, kv.Key):
			for _, f := range d.Elems(kv.Val) {
				sets[f.Key] = f.Val
			}
		case !strings.HasPrefix(kv.Key, "$"):
			sets[kv.Key] = kv.Val
		}
	}
	return sets
}
