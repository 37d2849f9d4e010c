package clocklabel

import (
	"go/ast"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
)

// TestNowParam: a time parameter named now is the caller's reading of its
// clock; one named otherwise, or an integer "now", is not; a call of the
// package that passes a stored time labels the parameter instead.
func TestNowParam(t *testing.T) {
	u := testunit.Build(t, `package p

import "time"

func claim(now time.Time, at time.Time, nowTick int64) { use(now, at, nowTick) }

func relabelled(now time.Time) { use(now) }

func caller() { relabelled(time.Unix(1700000000, 0)) }

func use(...any) {}
`)
	w := New(u)
	labels := map[string][]Label{}
	ast.Inspect(u.Pass.Files[0], func(n ast.Node) bool {
		fd, ok := n.(*ast.FuncDecl)
		if !ok {
			return true
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "use" {
					for _, a := range c.Args {
						labels[fd.Name.Name] = append(labels[fd.Name.Name], w.Eval(a))
					}
				}
			}
			return true
		})
		return false
	})
	c := labels["claim"]
	if len(c) != 3 {
		t.Fatalf("claim: %d labels, want 3", len(c))
	}
	if !c[0].Has(LocalClock) {
		t.Errorf("now: want LocalClock, got %v", c[0].Bits)
	}
	if c[1].Has(LocalClock) || c[2].Has(LocalClock) {
		t.Errorf("at, nowTick: want no LocalClock, got %v, %v", c[1].Bits, c[2].Bits)
	}
	if r := labels["relabelled"]; len(r) != 1 || r[0].Has(LocalClock) || !r[0].Has(ForeignTime) {
		t.Errorf("relabelled(now): want the caller's stored time, got %v", r)
	}
}
