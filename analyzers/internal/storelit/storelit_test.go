package storelit

import (
	"go/ast"
	"go/types"
	"reflect"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/astexpr"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
)

const src = `package p

type M map[string]any

type E struct {
	Key   string
	Value any
}

type D []E

type Range struct{ Min, Max string }

type N struct{ Value string }

func str(s string) *string { return &s }

func use(...any) {}

func f(now, id int64, lim string) {
	filter := M{"owner": id, "expires": M{"$lt": now}, lim: "not a constant key"}
	sorted := D{{Key: "owner", Value: id}, {"expires", now}}
	r := &Range{Min: "-inf", Max: lim}
	pairs := []M{{"owner": id, "expires": now}}
	use(filter, sorted, r, str("a = :a"), "b = :b", &N{Value: lim}, pairs)
}
`

func TestReader(t *testing.T) {
	pkg, file, info := testutil.BuildSSAFile(t, src)
	r := New(&astexpr.Reader{Info: info, Pkg: pkg.Pkg, Files: []*ast.File{file}})
	args := useArgs(file)
	elems := func(es []Elem) map[string]string {
		out := map[string]string{}
		for _, e := range es {
			out[e.Key] = types.ExprString(e.Val)
		}
		return out
	}

	// A map literal and a bson.D-like slice, through the variables that
	// hold them; a key that is no constant is skipped.
	if got, want := elems(r.DocElems(args[0], 0)), map[string]string{"owner": "id", "expires": `M{…}`}; !reflect.DeepEqual(got, want) {
		t.Errorf("DocElems(map) = %v, want %v", got, want)
	}
	if got, want := elems(r.DocElems(args[1], 0)), map[string]string{"owner": "id", "expires": "now"}; !reflect.DeepEqual(got, want) {
		t.Errorf("DocElems(slice) = %v, want %v", got, want)
	}
	// A slice of two-element maps is no bson.D: its elements are map
	// entries keyed by strings, not Key/Value fields (this crashed).
	if got := r.DocElems(args[6], 0); len(got) != 0 {
		t.Errorf("DocElems([]M{{...}}) = %v, want none", elems(got))
	}
	if got := len(r.Doc().Items(args[1])); got != 2 {
		t.Errorf("Doc().Items(sorted) = %d items, want 2", got)
	}
	// A struct literal behind & and a variable.
	if got, want := elems(r.StructFields(args[2])), map[string]string{"Min": `"-inf"`, "Max": "lim"}; !reflect.DeepEqual(got, want) {
		t.Errorf("StructFields(r) = %v, want %v", got, want)
	}
	// Constant text, directly or through a one-argument wrapper.
	for i, want := range map[int]string{3: "a = :a", 4: "b = :b"} {
		if s, ok := r.ConstText(args[i]); !ok || s != want {
			t.Errorf("ConstText(%s) = %q, %v, want %q", types.ExprString(args[i]), s, ok, want)
		}
	}
	if _, ok := r.ConstText(args[5]); ok {
		t.Errorf("ConstText(&N{...}): not a constant")
	}
	if got := ValueText(args[5]); got != "lim" {
		t.Errorf("ValueText(&N{Value: lim}) = %q, want lim", got)
	}
}

const sprintfSrc = `package p

import "fmt"

const (
	pk  = "PK"
	exp = "ExpiresAt"
	n   = 3
)

func str(s string) *string { return &s }

func use(...any) {}

func f(dyn string) {
	use(
		fmt.Sprintf("attribute_not_exists(%s) OR %s < :now", pk, exp),
		str(fmt.Sprintf("%s > :t AND retries < %d", exp, n)),
		fmt.Sprintf("%s < :now", dyn),
		fmt.Sprintf("%s-%s", pk, dyn),
	)
}
`

// TestConstTextSprintf: condition text spliced together with fmt.Sprintf
// from constants is constant text, also inside a one-argument wrapper; a
// variable argument, anywhere, is not folded.
func TestConstTextSprintf(t *testing.T) {
	pkg, file, info := testutil.BuildSSAFile(t, sprintfSrc)
	r := New(&astexpr.Reader{Info: info, Pkg: pkg.Pkg, Files: []*ast.File{file}})
	args := useArgs(file)
	for i, want := range []string{"attribute_not_exists(PK) OR ExpiresAt < :now", "ExpiresAt > :t AND retries < 3"} {
		if s, ok := r.ConstText(args[i]); !ok || s != want {
			t.Errorf("ConstText(%s) = %q, %v, want %q", types.ExprString(args[i]), s, ok, want)
		}
	}
	for _, i := range []int{2, 3} {
		if s, ok := r.ConstText(args[i]); ok {
			t.Errorf("ConstText(%s) = %q: not constant text", types.ExprString(args[i]), s)
		}
	}
}

// useArgs returns the arguments of the call of use in file.
func useArgs(file *ast.File) []ast.Expr {
	var args []ast.Expr
	ast.Inspect(file, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "use" {
				args = c.Args
			}
		}
		return true
	})
	return args
}
