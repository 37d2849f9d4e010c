package textval

import (
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

// build returns the SSA package of src (package p).
func build(t *testing.T, src string) *ssa.Package { return testutil.BuildSSA(t, src) }

func sinkArgs(fn *ssa.Function) []ssa.Value { return testutil.SinkArgs(fn) }

const src = `package p

import (
	"fmt"
	"strings"
	"time"
)

const table = "accounts"

var updateJobs = "UPDATE jobs SET state = $1 WHERE id = $2"

var claimFmt = fmt.Sprintf("UPDATE %s SET owner = $1", "leases")

func sink(string) {}

func where(col string) string { return " WHERE " + col + " = $2" }

func byOwner(owner string) string {
	return fmt.Sprintf("DELETE FROM locks WHERE owner = '%s'", owner)
}

func choose(b bool) string {
	if b {
		return "SELECT 1"
	}
	return "SELECT 2"
}

func f(dyn string, tok int64, now time.Time, b bool, parts []string) {
	sink("UPDATE " + table + " SET a = 1")                                        // 0
	sink(fmt.Sprintf("UPDATE %s SET a = %d", table, 2))                            // 1
	sink(strings.Join([]string{"UPDATE t", "SET a = 1"}, " "))                     // 2
	sink(fmt.Sprintf("UPDATE %s SET a = 1", dyn))                                  // 3
	sink("UPDATE " + dyn)                                                          // 4
	sink(fmt.Sprintf("UPDATE t SET a = 1 WHERE fence <= %d", tok))                 // 5
	sink(fmt.Sprintf("UPDATE t SET b = 1 WHERE until < '%s'", now.Format("2006"))) // 6
	sink(updateJobs)                                                               // 7
	sink(claimFmt)                                                                 // 8
	sink("UPDATE t SET a = 1" + where("owner"))                                    // 9
	sink(byOwner(dyn))                                                             // 10
	var sb strings.Builder
	sb.WriteString("UPDATE t SET a = ")
	fmt.Fprintf(&sb, "%d", tok)
	sb.WriteByte(' ')
	sb.WriteString("WHERE id = $1")
	sink(sb.String())                                                              // 11
	q := "SELECT 1"
	if b {
		q = "SELECT 1"
	}
	sink(q)                                                                        // 12
	sink(choose(b))                                                                // 13
	sink(dyn)                                                                      // 14
	sink(strings.Join(parts, ","))                                                 // 15
	sink(fmt.Sprintf("%[1]s", dyn))                                                // 16
	sink(strings.ToUpper("update t set a = 1"))                                    // 17
	sink(fmt.Sprintf("x %%d %q", "y"))                                             // 18
}

func g(b bool) {
	var sb strings.Builder
	sb.WriteString("UPDATE t SET a = 1")
	if b {
		sb.WriteString(" WHERE owner = $1")
	}
	sink(sb.String()) // 0: a clause on some paths only
	var sb2 strings.Builder
	for i := 0; i < 2; i++ {
		sb2.WriteString("x")
	}
	sink(sb2.String()) // 1: written in a loop
}
`

func TestOf(t *testing.T) {
	pkg := build(t, src)
	for _, tc := range []struct {
		fn   string
		want []string // "" = nothing known
	}{
		{"f", []string{
			"UPDATE accounts SET a = 1",
			"UPDATE accounts SET a = 2",
			"UPDATE t SET a = 1",
			"UPDATE {s} SET a = 1",
			"UPDATE {}",
			"UPDATE t SET a = 1 WHERE fence <= {d}",
			"UPDATE t SET b = 1 WHERE until < '{s}'",
			"UPDATE jobs SET state = $1 WHERE id = $2",
			"UPDATE leases SET owner = $1",
			"UPDATE t SET a = 1 WHERE owner = $2",
			"DELETE FROM locks WHERE owner = '{s}'",
			"UPDATE t SET a = {d} WHERE id = $1",
			"SELECT 1",
			"",
			"",
			"",
			"",
			"UPDATE T SET A = 1",
			`x %d "y"`,
		}},
		{"g", []string{"", ""}},
	} {
		args := sinkArgs(pkg.Func(tc.fn))
		if len(args) != len(tc.want) {
			t.Fatalf("%s: %d sink calls, want %d", tc.fn, len(args), len(tc.want))
		}
		for i, a := range args {
			got, ok := Of(a, Options{})
			if tc.want[i] == "" {
				if ok {
					t.Errorf("%s #%d: Of = %q, want nothing known", tc.fn, i, got)
				}
				continue
			}
			if !ok || got.String() != tc.want[i] {
				t.Errorf("%s #%d: Of = %q (known %v), want %q", tc.fn, i, got, ok, tc.want[i])
			}
		}
	}
}

// TestHolesNameCallerValues: a hole filled through a helper's parameter
// is the caller's value, so that a check can ask whether it is the token.
func TestHolesNameCallerValues(t *testing.T) {
	pkg := build(t, `package p

import "fmt"

func sink(string) {}

func stmt(tok int64) string { return fmt.Sprintf("UPDATE t SET a = 1 WHERE fence <= %d", tok) }

func f(tok int64) { sink(stmt(tok)) }
`)
	fn := pkg.Func("f")
	text, ok := Of(sinkArgs(fn)[0], Options{})
	if !ok {
		t.Fatal("nothing known")
	}
	holes := text.Holes()
	if len(holes) != 1 || holes[0].Hole != fn.Params[0] {
		t.Fatalf("holes = %v, want f's parameter tok", holes)
	}
}

// TestBind: a parameter of the function being read takes the value the
// caller's walk bound it to.
func TestBind(t *testing.T) {
	pkg := build(t, `package p

func sink(string) {}

func exec(q string) { sink(q) }

func f() { exec("UPDATE t SET a = 1") }
`)
	exec := pkg.Func("exec")
	var bound ssa.Value
	for _, b := range pkg.Func("f").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && c.Call.StaticCallee() == exec {
				bound = c.Call.Args[0]
			}
		}
	}
	arg := sinkArgs(exec)[0]
	if _, ok := Of(arg, Options{}); ok {
		t.Error("an unbound parameter is known")
	}
	got, ok := Of(arg, Options{Bind: func(p *ssa.Parameter) ssa.Value {
		if p == exec.Params[0] {
			return bound
		}
		return nil
	}})
	if !ok || got.String() != "UPDATE t SET a = 1" {
		t.Errorf("Of with Bind = %q, %v", got, ok)
	}
}

