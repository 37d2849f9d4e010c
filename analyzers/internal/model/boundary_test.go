package model

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// pendingBoundary are the files outside the knowledge base that still name
// a third-party API: the dataflows, which move to the index with their
// rewrite (issue 24). Remove an entry when its file is rewritten; the test
// fails when an entry is no longer needed.
var pendingBoundary = map[string]bool{
	"flow/flow.go":              true, // grpc metadata.AppendToOutgoingContext
	"tokenquality/positions.go": true, // grpc metadata, etcd clientv3.Compare
}

// thirdPartyPath matches a string that starts like the import path of a
// module outside the standard library: a first element with a dot, then a
// slash ("k8s.io/apimachinery/...", "github.com/jmoiron/sqlx.DB").
var thirdPartyPath = regexp.MustCompile(`^[a-z0-9-]+(\.[a-z0-9-]+)+/`)

// TestKnowledgeBoundary keeps library knowledge in the knowledge base: no
// non-test Go file of analyzers/internal outside this package holds a
// string literal that looks like a third-party import path, and none
// compares a value with a library family's name (a Library's Name, a
// Sink's Family or a Store's Name) or reads a sink's Family to decide
// (switch on .Family, .Family == ...). What a check needs to treat a
// library differently is a field of the library.
func TestKnowledgeBoundary(t *testing.T) {
	families := map[string]bool{}
	for _, l := range Libraries {
		families[l.Name] = true
		for _, s := range l.Sinks {
			families[s.Family] = true
		}
		if l.Store != nil {
			families[l.Store.Name] = true
		}
	}
	for name := range families {
		// "net/http" and "testing" name a family and a package of the
		// standard library: comparing an import path with them is not a
		// family comparison.
		if p, err := build.Default.Import(name, "", build.FindOnly); err == nil && p.Goroot {
			delete(families, name)
		}
	}
	root := ".."
	used := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "model" || rel == "testutil" || d.Name() == "testdata" {
				return filepath.SkipDir // the knowledge base; generators of test sources
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		var bad []string
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ImportSpec:
				return false
			case *ast.BasicLit:
				if s, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING && thirdPartyPath.MatchString(s) {
					bad = append(bad, "import path "+n.Value)
				}
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					for _, x := range []ast.Expr{n.X, n.Y} {
						if s, ok := familyName(x, families); ok {
							bad = append(bad, "comparison with "+s)
						}
					}
				}
			case *ast.SwitchStmt:
				if sel, ok := n.Tag.(*ast.SelectorExpr); ok && sel.Sel.Name == "Family" {
					bad = append(bad, "switch on .Family")
				}
				for _, c := range n.Body.List {
					for _, x := range c.(*ast.CaseClause).List {
						if s, ok := familyName(x, families); ok {
							bad = append(bad, "case "+s)
						}
					}
				}
			case *ast.CallExpr:
				// strings.HasPrefix(what, "MongoDB") and the like.
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "Has") || ok && sel.Sel.Name == "EqualFold" {
					for _, a := range n.Args {
						if s, ok := familyName(a, families); ok && s != ".Family" {
							bad = append(bad, "comparison with "+s)
						}
					}
				}
			}
			return true
		})
		if len(bad) == 0 {
			return nil
		}
		if pendingBoundary[rel] {
			used[rel] = true
			return nil
		}
		t.Errorf("%s names a library outside the knowledge base (%s): declare the fact as a field of its Library (kb_<family>.go) and ask model.KB", rel, strings.Join(bad, "; "))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel := range pendingBoundary {
		if !used[rel] {
			t.Errorf("pendingBoundary lists %s, which names no library any more: remove it", rel)
		}
	}
}

// familyName reports whether x is a string literal naming a family, or a
// selector .Family.
func familyName(x ast.Expr, families map[string]bool) (string, bool) {
	switch x := x.(type) {
	case *ast.BasicLit:
		if s, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING && families[s] {
			return x.Value, true
		}
	case *ast.SelectorExpr:
		if x.Sel.Name == "Family" {
			return ".Family", true
		}
	}
	return "", false
}
