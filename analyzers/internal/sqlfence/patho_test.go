package sqlfence

import (
	"strings"
	"testing"
	"time"
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

func TestPathological(t *testing.T) {
	for _, c := range pathological {
		t.Run(c.name, func(t *testing.T) {
			small, big := c.gen(1000), c.gen(20000)
			t0 := time.Now()
			ParseAll(small)
			d1 := time.Since(t0)
			t0 = time.Now()
			ParseAll(big)
			d2 := time.Since(t0)
			t.Logf("n=1000: %v, n=20000: %v", d1, d2)
			if d2 > 2*time.Second {
				t.Errorf("too slow: %v for %d bytes", d2, len(big))
			}
		})
	}
}
