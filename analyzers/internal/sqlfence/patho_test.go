package sqlfence

import (
	"strings"
	"testing"
)

// pathological inputs must stay roughly linear and must not blow the stack.
var pathological = []struct {
	name string
	gen  func(n int) string
}{
	{"open parens", func(n int) string { return "UPDATE t SET v = 1 WHERE " + strings.Repeat("(", n) + "fence <= $1" }},
	{"balanced parens", func(n int) string {
		return "UPDATE t SET v = 1 WHERE " + strings.Repeat("(", n) + "fence <= $1" + strings.Repeat(")", n)
	}},
	{"not chain", func(n int) string { return "UPDATE t SET v = 1 WHERE " + strings.Repeat("NOT ", n) + "fence <= $1" }},
	{"minus chain", func(n int) string { return "SELECT " + strings.Repeat("- ", n) + "1" }},
	{"nested subqueries", func(n int) string {
		return "UPDATE t SET v = 1 WHERE id IN " + strings.Repeat("(SELECT id FROM t WHERE id IN ", n) + "(1)" + strings.Repeat(")", n)
	}},
	{"nested exists", func(n int) string {
		return "DELETE FROM t WHERE " + strings.Repeat("EXISTS (SELECT 1 WHERE a = $1 AND ", n) + "true" + strings.Repeat(")", n)
	}},
	{"unclosed case", func(n int) string { return "UPDATE t SET v = 1 WHERE " + strings.Repeat("CASE WHEN a THEN ", n) }},
	{"many conjuncts", func(n int) string {
		return "UPDATE t SET v = 1 WHERE " + strings.Repeat("fence <= $1 AND ", n) + "true"
	}},
	{"many statements", func(n int) string { return strings.Repeat("UPDATE t SET v = ? WHERE f <= ?;", n) }},
	{"many ctes", func(n int) string {
		return "WITH " + strings.Repeat("a AS (SELECT 1), ", n) + "b AS (SELECT 1) SELECT 1"
	}},
	{"garbage", func(n int) string { return "UPDATE t SET v = 1 WHERE " + strings.Repeat("x y ( ] [ , ", n) }},
	{"nested with", func(n int) string { return strings.Repeat("WITH a AS (", n) + "SELECT 1" }},
	{"nested explain", func(n int) string { return strings.Repeat("EXPLAIN ANALYZE ", n) + "UPDATE t SET v = 1" }},
}

// TestPathological parses every input at two sizes: it must terminate
// without blowing the stack, and its allocations must grow no faster than
// the input (a twentyfold input may cost at most 25 times the allocations;
// a quadratic parser would need about 400). Allocation counts do not
// depend on how busy the machine is; the time per byte is measured by
// BenchmarkPathological, not asserted.
func TestPathological(t *testing.T) {
	for _, c := range pathological {
		t.Run(c.name, func(t *testing.T) {
			small, big := c.gen(1000), c.gen(20000)
			a1 := testing.AllocsPerRun(1, func() { ParseAll(small) })
			a2 := testing.AllocsPerRun(1, func() { ParseAll(big) })
			t.Logf("allocations: n=1000: %.0f, n=20000: %.0f", a1, a2)
			if a2 > 25*max(a1, 1) {
				t.Errorf("allocations grow faster than the input: %.0f for n=1000, %.0f for n=20000", a1, a2)
			}
		})
	}
}

// BenchmarkPathological reports the parse time per input byte of each
// pathological input at n=20000; it must stay in the range of the
// ordinary statements of BenchmarkParse.
func BenchmarkPathological(b *testing.B) {
	for _, c := range pathological {
		b.Run(c.name, func(b *testing.B) {
			in := c.gen(20000)
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				ParseAll(in)
			}
		})
	}
}