// TestPassthrough: a call the knowledge base says returns its argument's
// text is read through.
func TestPassthrough(t *testing.T) {
	pkg := build(t, `package p

func sink(string) {}

func rebind(q string) string

func f() { sink(rebind("UPDATE t SET a = ?")) }
`)
	arg := sinkArgs(pkg.Func("f"))[0]
	if _, ok := Of(arg, Options{}); ok {
		t.Error("a body-less function's result is known")
	}
	got, ok := Of(arg, Options{Passthrough: func(c *ssa.CallCommon) (int, bool) {
		fn := c.StaticCallee()
		return 0, fn != nil && strings.HasPrefix(fn.Name(), "rebind")
	}})
	if !ok || got.String() != "UPDATE t SET a = ?" {
		t.Errorf("Of with Passthrough = %q, %v", got, ok)
	}
}

func TestSQL(t *testing.T) {
	pkg := build(t, `package p

import (
	"fmt"
	"time"
)

type store struct{ table string }

var qualify func(string) string // a helper whose body is not known

func (s *store) t(name string) string { return sanitize([]string{s.table, name}) }

func sanitize([]string) string

func sink(string) {}

func f(s *store, tok int64, now time.Time, cond, owner string, n int) {
	sink(fmt.Sprintf("UPDATE %s SET a = $1 WHERE fence <= %d", s.table, tok))            // 0
	sink(fmt.Sprintf("UPDATE t SET b = 1 WHERE until < '%s'", now.Format("2006")))       // 1
	sink(fmt.Sprintf("UPDATE t SET b = 1 WHERE %s", cond))                                // 2
	sink(fmt.Sprintf("DELETE FROM locks WHERE owner = %s", owner))                        // 3
	sink(fmt.Sprintf("SELECT * FROM jobs LIMIT %v", n))                                   // 4
	sink("UPDATE t SET a = 1, " + cond)                                                   // 5
	sink(fmt.Sprintf("INSERT INTO t (%s) VALUES (1)", cond))                              // 6
	sink(fmt.Sprintf("UPDATE s.%s SET a = 1", cond))                                      // 7
	sink(fmt.Sprintf("UPDATE %s SET a = 1", qualify("jobs")))                             // 8
	sink(fmt.Sprintf("UPDATE %s SET a = 1", qualify("triggers")))                         // 9
	sink(fmt.Sprintf("UPDATE %s SET a = 1", qualify(cond)))                               // 10
	sink(fmt.Sprintf("UPDATE %s SET a = 1", s.t("runs")))                                 // 11
}
`)
	want := []string{
		"UPDATE table SET a = $1 WHERE fence <= @fc_hole_1",
		"UPDATE t SET b = 1 WHERE until < @fc_hole_1",
		"",
		"DELETE FROM locks WHERE owner = @fc_hole_1",
		"SELECT * FROM jobs LIMIT @fc_hole_1",
		"",
		"",
		"UPDATE s.cond SET a = 1",
		"UPDATE jobs SET a = 1",
		"UPDATE triggers SET a = 1",
		"UPDATE fc_table_1 SET a = 1",
		"UPDATE runs SET a = 1",
	}
	fn := pkg.Func("f")
	args := sinkArgs(fn)
	for i, a := range args {
		text, _ := Of(a, Options{})
		got, holes, ok := SQL(text)
		if want[i] == "" {
			if ok {
				t.Errorf("#%d: SQL = %q, want unknown (a hole that may be a clause)", i, got)
			}
			continue
		}
		if !ok || got != want[i] {
			t.Errorf("#%d: SQL = %q (ok %v), want %q", i, got, ok, want[i])
		}
		if strings.Contains(got, "@"+HolePrefix) && len(holes) == 0 {
			t.Errorf("#%d: no hole bindings", i)
		}
	}
	// The token's hole is bound to the parameter tok.
	text, _ := Of(args[0], Options{})
	if _, holes, _ := SQL(text); holes[HolePrefix+"1"] != fn.Params[1] {
		t.Errorf("hole 1 = %v, want parameter tok", holes[HolePrefix+"1"])
	}
}
